#include "core/io/JsonReader.h"

#include <cmath>
#include <limits>

namespace attnviz {
namespace {

using nlohmann::json;

/// The detail that says what a value is, for "expected …" refusals.
std::optional<ErrorCode> kindOf(const json& value) {
    switch (value.type()) {
        case json::value_t::null: return ErrorCode::GotNull;
        case json::value_t::boolean: return ErrorCode::GotBoolean;
        case json::value_t::string: return ErrorCode::GotString;
        case json::value_t::array: return ErrorCode::GotArray;
        case json::value_t::object: return ErrorCode::GotObject;
        case json::value_t::number_float: return ErrorCode::GotFraction;
        case json::value_t::number_integer:
            return value.get<std::int64_t>() < 0 ? ErrorCode::GotNegativeInteger : ErrorCode::GotInteger;
        case json::value_t::number_unsigned: return ErrorCode::GotInteger;
        default: return std::nullopt;  // binary values and discarded ones: not from a parsed text
    }
}

/// A non-negative JSON integer (stored signed or unsigned).
std::optional<std::uint64_t> asUnsigned(const json& value) {
    if (value.is_number_unsigned()) return value.get<std::uint64_t>();
    if (value.is_number_integer() && value.get<std::int64_t>() >= 0)
        return static_cast<std::uint64_t>(value.get<std::int64_t>());
    return std::nullopt;
}

/// The value as JSON text, even for a string that is not UTF-8 (made by a program, not parsed).
std::string jsonText(const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); }

std::string indexed(const std::string& path, std::size_t index) { return path + "[" + std::to_string(index) + "]"; }

[[noreturn]] void failAt(std::string path, ErrorCode code, std::vector<std::string> args = {},
                         std::optional<ErrorCode> detail = std::nullopt) {
    throw FormatError(ErrorMessage{code, std::move(args), std::move(path), detail});
}

/// A number, or −∞ for null when allowed; a refusal names path() (made only then).
template <typename Path>
double cellValue(const json& cell, bool nullIsMinusInfinity, const Path& path) {
    if (cell.is_number()) return cell.get<double>();
    if (cell.is_null() && nullIsMinusInfinity) return -std::numeric_limits<double>::infinity();
    failAt(path(), ErrorCode::JsonExpectedNumber, {}, kindOf(cell));
}

}  // namespace

std::string jsonErrorMessage(const json::exception& error) {
    std::string message = error.what();
    if (message.rfind("[json.exception.", 0) == 0) {
        const std::size_t end = message.find("] ");
        if (end != std::string::npos) message.erase(0, end + 2);
    }
    return message;
}

json parseJson(std::string_view text, const JsonFormat& format, std::string_view context) {
    return parseJson(text, format.damaged, format.empty, context);
}

json parseJson(std::string_view text, ErrorCode damaged, ErrorCode empty, std::string_view context) {
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) failAt(std::string(context), empty);
    try {
        return json::parse(text.begin(), text.end());
    } catch (const json::exception& error) {  // syntax errors, and numbers too large for a double
        failAt(std::string(context), damaged, {jsonErrorMessage(error)});
    }
}

JsonReader::JsonReader(const json& value, std::string name, UnknownFields unknown, RootName naming)
    : JsonReader(value, std::move(name), unknown, naming == RootName::File) {}

JsonReader::JsonReader(const json& value, std::string path, UnknownFields unknown, bool fileRoot)
    : value_(&value), path_(std::move(path)), unknown_(unknown), fileRoot_(fileRoot) {}

JsonReader JsonReader::child(const json& value, std::string_view key, KeyStyle style) const {
    std::string path = path_;
    if (style == KeyStyle::Quoted) {
        path += "[\"";
        path += key;
        path += "\"]";
    } else {
        if (!path.empty()) path += fileRoot_ ? ": " : ".";
        path += key;
    }
    return {value, std::move(path), unknown_, false};
}

JsonReader JsonReader::item(std::size_t index) const { return {(*value_)[index], indexed(path_, index), unknown_, false}; }

std::optional<ErrorCode> JsonReader::kind() const { return kindOf(*value_); }

void JsonReader::fail(ErrorCode code, std::vector<std::string> args) const { failAt(path_, code, std::move(args)); }

void JsonReader::failKind(ErrorCode expected) const { failAt(path_, expected, {}, kindOf(*value_)); }

int JsonReader::formatVersion(const JsonFormat& format) const {
    const std::string document = fileRoot_ ? path_ : std::string();
    if (!value_->is_object()) failAt(document, format.notAnObject, {}, kindOf(*value_));
    const auto found = value_->find("format");
    if (found == value_->end()) failAt(document, format.formatMissing);
    if (!found->is_string() || found->get_ref<const std::string&>() != format.name)
        failAt(document, format.wrongFormat, {jsonText(*found), std::string(format.name)});
    const JsonReader version = required("version");
    if (!version.value_->is_number_integer()) version.failKind(ErrorCode::JsonExpectedInteger);
    const std::optional<std::uint64_t> number = asUnsigned(*version.value_);
    if (number && *number > static_cast<std::uint64_t>(format.version))
        failAt(document, format.newerVersion, {jsonText(*version.value_), std::to_string(format.version)});
    if (!number || *number < 1) failAt(document, format.invalidVersion, {jsonText(*version.value_)});
    return static_cast<int>(*number);
}

