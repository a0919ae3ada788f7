#include "core/gpt2/Gpt2Trace.h"

#include <cmath>
#include <string>

#include "core/base/Errors.h"

namespace attnviz::gpt2 {

int Gpt2Trace::headSize() const {
    return heads > 0 && !layers.empty() ? static_cast<int>(layers.front().queries.cols()) / heads : 0;
}

double Gpt2Trace::weight(int layer, int head, int query, int key) const {
    if (layer < 0 || layer >= static_cast<int>(layers.size()))
        throw ConfigError(ErrorCode::NoSuchLayer, {std::to_string(layer + 1), std::to_string(layers.size())});
    if (head < 0 || head >= heads)
        throw ConfigError(ErrorCode::NoSuchHead, {std::to_string(head + 1), std::to_string(heads)});
    const int n = tokenCount();
    if (query < 0 || query >= n || key < 0 || key >= n)
        throw ConfigError(ErrorCode::CellOutside, {std::to_string(query), std::to_string(key), std::to_string(n)});
    if (key > query) return 0;
    const Gpt2LayerTrace& trace = layers[static_cast<std::size_t>(layer)];
    const int size = headSize();
    double score = 0;
    for (int m = head * size; m < (head + 1) * size; ++m)
        score += static_cast<double>(trace.queries(query, m)) * static_cast<double>(trace.keys(key, m));
    score /= std::sqrt(static_cast<double>(size));
    return std::exp(score - static_cast<double>(trace.rowMax(head, query))) / static_cast<double>(trace.rowSum(head, query));
}

}  // namespace attnviz::gpt2
