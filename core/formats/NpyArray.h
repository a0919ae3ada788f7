#pragma once
#include <Eigen/Core>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace attnviz {

/// A 2-D array of floating-point numbers in NumPy's .npy format (what numpy.save writes): header
/// version 1.0, 2.0 or 3.0; dtype float32 or float64, little- or big-endian ('<f4', '<f8',
/// '>f4', '>f8'); C or Fortran order.
struct NpyArray {
    std::string dtype;          ///< as the header says: "<f8", "<f4", ">f8" or ">f4"
    bool fortranOrder = false;  ///< the values are stored column by column
    Eigen::MatrixXd values;     ///< rows × columns; float32 values converted exactly

    /// Parses a whole .npy file. Throws FormatError "<name>: <problem>" for bad magic bytes, an
    /// unknown version, a damaged header dictionary, a dtype other than float32/float64
    /// ("W_Q.npy: dtype <i8 is not float32 or float64"), an array that is not 2-D, or data that
    /// is shorter or longer than the header announces. Values are not checked (NaN passes).
    [[nodiscard]] static NpyArray parse(std::string_view bytes, std::string_view name);

    /// The matrix as a .npy file: version 1.0, dtype '<f8', C order, header padded to 64 bytes,
    /// byte for byte what numpy.save writes for a float64 array of that shape.
    [[nodiscard]] static std::string serialize(const Eigen::MatrixXd& matrix);
};

/// An array of any rank in a .npy file, its values left where they lie: what a reader of large
/// arrays (imported attention, core/formats/ImportedAttention.h) reads value by value.
struct NpyView {
    std::string dtype;                 ///< "<f8", "<f4", ">f8" or ">f4"
    bool fortranOrder = false;         ///< the first axis varies fastest
    std::vector<std::uint64_t> shape;  ///< as the header says; () for a scalar
    std::string_view data;             ///< exactly count() values of the dtype

    /// Parses the header as NpyArray::parse does, any rank, and checks the shape's product
    /// against the bytes after the header before anything is allocated: NpyArrayDataCut,
    /// NpyArrayDataTooLong. bytes must outlive the view.
    [[nodiscard]] static NpyView parse(std::string_view bytes, std::string_view name);

    /// The product of the shape.
    [[nodiscard]] std::uint64_t count() const;
    /// For each axis, the values between two consecutive indices of it in data (C order: the
    /// last axis is 1; Fortran order: the first).
    [[nodiscard]] std::vector<std::uint64_t> strides() const;
    /// The value at `offset` values into data, as a double (exact for float32).
    [[nodiscard]] double at(std::uint64_t offset) const;
};

/// A shape as Python writes it: "(2, 3)", "(4,)".
[[nodiscard]] std::string npyShapeText(const std::vector<std::uint64_t>& shape);

}  // namespace attnviz
