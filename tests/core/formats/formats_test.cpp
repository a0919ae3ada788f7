// Matrix CSV and trace JSON: exact round trips (bit-identical doubles), quoting, masked cells,
// and damaged input refused with a message that says where.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "core/attention/AttentionTrace.h"
#include "core/base/Errors.h"
#include "core/formats/MatrixCsv.h"
#include "core/formats/TraceJson.h"
#include "tests/support/BitIdentical.h"
#include "tests/support/MessageOf.h"
#include "tests/support/TempFolder.h"

using namespace attnviz;
using attnviz::testing::bitIdentical;
using attnviz::testing::messageOf;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// ---------------------------------------------------------------------------------------------
// CSV

TEST(MatrixCsv, WritesTheDocumentedText) {
    CsvMatrix m;
    m.corner = "weights (head 1)";
    m.rowLabels = tokenLabels({{",", 0, 1}, {"a\"b", 2, 5}});
    m.columnLabels = dimensionLabels(2, 4);
    m.values.resize(2, 2);
    m.values << 0.1, -0.0, 1e-300, -kInf;
    EXPECT_EQ(m.rowLabels, (std::vector<std::string>{"0:,", "1:a\"b"}));
    EXPECT_EQ(m.columnLabels, (std::vector<std::string>{"d4", "d5"}));
    EXPECT_EQ(matrixCsv(m),
              "weights (head 1),d4,d5\r\n"
              "\"0:,\",0.1,-0\r\n"
              "\"1:a\"\"b\",1e-300,-inf\r\n");
}

TEST(MatrixCsv, RoundTripIsExactWithAwkwardLabelsAndValues) {
    CsvMatrix m;
    m.corner = "query\\key, \"all\"";
    m.rowLabels = tokenLabels({{",", 0, 1}, {"\"", 1, 2}, {"a\"b", 2, 5}, {"line\nbreak", 5, 15}, {"cr\r\nlf", 15, 21}});
    m.columnLabels = {"plain", "with,comma", "with \"quotes\"", "new\nline", ""};
    m.values.resize(5, 5);
    m.values << 0.1, 1.0 / 3.0, -0.0, 5e-324, std::numeric_limits<double>::max(),  //
        -kInf, kInf, 2.2250738585072014e-308, 1e23, -1.0,                           //
        0.30000000000000004, 123456789012345678.0, std::nextafter(1.0, 0.0), 0, 42,  //
        1e-7, -2.5, 6.02214076e23, 9007199254740993.0, 0.5,                          //
        std::numeric_limits<double>::quiet_NaN(), 1, 2, 3, 4;
    const CsvMatrix back = readMatrixCsv(matrixCsv(m));
    EXPECT_EQ(back.corner, m.corner);
    EXPECT_EQ(back.rowLabels, m.rowLabels);
    EXPECT_EQ(back.columnLabels, m.columnLabels);
    ASSERT_EQ(back.values.rows(), 5);
    ASSERT_EQ(back.values.cols(), 5);
    for (Eigen::Index r = 0; r < 5; ++r)
        for (Eigen::Index c = 0; c < 5; ++c) {
            if (std::isnan(m.values(r, c))) {
                EXPECT_TRUE(std::isnan(back.values(r, c)));
            } else {
                EXPECT_TRUE(bitIdentical(back.values(r, c), m.values(r, c))) << r << ", " << c;
            }
        }
}

// Issue 14, case 10: two files the writer used to write so that they read back otherwise.
TEST(MatrixCsv, OnlyAnEmptyQuotedFieldReadsBackAsWritten) {
    const CsvMatrix empty = readMatrixCsv("\"\"");  // an empty corner, no column, no row
    EXPECT_EQ(empty.corner, "");
    EXPECT_TRUE(empty.columnLabels.empty());
    EXPECT_TRUE(empty.rowLabels.empty());
    EXPECT_EQ(matrixCsv(empty), "\"\"\r\n");  // not a blank line: that would be an empty file

    CsvMatrix labelsOnly;  // rows with an empty label and no column stay rows
    labelsOnly.rowLabels = {"", "b", ""};
    labelsOnly.values.resize(3, 0);
    const CsvMatrix back = readMatrixCsv(matrixCsv(labelsOnly));
    EXPECT_EQ(back.corner, "");
    EXPECT_EQ(back.rowLabels, labelsOnly.rowLabels);
    EXPECT_EQ(back.values.rows(), 3);
    EXPECT_EQ(back.values.cols(), 0);
}

