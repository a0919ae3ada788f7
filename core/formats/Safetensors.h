#pragma once
// The safetensors format (Hugging Face's model files): an 8-byte little-endian header length N,
// N bytes of JSON {"<tensor>": {"dtype", "shape", "data_offsets": [begin, end]}, "__metadata__":
// {…}}, then the data, offsets counting from its first byte. Read in place from a mapping.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/io/MappedFile.h"

namespace attnviz {

/// One tensor of a safetensors file, its data still in the file's bytes.
struct SafetensorsTensor {
    std::string name;                  ///< as stored ("transformer.h.0.ln_1.weight")
    std::string dtype;                 ///< as stored: "F32", "F16", "BF16", "I8", "BOOL", …
    std::vector<std::uint64_t> shape;  ///< [] for a scalar
    std::span<const std::byte> bytes;  ///< its data, exactly as long as shape × dtype needs

    /// The product of shape (1 for a scalar).
    [[nodiscard]] std::uint64_t elementCount() const;
};

/// The tensors of a whole safetensors file, by name, checked so that each one's bytes lie in
/// the file, match its shape and dtype, and overlap no other's. A dtype of the format that
/// AttnViz does not compute with (I8, F64, BOOL, …) is accepted here, so that a tensor nobody
/// reads can have it; readAsFloat32 refuses it. Throws FormatError (no context: the caller
/// names the file): the file shorter than 8 bytes, a header length beyond the file, a damaged
/// header, an entry of the wrong form, a dtype the format does not have, a shape too large, a
/// byte length not matching, offsets outside the data (or a truncated file: the tensors' data
/// cut by the end of the file), two tensors overlapping. "__metadata__" is ignored.
[[nodiscard]] std::vector<SafetensorsTensor> parseSafetensors(std::span<const std::byte> file);

/// Whether AttnViz reads the dtype as float32: F32, F16, BF16.
[[nodiscard]] bool isFloatDtype(std::string_view dtype);

/// Values first … first + out.size() − 1 (row-major, within elementCount()) of an F32, F16 or
/// BF16 tensor as float32, exactly, into out. Throws FormatError SafetensorsDtype naming the
/// tensor for any other dtype.
void readAsFloat32(const SafetensorsTensor& tensor, std::size_t first, std::span<float> out);

/// The values of an F32 tensor whose bytes are 4-byte aligned, read where they lie; an empty
/// span for any other tensor (one with no values included).
[[nodiscard]] std::span<const float> float32InPlace(const SafetensorsTensor& tensor);

/// A safetensors file mapped into memory and checked (parseSafetensors); its tensors' bytes are
/// views of the mapping, valid while the object lives (moving it keeps them valid).
class SafetensorsFile {
public:
    /// Throws IoError (MappedFile) or FormatError "<path>: <problem>".
    explicit SafetensorsFile(const std::filesystem::path& path);

    [[nodiscard]] const MappedFile& mapping() const { return mapping_; }
    [[nodiscard]] const std::vector<SafetensorsTensor>& tensors() const { return tensors_; }
    /// The tensor of that name, or nullptr.
    [[nodiscard]] const SafetensorsTensor* find(std::string_view name) const;

private:
    MappedFile mapping_;
    std::vector<SafetensorsTensor> tensors_;
};

/// A shape as the refusals write it: "[64, 192]", "[]".
[[nodiscard]] std::string shapeText(std::span<const std::uint64_t> shape);

}  // namespace attnviz
