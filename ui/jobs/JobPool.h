#pragma once
class QThreadPool;

namespace attnviz::ui {

/// The one pool that runs the window's work off the GUI thread (LatestJob): one thread per core,
/// so that loading a file and computing share the machine instead of oversubscribing it.
[[nodiscard]] QThreadPool& jobPool();

}  // namespace attnviz::ui
