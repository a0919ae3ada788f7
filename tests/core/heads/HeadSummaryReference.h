#pragma once
// The numpy side of the head summaries' tests: a stack's weights written as JSON (doubles printed
// to round trip exactly), tests/reference/heads/head_summaries.py run on them at test time, and
// its [layer][head] summaries compared with the C++ ones.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "core/heads/AttentionStack.h"
#include "core/heads/HeadSummary.h"
#include "tests/support/BuildPaths.h"
#include "tests/support/FileBytes.h"
#include "tests/support/ProcessRunner.h"
#include "tests/support/TempFolder.h"
#include "tests/support/TestData.h"

namespace attnviz::testing {

/// The reference script, run with Debian's python (the one with numpy).
inline std::string headSummariesScript() { return testData("reference/heads/head_summaries.py").string(); }

/// Runs the script's arguments; the test fails with its error output when it does not exit 0.
inline ::testing::AssertionResult runHeadSummaries(const std::vector<std::string>& arguments) {
    std::vector<std::string> argv = {attnviz::testing::systemPython(), headSummariesScript()};
    argv.insert(argv.end(), arguments.begin(), arguments.end());
    const RunResult run = runProgram(argv);
    if (run.exitCode == 0) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "head_summaries.py exited " << run.exitCode << ": " << run.err;
}

inline nlohmann::json readJson(const std::string& path) {
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

/// {"attentions": [layer][head][row][column]}: every head of the stack, as weights() gives it.
inline nlohmann::json attentionsJson(const AttentionStack& stack) {
    nlohmann::json layers = nlohmann::json::array();
    for (int layer = 0; layer < stack.layers(); ++layer) {
        nlohmann::json heads = nlohmann::json::array();
        for (int head = 0; head < stack.heads(); ++head) {
            const Eigen::MatrixXd w = stack.weights(layer, head);
            nlohmann::json rows = nlohmann::json::array();
            for (Eigen::Index i = 0; i < w.rows(); ++i) {
                std::vector<double> row(static_cast<std::size_t>(w.cols()));
                for (Eigen::Index j = 0; j < w.cols(); ++j) row[static_cast<std::size_t>(j)] = w(i, j);
                rows.push_back(row);
            }
            heads.push_back(rows);
        }
        layers.push_back(heads);
    }
    return {{"attentions", layers}};
}

/// numpy's summaries of the stack's own weights under a mask: "none", "causal", or an n × n
/// boolean mask (true: masked) written from the masking rule by the test.
inline nlohmann::json numpySummaries(const AttentionStack& stack, const nlohmann::json& mask) {
    const TempFolder folder;
    writeFile(folder.file("weights.json"), attentionsJson(stack).dump());
    std::string maskArgument = mask.is_string() ? mask.get<std::string>() : folder.file("mask.json");
    if (!mask.is_string()) writeFile(maskArgument, mask.dump());
    EXPECT_TRUE(runHeadSummaries({"summarize", folder.file("weights.json"), "-o", folder.file("summaries.json"), "--mask",
                                  maskArgument}));
    return readJson(folder.file("summaries.json"));
}

/// Every head's five measures within tolerance·max(1, |expected|) of numpy's.
inline ::testing::AssertionResult summariesMatch(const std::vector<HeadSummary>& actual, const nlohmann::json& expected,
                                                 int layers, int heads, double tolerance) {
    if (expected.at("layers").get<int>() != layers || expected.at("heads").get<int>() != heads)
        return ::testing::AssertionFailure() << "numpy summarised " << expected.at("layers") << " × "
                                             << expected.at("heads") << " heads, the stack has " << layers << " × "
                                             << heads;
    if (actual.size() != static_cast<std::size_t>(layers * heads))
        return ::testing::AssertionFailure() << actual.size() << " C++ summaries for " << layers * heads << " heads";
    ::testing::AssertionResult result = ::testing::AssertionSuccess();
    int failures = 0;
    for (int layer = 0; layer < layers; ++layer)
        for (int head = 0; head < heads; ++head) {
            const nlohmann::json& e = expected.at("summaries").at(static_cast<std::size_t>(layer)).at(
                static_cast<std::size_t>(head));
            const HeadSummary& a = actual[static_cast<std::size_t>(layer * heads + head)];
            for (int m = 0; m < kHeadMeasureCount; ++m) {
                const auto measure = static_cast<HeadMeasure>(m);
                const double want = e.at(headMeasureName(measure)).get<double>();
                const double got = a.value(measure);
                if (std::abs(want - got) <= tolerance * std::max(1.0, std::abs(want))) continue;
                if (failures++ == 0) result = ::testing::AssertionFailure();
                std::ostringstream line;
                line << std::setprecision(17) << "\nlayer " << layer + 1 << ", head " << head + 1 << ", "
                     << headMeasureName(measure) << ": numpy " << want << ", C++ " << got << " (difference "
                     << std::abs(want - got) << ")";
                result << line.str();
            }
        }
    return result;
}

}  // namespace attnviz::testing
