// Imported attention weights: a .npy (input starting with numpy's magic bytes; its tokens are
// made up to match n) or a JSON file. Accepted weights are layers × heads matrices of n × n,
// each value finite and within [0, 1].
#include "core/formats/ImportedAttention.h"
#include "core/formats/NpyArray.h"
#include "tests/fuzz/FuzzSupport.h"

namespace {

void requireUsable(const attnviz::ImportedWeights& imported) {
    using namespace attnviz;
    fuzz::require(imported.layers > 0 && imported.heads > 0, "no layer or head");
    fuzz::require(imported.weights.size() == static_cast<std::size_t>(imported.layers) * static_cast<std::size_t>(imported.heads),
                  "not one matrix per layer and head");
    const auto n = static_cast<Eigen::Index>(imported.tokens.size());
    for (const Eigen::MatrixXf& matrix : imported.weights) {
        fuzz::require(matrix.rows() == n && matrix.cols() == n, "a matrix that is not n × n");
        fuzz::require(matrix.allFinite() && (matrix.size() == 0 || (matrix.minCoeff() >= 0 && matrix.maxCoeff() <= 1)),
                      "a weight that is not finite or outside [0, 1]");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace attnviz;
    const std::string_view bytes = fuzz::bytesOf(data, size);
    fuzz::onlyProjectRefusals([&] {
        if (bytes.starts_with("\x93NUMPY")) {
            const NpyView view = NpyView::parse(bytes, "fuzz.npy");
            std::vector<std::string> tokens;
            if (!view.shape.empty() && view.shape.back() <= 4096)
                for (std::uint64_t i = 0; i < view.shape.back(); ++i) tokens.push_back(std::to_string(i));
            requireUsable(importNpyAttention(bytes, "fuzz.npy", std::move(tokens), false));
        } else {
            requireUsable(importJsonAttention(bytes, "fuzz.json", false));
        }
    });
    return 0;
}
