// Linear attention (core/costlab/LinearAttention.cpp, core/kernels/LinearFloat.inl) against the
// independent numpy script tests/reference/costlab/linear_attention.py, run at test time on the
// same Q, K and V: the script forms the n × n matrix of φ(q_i)·φ(k_j), the kernel never does (it
// keeps Σ φ(k_j) v_jᵀ, as prefix sums when causal). Full, causal and padded (keys past realKeys
// unseen), odd n, d ≠ d_v: the output within 1e-9 in float64 and 1e-4 relative in float32, on one
// and two threads; the implied weights match numpy's and each row sums to 1.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/costlab/CostKernel.h"
#include "tests/core/costlab/CostTestSupport.h"
#include "tests/support/BuildPaths.h"
#include "tests/support/CaseNames.h"
#include "tests/support/FileBytes.h"
#include "tests/support/ProcessRunner.h"
#include "tests/support/TempFolder.h"
#include "tests/support/TestData.h"

namespace attnviz {
namespace {

using testing::maxAbsDifference;
using testing::seededMatrix;

struct LinearCase {
    std::string name;
    int n, d, dv;
    CostMask mask = CostMask::Full;
    int realKeys = 0;  ///< Padded only
};

std::ostream& operator<<(std::ostream& out, const LinearCase& c) { return out << c.name; }

nlohmann::json rowsOf(const RowMatrix<double>& m) {
    nlohmann::json rows = nlohmann::json::array();
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        std::vector<double> row(static_cast<std::size_t>(m.cols()));
        for (Eigen::Index j = 0; j < m.cols(); ++j) row[static_cast<std::size_t>(j)] = m(i, j);
        rows.push_back(row);
    }
    return rows;
}

RowMatrix<double> matrixOf(const nlohmann::json& rows, Eigen::Index cols) {
    RowMatrix<double> m(static_cast<Eigen::Index>(rows.size()), cols);
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < cols; ++j) m(i, j) = rows.at(static_cast<std::size_t>(i)).at(static_cast<std::size_t>(j));
    return m;
}

struct NumpyLinear {
    RowMatrix<double> output, weights;
};

// Q, K, V written as JSON (doubles round trip exactly), the script run, its answer read back
// (the weights only when asked: n² numbers).
NumpyLinear numpyLinear(const RowMatrix<double>& q, const RowMatrix<double>& k, const RowMatrix<double>& v,
                        const LinearCase& c, bool weights) {
    const testing::TempFolder folder;
    const char* mask = c.mask == CostMask::Causal ? "causal" : c.mask == CostMask::Padded ? "padded" : "full";
    const nlohmann::json input = {{"q", rowsOf(q)}, {"k", rowsOf(k)}, {"v", rowsOf(v)}, {"mask", mask}, {"realKeys", c.realKeys}};
    testing::writeFile(folder.file("input.json"), input.dump());
    std::vector<std::string> argv = {attnviz::testing::systemPython(), testing::testData("reference/costlab/linear_attention.py").string(),
                                     folder.file("input.json"), "-o", folder.file("output.json")};
    if (weights) argv.emplace_back("--weights");
    const testing::RunResult run = testing::runProgram(argv);
    EXPECT_EQ(run.exitCode, 0) << "linear_attention.py: " << run.err;
    if (run.exitCode != 0) return {};
    const nlohmann::json answer = nlohmann::json::parse(testing::readFile(folder.file("output.json")));
    return {matrixOf(answer.at("output"), v.cols()), weights ? matrixOf(answer.at("weights"), q.rows()) : RowMatrix<double>()};
}

CostOptions linearOptions(const LinearCase& c, unsigned threads) {
    CostOptions options;
    options.kernel = CostKernel::Linear;
    options.mask = c.mask;
    options.realKeys = c.realKeys;
    options.threads = threads;
    return options;
}

