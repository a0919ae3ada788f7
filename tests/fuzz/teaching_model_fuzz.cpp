// A teaching model's files: model.json, then each lexicon after a NUL byte as "<language>\n<TSV>"
// (the seeds are resources/teaching). A model is made with finite projections, or refused.
#include "core/model/TeachingModel.h"
#include "tests/fuzz/FuzzSupport.h"

#include <utility>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace attnviz;
    const std::string_view input = fuzz::bytesOf(data, size);
    std::vector<std::string_view> parts;
    for (std::size_t start = 0;;) {
        const std::size_t end = input.find('\0', start);
        parts.push_back(input.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
    std::vector<std::pair<std::string, std::string>> lexicons;
    for (std::size_t i = 1; i < parts.size(); ++i) {
        const std::size_t newline = parts[i].find('\n');
        if (newline == std::string_view::npos) continue;
        lexicons.emplace_back(std::string(parts[i].substr(0, newline)), std::string(parts[i].substr(newline + 1)));
    }
    fuzz::onlyProjectRefusals([&] {
        const TeachingModel model = TeachingModel::fromText(parts.front(), lexicons);
        const Projections& projections = model.projections();
        for (const Eigen::MatrixXd* matrix : {&projections.wq, &projections.wk, &projections.wv, &projections.wo})
            fuzz::require(matrix->allFinite(), "a teaching model's projection that is not finite");
        fuzz::require(TeachingModel::fromJson(model.sourceJson(), lexicons).sameSource(model),
                      "a teaching model read again from its JSON differs");
    });
    return 0;
}
