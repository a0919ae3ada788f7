#pragma once
// The one way the core reads JSON: every refusal is a FormatError whose context is the path of
// the value ("session.config.mask.window: expected an integer (got a string)"), and no exception
// of nlohmann's escapes (syntax errors, numbers a double cannot hold, wrong types).
#include <Eigen/Core>
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/Errors.h"

namespace attnviz {

/// What an object's fields that the reader was not told about do.
enum class UnknownFields {
    Refuse,  ///< AttnViz's own formats: a misspelt field is an error, not a silent default
    Ignore,  ///< other tools' files (a model's config.json, tokenizer.json, …) carry many
};

/// How a document's root names the values below it in messages.
enum class RootName {
    Field,  ///< "session" → "session.config.heads"
    File,   ///< "model.json" → "model.json: rules[2].name"
};

/// How a member of an object is named after its object's path.
enum class KeyStyle {
    Field,   ///< a field of the format: "translations.fr"
    Quoted,  ///< a key that is data, such as a name with spaces: "translations.fr[\"is a noun\"]"
};

/// The words a format uses to refuse a whole document (each format has its own codes).
struct JsonFormat {
    std::string_view name;     ///< the value of its "format" field: "attnviz-session"
    int version = 1;           ///< the newest version this program reads
    ErrorCode damaged;         ///< not JSON; %1: the parser's message
    ErrorCode empty;           ///< nothing but spaces
    ErrorCode notAnObject;     ///< the root is not an object (detail: what it is)
    ErrorCode formatMissing;   ///< no "format" field
    ErrorCode wrongFormat;     ///< %1: the "format" found (as JSON text), %2: name
    ErrorCode newerVersion;    ///< %1: the version found, %2: version
    ErrorCode invalidVersion;  ///< %1: a version below 1
};

/// nlohmann's message without its "[json.exception.parse_error.101] " prefix, for refusals that
/// quote it.
[[nodiscard]] std::string jsonErrorMessage(const nlohmann::json::exception& error);

/// Parses a whole document. Throws FormatError with context as its context: format.empty for a
/// text of nothing but spaces, format.damaged (%1: the parser's message) for anything else that
/// is not JSON, including a number a double cannot hold (1e400).
[[nodiscard]] nlohmann::json parseJson(std::string_view text, const JsonFormat& format, std::string_view context = {});
/// The same for a document of another tool (config.json, a safetensors header): only the two
/// refusals of a text that is not JSON.
[[nodiscard]] nlohmann::json parseJson(std::string_view text, ErrorCode damaged, ErrorCode empty,
                                       std::string_view context = {});

/// One value of a parsed document, with its path. Cheap to copy; refers to the document, which
/// must outlive it. Every accessor checks the value's kind first and throws FormatError naming
/// the path; none lets an exception of nlohmann's through.
class JsonReader {
public:
    JsonReader(const nlohmann::json& value, std::string name, UnknownFields unknown,
               RootName naming = RootName::Field);

    [[nodiscard]] const nlohmann::json& value() const { return *value_; }
    [[nodiscard]] const std::string& path() const { return path_; }

    [[nodiscard]] bool isNull() const { return value_->is_null(); }
    [[nodiscard]] bool isString() const { return value_->is_string(); }
    [[nodiscard]] bool isArray() const { return value_->is_array(); }
    /// What the value is, as the detail of a refusal: GotNull, GotString, …
    [[nodiscard]] std::optional<ErrorCode> kind() const;

    /// Checks a document's root: an object with "format": format.name and a "version" from 1 to
    /// format.version (FormatError with format's codes otherwise; their context is the root's
    /// name when it is a file's, none otherwise). Returns the version.
    int formatVersion(const JsonFormat& format) const;

    /// Checks that the value is an object and, when unknown fields are refused, that each of its
    /// fields is one of `known` (JsonUnknownField naming the first that is not). Returns *this.
    const JsonReader& object(std::initializer_list<std::string_view> known) const;
    /// The field, or nullopt when the object has none.
    [[nodiscard]] std::optional<JsonReader> field(std::string_view key) const;
    /// The field; JsonMissingField when absent.
    [[nodiscard]] JsonReader required(std::string_view key) const;
    /// Every field of an object, in the document's order.
    [[nodiscard]] std::vector<std::pair<std::string, JsonReader>> members(KeyStyle style = KeyStyle::Field) const;
    /// Every item of an array ("path[0]", "path[1]", …).
    [[nodiscard]] std::vector<JsonReader> items() const;

    [[nodiscard]] std::string string() const;
    [[nodiscard]] bool boolean() const;
    /// Any finite number.
    [[nodiscard]] double number() const;
    /// An integer that fits an int (JsonTooLarge, JsonOutOfRange otherwise).
    [[nodiscard]] int integer() const;
    /// A non-negative integer; `expected` says what else was expected in the refusal.
    [[nodiscard]] std::uint64_t unsignedInteger(ErrorCode expected = ErrorCode::JsonExpectedNonNegativeInteger) const;
    /// A non-negative integer that fits an int: an index, a count.
    [[nodiscard]] int index() const;
    /// A string that is one of names (JsonNotOneOf listing them otherwise).
    [[nodiscard]] std::string oneOf(const std::vector<std::string_view>& names) const;
    /// An array of equally long arrays of numbers ([] is a 0 × 0 matrix). null is read as −∞
    /// when nullIsMinusInfinity, and refused otherwise.
    [[nodiscard]] Eigen::MatrixXd matrix(bool nullIsMinusInfinity = false) const;
    /// An array of `size` numbers; null as in matrix.
    [[nodiscard]] Eigen::VectorXd vector(Eigen::Index size, bool nullIsMinusInfinity = false) const;

    /// A refusal of this value: FormatError(code, args) with the path as its context.
    [[noreturn]] void fail(ErrorCode code, std::vector<std::string> args = {}) const;
    /// "expected …" for a value of the wrong kind, with what it is as the detail ("(got null)").
    [[noreturn]] void failKind(ErrorCode expected) const;

private:
    JsonReader(const nlohmann::json& value, std::string path, UnknownFields unknown, bool fileRoot);
    [[nodiscard]] JsonReader child(const nlohmann::json& value, std::string_view key, KeyStyle style) const;
    [[nodiscard]] JsonReader item(std::size_t index) const;
    void requireObject() const;
    void requireArray() const;

    const nlohmann::json* value_;
    std::string path_;
    UnknownFields unknown_;
    bool fileRoot_;  ///< the root of a document named by its file: fields follow ": "
};

}  // namespace attnviz
