#include "core/formats/ImportedAttention.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <span>
#include <utility>

#include "core/base/Errors.h"
#include "core/base/Limits.h"
#include "core/formats/NpyArray.h"
#include "core/io/FileReading.h"
#include "core/io/JsonReader.h"
#include "core/io/MappedFile.h"

namespace attnviz {
namespace {

/// How far an unmasked row's sum may be from 1: float32 softmax outputs of 4,096 keys stay well
/// inside it, a row cut short or a matrix of scores does not.
constexpr double kRowSumTolerance = 1e-3;

/// Where layer l, head h, query i, key j of the array lies, in values from its start, and the
/// sizes that the four shapes share.
struct Layout {
    int layers = 1;
    int heads = 1;
    int n = 0;
    std::uint64_t layerStride = 0;
    std::uint64_t headStride = 0;
    std::uint64_t rowStride = 0;
    std::uint64_t keyStride = 0;
};

std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

/// Checks the shape (any rank as read) and places its axes: (n, n), (heads, n, n),
/// (layers, heads, n, n) or (layers, 1, heads, n, n).
Layout layoutOf(const std::vector<std::uint64_t>& shape, const std::vector<std::uint64_t>& strides,
                const std::string& where) {
    const std::string shapeText = npyShapeText(shape);
    if (std::find(shape.begin(), shape.end(), 0) != shape.end())
        throw FormatError(ErrorCode::ImportEmpty, {shapeText}, where);
    if (shape.size() < 2 || shape.size() > 5) throw FormatError(ErrorCode::ImportRank, {shapeText}, where);
    if (shape.size() == 5 && shape[1] != 1)
        throw FormatError(ErrorCode::ImportBatch, {shapeText, std::to_string(shape[1])}, where);
    const std::size_t last = shape.size() - 1;
    if (shape[last] != shape[last - 1]) throw FormatError(ErrorCode::ImportNotSquare, {shapeText}, where);
    if (shape[last] > limits::kMaxTokens)
        throw FormatError(ErrorCode::ImportTooManyTokens,
                          {std::to_string(shape[last]), std::to_string(limits::kMaxTokens)}, where);
    Layout layout;
    layout.n = static_cast<int>(shape[last]);
    layout.rowStride = strides[last - 1];
    layout.keyStride = strides[last];
    if (shape.size() >= 3) {
        const std::size_t headAxis = last - 2;
        const std::size_t layerAxis = shape.size() == 5 ? 0 : last - 3;
        const std::uint64_t layers = shape.size() >= 4 ? shape[layerAxis] : 1;
        if (layers * shape[headAxis] > static_cast<std::uint64_t>(limits::kMaxImportedHeads))
            throw FormatError(ErrorCode::ImportTooManyHeads,
                              {shapeText, std::to_string(limits::kMaxImportedHeads)}, where);
        layout.heads = static_cast<int>(shape[headAxis]);
        layout.headStride = strides[headAxis];
        if (shape.size() >= 4) {
            layout.layers = static_cast<int>(layers);
            layout.layerStride = strides[layerAxis];
        }
    }
    return layout;
}

/// Validates every value (finite, within [0, 1], nothing on a masked cell, each row summing to 1)
/// while copying them, head by head, into float32 matrices. valueAt(offset) reads one value.
template <typename ValueAt>
ImportedWeights validatedWeights(const Layout& layout, const std::string& shapeText, std::vector<std::string> tokens,
                                 bool causal, const std::string& where, const ValueAt& valueAt) {
    if (static_cast<int>(tokens.size()) != layout.n)
        throw FormatError(ErrorCode::ImportTokenCount,
                          {std::to_string(layout.n), shapeText, std::to_string(tokens.size())}, where);
    ImportedWeights imported;
    imported.tokens = std::move(tokens);
    imported.layers = layout.layers;
    imported.heads = layout.heads;
    imported.causal = causal;
    imported.weights.reserve(static_cast<std::size_t>(layout.layers) * static_cast<std::size_t>(layout.heads));
    const int n = layout.n;
    for (int l = 0; l < layout.layers; ++l) {
        for (int h = 0; h < layout.heads; ++h) {
            Eigen::MatrixXf matrix(n, n);
            const std::uint64_t headStart = static_cast<std::uint64_t>(l) * layout.layerStride +
                                            static_cast<std::uint64_t>(h) * layout.headStride;
            for (int i = 0; i < n; ++i) {
                double sum = 0;
                const std::uint64_t rowStart = headStart + static_cast<std::uint64_t>(i) * layout.rowStride;
                for (int j = 0; j < n; ++j) {
                    const double value = valueAt(rowStart + static_cast<std::uint64_t>(j) * layout.keyStride);
                    const auto place = [&](std::string what) {
                        return std::vector<std::string>{std::to_string(l + 1), std::to_string(h + 1),
                                                        std::to_string(i + 1), std::to_string(j + 1),
                                                        std::move(what)};
                    };
                    if (!std::isfinite(value))
                        throw FormatError(ErrorCode::ImportNotFinite,
                                          place(std::isnan(value) ? "nan" : (value > 0 ? "inf" : "-inf")), where);
                    if (value < 0) throw FormatError(ErrorCode::ImportNegative, place(number(value)), where);
                    // The row-sum tolerance would let a lone 1.0005 through; no softmax gives it.
                    if (value > 1) throw FormatError(ErrorCode::ImportAboveOne, place(number(value)), where);
                    if (causal && j > i && value != 0)
                        throw FormatError(ErrorCode::ImportMaskedWeight, place(number(value)), where);
                    sum += value;
                    matrix(i, j) = static_cast<float>(value);
                }
                if (std::abs(sum - 1.0) > kRowSumTolerance)
                    throw FormatError(ErrorCode::ImportRowSum,
                                      {std::to_string(l + 1), std::to_string(h + 1), std::to_string(i + 1), number(sum)},
                                      where);
            }
            imported.weights.push_back(std::move(matrix));
        }
    }
    return imported;
}

/// The shape of nested lists, from their first items: [[1, 0], [0.5, 0.5]] is (2, 2).
std::vector<std::uint64_t> nestedShape(const nlohmann::json& value) {
    std::vector<std::uint64_t> shape;
    const nlohmann::json* at = &value;
    // Six levels are enough to tell a rank above five.
    while (at->is_array() && shape.size() < 6) {
        shape.push_back(at->size());
        if (at->empty()) break;
        at = &(*at)[0];
    }
    return shape;
}

/// Every number of nested lists of `shape`, in C order; refuses a list of another length
/// (ImportRagged) and anything but a number at the deepest level, naming its place.
void collectValues(const JsonReader& value, const std::vector<std::uint64_t>& shape, std::size_t depth,
                   std::vector<double>& values) {
    if (depth == shape.size()) {
        values.push_back(value.number());
        return;
    }
    const std::vector<JsonReader> items = value.items();
    if (items.size() != shape[depth])
        value.fail(ErrorCode::ImportRagged, {std::to_string(shape[depth]), std::to_string(items.size())});
    for (const JsonReader& item : items) collectValues(item, shape, depth + 1, values);
}

std::vector<std::uint64_t> cOrderStrides(const std::vector<std::uint64_t>& shape) {
    std::vector<std::uint64_t> strides(shape.size(), 1);
    for (std::size_t axis = shape.size(); axis-- > 1;) strides[axis - 1] = strides[axis] * shape[axis];
    return strides;
}

std::vector<std::string> tokenList(const JsonReader& list) {
    std::vector<std::string> tokens;
    for (const JsonReader& token : list.items()) tokens.push_back(token.string());
    return tokens;
}

bool hasExtension(const std::filesystem::path& file, std::string_view extension) {
    std::string found = file.extension().string();
    std::transform(found.begin(), found.end(), found.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return found == extension;
}

}  // namespace

ImportedWeights importNpyAttention(std::string_view bytes, std::string_view name, std::vector<std::string> tokens,
                                   bool causal) {
    const std::string where(name);
    const NpyView view = NpyView::parse(bytes, name);
    const Layout layout = layoutOf(view.shape, view.strides(), where);
    return validatedWeights(layout, npyShapeText(view.shape), std::move(tokens), causal, where,
                            [&view](std::uint64_t offset) { return view.at(offset); });
}

ImportedWeights importJsonAttention(std::string_view text, std::string_view name, bool causal) {
    const std::string where(name);
    const nlohmann::json document = parseJson(text, ErrorCode::ImportJsonDamaged, ErrorCode::ImportJsonEmpty, where);
    const JsonReader root(document, where, UnknownFields::Refuse, RootName::File);
    root.object({"tokens", "attentions", "causal"});
    std::vector<std::string> tokens = tokenList(root.required("tokens"));
    if (const auto fileCausal = root.field("causal")) causal = fileCausal->boolean() || causal;
    const JsonReader attentions = root.required("attentions");
    if (!attentions.isArray()) attentions.failKind(ErrorCode::JsonExpectedArray);
    const std::vector<std::uint64_t> shape = nestedShape(attentions.value());
    // The shape is checked before the values are gathered: a wrong rank is named as such, not
    // as a number missing where the first list had one.
    const Layout layout = layoutOf(shape, cOrderStrides(shape), where);
    std::vector<double> values;
    collectValues(attentions, shape, 0, values);
    return validatedWeights(layout, npyShapeText(shape), std::move(tokens), causal, where,
                            [&values](std::uint64_t offset) { return values[static_cast<std::size_t>(offset)]; });
}

std::vector<std::string> parseTokenList(std::string_view text, std::string_view name) {
    const std::string where(name);
    const nlohmann::json document = parseJson(text, ErrorCode::ImportJsonDamaged, ErrorCode::ImportJsonEmpty, where);
    return tokenList(JsonReader(document, where, UnknownFields::Refuse, RootName::File));
}

std::filesystem::path tokensFileBeside(const std::filesystem::path& npyFile) {
    std::filesystem::path beside = npyFile;
    beside.replace_extension(".tokens.json");
    return beside;
}

ImportedWeights readImportedAttention(const std::filesystem::path& file, const ImportOptions& options) {
    const std::string where = file.string();
    if (hasExtension(file, ".json")) {
        if (options.tokensFile) throw FormatError(ErrorCode::ImportTokensTwice, {}, where);
        const std::string text = readWholeFile(file, limits::kMaxImportedJsonBytes);
        return importJsonAttention(text, where, options.causal);
    }
    if (!hasExtension(file, ".npy")) throw FormatError(ErrorCode::ImportExtension, {}, where);
    std::filesystem::path tokensFile = options.tokensFile.value_or(tokensFileBeside(file));
    if (!options.tokensFile && !std::filesystem::exists(tokensFile))
        throw FormatError(ErrorCode::ImportNoTokens, {tokensFile.filename().string()}, where);
    std::vector<std::string> tokens =
        parseTokenList(readWholeFile(tokensFile, limits::kMaxTokenListBytes), tokensFile.string());
    const MappedFile mapped(file);
    const std::span<const std::byte> bytes = mapped.bytes();
    return importNpyAttention(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), where,
                              std::move(tokens), options.causal);
}

}  // namespace attnviz
