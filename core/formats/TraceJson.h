#pragma once
#include <Eigen/Core>
#include <atomic>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string_view>
#include <vector>

#include "core/attention/AttentionTrace.h"
#include "core/model/AttentionConfig.h"
#include "core/text/Tokenizer.h"

namespace attnviz {

inline constexpr const char* kTraceFormatName = "attnviz-trace";
inline constexpr int kTraceFormatVersion = 1;

/// Every number of one head, as written in a trace JSON.
struct TraceHead {
    Eigen::MatrixXd q, k, v;                        ///< n × d_k (this head's columns of Q, K, V)
    Eigen::MatrixXd scores, scaled, masked, weights;  ///< n × n (masked cells: −∞ in masked, 0 in weights)
    Eigen::MatrixXd context;                        ///< n × d_k
    Eigen::VectorXd rowMax, rowSum;                 ///< n (rowMax −∞ for a fully masked row)
};

/// A trace JSON read back.
struct TraceDocument {
    int version = kTraceFormatVersion;
    std::vector<Token> tokens;  ///< padding included
    int realTokens = 0;         ///< tokens of the sentence (the rest are "[PAD]")
    AttentionConfig config;
    Eigen::MatrixXd x;               ///< n × d_model
    Eigen::MatrixXd wq, wk, wv, wo;  ///< d_model × d_model
    std::vector<TraceHead> heads;
    Eigen::MatrixXd meanWeights;     ///< n × n
    Eigen::MatrixXd output;          ///< n × d_model
    std::vector<int> fullyMaskedRows;
    /// A trained model's trace: "model", "layer" (1-based in the file, 0-based here),
    /// "token_ids" and "next_tokens" ([{"id", "p", "text"}], most likely first).
    std::optional<ModelOrigin> origin;
};

/// Writes the whole trace as JSON, streaming. A trained model's trace (AttentionTrace::origin)
/// adds "model" (its folder's name), "layer" (counted from 1), "token_ids" and "next_tokens"
/// ([{"id", "p", "text"}], most likely first) after "config"; its "heads" are that layer's. (the n × n matrices are fetched block by block
/// with AttentionTrace::block, so memory stays bounded for large n). Numbers are the shortest
/// text that reads back to the same double; masked cells of "masked" and the −∞ row_max of
/// fully masked rows are null. Throws FormatError if another number is not finite (cannot be
/// JSON), Cancelled when *cancel turns true.
void writeTraceJson(std::ostream& out, const AttentionTrace& trace, const std::atomic<bool>* cancel = nullptr);
/// Same, into a file, atomically (writeFileAtomically: IoError on failure, old file untouched).
void saveTraceJson(const std::filesystem::path& path, const AttentionTrace& trace,
                   const std::atomic<bool>* cancel = nullptr);

/// Parses a trace JSON. Throws FormatError for damaged JSON, another format, a newer version
/// ("trace version 7 is newer than this program understands (1)"), a missing or mistyped field,
/// or matrices of the wrong shape (the message names the field: "trace.heads[1].weights[3]: …").
[[nodiscard]] TraceDocument readTraceJson(std::string_view text);
/// Same, from a file (IoError when it cannot be read).
[[nodiscard]] TraceDocument loadTraceJson(const std::filesystem::path& path);

}  // namespace attnviz
