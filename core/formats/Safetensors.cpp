#include "core/formats/Safetensors.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <nlohmann/json.hpp>
#include <optional>
#include <tuple>
#include <utility>

#include "core/base/Errors.h"
#include "core/formats/HalfFloats.h"
#include "core/io/JsonReader.h"

namespace attnviz {
namespace {

static_assert(std::endian::native == std::endian::little, "safetensors data is little-endian, read in place");

using nlohmann::json;

constexpr std::size_t kHeaderLengthBytes = 8;

/// The dtypes of the safetensors format with whole-byte elements, and their sizes.
constexpr std::array<std::pair<std::string_view, std::uint64_t>, 15> kDtypeSizes{{
    {"BOOL", 1}, {"U8", 1}, {"I8", 1}, {"F8_E5M2", 1}, {"F8_E4M3", 1},
    {"I16", 2}, {"U16", 2}, {"F16", 2}, {"BF16", 2},
    {"I32", 4}, {"U32", 4}, {"F32", 4},
    {"F64", 8}, {"I64", 8}, {"U64", 8},
}};

std::optional<std::uint64_t> dtypeSize(std::string_view dtype) {
    for (const auto& [name, size] : kDtypeSizes)
        if (name == dtype) return size;
    return std::nullopt;
}

std::uint64_t littleEndian64(std::span<const std::byte> bytes) {
    std::uint64_t value = 0;
    std::memcpy(&value, bytes.data(), sizeof value);
    return value;
}

/// A tensor's span in the data section, before it is known to lie inside it.
struct Span {
    std::uint64_t begin = 0;
    std::uint64_t end = 0;
    std::size_t tensor = 0;  ///< index into the entries
};

/// What one header entry says, checked on its own (dtype, shape, byte length).
struct Entry {
    std::string name;
    std::string dtype;
    std::vector<std::uint64_t> shape;
    Span span;
};

Entry readEntry(const std::string& name, const json& value, std::size_t index) {
    const JsonReader entry(value, "tensor " + name, UnknownFields::Ignore, RootName::File);
    Entry read{name, entry.required("dtype").string(), {}, {}};
    const std::optional<std::uint64_t> itemSize = dtypeSize(read.dtype);
    if (!itemSize) throw FormatError(ErrorCode::SafetensorsDtype, {name, read.dtype});

    std::uint64_t count = 1;
    bool tooLarge = false;
    for (const JsonReader& extent : entry.required("shape").items()) {
        read.shape.push_back(extent.unsignedInteger());
        tooLarge = tooLarge || __builtin_mul_overflow(count, read.shape.back(), &count);
    }
    std::uint64_t needed = 0;
    if (tooLarge || __builtin_mul_overflow(count, *itemSize, &needed))
        throw FormatError(ErrorCode::SafetensorsShapeTooLarge, {name, shapeText(read.shape)});

    const JsonReader offsets = entry.required("data_offsets");
    const std::vector<JsonReader> ends = offsets.items();
    if (ends.size() != 2) offsets.fail(ErrorCode::VectorLength, {std::to_string(ends.size()), "2"});
    read.span = {ends[0].unsignedInteger(), ends[1].unsignedInteger(), index};
    if (read.span.end < read.span.begin)
        throw FormatError(ErrorCode::SafetensorsOffsetsReversed,
                          {name, std::to_string(read.span.begin), std::to_string(read.span.end)});
    if (read.span.end - read.span.begin != needed)
        throw FormatError(ErrorCode::SafetensorsByteLength,
                          {name, std::to_string(read.span.end - read.span.begin), shapeText(read.shape), read.dtype,
                           std::to_string(needed)});
    return read;
}

/// Refuses a tensor whose data ends past the data section: a truncated file when the tensors'
/// spans tile the data from its first byte without a gap (the writer's layout, cut short),
/// offsets outside the data otherwise.
void checkInside(const std::vector<Entry>& entries, std::vector<Span> spans, std::uint64_t dataSize) {
    const auto outside = std::find_if(entries.begin(), entries.end(),
                                      [&](const Entry& entry) { return entry.span.end > dataSize; });
    if (outside == entries.end()) return;
    std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return a.begin < b.begin; });
    std::uint64_t tiledTo = 0;
    for (const Span& span : spans) tiledTo = span.begin == tiledTo ? span.end : tiledTo;
    if (!spans.empty() && tiledTo == spans.back().end && spans.back().end > dataSize)
        throw FormatError(ErrorCode::SafetensorsTruncated, {std::to_string(tiledTo), std::to_string(dataSize)});
    throw FormatError(ErrorCode::SafetensorsOffsetsOutside, {outside->name, std::to_string(outside->span.begin),
                                                             std::to_string(outside->span.end), std::to_string(dataSize)});
}