// The kernel's output in float64 and float32, on one and two threads, against numpy's.
void expectOutputMatchesNumpy(const LinearCase& c) {
    const auto q = seededMatrix<double>(c.n, c.d, "q"), k = seededMatrix<double>(c.n, c.d, "k");
    const auto v = seededMatrix<double>(c.n, c.dv, "v");
    const NumpyLinear numpy = numpyLinear(q, k, v, c, false);
    ASSERT_EQ(numpy.output.rows(), c.n);
    const double scale = std::max(1.0, numpy.output.cwiseAbs().maxCoeff());
    for (const unsigned threads : {1u, 2u}) {
        const CostOptions options = linearOptions(c, threads);
        EXPECT_LT(maxAbsDifference(runCostKernel<double>(q, k, v, options).output, numpy.output), 1e-9)
            << threads << " threads";
        const auto single = runCostKernel<float>(q.cast<float>(), k.cast<float>(), v.cast<float>(), options);
        EXPECT_LT(maxAbsDifference(single.output, numpy.output) / scale, 1e-4) << "float32, " << threads << " threads";
    }
}

// Small cases: the output and the n × n weights.
class LinearReference : public ::testing::TestWithParam<LinearCase> {};
// Sizes that cut the kernel's work into several chunks: the output only.
class LinearReferenceChunks : public ::testing::TestWithParam<LinearCase> {};

TEST_P(LinearReference, OutputMatchesNumpy) { expectOutputMatchesNumpy(GetParam()); }
TEST_P(LinearReferenceChunks, OutputMatchesNumpy) { expectOutputMatchesNumpy(GetParam()); }

TEST_P(LinearReference, ImpliedWeightsMatchNumpyAndSumToOne) {
    const LinearCase& c = GetParam();
    const auto q = seededMatrix<double>(c.n, c.d, "q"), k = seededMatrix<double>(c.n, c.d, "k");
    const auto v = seededMatrix<double>(c.n, c.dv, "v");
    const NumpyLinear numpy = numpyLinear(q, k, v, c, true);
    ASSERT_EQ(numpy.weights.rows(), c.n);
    CostOptions options = linearOptions(c, 0);
    options.weights = true;
    const CostResult<double> result = runCostKernel<double>(q, k, v, options);
    EXPECT_LT(maxAbsDifference(result.weights, numpy.weights), 1e-9);
    const bool seesNothing = c.mask == CostMask::Padded && c.realKeys == 0;
    for (int i = 0; i < c.n; ++i) EXPECT_NEAR(result.weights.row(i).sum(), seesNothing ? 0.0 : 1.0, 1e-12) << "row " << i;
    // The weights the technique implies reproduce its output: out = W·V.
    EXPECT_LT(maxAbsDifference(RowMatrix<double>(result.weights * v), result.output), 1e-12);
}

INSTANTIATE_TEST_SUITE_P(Cases, LinearReference,
                         ::testing::Values(LinearCase{"full_odd_n", 31, 5, 3},
                                           LinearCase{"causal_odd_n", 31, 5, 3, CostMask::Causal},
                                           LinearCase{"padded", 31, 5, 3, CostMask::Padded, 13},
                                           LinearCase{"padded_nothing_real", 7, 4, 2, CostMask::Padded, 0},
                                           LinearCase{"one_position_causal", 1, 3, 5, CostMask::Causal},
                                           LinearCase{"d_below_dv", 45, 3, 17, CostMask::Causal}),
                         testing::CaseNameOf());
// Several chunks of the causal prefix and of the sums, none a whole number of vectors or panels.
INSTANTIATE_TEST_SUITE_P(Cases, LinearReferenceChunks,
                         ::testing::Values(LinearCase{"chunks_full", 1001, 64, 48},
                                           LinearCase{"chunks_causal", 1001, 64, 48, CostMask::Causal},
                                           LinearCase{"chunks_padded", 1001, 40, 72, CostMask::Padded, 777}),
                         testing::CaseNameOf());

}  // namespace
}  // namespace attnviz
