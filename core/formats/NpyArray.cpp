#include "core/formats/NpyArray.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <vector>

#include "core/base/Errors.h"

namespace attnviz {
namespace {

static_assert(std::endian::native == std::endian::little, "the .npy reader and writer assume a little-endian machine");

constexpr std::string_view kMagic = "\x93NUMPY";

/// A value of the header dictionary: a string, a boolean or a tuple of integers.
struct HeaderValue {
    enum class Kind { String, Boolean, Tuple, List } kind = Kind::String;
    std::string text;
    bool boolean = false;
    std::vector<std::uint64_t> tuple;
};

/// Reads the Python literal numpy writes: {'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }
class HeaderParser {
public:
    HeaderParser(std::string_view text, std::string where) : text_(text), where_(std::move(where)) {}

    /// Key → value, in order; throws for anything that is not such a dictionary.
    std::vector<std::pair<std::string, HeaderValue>> dictionary() {
        std::vector<std::pair<std::string, HeaderValue>> items;
        skipSpaces();
        expect('{');
        for (;;) {
            skipSpaces();
            if (peek() == '}') {
                ++at_;
                break;
            }
            std::string key = string();
            skipSpaces();
            expect(':');
            skipSpaces();
            HeaderValue value = this->value();
            for (const auto& [earlier, unused] : items)
                if (earlier == key) fail("the key '" + key + "' appears twice");
            items.emplace_back(std::move(key), std::move(value));
            skipSpaces();
            if (peek() == ',') {
                ++at_;
                continue;
            }
            skipSpaces();
            if (peek() != '}') fail("expected ',' or '}'");
        }
        skipSpaces();
        if (at_ != text_.size()) fail("unexpected text after the dictionary");
        return items;
    }

private:
    [[noreturn]] void fail(const std::string& problem) const {
        throw FormatError(ErrorCode::NpyHeaderSyntax,
                          {problem, std::to_string(at_), std::string(text_.substr(0, text_.find_last_not_of(" \n") + 1))},
                          where_);
    }
    [[nodiscard]] char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }
    void skipSpaces() {
        while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\t')) ++at_;
    }
    void expect(char c) {
        if (peek() != c) fail(std::string("expected '") + c + "'");
        ++at_;
    }
    std::string string() {
        const char quote = peek();
        if (quote != '\'' && quote != '"') fail("expected a quoted key or string");
        const std::size_t end = text_.find(quote, at_ + 1);
        if (end == std::string_view::npos) fail("a string is not closed");
        std::string s(text_.substr(at_ + 1, end - at_ - 1));
        if (s.find('\\') != std::string::npos) fail("escapes are not expected in a string");
        at_ = end + 1;
        return s;
    }
    std::uint64_t integer() {
        const std::size_t start = at_;
        std::uint64_t value = 0;
        while (peek() >= '0' && peek() <= '9') {
            const auto digit = static_cast<std::uint64_t>(peek() - '0');
            if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) fail("a dimension is too large");
            value = value * 10 + digit;
            ++at_;
        }
        if (at_ == start) fail("expected a non-negative integer");
        if (peek() == 'L') ++at_;  // Python 2 long
        return value;
    }
    HeaderValue value() {
        HeaderValue v;
        const char c = peek();
        if (c == '\'' || c == '"') {
            v.kind = HeaderValue::Kind::String;
            v.text = string();
        } else if (text_.substr(at_, 4) == "True") {
            v.kind = HeaderValue::Kind::Boolean;
            v.boolean = true;
            at_ += 4;
        } else if (text_.substr(at_, 5) == "False") {
            v.kind = HeaderValue::Kind::Boolean;
            at_ += 5;
        } else if (c == '(') {
            v.kind = HeaderValue::Kind::Tuple;
            ++at_;
            for (;;) {
                skipSpaces();
                if (peek() == ')') {
                    ++at_;
                    break;
                }
                v.tuple.push_back(integer());
                skipSpaces();
                if (peek() == ',') {
                    ++at_;
                } else if (peek() != ')') {
                    fail("expected ',' or ')' in the shape");
                }
            }
        } else if (c == '[') {
            // A structured dtype (a list of fields): recognised so that the message can say so.
            v.kind = HeaderValue::Kind::List;
            int depth = 0;
            const std::size_t start = at_;
            do {
                if (peek() == '\0') fail("a list is not closed");
                if (peek() == '[') ++depth;
                if (peek() == ']') --depth;
                ++at_;
            } while (depth > 0);
            v.text = std::string(text_.substr(start, at_ - start));
        } else {
            fail("expected a string, True, False or a tuple");
        }
        return v;
    }

    std::string_view text_;
    std::string where_;
    std::size_t at_ = 0;
};

