// Weights JSON: four finite d_model × d_model matrices or a refusal; written back, they read to
// the same bits.
#include "core/formats/WeightsFile.h"
#include "tests/fuzz/FuzzSupport.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace attnviz;
    fuzz::onlyProjectRefusals([&] {
        const Weights weights = readWeightsJson(fuzz::bytesOf(data, size));
        for (const Eigen::MatrixXd* matrix : {&weights.wq, &weights.wk, &weights.wv, &weights.wo}) {
            fuzz::require(matrix->rows() == weights.dModel() && matrix->cols() == weights.dModel(),
                          "a matrix that is not d_model × d_model");
            fuzz::require(matrix->allFinite(), "a weight that is not finite");
        }
        fuzz::require(readWeightsJson(weightsToJson(weights)) == weights, "weights read back differ");
    });
    return 0;
}
