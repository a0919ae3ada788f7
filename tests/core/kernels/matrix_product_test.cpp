// The float32 matrix products of real models (core/kernels/MatrixProduct): every instruction
// set's build against a float64 product computed here, for shapes that leave short tiles and
// padding everywhere, on both paths (a few rows: B read once; many rows: packed blocks), with
// strided matrices and each output (store, accumulate, gelu_new).
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <string>
#include <vector>

#include "core/base/Errors.h"
#include "core/base/SeededGenerator.h"
#include "core/kernels/MatrixProduct.h"

namespace attnviz {
namespace {

std::vector<InstructionSet> supportedSets() {
    std::vector<InstructionSet> sets;
    for (const InstructionSet set : {InstructionSet::Baseline, InstructionSet::Avx2, InstructionSet::Avx512})
        if (processorSupports(set)) sets.push_back(set);
    return sets;
}

std::vector<float> randomValues(std::size_t count, const std::string& tag, double amplitude = 1.0) {
    SeededGenerator generator(7, tag);
    std::vector<float> values(count);
    for (float& v : values) v = static_cast<float>(generator.nextSymmetric(amplitude));
    return values;
}

// GPT-2's gelu_new as Hugging Face writes it, in float64.
double geluNew(double x) { return 0.5 * x * (1.0 + std::tanh(std::sqrt(2.0 / M_PI) * (x + 0.044715 * x * x * x))); }

struct Shape {
    int m, k, n;
};

TEST(MatrixProduct, EveryInstructionSetAgreesWithAFloat64ProductForEveryShapeAndOutput) {
    // m ≤ 4 tiles of rows reads B in place, more packs it; k = 600 spans several depth blocks;
    // n and the strides leave narrow tiles of columns.
    for (const Shape shape : {Shape{1, 1, 1}, Shape{5, 7, 3}, Shape{20, 64, 96}, Shape{13, 300, 45},
                              Shape{48, 130, 70}, Shape{61, 600, 100}, Shape{130, 77, 257}}) {
        const int lda = shape.k + 3, ldb = shape.n + 5, ldc = shape.n + 2;
        const std::string name = std::to_string(shape.m) + "x" + std::to_string(shape.k) + "x" + std::to_string(shape.n);
        const std::vector<float> a = randomValues(static_cast<std::size_t>(shape.m) * lda, "A" + name);
        const std::vector<float> b = randomValues(static_cast<std::size_t>(shape.k) * ldb, "B" + name);
        const std::vector<float> bias = randomValues(static_cast<std::size_t>(shape.n), "bias" + name);
        const std::vector<float> start = randomValues(static_cast<std::size_t>(shape.m) * ldc, "C" + name, 3.0);
        for (const ProductOutput output : {ProductOutput::Store, ProductOutput::Accumulate, ProductOutput::GeluNew}) {
            for (const InstructionSet set : supportedSets()) {
                std::vector<float> c = start;
                multiplyMatricesWith(set, {a.data(), shape.m, shape.k, lda}, {b.data(), shape.k, shape.n, ldb}, bias.data(),
                                     {c.data(), shape.m, shape.n, ldc}, output, 2);
                const std::string where = name + " output " + std::to_string(static_cast<int>(output)) + " " +
                                          instructionSetName(set);
                int wrong = 0;
                for (int i = 0; i < shape.m; ++i) {
                    for (int j = 0; j < shape.n; ++j) {
                        const auto at = static_cast<std::size_t>(i) * ldc + static_cast<std::size_t>(j);
                        double sum = bias[static_cast<std::size_t>(j)], scale = std::abs(sum);
                        for (int p = 0; p < shape.k; ++p) {
                            const double term = static_cast<double>(a[static_cast<std::size_t>(i) * lda + p]) *
                                                b[static_cast<std::size_t>(p) * ldb + j];
                            sum += term;
                            scale += std::abs(term);
                        }
                        if (output == ProductOutput::Accumulate) {
                            sum += start[at];
                            scale += std::abs(start[at]);
                        }
                        const double expected = output == ProductOutput::GeluNew ? geluNew(sum) : sum;
                        if (std::abs(c[at] - expected) > 1e-6 * scale + 1e-7 && ++wrong <= 3)
                            ADD_FAILURE() << where << ": C(" << i << ", " << j << ") = " << c[at] << ", expected " << expected;
                    }
                    // Columns between n and the stride are not the product's: left as they were.
                    for (int j = shape.n; j < ldc; ++j) {
                        const auto at = static_cast<std::size_t>(i) * ldc + static_cast<std::size_t>(j);
                        if (c[at] != start[at] && ++wrong <= 3) ADD_FAILURE() << where << ": wrote past column n at row " << i;
                    }
                }
                EXPECT_EQ(wrong, 0) << where;
            }
        }
    }
}

TEST(MatrixProduct, GeluNewFollowsTheTanhFormulaFarIntoBothTails) {
    // A product of zeros: the output is gelu_new of the bias, to a few float32 roundings of x
    // (float32 PyTorch, which computes 1 + tanh u, gives exactly 0 below x ≈ −5).
    const std::vector<float> inputs = {-60.0f, -12.0f, -5.5f, -1.0f, -1e-3f, 0.0f, 1e-3f, 0.5f, 3.0f, 9.0f, 80.0f};
    const int n = static_cast<int>(inputs.size());
    const std::vector<float> a = {0.0f};
    const std::vector<float> b(static_cast<std::size_t>(n), 0.0f);
    for (const InstructionSet set : supportedSets()) {
        std::vector<float> c(static_cast<std::size_t>(n), 7.0f);
        multiplyMatricesWith(set, {a.data(), 1, 1, 1}, {b.data(), 1, n, n}, inputs.data(), {c.data(), 1, n, n},
                             ProductOutput::GeluNew, 1);
        for (int j = 0; j < n; ++j) {
            const double expected = geluNew(inputs[static_cast<std::size_t>(j)]);
            EXPECT_NEAR(c[static_cast<std::size_t>(j)], expected, 5e-7 * std::abs(inputs[static_cast<std::size_t>(j)]) + 1e-30)
                << "gelu_new(" << inputs[static_cast<std::size_t>(j)] << ") " << instructionSetName(set);
        }
    }
}

TEST(MatrixProduct, AMatrixTimesAVectorAgreesWithFloat64ForEveryInstructionSet) {
    // 1029 rows: pieces of 1024 and a short one, groups of 4 rows and a rest; 67 columns: a
    // vector tail; a stride wider than the row.
    const int rows = 1029, cols = 67, stride = 70;
    const std::vector<float> matrix = randomValues(static_cast<std::size_t>(rows) * stride, "matrix");
    const std::vector<float> vector = randomValues(static_cast<std::size_t>(cols), "vector");
    for (const InstructionSet set : supportedSets()) {
        std::vector<float> out(static_cast<std::size_t>(rows));
        multiplyMatrixVectorWith(set, {matrix.data(), rows, cols, stride}, vector.data(), out.data(), 2);
        for (int r = 0; r < rows; ++r) {
            double sum = 0, scale = 0;
            for (int c = 0; c < cols; ++c) {
                const double term = static_cast<double>(matrix[static_cast<std::size_t>(r) * stride + c]) * vector[static_cast<std::size_t>(c)];
                sum += term;
                scale += std::abs(term);
            }
            ASSERT_NEAR(out[static_cast<std::size_t>(r)], sum, 1e-6 * scale) << "row " << r << " " << instructionSetName(set);
        }
    }
}

TEST(MatrixProduct, ACancelledProductStopsWithCancelled) {
    const std::vector<float> a(64 * 64, 1.0f), b(64 * 64, 1.0f);
    std::vector<float> c(64 * 64);
    const std::atomic<bool> cancel{true};
    for (const int m : {4, 64})  // both paths
        EXPECT_THROW(multiplyMatrices({a.data(), m, 64, 64}, {b.data(), 64, 64, 64}, nullptr, {c.data(), m, 64, 64},
                                      ProductOutput::Store, 2, &cancel),
                     Cancelled)
            << m << " rows";
}

}  // namespace
}  // namespace attnviz