TEST(MatrixCsv, CellsStartingWithAByteOrderMarkReadBackAsWritten) {
    // The reader drops a byte order mark that starts the file; one that starts the corner cell
    // is part of the cell, so the writer quotes it (any cell starting with one, to keep it simple).
    CsvMatrix m;
    m.corner = "\xEF\xBB\xBF" "corner";
    m.rowLabels = {"\xEF\xBB\xBF" "row"};
    m.columnLabels = {"\xEF\xBB\xBF"};
    m.values = Eigen::MatrixXd::Constant(1, 1, 0.25);
    const std::string written = matrixCsv(m);
    EXPECT_EQ(written, "\"\xEF\xBB\xBF" "corner\",\"\xEF\xBB\xBF\"\r\n\"\xEF\xBB\xBF" "row\",0.25\r\n");
    const CsvMatrix back = readMatrixCsv(written);
    EXPECT_EQ(back.corner, m.corner);
    EXPECT_EQ(back.rowLabels, m.rowLabels);
    EXPECT_EQ(back.columnLabels, m.columnLabels);
    EXPECT_TRUE(bitIdentical(back.values, m.values));
    // A file that starts with a byte order mark and then such a cell: one mark is dropped, one kept.
    EXPECT_EQ(readMatrixCsv("\xEF\xBB\xBF" + written).corner, m.corner);
}

TEST(MatrixCsv, ReaderAcceptsLineFeedsBomQuotedNumbersAndSpaces) {
    const CsvMatrix m = readMatrixCsv("\xEF\xBB\xBF" "c,\"x\ny\",b\n0:a,\"1.5\", -2 \n\"1:\"\"q\"\"\",inf,-inf");
    EXPECT_EQ(m.corner, "c");
    EXPECT_EQ(m.columnLabels, (std::vector<std::string>{"x\ny", "b"}));
    EXPECT_EQ(m.rowLabels, (std::vector<std::string>{"0:a", "1:\"q\""}));
    Eigen::MatrixXd expected(2, 2);
    expected << 1.5, -2, kInf, -kInf;
    EXPECT_TRUE(bitIdentical(m.values, expected));

    const CsvMatrix empty = readMatrixCsv("corner,d0,d1\r\n\r\n");
    EXPECT_EQ(empty.values.rows(), 0);
    EXPECT_EQ(empty.values.cols(), 2);
}

TEST(MatrixCsv, DamagedInputIsRefusedWithRowAndColumn) {
    EXPECT_EQ(messageOf<FormatError>([] { (void)readMatrixCsv(""); }), "the CSV is empty");
    EXPECT_EQ(messageOf<FormatError>([] { (void)readMatrixCsv("c,d0,d1\r\n0:a,1,2\r\n1:b,3\r\n"); }),
              "CSV row 3: has 2 fields, expected 3 like row 1");
    EXPECT_EQ(messageOf<FormatError>([] { (void)readMatrixCsv("c,d0,d1\r\n0:a,1,abc\r\n"); }),
              "CSV row 2, column 3: \"abc\" is not a number");
    EXPECT_EQ(messageOf<FormatError>([] { (void)readMatrixCsv("c,d0\r\n0:a,\r\n"); }),
              "CSV row 2, column 2: empty cell, expected a number");
    EXPECT_EQ(messageOf<FormatError>([] { (void)readMatrixCsv("c,d0\r\n\"0:a,1\r\n"); }),
              "CSV row 2, column 1: a quoted field is never closed");
    EXPECT_EQ(messageOf<FormatError>([] { (void)readMatrixCsv("c,d0\r\n\"0:a\"x,1\r\n"); }),
              "CSV row 2, column 1: unexpected character after a closing quote");
    EXPECT_EQ(messageOf<FormatError>([] { (void)readMatrixCsv("c,d0\r\n0:a,1\"2\r\n"); }),
              "CSV row 2, column 2: a quote inside an unquoted field");
    EXPECT_EQ(messageOf<FormatError>([] { (void)readMatrixCsv("c,d0\r\n0:a,1e999\r\n"); }),
              "CSV row 2, column 2: \"1e999\" is out of the range of a double");
    EXPECT_EQ(messageOf<FormatError>([] { (void)readMatrixCsv("c,d0\r\n\r\n0:a,1\r\n"); }),
              "CSV row 2: has 1 fields, expected 2 like row 1");
}

// ---------------------------------------------------------------------------------------------
// A small trace with every kind of cell: causal mask, a custom-masked cell that leaves row 0
// fully masked, two heads, awkward token texts.

std::vector<Token> awkwardTokens() {
    return {{"The", 0, 3}, {"\"q\"", 4, 7}, {"a,b", 8, 11}, {"line\nbreak", 12, 22}};
}