/// Refuses two tensors sharing a byte (tensors without bytes share none).
void checkNoOverlap(const std::vector<Entry>& entries, std::vector<Span> spans) {
    std::erase_if(spans, [](const Span& span) { return span.begin == span.end; });
    std::sort(spans.begin(), spans.end(), [&](const Span& a, const Span& b) {
        return std::tie(a.begin, entries[a.tensor].name) < std::tie(b.begin, entries[b.tensor].name);
    });
    for (std::size_t i = 1; i < spans.size(); ++i)
        if (spans[i].begin < spans[i - 1].end)
            throw FormatError(ErrorCode::SafetensorsOverlap,
                              {entries[spans[i - 1].tensor].name, entries[spans[i].tensor].name});
}

}  // namespace

std::uint64_t SafetensorsTensor::elementCount() const {
    std::uint64_t count = 1;
    for (const std::uint64_t extent : shape) count *= extent;  // checked not to overflow when read
    return count;
}

std::string shapeText(std::span<const std::uint64_t> shape) {
    std::string text = "[";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i > 0) text += ", ";
        text += std::to_string(shape[i]);
    }
    return text + "]";
}

std::vector<SafetensorsTensor> parseSafetensors(std::span<const std::byte> file) {
    if (file.size() < kHeaderLengthBytes)
        throw FormatError(ErrorCode::SafetensorsTooShort, {std::to_string(file.size())});
    const std::uint64_t headerLength = littleEndian64(file.first(kHeaderLengthBytes));
    if (headerLength > file.size() - kHeaderLengthBytes)
        throw FormatError(ErrorCode::SafetensorsHeaderBeyondFile, {std::to_string(headerLength), std::to_string(file.size())});
    const std::span<const std::byte> headerBytes = file.subspan(kHeaderLengthBytes, headerLength);
    const std::span<const std::byte> data = file.subspan(kHeaderLengthBytes + headerLength);

    const json header = parseJson(
        std::string_view(reinterpret_cast<const char*>(headerBytes.data()), headerBytes.size()),
        ErrorCode::SafetensorsHeaderDamaged, ErrorCode::SafetensorsHeaderEmpty);
    std::vector<Entry> entries;
    std::vector<Span> spans;
    for (const auto& [name, value] : JsonReader(header, "header", UnknownFields::Ignore, RootName::File).members()) {
        if (name == "__metadata__") continue;
        entries.push_back(readEntry(name, value.value(), entries.size()));
        spans.push_back(entries.back().span);
    }
    checkInside(entries, spans, data.size());
    checkNoOverlap(entries, std::move(spans));

    std::vector<SafetensorsTensor> tensors;
    tensors.reserve(entries.size());
    for (Entry& entry : entries)
        tensors.push_back({std::move(entry.name), std::move(entry.dtype), std::move(entry.shape),
                           data.subspan(entry.span.begin, entry.span.end - entry.span.begin)});
    return tensors;
}

bool isFloatDtype(std::string_view dtype) { return dtype == "F32" || dtype == "F16" || dtype == "BF16"; }

void readAsFloat32(const SafetensorsTensor& tensor, std::size_t first, std::span<float> out) {
    if (!isFloatDtype(tensor.dtype)) throw FormatError(ErrorCode::SafetensorsDtype, {tensor.name, tensor.dtype});
    if (out.empty()) return;  // an empty span's data() may be null, which memcpy must not get
    if (tensor.dtype == "F32") {
        std::memcpy(out.data(), tensor.bytes.data() + first * sizeof(float), out.size() * sizeof(float));
        return;
    }
    const std::byte* from = tensor.bytes.data() + first * sizeof(std::uint16_t);
    const auto widen = [&](auto toFloat) {
        for (std::size_t i = 0; i < out.size(); ++i) {
            std::uint16_t bits = 0;
            std::memcpy(&bits, from + i * sizeof bits, sizeof bits);
            out[i] = toFloat(bits);
        }
    };
    if (tensor.dtype == "F16")
        widen(halfToFloat);
    else
        widen(bfloat16ToFloat);
}

std::span<const float> float32InPlace(const SafetensorsTensor& tensor) {
    const auto address = reinterpret_cast<std::uintptr_t>(tensor.bytes.data());
    if (tensor.dtype != "F32" || tensor.bytes.empty() || address % alignof(float) != 0) return {};
    return {reinterpret_cast<const float*>(tensor.bytes.data()), tensor.bytes.size() / sizeof(float)};
}

SafetensorsFile::SafetensorsFile(const std::filesystem::path& path) : mapping_(path) {
    try {
        tensors_ = parseSafetensors(mapping_.bytes());
    } catch (const FormatError& error) {
        throw FormatError(within(path.string(), error.message()));
    }
}

const SafetensorsTensor* SafetensorsFile::find(std::string_view name) const {
    const auto found = std::find_if(tensors_.begin(), tensors_.end(),
                                    [&](const SafetensorsTensor& tensor) { return tensor.name == name; });
    return found == tensors_.end() ? nullptr : &*found;
}

}  // namespace attnviz
