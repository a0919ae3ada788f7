#pragma once
// Fresh memory the size of a whole n × d matrix (16 MiB at n = 65,536, d = 64) costs one page
// fault per 4 KiB the first time it is written: about 15 % of the sliding window's time at that
// size. Linux can back such a buffer with 2 MiB pages instead, one fault per 2 MiB, when asked
// (transparent huge pages in "madvise" mode, the usual default).
#include <cstddef>

namespace attnviz {

/// Asks the system to back the 2 MiB-aligned part of [data, data + bytes) with 2 MiB pages, before
/// anything is written there. A hint: it does nothing for a buffer under 4 MiB, nor outside Linux,
/// and changes no value; memory already written keeps its pages.
void adviseLargePages(void* data, std::size_t bytes);

}  // namespace attnviz
