// Compares the C++ core with the golden files written by the independent numpy reference
// (tests/reference/attention_reference.py, written from README.md and the chapter only).
//
// Tolerance: every value must satisfy |a − b| ≤ 1e-12·max(|a|, |b|, s) + 1e-300, where s is 0
// for values that are not sums, and for a sum of products (Q = X·W, scores = q·k, context =
// w·V, output = context·W_O) the sum of the absolute values of its terms (the classic
// floating-point error bound: a different but correct summation order may differ from the
// reference by a few ulps of the terms, which is a huge relative error for a sum near zero).
// X gets s = 1 (|PE| ≤ 1: only sin/cos may differ by an ulp). Masked cells must be exactly −∞
// in "masked" and exactly 0 in "weights"; a fully masked row must have row max −∞, row sum 0
// and a zero context row.
#include <gtest/gtest.h>

#include <Eigen/Core>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <limits>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "core/attention/AttentionTrace.h"
#include "core/attention/Explanation.h"
#include "core/kernels/AttentionKernel.h"
#include "core/masks/AttentionMask.h"
#include "core/model/AttentionConfig.h"
#include "core/text/Tokenizer.h"
#include "tests/support/CaseNames.h"
#include "tests/support/TestData.h"

namespace {

using attnviz::AttentionConfig;
using attnviz::AttentionTrace;
using attnviz::Step;
using Eigen::Index;
using Eigen::MatrixXd;
using Eigen::VectorXd;
using nlohmann::json;

constexpr double kRelative = 1e-12;
constexpr double kFloor = 1e-300;
constexpr double kFloatRelative = 1e-5;
constexpr double kFloatAbsolute = 1e-6;
const double kMinusInf = -std::numeric_limits<double>::infinity();

std::filesystem::path goldenDir() { return attnviz::testing::testData("golden"); }

std::vector<std::string> goldenFiles() {
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(goldenDir(), ec))
        if (entry.is_regular_file() && entry.path().extension() == ".json")
            names.push_back(entry.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

const json& golden(const std::string& name) {
    static std::map<std::string, std::unique_ptr<json>> cache;
    auto& slot = cache[name];
    if (!slot) {
        std::ifstream in(goldenDir() / (name + ".json"), std::ios::binary);
        if (!in) throw std::runtime_error("cannot open golden file " + name);
        slot = std::make_unique<json>(json::parse(in));
    }
    return *slot;
}

double toDouble(const json& value) { return value.is_null() ? kMinusInf : value.get<double>(); }

MatrixXd toMatrix(const json& rows) {
    const auto r = static_cast<Index>(rows.size());
    const auto c = r == 0 ? Index{0} : static_cast<Index>(rows[0].size());
    MatrixXd m(r, c);
    for (Index i = 0; i < r; ++i)
        for (Index j = 0; j < c; ++j) m(i, j) = toDouble(rows[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]);
    return m;
}

VectorXd toVector(const json& values) {
    VectorXd v(static_cast<Index>(values.size()));
    for (Index i = 0; i < v.size(); ++i) v(i) = toDouble(values[static_cast<std::size_t>(i)]);
    return v;
}

AttentionConfig toConfig(const json& c) {
    AttentionConfig config;
    config.dModel = c.at("d_model").get<int>();
    config.heads = c.at("heads").get<int>();
    config.scaleBySqrtDk = c.at("scale_by_sqrt_dk").get<bool>();
    config.temperature = c.at("temperature").get<double>();
    config.seed = c.at("seed").get<std::uint64_t>();
    config.positionalEncoding = c.at("positional_encoding").get<bool>();
    const auto preset = c.at("preset").get<std::string>();
    if (preset == "random")
        config.preset = attnviz::ProjectionPreset::Random;
    else if (preset == "identity")
        config.preset = attnviz::ProjectionPreset::Identity;
    else
        throw std::runtime_error("unknown preset in golden file: " + preset);
    const json& m = c.at("mask");
    config.mask.causal = m.at("causal").get<bool>();
    config.mask.window = m.at("window").get<int>();
    config.mask.globalTokens = m.at("global_tokens").get<std::vector<int>>();
    config.mask.padTo = m.at("pad_to").get<int>();
    for (const auto& cell : m.at("custom_masked"))
        config.mask.customMasked.insert({cell.at(0).get<int>(), cell.at(1).get<int>()});
    return config;
}

// --- The comparison helper --------------------------------------------------------------------

std::string describeMatrix(const MatrixXd& m, Index centerRow, Index centerCol) {
    constexpr Index kShown = 12;
    const Index r0 = std::clamp<Index>(centerRow - kShown / 2, 0, std::max<Index>(0, m.rows() - kShown));
    const Index c0 = std::clamp<Index>(centerCol - kShown / 2, 0, std::max<Index>(0, m.cols() - kShown));
    const Index rn = std::min(kShown, m.rows() - r0), cn = std::min(kShown, m.cols() - c0);
    std::ostringstream out;
    out << std::setprecision(17);
    if (rn != m.rows() || cn != m.cols())
        out << "  (rows " << r0 << "…" << r0 + rn - 1 << ", columns " << c0 << "…" << c0 + cn - 1 << " of "
            << m.rows() << "×" << m.cols() << ")\n";
    for (Index i = r0; i < r0 + rn; ++i) {
        out << "  ";
        for (Index j = c0; j < c0 + cn; ++j) out << std::setw(25) << m(i, j);
        out << "\n";
    }
    return out.str();
}

/// Every entry must satisfy |e − a| ≤ rel·max(|e|, |a|, scale(i, j)) + floor; infinities and
/// NaN must match exactly (−∞ only where the reference has −∞). On failure prints the worst
/// cell and both matrices (a 12×12 window around the worst cell when larger).
::testing::AssertionResult matricesClose(const std::string& what, const MatrixXd& expected, const MatrixXd& actual,
                                         double rel, const MatrixXd* scale = nullptr, double floor = kFloor) {
    if (expected.rows() != actual.rows() || expected.cols() != actual.cols())
        return ::testing::AssertionFailure() << what << ": expected " << expected.rows() << "×" << expected.cols()
                                             << ", got " << actual.rows() << "×" << actual.cols();
    double worstRatio = 0;
    Index worstRow = -1, worstCol = -1, failing = 0;
    double worstTol = 0;
    for (Index i = 0; i < expected.rows(); ++i)
        for (Index j = 0; j < expected.cols(); ++j) {
            const double e = expected(i, j), a = actual(i, j);
            double ratio;
            double tol = 0;
            if (!std::isfinite(e) || !std::isfinite(a)) {
                ratio = (e == a) ? 0.0 : std::numeric_limits<double>::infinity();  // NaN never equals
            } else {
                double s = std::max(std::abs(e), std::abs(a));
                if (scale) s = std::max(s, (*scale)(i, j));
                tol = rel * s + floor;
                ratio = std::abs(e - a) / tol;
            }
            if (ratio > 1) ++failing;
            if (ratio > worstRatio || (std::isnan(ratio))) {
                worstRatio = std::isnan(ratio) ? std::numeric_limits<double>::infinity() : ratio;
                worstRow = i;
                worstCol = j;
                worstTol = tol;
            }
        }
    if (failing == 0) return ::testing::AssertionSuccess();
    std::ostringstream out;
    out << std::setprecision(17);
    out << what << ": " << failing << " of " << expected.size() << " values differ; worst at (" << worstRow << ", "
        << worstCol << "): expected " << expected(worstRow, worstCol) << ", got " << actual(worstRow, worstCol)
        << ", |difference| " << std::abs(expected(worstRow, worstCol) - actual(worstRow, worstCol)) << " > tolerance "
        << worstTol << "\nexpected (reference):\n"
        << describeMatrix(expected, worstRow, worstCol) << "actual (C++):\n"
        << describeMatrix(actual, worstRow, worstCol);
    return ::testing::AssertionFailure() << out.str();
}

::testing::AssertionResult vectorsClose(const std::string& what, const VectorXd& expected, const VectorXd& actual,
                                        double rel, const VectorXd* scale = nullptr, double floor = kFloor) {
    if (scale) {
        const MatrixXd s = *scale;
        return matricesClose(what, MatrixXd(expected), MatrixXd(actual), rel, &s, floor);
    }
    return matricesClose(what, MatrixXd(expected), MatrixXd(actual), rel, nullptr, floor);
}

::testing::AssertionResult scalarsClose(const std::string& what, double expected, double actual, double rel,
                                        double scale = 0, double floor = kFloor) {
    MatrixXd e(1, 1), a(1, 1), s(1, 1);
    e(0, 0) = expected;
    a(0, 0) = actual;
    s(0, 0) = scale;
    return matricesClose(what, e, a, rel, &s, floor);
}

// --- Per-file context ---------------------------------------------------------------------------

/// The golden numbers of one file, and the error scales of its sums.
struct Golden {
    const json& doc;
    std::string name;
    AttentionConfig config;
    int n = 0, heads = 0, dK = 0;
    double divisor = 1;
    std::vector<std::vector<bool>> allowed;
    std::vector<bool> fullyMasked;
    MatrixXd x, wq, wk, wv, wo, q, k, v, meanWeights, context, output;
    MatrixXd qScale, kScale, vScale, contextScale, outputScale;

    explicit Golden(const std::string& fileName) : doc(golden(fileName)), name(fileName) {
        config = toConfig(doc.at("config"));
        n = doc.at("n").get<int>();
        heads = config.heads;
        dK = doc.at("d_k").get<int>();
        divisor = doc.at("divisor").get<double>();
        allowed = doc.at("mask_allowed").get<std::vector<std::vector<bool>>>();
        fullyMasked = doc.at("fully_masked_rows").get<std::vector<bool>>();
        x = toMatrix(doc.at("x"));
        wq = toMatrix(doc.at("w_q"));
        wk = toMatrix(doc.at("w_k"));
        wv = toMatrix(doc.at("w_v"));
        wo = toMatrix(doc.at("w_o"));
        q = toMatrix(doc.at("q"));
        k = toMatrix(doc.at("k"));
        v = toMatrix(doc.at("v"));
        meanWeights = toMatrix(doc.at("mean_weights"));
        context = toMatrix(doc.at("context"));
        output = toMatrix(doc.at("output"));
        qScale = x.cwiseAbs() * wq.cwiseAbs();
        kScale = x.cwiseAbs() * wk.cwiseAbs();
        vScale = x.cwiseAbs() * wv.cwiseAbs();
        contextScale = MatrixXd::Zero(n, config.dModel);
        for (int h = 0; h < heads; ++h)
            contextScale.middleCols(h * dK, dK) = weights(h).cwiseAbs() * vScale.middleCols(h * dK, dK);
        outputScale = contextScale * wo.cwiseAbs();
    }

    const json& head(int h) const { return doc.at("heads").at(static_cast<std::size_t>(h)); }
    MatrixXd step(int h, const char* key) const { return toMatrix(head(h).at(key)); }
    MatrixXd weights(int h) const { return step(h, "weights"); }
    VectorXd rowMax(int h) const { return toVector(head(h).at("row_max")); }
    VectorXd rowSum(int h) const { return toVector(head(h).at("row_sum")); }
    bool isAllowed(int i, int j) const {
        return allowed[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
    }
    bool rowFullyMasked(int i) const { return fullyMasked[static_cast<std::size_t>(i)]; }

    MatrixXd scaledScale(int h) const {
        return (qScale.middleCols(h * dK, dK) * kScale.middleCols(h * dK, dK).transpose()) / divisor;
    }
    VectorXd rowMaxScale(int h) const {
        const MatrixXd s = scaledScale(h);
        VectorXd out = VectorXd::Zero(n);
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j)
                if (isAllowed(i, j)) out(i) = std::max(out(i), s(i, j));
        return out;
    }
    std::string where(const std::string& what) const { return name + ": " + what; }
};

class GoldenFile : public ::testing::TestWithParam<std::string> {
protected:
    Golden g{GetParam()};
    AttentionTrace trace() const {
        return AttentionTrace::compute(g.doc.at("sentence").get<std::string>(), g.config);
    }
};

TEST_P(GoldenFile, TokenizerGivesTheHandWrittenTokens) {
    const auto tokens = attnviz::tokenize(g.doc.at("sentence").get<std::string>());
    std::vector<std::string> texts;
    for (const auto& t : tokens) texts.push_back(t.text);
    EXPECT_EQ(texts, g.doc.at("tokens").get<std::vector<std::string>>());
}

TEST_P(GoldenFile, InputProjectionsAndQKV) {
    const AttentionTrace t = trace();
    ASSERT_EQ(t.size(), g.n);
    EXPECT_EQ(t.realTokenCount(), g.doc.at("real_tokens").get<int>());
    std::vector<std::string> texts;
    for (const auto& tok : t.tokens()) texts.push_back(tok.text);
    EXPECT_EQ(texts, g.doc.at("trace_tokens").get<std::vector<std::string>>());
    EXPECT_TRUE(scalarsClose(g.where("divisor"), g.divisor, g.config.divisor(), kRelative));

    const MatrixXd xScale = MatrixXd::Ones(g.n, g.config.dModel);
    EXPECT_TRUE(matricesClose(g.where("X"), g.x, t.x(), kRelative, &xScale));
    EXPECT_TRUE(matricesClose(g.where("X via matrix(X)"), g.x, t.matrix(Step::X, attnviz::kAllHeads), kRelative,
                              &xScale));
    EXPECT_TRUE(matricesClose(g.where("W_Q"), g.wq, t.projections().wq, kRelative));
    EXPECT_TRUE(matricesClose(g.where("W_K"), g.wk, t.projections().wk, kRelative));
    EXPECT_TRUE(matricesClose(g.where("W_V"), g.wv, t.projections().wv, kRelative));
    EXPECT_TRUE(matricesClose(g.where("W_O"), g.wo, t.projections().wo, kRelative));
    EXPECT_TRUE(matricesClose(g.where("Q"), g.q, t.q(), kRelative, &g.qScale));
    EXPECT_TRUE(matricesClose(g.where("K"), g.k, t.k(), kRelative, &g.kScale));
    EXPECT_TRUE(matricesClose(g.where("V"), g.v, t.v(), kRelative, &g.vScale));
    EXPECT_TRUE(matricesClose(g.where("Q via matrix(Q, all heads)"), g.q, t.matrix(Step::Q, attnviz::kAllHeads),
                              kRelative, &g.qScale));
}

TEST_P(GoldenFile, EveryStepOfEveryHead) {
    const AttentionTrace t = trace();
    ASSERT_EQ(t.size(), g.n);
    ASSERT_EQ(t.heads(), g.heads);
    for (int h = 0; h < g.heads; ++h) {
        const std::string hs = "head " + std::to_string(h) + " ";
        const MatrixXd qS = g.qScale.middleCols(h * g.dK, g.dK);
        const MatrixXd kS = g.kScale.middleCols(h * g.dK, g.dK);
        const MatrixXd vS = g.vScale.middleCols(h * g.dK, g.dK);
        const MatrixXd scoresS = qS * kS.transpose();
        const MatrixXd scaledS = g.scaledScale(h);
        const MatrixXd cS = g.contextScale.middleCols(h * g.dK, g.dK);
        EXPECT_TRUE(matricesClose(g.where(hs + "q"), g.step(h, "q"), t.matrix(Step::Q, h), kRelative, &qS));
        EXPECT_TRUE(matricesClose(g.where(hs + "k"), g.step(h, "k"), t.matrix(Step::K, h), kRelative, &kS));
        EXPECT_TRUE(matricesClose(g.where(hs + "v"), g.step(h, "v"), t.matrix(Step::V, h), kRelative, &vS));
        EXPECT_TRUE(
            matricesClose(g.where(hs + "scores"), g.step(h, "scores"), t.matrix(Step::Scores, h), kRelative, &scoresS));
        EXPECT_TRUE(
            matricesClose(g.where(hs + "scaled"), g.step(h, "scaled"), t.matrix(Step::Scaled, h), kRelative, &scaledS));
        const MatrixXd masked = t.matrix(Step::Masked, h);
        const MatrixXd weights = t.matrix(Step::Weights, h);
        EXPECT_TRUE(matricesClose(g.where(hs + "masked"), g.step(h, "masked"), masked, kRelative, &scaledS));
        EXPECT_TRUE(matricesClose(g.where(hs + "weights"), g.weights(h), weights, kRelative));
        EXPECT_TRUE(
            matricesClose(g.where(hs + "context"), g.step(h, "context"), t.matrix(Step::Context, h), kRelative, &cS));
        ASSERT_EQ(masked.rows(), g.n);
        ASSERT_EQ(weights.rows(), g.n);
        const MatrixXd goldenWeights = g.weights(h);
        for (int i = 0; i < g.n; ++i)
            for (int j = 0; j < g.n; ++j) {
                if (!g.isAllowed(i, j)) {
                    EXPECT_EQ(masked(i, j), kMinusInf) << g.where(hs + "masked cell (" + std::to_string(i) + ", " +
                                                                  std::to_string(j) + ") must be exactly -inf");
                    EXPECT_EQ(weights(i, j), 0.0) << g.where(hs + "masked cell (" + std::to_string(i) + ", " +
                                                             std::to_string(j) + ") must have weight exactly 0");
                } else {
                    EXPECT_TRUE(std::isfinite(masked(i, j)));
                }
                const double w = t.weight(h, i, j);
                EXPECT_TRUE(scalarsClose(g.where(hs + "weight(" + std::to_string(i) + ", " + std::to_string(j) + ")"),
                                         goldenWeights(i, j), w, kRelative));
                if (!g.isAllowed(i, j)) {
                    EXPECT_EQ(w, 0.0);
                }
            }
        VectorXd rowMax(g.n), rowSum(g.n);
        for (int i = 0; i < g.n; ++i) {
            rowMax(i) = t.rowMax(h, i);
            rowSum(i) = t.rowSum(h, i);
        }
        const VectorXd maxScale = g.rowMaxScale(h);
        EXPECT_TRUE(vectorsClose(g.where(hs + "row max"), g.rowMax(h), rowMax, kRelative, &maxScale));
        EXPECT_TRUE(vectorsClose(g.where(hs + "row sum"), g.rowSum(h), rowSum, kRelative));
    }
}

TEST_P(GoldenFile, MeanWeightsContextOutputAndFlags) {
    const AttentionTrace t = trace();
    ASSERT_EQ(t.size(), g.n);
    EXPECT_TRUE(matricesClose(g.where("mean weights"), g.meanWeights, t.matrix(Step::Weights, attnviz::kAllHeads),
                              kRelative));
    EXPECT_TRUE(matricesClose(g.where("context"), g.context, t.context(), kRelative, &g.contextScale));
    EXPECT_TRUE(matricesClose(g.where("context via matrix(context, all heads)"), g.context,
                              t.matrix(Step::Context, attnviz::kAllHeads), kRelative, &g.contextScale));
    EXPECT_TRUE(matricesClose(g.where("output"), g.output, t.output(), kRelative, &g.outputScale));
    EXPECT_TRUE(matricesClose(g.where("output via matrix(output)"), g.output,
                              t.matrix(Step::Output, attnviz::kAllHeads), kRelative, &g.outputScale));
    for (int i = 0; i < g.n; ++i) {
        EXPECT_EQ(t.rowFullyMasked(i), g.rowFullyMasked(i)) << g.where("fully masked flag of row " + std::to_string(i));
        EXPECT_EQ(t.mask().rowFullyMasked(i), g.rowFullyMasked(i));
        for (int j = 0; j < g.n; ++j)
            EXPECT_EQ(t.mask().allows(i, j), g.isAllowed(i, j))
                << g.where("mask cell (" + std::to_string(i) + ", " + std::to_string(j) + ")");
        if (g.rowFullyMasked(i)) {
            for (int h = 0; h < g.heads; ++h) {
                EXPECT_EQ(t.rowMax(h, i), kMinusInf) << g.where("row max of fully masked row " + std::to_string(i));
                EXPECT_EQ(t.rowSum(h, i), 0.0) << g.where("row sum of fully masked row " + std::to_string(i));
            }
            for (Index c = 0; c < t.context().cols(); ++c)
                EXPECT_EQ(t.context()(i, c), 0.0) << g.where("context of fully masked row " + std::to_string(i));
        }
    }
}

TEST_P(GoldenFile, CellAndContextExplanations) {
    const AttentionTrace t = trace();
    ASSERT_EQ(t.size(), g.n);
    for (const json& e : g.doc.at("cell_explanations")) {
        const int h = e.at("head").get<int>(), i = e.at("query").get<int>(), j = e.at("key").get<int>();
        const std::string at = "cell explanation (head " + std::to_string(h) + ", " + std::to_string(i) + ", " +
                               std::to_string(j) + ") ";
        const attnviz::CellExplanation c = attnviz::explainCell(t, h, i, j);
        EXPECT_EQ(c.head, h);
        EXPECT_EQ(c.query, i);
        EXPECT_EQ(c.key, j);
        const VectorXd qS = g.qScale.row(i).segment(h * g.dK, g.dK).transpose();
        const VectorXd kS = g.kScale.row(j).segment(h * g.dK, g.dK).transpose();
        const VectorXd pS = qS.cwiseProduct(kS);
        EXPECT_TRUE(vectorsClose(g.where(at + "q"), toVector(e.at("q")), c.q, kRelative, &qS));
        EXPECT_TRUE(vectorsClose(g.where(at + "k"), toVector(e.at("k")), c.k, kRelative, &kS));
        EXPECT_TRUE(vectorsClose(g.where(at + "products"), toVector(e.at("products")), c.products, kRelative, &pS));
        EXPECT_TRUE(scalarsClose(g.where(at + "dot"), e.at("dot").get<double>(), c.dot, kRelative, pS.sum()));
        EXPECT_TRUE(scalarsClose(g.where(at + "divisor"), e.at("divisor").get<double>(), c.divisor, kRelative));
        EXPECT_TRUE(scalarsClose(g.where(at + "scaled"), e.at("scaled").get<double>(), c.scaled, kRelative,
                                 pS.sum() / g.divisor));
        EXPECT_EQ(c.masked, e.at("masked").get<bool>()) << g.where(at + "masked");
        EXPECT_EQ(c.rowFullyMasked, e.at("row_fully_masked").get<bool>()) << g.where(at + "row fully masked");
        EXPECT_TRUE(scalarsClose(g.where(at + "row max"), toDouble(e.at("row_max")), c.rowMax, kRelative,
                                 g.rowMaxScale(h)(i)));
        EXPECT_TRUE(
            scalarsClose(g.where(at + "exp shifted"), e.at("exp_shifted").get<double>(), c.expShifted, kRelative));
        EXPECT_TRUE(scalarsClose(g.where(at + "row sum"), e.at("row_sum").get<double>(), c.rowSum, kRelative));
        EXPECT_TRUE(scalarsClose(g.where(at + "weight"), e.at("weight").get<double>(), c.weight, kRelative));
        if (c.masked || c.rowFullyMasked) {
            EXPECT_EQ(c.expShifted, 0.0) << g.where(at + "masked: exp shifted must be exactly 0");
            EXPECT_EQ(c.weight, 0.0) << g.where(at + "masked: weight must be exactly 0");
        }
    }
    for (const json& e : g.doc.at("context_explanations")) {
        const int h = e.at("head").get<int>(), i = e.at("query").get<int>();
        const std::string at = "context explanation (head " + std::to_string(h) + ", query " + std::to_string(i) + ") ";
        const attnviz::ContextExplanation c = attnviz::explainContext(t, h, i);
        EXPECT_EQ(c.head, h);
        EXPECT_EQ(c.query, i);
        const VectorXd w = toVector(e.at("weights"));
        const MatrixXd vS = g.vScale.middleCols(h * g.dK, g.dK);
        const MatrixXd termsS = w.cwiseAbs().asDiagonal() * vS;
        const VectorXd contextS = termsS.colwise().sum().transpose();
        EXPECT_TRUE(vectorsClose(g.where(at + "weights"), w, c.weights, kRelative));
        EXPECT_TRUE(matricesClose(g.where(at + "values"), toMatrix(e.at("values")), c.values, kRelative, &vS));
        EXPECT_TRUE(matricesClose(g.where(at + "terms"), toMatrix(e.at("terms")), c.terms, kRelative, &termsS));
        EXPECT_TRUE(
            vectorsClose(g.where(at + "context"), toVector(e.at("context")), c.context, kRelative, &contextS));
        for (int j = 0; j < g.n && j < c.weights.size(); ++j)
            if (!g.isAllowed(i, j)) {
                EXPECT_EQ(c.weights(j), 0.0) << g.where(at + "masked weight " + std::to_string(j));
            }
    }
}

/// The kernel alone, on the golden Q, K, V of each head: in double to the same 1e-12, and in
/// float (inputs rounded to float) to 1e-5 relative plus kFloatAbsolute.
TEST_P(GoldenFile, KernelOnGoldenQKV) {
    const int realTokens = g.doc.at("real_tokens").get<int>();
    const attnviz::AttentionMask mask(g.config.mask, g.n, realTokens);
    for (int h = 0; h < g.heads; ++h) {
        const std::string hs = "kernel head " + std::to_string(h) + " ";
        const MatrixXd q = g.step(h, "q"), k = g.step(h, "k"), v = g.step(h, "v");
        const MatrixXd expectedContext = g.step(h, "context");
        const VectorXd expectedMax = g.rowMax(h), expectedSum = g.rowSum(h);
        const MatrixXd cS = g.contextScale.middleCols(h * g.dK, g.dK);
        const VectorXd maxScale = g.rowMaxScale(h);

        const attnviz::RowMatrix<double> qd = q, kd = k, vd = v;
        const auto rd = attnviz::computeAttention<double>(qd, kd, vd, g.divisor, mask);
        EXPECT_TRUE(matricesClose(g.where(hs + "double context"), expectedContext, MatrixXd(rd.context), kRelative,
                                  &cS));
        EXPECT_TRUE(vectorsClose(g.where(hs + "double row max"), expectedMax, VectorXd(rd.rowMax), kRelative,
                                 &maxScale));
        EXPECT_TRUE(vectorsClose(g.where(hs + "double row sum"), expectedSum, VectorXd(rd.rowSum), kRelative));

        const attnviz::RowMatrix<float> qf = q.cast<float>(), kf = k.cast<float>(), vf = v.cast<float>();
        const auto rf = attnviz::computeAttention<float>(qf, kf, vf, static_cast<float>(g.divisor), mask);
        EXPECT_TRUE(matricesClose(g.where(hs + "float context"), expectedContext, MatrixXd(rf.context.cast<double>()),
                                  kFloatRelative, nullptr, kFloatAbsolute));
        EXPECT_TRUE(matricesClose(g.where(hs + "float row max"), MatrixXd(expectedMax),
                                  MatrixXd(rf.rowMax.cast<double>()), kFloatRelative, nullptr, kFloatAbsolute));
        EXPECT_TRUE(matricesClose(g.where(hs + "float row sum"), MatrixXd(expectedSum),
                                  MatrixXd(rf.rowSum.cast<double>()), kFloatRelative, nullptr, kFloatAbsolute));
        for (int i = 0; i < g.n; ++i)
            if (g.rowFullyMasked(i)) {
                EXPECT_EQ(rf.rowMax(i), -std::numeric_limits<float>::infinity());
                EXPECT_EQ(rf.rowSum(i), 0.0f);
                EXPECT_TRUE((rf.context.row(i).array() == 0.0f).all()) << g.where(hs + "float fully masked row");
                EXPECT_TRUE((rd.context.row(i).array() == 0.0).all()) << g.where(hs + "double fully masked row");
            }
    }
}

INSTANTIATE_TEST_SUITE_P(Golden, GoldenFile, ::testing::ValuesIn(goldenFiles()), attnviz::testing::CaseNameOf());

TEST(GoldenFiles, AreThereAndCoverTheCases) {
    const auto names = goldenFiles();
    EXPECT_GE(names.size(), 20u) << "golden files in " << goldenDir() << " (regenerate with "
                                 << "/usr/bin/python3 tests/reference/attention_reference.py)";
    for (const char* required : {"fr_causal", "fr_no_scaling", "en_4_heads_d16", "fr_window_global",
                                 "chat_custom_fully_masked_row", "n1", "n64_causal", "chat_identity_2_heads",
                                 "chat_pad_to_7", "fr_seed_large"})
        EXPECT_NE(std::find(names.begin(), names.end(), required), names.end()) << required;
}

}  // namespace