template <typename Float>
Float readValue(const char* bytes, bool bigEndian) {
    using Bits = std::conditional_t<sizeof(Float) == 4, std::uint32_t, std::uint64_t>;
    Bits bits = 0;
    std::memcpy(&bits, bytes, sizeof bits);
    if (bigEndian) {
        Bits swapped = 0;
        for (std::size_t i = 0; i < sizeof bits; ++i) swapped = static_cast<Bits>((swapped << 8) | ((bits >> (8 * i)) & 0xFF));
        bits = swapped;
    }
    return std::bit_cast<Float>(bits);
}

/// What the header says, and where the values start.
struct NpyHeader {
    std::string dtype;
    bool fortranOrder = false;
    std::vector<std::uint64_t> shape;
    std::size_t itemSize = 0;
    std::size_t dataStart = 0;
};

NpyHeader parseHeader(std::string_view bytes, const std::string& where) {
    if (bytes.size() < kMagic.size() || bytes.substr(0, kMagic.size()) != kMagic)
        throw FormatError(ErrorCode::NpyNotNpy, {}, where);
    if (bytes.size() < 10) throw FormatError(ErrorCode::NpyHeaderCut, {}, where);
    const auto major = static_cast<unsigned char>(bytes[6]);
    const auto minor = static_cast<unsigned char>(bytes[7]);
    if (major < 1 || major > 3 || minor != 0)
        throw FormatError(ErrorCode::NpyVersion, {std::to_string(major), std::to_string(minor)}, where);
    const std::size_t lengthBytes = major == 1 ? 2 : 4;
    if (bytes.size() < 8 + lengthBytes) throw FormatError(ErrorCode::NpyHeaderCut, {}, where);
    std::uint64_t headerLength = 0;
    for (std::size_t i = 0; i < lengthBytes; ++i)
        headerLength |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes[8 + i])) << (8 * i);
    const std::size_t dataStart = 8 + lengthBytes + headerLength;
    if (bytes.size() < dataStart)
        throw FormatError(ErrorCode::NpyHeaderLength, {std::to_string(headerLength)}, where);
    const std::string_view header = bytes.substr(8 + lengthBytes, headerLength);
    for (const char c : header)
        if (major < 3 && static_cast<unsigned char>(c) > 127)
            throw FormatError(ErrorCode::NpyHeaderNotAscii, {}, where);

    const auto items = HeaderParser(header, where).dictionary();
    const HeaderValue* descr = nullptr;
    const HeaderValue* fortran = nullptr;
    const HeaderValue* shape = nullptr;
    for (const auto& [key, value] : items) {
        if (key == "descr") {
            descr = &value;
        } else if (key == "fortran_order") {
            fortran = &value;
        } else if (key == "shape") {
            shape = &value;
        } else {
            throw FormatError(ErrorCode::NpyHeaderUnknownKey, {key}, where);
        }
    }
    if (descr == nullptr || fortran == nullptr || shape == nullptr)
        throw FormatError(ErrorCode::NpyHeaderKeysMissing, {}, where);
    if (descr->kind == HeaderValue::Kind::List)
        throw FormatError(ErrorCode::NpyStructuredDtype, {descr->text}, where);
    if (descr->kind != HeaderValue::Kind::String) throw FormatError(ErrorCode::NpyDescrNotString, {}, where);
    if (fortran->kind != HeaderValue::Kind::Boolean)
        throw FormatError(ErrorCode::NpyFortranNotBoolean, {}, where);
    if (shape->kind != HeaderValue::Kind::Tuple) throw FormatError(ErrorCode::NpyShapeNotTuple, {}, where);

    const std::string& dtype = descr->text;
    std::size_t itemSize = 0;
    if (dtype == "<f8" || dtype == ">f8") {
        itemSize = 8;
    } else if (dtype == "<f4" || dtype == ">f4") {
        itemSize = 4;
    } else {
        throw FormatError(ErrorCode::NpyDtype, {dtype}, where);
    }
    return NpyHeader{dtype, fortran->boolean, shape->tuple, itemSize, dataStart};
}

}  // namespace

std::string npyShapeText(const std::vector<std::uint64_t>& shape) {
    std::string text = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) text += (i ? ", " : "") + std::to_string(shape[i]);
    return text + (shape.size() == 1 ? ",)" : ")");
}

