#pragma once
// The message of an expected refusal, for comparing with the exact text a user would read.
#include <string>

namespace attnviz::testing {

/// The what() of the E that action throws, or a text that names no refusal when it throws
/// none (so that a comparison with the expected message fails and shows it). Other exceptions
/// pass through and fail the test.
template <typename E, typename F>
std::string messageOf(F&& action) {
    try {
        action();
    } catch (const E& error) {
        return error.what();
    }
    return "(no exception of the expected type)";
}

}  // namespace attnviz::testing