AttentionConfig smallConfig() {
    AttentionConfig config;
    config.dModel = 4;
    config.heads = 2;
    config.seed = 18446744073709551615ULL;
    config.mask.causal = true;
    config.mask.customMasked = {{0, 0}, {2, 1}};
    return config;
}

void expectDocumentMatchesTrace(const TraceDocument& doc, const AttentionTrace& trace) {
    EXPECT_EQ(doc.version, 1);
    EXPECT_EQ(doc.tokens, trace.tokens());
    EXPECT_EQ(doc.realTokens, trace.realTokenCount());
    EXPECT_TRUE(doc.config == trace.config());
    EXPECT_EQ(doc.config.seed, trace.config().seed);
    EXPECT_TRUE(bitIdentical(doc.x, trace.x()));
    EXPECT_TRUE(bitIdentical(doc.wq, trace.projections().wq));
    EXPECT_TRUE(bitIdentical(doc.wk, trace.projections().wk));
    EXPECT_TRUE(bitIdentical(doc.wv, trace.projections().wv));
    EXPECT_TRUE(bitIdentical(doc.wo, trace.projections().wo));
    ASSERT_EQ(static_cast<int>(doc.heads.size()), trace.heads());
    const int n = trace.size();
    const int dK = trace.dK();
    for (int h = 0; h < trace.heads(); ++h) {
        SCOPED_TRACE("head " + std::to_string(h));
        const TraceHead& head = doc.heads[static_cast<std::size_t>(h)];
        EXPECT_TRUE(bitIdentical(head.q, trace.q().middleCols(h * dK, dK)));
        EXPECT_TRUE(bitIdentical(head.k, trace.k().middleCols(h * dK, dK)));
        EXPECT_TRUE(bitIdentical(head.v, trace.v().middleCols(h * dK, dK)));
        EXPECT_TRUE(bitIdentical(head.scores, trace.matrix(Step::Scores, h)));
        EXPECT_TRUE(bitIdentical(head.scaled, trace.matrix(Step::Scaled, h)));
        EXPECT_TRUE(bitIdentical(head.masked, trace.matrix(Step::Masked, h)));
        EXPECT_TRUE(bitIdentical(head.weights, trace.matrix(Step::Weights, h)));
        EXPECT_TRUE(bitIdentical(head.context, trace.context().middleCols(h * dK, dK)));
        for (int i = 0; i < n; ++i) {
            EXPECT_TRUE(bitIdentical(head.rowMax(i), trace.rowMax(h, i))) << i;
            EXPECT_TRUE(bitIdentical(head.rowSum(i), trace.rowSum(h, i))) << i;
        }
    }
    EXPECT_TRUE(bitIdentical(doc.meanWeights, trace.matrix(Step::Weights, kAllHeads)));
    EXPECT_TRUE(bitIdentical(doc.output, trace.output()));
}

std::string traceJson(const AttentionTrace& trace) {
    std::ostringstream out;
    writeTraceJson(out, trace);
    return std::move(out).str();
}

TEST(TraceJson, RoundTripIsBitIdenticalWithNullsWhereMasked) {
    const AttentionTrace trace = AttentionTrace::fromTokens(awkwardTokens(), smallConfig());
    ASSERT_TRUE(trace.rowFullyMasked(0));  // causal leaves only (0, 0), which is custom-masked
    const std::string text = traceJson(trace);
    const TraceDocument doc = readTraceJson(text);
    expectDocumentMatchesTrace(doc, trace);
    EXPECT_EQ(doc.fullyMaskedRows, std::vector<int>{0});
    for (const TraceHead& head : doc.heads) {
        EXPECT_EQ(head.rowMax(0), -kInf);
        EXPECT_EQ(head.rowSum(0), 0.0);
        EXPECT_EQ(head.masked(1, 2), -kInf);
        EXPECT_EQ(head.masked(2, 1), -kInf);
        EXPECT_EQ(head.weights(2, 1), 0.0);
    }

    // The text itself: the documented keys, null exactly where the mask hides a cell.
    const nlohmann::json json = nlohmann::json::parse(text);
    EXPECT_EQ(json["format"], "attnviz-trace");
    EXPECT_EQ(json["version"], 1);
    EXPECT_EQ(json["n"], 4);
    EXPECT_EQ(json["d_model"], 4);
    EXPECT_EQ(json["d_k"], 2);
    EXPECT_EQ(json["tokens"][3]["text"], "line\nbreak");
    EXPECT_EQ(json["tokens"][3]["begin"], 12);
    EXPECT_EQ(json["config"]["seed"].dump(), "18446744073709551615");
    const bool hidden[4][4] = {{true, true, true, true},
                               {false, false, true, true},
                               {false, true, false, true},
                               {false, false, false, false}};
    for (const auto& head : json["heads"]) {
        for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 4; ++j) {
                EXPECT_EQ(head["masked"][i][j].is_null(), hidden[i][j]) << i << ", " << j;
                EXPECT_TRUE(head["scores"][i][j].is_number_float());
                EXPECT_TRUE(head["weights"][i][j].is_number_float());
                if (hidden[i][j]) {
                    EXPECT_EQ(head["weights"][i][j].dump(), "0.0");
                }
            }
        EXPECT_TRUE(head["row_max"][0].is_null());
        EXPECT_TRUE(head["row_max"][1].is_number_float());
        EXPECT_EQ(head["row_sum"][0].dump(), "0.0");
    }
    EXPECT_EQ(json["fully_masked_rows"], nlohmann::json::array({0}));
}

