#include "ui/jobs/JobPool.h"

#include <QThread>
#include <QThreadPool>

#include <algorithm>

namespace attnviz::ui {

QThreadPool& jobPool() {
    static QThreadPool* pool = [] {
        // Never destroyed: a static pool would be torn down after QCoreApplication, and every
        // LatestJob already waits for its own work in its destructor.
        // Twice the cores, at least 4: a long job (a cost sweep, a 1 GiB weights file) holds its
        // thread for seconds or minutes, and a short one (the heatmap of the next keystroke)
        // must not wait behind it for a free thread; the system shares the cores between them.
        auto* made = new QThreadPool;
        made->setMaxThreadCount(std::max(4, 2 * QThread::idealThreadCount()));
        return made;
    }();
    return *pool;
}

}  // namespace attnviz::ui
