#pragma once
// What the fuzz targets check besides "nothing crashes": a broken property aborts, so libFuzzer
// keeps the input as a finding and the replay test (ReplayMain.cpp) fails on it.
#include <Eigen/Core>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/Errors.h"
#include "core/text/Tokenizer.h"

namespace attnviz::fuzz {

/// The fuzzer's bytes as text.
inline std::string_view bytesOf(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

/// Stops the run, naming the broken property.
[[noreturn]] inline void fail(std::string_view what) {
    std::fprintf(stderr, "fuzz: property broken: %.*s\n", static_cast<int>(what.size()), what.data());
    std::abort();
}

inline void require(bool holds, std::string_view what) {
    if (!holds) fail(what);
}

/// A refusal as every reader must make it: a project error with a code and one non-empty line.
inline void requireOneLineRefusal(const Error& error) {
    const std::string_view text = error.what();
    require(!text.empty(), "a refusal with an empty message");
    require(text.find_first_of("\r\n") == std::string_view::npos, std::string("a refusal on several lines: ") + error.what());
    require(error.code() != ErrorCode::Uncoded, std::string("a core refusal without a code: ") + error.what());
}

/// Runs read(); a project refusal (checked) ends it quietly, any other exception (nlohmann's,
/// the standard library's) is a finding.
template <typename Read>
void onlyProjectRefusals(Read&& read) {
    try {
        read();
    } catch (const Error& error) {
        requireOneLineRefusal(error);
    } catch (const std::exception& error) {
        fail(std::string("not a project error: ") + error.what());
    }
}

/// No NaN anywhere (±∞ can be legitimate: a masked score).
template <typename Matrix>
void requireNoNaN(const Matrix& matrix, std::string_view what) {
    require(!matrix.hasNaN(), std::string("NaN in ") + std::string(what));
}

/// Bit for bit the same (NaN equal to the same NaN, 0 not equal to −0).
template <typename Matrix>
bool bitIdentical(const Matrix& a, const Matrix& b) {
    return a.rows() == b.rows() && a.cols() == b.cols() &&
           (a.size() == 0 ||
            std::memcmp(a.data(), b.data(), static_cast<std::size_t>(a.size()) * sizeof(typename Matrix::Scalar)) == 0);
}

/// Bit for bit the same, except that any NaN equals any NaN (formats that write NaN as "nan").
inline bool sameNumbers(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
    if (a.rows() != b.rows() || a.cols() != b.cols()) return false;
    for (Eigen::Index i = 0; i < a.size(); ++i) {
        const double x = a.data()[i];
        const double y = b.data()[i];
        if (!(std::isnan(x) && std::isnan(y)) && std::memcmp(&x, &y, sizeof x) != 0) return false;
    }
    return true;
}

/// Tokens of `text`: non-empty spans inside it, in order, not overlapping, at most `maxTokens`.
inline void requireSpansInOrder(const std::vector<Token>& tokens, std::string_view text, std::size_t maxTokens) {
    require(!tokens.empty(), "no token and no refusal");
    require(tokens.size() <= maxTokens, "more tokens than the limit");
    std::size_t previousEnd = 0;
    for (const Token& token : tokens) {
        require(token.begin < token.end, "an empty token span");
        require(token.end <= text.size(), "a token span beyond the text");
        require(token.begin >= previousEnd, "token spans out of order or overlapping");
        previousEnd = token.end;
    }
}

}  // namespace attnviz::fuzz