TEST(TraceJson, NumbersAreShortestExactTextAndNegativeZeroSurvives) {
    AttentionConfig config;
    config.dModel = 2;
    config.heads = 1;
    config.positionalEncoding = false;
    config.preset = ProjectionPreset::Supplied;
    config.supplied = {Eigen::MatrixXd{{1.0, -0.0}, {0.1, 5e-324}}, Eigen::MatrixXd{{1.0, 0.0}, {0.0, 1.0}},
                       Eigen::MatrixXd{{1.0, 0.0}, {0.0, 1.0}}, Eigen::MatrixXd{{1e300, -2.5}, {1.0 / 3.0, 100.0}}};
    const AttentionTrace trace = AttentionTrace::fromTokens({{"x", 0, 1}}, config);
    const std::string text = traceJson(trace);
    EXPECT_NE(text.find("  \"W_Q\": [\n    [1.0,-0.0],\n    [0.1,5e-324]\n  ],\n"), std::string::npos) << text;
    EXPECT_NE(text.find("  \"W_O\": [\n    [1e+300,-2.5],\n    [0.3333333333333333,100.0]\n  ],\n"),
              std::string::npos);
    const TraceDocument doc = readTraceJson(text);
    EXPECT_TRUE(std::signbit(doc.wq(0, 1)));
    EXPECT_TRUE(std::signbit(doc.config.supplied.wq()(0, 1)));
    expectDocumentMatchesTrace(doc, trace);
}

TEST(TraceJson, LargeTraceIsWrittenBlockByBlockAndStillExact) {
    // 2^18 / 520 = 504 rows per block: the n × n matrices are written in two blocks.
    std::vector<Token> tokens;
    std::size_t offset = 0;
    for (int i = 0; i < 520; ++i) {
        std::string word(1, 'w');
        word += std::to_string(i % 37);
        tokens.push_back({word, offset, offset + word.size()});
        offset += word.size() + 1;
    }
    AttentionConfig config;
    config.dModel = 4;
    config.mask.window = 3;
    const AttentionTrace trace = AttentionTrace::fromTokens(tokens, config);
    const TraceDocument doc = readTraceJson(traceJson(trace));
    expectDocumentMatchesTrace(doc, trace);
    EXPECT_EQ(doc.heads[0].masked(503, 506), -kInf);
    EXPECT_EQ(doc.heads[0].masked(505, 506), trace.block(Step::Masked, 0, 505, 506, 1, 1)(0, 0));
}

TEST(TraceJson, SavedFileLoadsBack) {
    const attnviz::testing::TempFolder folder;
    const std::filesystem::path& dir = folder.path();
    const AttentionTrace trace = AttentionTrace::fromTokens(awkwardTokens(), smallConfig());
    saveTraceJson(dir / "trace.json", trace);
    expectDocumentMatchesTrace(loadTraceJson(dir / "trace.json"), trace);
}