void JsonReader::requireObject() const {
    if (!value_->is_object()) failKind(ErrorCode::JsonExpectedObject);
}

void JsonReader::requireArray() const {
    if (!value_->is_array()) failKind(ErrorCode::JsonExpectedArray);
}

const JsonReader& JsonReader::object(std::initializer_list<std::string_view> known) const {
    requireObject();
    if (unknown_ == UnknownFields::Refuse) {
        for (const auto& [key, unused] : value_->items()) {
            bool listed = false;
            for (const std::string_view name : known) listed = listed || key == name;
            if (!listed) fail(ErrorCode::JsonUnknownField, {key});
        }
    }
    return *this;
}

std::optional<JsonReader> JsonReader::field(std::string_view key) const {
    requireObject();
    const auto found = value_->find(key);
    if (found == value_->end()) return std::nullopt;
    return child(*found, key, KeyStyle::Field);
}

JsonReader JsonReader::required(std::string_view key) const {
    std::optional<JsonReader> found = field(key);
    if (!found) fail(ErrorCode::JsonMissingField, {std::string(key)});
    return *std::move(found);
}

std::vector<std::pair<std::string, JsonReader>> JsonReader::members(KeyStyle style) const {
    requireObject();
    std::vector<std::pair<std::string, JsonReader>> members;
    for (const auto& [key, value] : value_->items()) members.emplace_back(key, child(value, key, style));
    return members;
}

std::vector<JsonReader> JsonReader::items() const {
    requireArray();
    std::vector<JsonReader> items;
    items.reserve(value_->size());
    for (std::size_t i = 0; i < value_->size(); ++i) items.push_back(item(i));
    return items;
}

std::string JsonReader::string() const {
    if (!value_->is_string()) failKind(ErrorCode::JsonExpectedString);
    return value_->get<std::string>();
}

bool JsonReader::boolean() const {
    if (!value_->is_boolean()) failKind(ErrorCode::JsonExpectedBoolean);
    return value_->get<bool>();
}

double JsonReader::number() const {
    if (!value_->is_number()) failKind(ErrorCode::JsonExpectedNumber);
    const double number = value_->get<double>();
    if (!std::isfinite(number)) fail(ErrorCode::JsonNotFinite);
    return number;
}

int JsonReader::integer() const {
    if (value_->is_number_unsigned()) {
        const auto raw = value_->get<std::uint64_t>();
        if (raw > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
            fail(ErrorCode::JsonTooLarge, {std::to_string(raw)});
        return static_cast<int>(raw);
    }
    if (!value_->is_number_integer()) failKind(ErrorCode::JsonExpectedInteger);
    const auto raw = value_->get<std::int64_t>();
    if (raw < std::numeric_limits<int>::min() || raw > std::numeric_limits<int>::max())
        fail(ErrorCode::JsonOutOfRange, {std::to_string(raw)});
    return static_cast<int>(raw);
}

std::uint64_t JsonReader::unsignedInteger(ErrorCode expected) const {
    const std::optional<std::uint64_t> raw = asUnsigned(*value_);
    if (!raw) failKind(expected);
    return *raw;
}

int JsonReader::index() const {
    const std::uint64_t raw = unsignedInteger();
    if (raw > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
        fail(ErrorCode::JsonTooLarge, {std::to_string(raw)});
    return static_cast<int>(raw);
}

std::string JsonReader::oneOf(const std::vector<std::string_view>& names) const {
    std::string text = string();
    for (const std::string_view name : names)
        if (text == name) return text;
    if (names.size() == 2) fail(ErrorCode::JsonNotEither, {text, std::string(names[0]), std::string(names[1])});
    std::string list;
    for (const std::string_view name : names) {
        if (!list.empty()) list += ", ";
        list += '"';
        list += name;
        list += '"';
    }
    fail(ErrorCode::JsonNotOneOf, {text, list});
}

Eigen::MatrixXd JsonReader::matrix(bool nullIsMinusInfinity) const {
    if (!value_->is_array()) failKind(ErrorCode::MatrixExpectedRows);
    const json& rows = *value_;
    if (rows.empty()) return {};
    if (!rows.front().is_array()) item(0).failKind(ErrorCode::MatrixExpectedRow);
    const std::size_t columns = rows.front().size();
    Eigen::MatrixXd matrix(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(columns));
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const json& row = rows[r];
        if (!row.is_array()) item(r).failKind(ErrorCode::MatrixExpectedRow);
        if (row.size() != columns)
            item(r).fail(ErrorCode::MatrixRowLength, {std::to_string(row.size()), std::to_string(columns)});
        for (std::size_t c = 0; c < columns; ++c)
            matrix(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) =
                cellValue(row[c], nullIsMinusInfinity, [&] { return indexed(indexed(path_, r), c); });
    }
    return matrix;
}

Eigen::VectorXd JsonReader::vector(Eigen::Index size, bool nullIsMinusInfinity) const {
    if (!value_->is_array()) failKind(ErrorCode::MatrixExpectedRow);
    if (static_cast<Eigen::Index>(value_->size()) != size)
        fail(ErrorCode::VectorLength, {std::to_string(value_->size()), std::to_string(size)});
    Eigen::VectorXd vector(size);
    for (std::size_t i = 0; i < value_->size(); ++i)
        vector(static_cast<Eigen::Index>(i)) =
            cellValue((*value_)[i], nullIsMinusInfinity, [&] { return indexed(path_, i); });
    return vector;
}

}  // namespace attnviz
