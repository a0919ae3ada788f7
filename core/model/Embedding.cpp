#include "core/model/Embedding.h"

#include <unicode/locid.h>
#include <unicode/unistr.h>

#include <cmath>

#include "core/base/SeededGenerator.h"

namespace attnviz {

std::string embeddingKey(std::string_view tokenText) {
    icu::UnicodeString text = icu::UnicodeString::fromUTF8(
        icu::StringPiece(tokenText.data(), static_cast<int32_t>(tokenText.size())));
    text.toLower(icu::Locale::getRoot());
    text.findAndReplace(icu::UnicodeString(static_cast<UChar32>(0x2019)), icu::UnicodeString(static_cast<UChar32>(0x27)));
    std::string key;
    text.toUTF8String(key);
    return key;
}

Eigen::VectorXd tokenEmbedding(std::string_view key, std::uint64_t seed, int dModel) {
    std::string tag = "tok:";
    tag += key;
    SeededGenerator generator(seed, tag);
    const double halfWidth = std::sqrt(3.0);  // uniform on [−√3, √3) has variance 1
    Eigen::VectorXd vector(dModel);
    for (int c = 0; c < dModel; ++c) vector[c] = generator.nextSymmetric(halfWidth);
    return vector;
}

Eigen::MatrixXd positionalEncoding(int n, int dModel) {
    Eigen::MatrixXd pe(n, dModel);
    for (int c = 0; c < dModel; ++c) {
        const int pair = c / 2;
        // Written as p / 10000^(2i/d), the README's formula, so another program rounds alike.
        const double wavelength = std::pow(10000.0, 2.0 * pair / dModel);
        for (int p = 0; p < n; ++p) {
            const double angle = p / wavelength;
            pe(p, c) = (c % 2 == 0) ? std::sin(angle) : std::cos(angle);
        }
    }
    return pe;
}

Eigen::MatrixXd buildInput(const std::vector<Token>& tokens, std::uint64_t seed, int dModel, bool withPositions) {
    const int n = static_cast<int>(tokens.size());
    Eigen::MatrixXd x(n, dModel);
    for (int p = 0; p < n; ++p) x.row(p) = tokenEmbedding(embeddingKey(tokens[static_cast<std::size_t>(p)].text), seed, dModel).transpose();
    if (withPositions) x += positionalEncoding(n, dModel);
    return x;
}

}  // namespace attnviz