TEST(TraceJson, DamagedOrForeignJsonIsRefusedWithAMessage) {
    const AttentionTrace trace = AttentionTrace::fromTokens(awkwardTokens(), smallConfig());
    const std::string text = traceJson(trace);
    const auto refused = [](const std::string& damaged) { return messageOf<FormatError>([&] { (void)readTraceJson(damaged); }); };
    const auto edited = [&](const auto& edit) {
        nlohmann::json json = nlohmann::json::parse(text);
        edit(json);
        return json.dump();
    };

    EXPECT_EQ(refused(text.substr(0, text.size() / 2)).rfind("damaged trace JSON: parse error at line ", 0), 0u);
    EXPECT_EQ(refused(" \n"), "damaged trace JSON: the text is empty");
    EXPECT_EQ(refused("{\"format\": \"attnviz-trace\",}"),
              "damaged trace JSON: parse error at line 1, column 28: syntax error while parsing object key - "
              "unexpected '}'; expected string literal");
    EXPECT_EQ(refused(edited([](nlohmann::json& j) { j["version"] = 7; })),
              "trace version 7 is newer than this program understands (1)");
    EXPECT_EQ(refused(edited([](nlohmann::json& j) { j["version"] = 0; })), "trace version 0 is not a valid version");
    EXPECT_EQ(refused(edited([](nlohmann::json& j) { j["format"] = "attnviz-session"; })),
              "not an AttnViz trace: format is \"attnviz-session\", expected \"attnviz-trace\"");
    EXPECT_EQ(refused("{\"X\": []}"), "not an AttnViz trace: the field \"format\" is missing");
    EXPECT_EQ(refused("[1, 2]"), "not an AttnViz trace: expected a JSON object (got an array)");
    EXPECT_EQ(refused(edited([](nlohmann::json& j) { j.erase("output"); })),
              "trace: the field \"output\" is missing");
    EXPECT_EQ(refused(edited([](nlohmann::json& j) { j["heads"][1]["weights"].erase(3); })),
              "trace.heads[1].weights: is 3 × 4, expected 4 × 4");
    EXPECT_EQ(refused(edited([](nlohmann::json& j) { j["heads"][0]["weights"][1][0] = nullptr; })),
              "trace.heads[0].weights[1][0]: expected a number (got null)");
    EXPECT_EQ(refused(edited([](nlohmann::json& j) { j["heads"][0]["row_sum"][0] = nullptr; })),
              "trace.heads[0].row_sum[0]: expected a number (got null)");
    EXPECT_EQ(refused(edited([](nlohmann::json& j) { j["heads"].erase(1); })),
              "trace.heads: has 1 entries, expected 2 (config.heads)");
    EXPECT_EQ(refused(edited([](nlohmann::json& j) { j["tokens"][1]["text"] = 5; })),
              "trace.tokens[1].text: expected a string (got an integer)");
    EXPECT_EQ(refused(edited([](nlohmann::json& j) { j["config"]["temperature"] = "warm"; })),
              "trace.config.temperature: expected a number (got a string)");
    EXPECT_EQ(refused(edited([](nlohmann::json& j) { j["n"] = 5; })),
              "trace.n: is 5 but the rest of the trace says 4");
    EXPECT_EQ(refused(edited([](nlohmann::json& j) { j["fully_masked_rows"] = {9}; })),
              "trace.fully_masked_rows[0]: row 9 does not exist");
}

TEST(TraceCsv, StepCsvHasTokenLabelsAndMinusInfWhereMasked) {
    const AttentionTrace trace = AttentionTrace::fromTokens(awkwardTokens(), smallConfig());
    std::ostringstream out;
    writeStepCsv(out, trace, Step::Masked, 1);
    const std::string text = out.str();
    EXPECT_EQ(text.substr(0, text.find("\r\n")),
              "masked (head 2),0:The,\"1:\"\"q\"\"\",\"2:a,b\",\"3:line\nbreak\"");
    EXPECT_EQ(text.substr(text.find("\r\n") + 2, 28), "0:The,-inf,-inf,-inf,-inf\r\n\"");
    const CsvMatrix back = readMatrixCsv(text);
    EXPECT_EQ(back.rowLabels, (std::vector<std::string>{"0:The", "1:\"q\"", "2:a,b", "3:line\nbreak"}));
    EXPECT_EQ(back.columnLabels, back.rowLabels);
    EXPECT_TRUE(bitIdentical(back.values, trace.matrix(Step::Masked, 1)));

    std::ostringstream q;
    writeStepCsv(q, trace, Step::Q, 1);
    const CsvMatrix qBack = readMatrixCsv(q.str());
    EXPECT_EQ(qBack.corner, "q (head 2)") << "head index 1 is the second head";
    EXPECT_EQ(qBack.columnLabels, (std::vector<std::string>{"d2", "d3"}));
    EXPECT_TRUE(bitIdentical(qBack.values, trace.q().middleCols(2, 2)));

    std::ostringstream mean;
    writeStepCsv(mean, trace, Step::Weights, kAllHeads);
    const CsvMatrix meanBack = readMatrixCsv(mean.str());
    EXPECT_EQ(meanBack.corner, "weights (mean of heads)");
    EXPECT_TRUE(bitIdentical(meanBack.values, trace.matrix(Step::Weights, kAllHeads)));
}

}  // namespace
