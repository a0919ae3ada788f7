// The whole pipeline with small settings: sentence → tokens → attention trace → trace JSON and
// CSV. The first two bytes choose the settings, the rest is the sentence. Properties: spans
// inside the sentence and in order; no NaN in any step; each row's weights sum to 1 (0 for a
// fully masked row); the trace JSON and the weights' CSV read back to the same bits.
// Temperatures run from the subnormal 2^-1074 to 1.7e308: those below the configuration's minimum
// must be refused as the project's errors, the others must give finite numbers or be refused.
#include "core/attention/AttentionTrace.h"
#include "core/formats/MatrixCsv.h"
#include "core/formats/TraceJson.h"
#include "tests/fuzz/FuzzSupport.h"

#include <cmath>
#include <sstream>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace attnviz;
    if (size < 2) return 0;
    const unsigned settings = data[0] | static_cast<unsigned>(data[1]) << 8;
    const std::string_view sentence = fuzz::bytesOf(data + 2, size - 2);
    constexpr std::size_t kMaxTokens = 48;

    AttentionConfig config;
    constexpr int kDModels[] = {4, 8, 12, 16};
    constexpr int kHeads[] = {1, 2, 4, 1};
    config.dModel = kDModels[settings & 3];
    config.heads = kHeads[settings >> 2 & 3];
    config.mask.causal = (settings >> 4 & 1) != 0;
    config.scaleBySqrtDk = (settings >> 5 & 1) != 0;
    config.positionalEncoding = (settings >> 6 & 1) != 0;
    config.preset = (settings >> 7 & 1) != 0 ? ProjectionPreset::Identity : ProjectionPreset::Random;
    config.mask.window = static_cast<int>(settings >> 8 & 3);             // 0 (off) to 3
    config.mask.padTo = (settings >> 10 & 1) != 0 ? 12 : 0;
    // The last 5 bits pick a temperature: the extremes a session or --temperature could hold, the
    // configuration's minimum's neighbourhood (0.001), and the powers of two a teacher would use.
    constexpr double kTemperatures[] = {0x1p-1074, 1e-310, 1e-30, 1e-4, 0.00099, 0.001, 0.0011, 0.01,
                                        0x1p-6,    0x1p-5, 0x1p-4, 0x1p-3, 0x1p-2,  0x1p-1, 0.7,    1,
                                        1.5,       2,      3,      4,      8,       16,     100,    1e3,
                                        1e6,       1e30,   1e100,  1e200,  1e300,   1e307,  1e308,  1.7e308};
    config.temperature = kTemperatures[settings >> 11 & 31];
    config.seed = settings;
    config.maxTokens = kMaxTokens;

    fuzz::onlyProjectRefusals([&] {
        const AttentionTrace trace = AttentionTrace::compute(sentence, config);
        const std::vector<Token> real(trace.tokens().begin(), trace.tokens().begin() + trace.realTokenCount());
        fuzz::requireSpansInOrder(real, sentence, kMaxTokens);
        const int heads = trace.heads();
        for (int s = 0; s < kStepCount; ++s)
            for (int head = 0; head < heads; ++head)
                fuzz::requireNoNaN(trace.matrix(static_cast<Step>(s), head), stepName(static_cast<Step>(s)));
        for (int head = 0; head < heads; ++head) {
            const Eigen::MatrixXd weights = trace.matrix(Step::Weights, head);
            for (int row = 0; row < trace.size(); ++row) {
                const double expected = trace.rowFullyMasked(row) ? 0.0 : 1.0;
                fuzz::require(std::abs(weights.row(row).sum() - expected) < 1e-9, "a row of weights that does not sum to 1");
            }
        }

        std::ostringstream json;
        writeTraceJson(json, trace);
        const TraceDocument read = readTraceJson(json.str());
        fuzz::require(read.tokens == trace.tokens(), "tokens read back from the trace JSON differ");
        fuzz::require(static_cast<int>(read.heads.size()) == heads, "heads read back differ");
        for (int head = 0; head < heads; ++head)
            fuzz::require(fuzz::bitIdentical(read.heads[static_cast<std::size_t>(head)].weights,
                                             trace.matrix(Step::Weights, head)),
                          "weights read back from the trace JSON differ");
        fuzz::require(fuzz::bitIdentical(read.output, trace.output()), "output read back from the trace JSON differs");

        std::ostringstream csv;
        writeStepCsv(csv, trace, Step::Weights, 0);
        fuzz::require(fuzz::bitIdentical(readMatrixCsv(csv.str()).values, trace.matrix(Step::Weights, 0)),
                      "weights read back from CSV differ");
    });
    return 0;
}
