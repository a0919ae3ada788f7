// Trace JSON: a document whose every matrix is free of NaN (−∞ only where the format writes
// null: masked cells and a fully masked row's maximum), with shapes that agree, or a refusal.
// (The writer takes a computed trace: the pipeline target checks that round trip.)
#include "core/formats/TraceJson.h"
#include "tests/fuzz/FuzzSupport.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace attnviz;
    fuzz::onlyProjectRefusals([&] {
        const TraceDocument trace = readTraceJson(fuzz::bytesOf(data, size));
        const auto n = static_cast<Eigen::Index>(trace.tokens.size());
        fuzz::require(trace.realTokens >= 0 && trace.realTokens <= n, "more real tokens than tokens");
        fuzz::require(trace.x.rows() == n && trace.output.rows() == n, "X or output without a row per token");
        for (const Eigen::MatrixXd* matrix : {&trace.x, &trace.wq, &trace.wk, &trace.wv, &trace.wo, &trace.meanWeights,
                                              &trace.output})
            fuzz::requireNoNaN(*matrix, "a trace's matrix");
        for (const TraceHead& head : trace.heads) {
            for (const Eigen::MatrixXd* matrix : {&head.q, &head.k, &head.v, &head.scores, &head.scaled, &head.masked,
                                                  &head.weights, &head.context})
                fuzz::requireNoNaN(*matrix, "a head's matrix");
            fuzz::require(head.weights.rows() == n && head.weights.cols() == n, "weights that are not n × n");
            fuzz::requireNoNaN(head.rowMax, "row_max");
            fuzz::requireNoNaN(head.rowSum, "row_sum");
        }
    });
    return 0;
}
