#pragma once
class QThreadPool;

namespace attnviz::ui {

/// The one pool that runs the window's work off the GUI thread (LatestJob): twice as many
/// threads as cores (at least 4), so that a long job never keeps a short one waiting for a thread.
[[nodiscard]] QThreadPool& jobPool();

}  // namespace attnviz::ui
