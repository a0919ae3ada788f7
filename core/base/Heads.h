#pragma once

namespace attnviz {

/// Head selector value that stands for every head at once: the mean of the heads' weights for
/// the n × n steps, all heads side by side (n × d_model) for Q, K, V and the context. Other
/// selectors are head indices 0 … h−1 as the core and files store them; a person reads and
/// types heads counted from 1 (parseHead).
inline constexpr int kAllHeads = -1;

}  // namespace attnviz
