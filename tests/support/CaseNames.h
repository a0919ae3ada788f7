#pragma once
// Names of parameterised test cases that read well and stay the same from run to run (so that
// `ctest -R` and timing history work): made from what a case is, never from its bytes or index.
#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <type_traits>

namespace attnviz::testing {

/// text as a GoogleTest case name: every character other than a letter, a digit or '_' becomes '_'.
inline std::string caseName(std::string text) {
    for (char& c : text)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return text;
}

/// Name generator, the 4th argument of INSTANTIATE_TEST_SUITE_P: the parameter itself when it is
/// a string, else its `name` member, made a valid case name.
struct CaseNameOf {
    template <typename Param>
    std::string operator()(const ::testing::TestParamInfo<Param>& info) const {
        if constexpr (std::is_convertible_v<const Param&, std::string>)
            return caseName(info.param);
        else
            return caseName(info.param.name);
    }
};

}  // namespace attnviz::testing