NpyArray NpyArray::parse(std::string_view bytes, std::string_view name) {
    const std::string where(name);
    const NpyHeader header = parseHeader(bytes, where);
    const std::string& dtype = header.dtype;
    const std::size_t itemSize = header.itemSize;
    const std::size_t dataStart = header.dataStart;
    const bool bigEndian = dtype.front() == '>';
    if (header.shape.size() != 2)
        throw FormatError(ErrorCode::NpyNot2D, {std::to_string(header.shape.size()), npyShapeText(header.shape)}, where);
    const std::uint64_t rows = header.shape[0];
    const std::uint64_t cols = header.shape[1];
    const auto limit = static_cast<std::uint64_t>(std::numeric_limits<Eigen::Index>::max());
    const std::size_t available = bytes.size() - dataStart;
    if (rows > limit || cols > limit || (cols != 0 && rows > available / itemSize / cols) ||
        rows * cols * itemSize > available) {
        throw FormatError(ErrorCode::NpyDataCut,
                          {std::to_string(rows), std::to_string(cols), std::to_string(itemSize * 8),
                           std::to_string(available)},
                          where);
    }
    const std::uint64_t needed = rows * cols * itemSize;
    if (available > needed)
        throw FormatError(ErrorCode::NpyDataTooLong,
                          {std::to_string(available - needed), std::to_string(rows), std::to_string(cols),
                           std::to_string(itemSize * 8), std::to_string(needed)},
                          where);

    NpyArray array;
    array.dtype = dtype;
    array.fortranOrder = header.fortranOrder;
    const auto r = static_cast<Eigen::Index>(rows);
    const auto c = static_cast<Eigen::Index>(cols);
    array.values.resize(r, c);
    const char* data = bytes.data() + dataStart;
    for (Eigen::Index k = 0; k < r * c; ++k) {
        const char* item = data + static_cast<std::size_t>(k) * itemSize;
        const double value = itemSize == 8 ? readValue<double>(item, bigEndian)
                                           : static_cast<double>(readValue<float>(item, bigEndian));
        if (array.fortranOrder) {
            array.values(k % r, k / r) = value;
        } else {
            array.values(k / c, k % c) = value;
        }
    }
    return array;
}

NpyView NpyView::parse(std::string_view bytes, std::string_view name) {
    const std::string where(name);
    NpyHeader header = parseHeader(bytes, where);
    const std::size_t available = bytes.size() - header.dataStart;
    // The product is bounded by the bytes available at each step, so that it cannot overflow.
    const bool empty = std::find(header.shape.begin(), header.shape.end(), 0) != header.shape.end();
    std::uint64_t count = empty ? 0 : 1;
    bool fits = true;
    for (const std::uint64_t dimension : header.shape) {
        if (empty || !fits) break;
        if (count > available / header.itemSize / dimension) fits = false;
        count *= dimension;
    }
    const std::string bits = std::to_string(header.itemSize * 8);
    if (!fits)
        throw FormatError(ErrorCode::NpyArrayDataCut, {npyShapeText(header.shape), bits, std::to_string(available)}, where);
    const std::uint64_t needed = count * header.itemSize;
    if (available != needed)
        throw FormatError(ErrorCode::NpyArrayDataTooLong,
                          {npyShapeText(header.shape), bits, std::to_string(needed), std::to_string(available)}, where);
    NpyView view;
    view.dtype = std::move(header.dtype);
    view.fortranOrder = header.fortranOrder;
    view.shape = std::move(header.shape);
    view.data = bytes.substr(header.dataStart);
    return view;
}

std::uint64_t NpyView::count() const {
    std::uint64_t count = 1;
    for (const std::uint64_t dimension : shape) count *= dimension;
    return count;
}

std::vector<std::uint64_t> NpyView::strides() const {
    std::vector<std::uint64_t> strides(shape.size(), 1);
    if (fortranOrder) {
        for (std::size_t axis = 1; axis < shape.size(); ++axis) strides[axis] = strides[axis - 1] * shape[axis - 1];
    } else {
        for (std::size_t axis = shape.size(); axis-- > 1;) strides[axis - 1] = strides[axis] * shape[axis];
    }
    return strides;
}

double NpyView::at(std::uint64_t offset) const {
    const bool bigEndian = dtype.front() == '>';
    if (dtype.back() == '8') return readValue<double>(data.data() + offset * 8, bigEndian);
    return static_cast<double>(readValue<float>(data.data() + offset * 4, bigEndian));
}

std::string NpyArray::serialize(const Eigen::MatrixXd& matrix) {
    std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + std::to_string(matrix.rows()) + ", " +
                         std::to_string(matrix.cols()) + "), }";
    // numpy pads with spaces so that magic + version + length + header + '\n' is a multiple of 64.
    const std::size_t total = ((10 + header.size() + 1 + 63) / 64) * 64;
    header.append(total - 10 - header.size() - 1, ' ');
    header.push_back('\n');
    std::string bytes(kMagic);
    bytes.push_back('\x01');
    bytes.push_back('\x00');
    bytes.push_back(static_cast<char>(header.size() & 0xFF));
    bytes.push_back(static_cast<char>((header.size() >> 8) & 0xFF));
    bytes += header;
    for (Eigen::Index r = 0; r < matrix.rows(); ++r)
        for (Eigen::Index c = 0; c < matrix.cols(); ++c) {
            char item[sizeof(double)];
            const double value = matrix(r, c);
            std::memcpy(item, &value, sizeof value);
            bytes.append(item, sizeof item);
        }
    return bytes;
}

}  // namespace attnviz
