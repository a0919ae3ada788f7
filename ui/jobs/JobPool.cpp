#include "ui/jobs/JobPool.h"

#include <QThread>
#include <QThreadPool>

#include <algorithm>

namespace attnviz::ui {

QThreadPool& jobPool() {
    static QThreadPool* pool = [] {
        // Never destroyed: a static pool would be torn down after QCoreApplication, and every
        // LatestJob already waits for its own work in its destructor.
        auto* made = new QThreadPool;
        made->setMaxThreadCount(std::max(1, QThread::idealThreadCount()));
        return made;
    }();
    return *pool;
}

}  // namespace attnviz::ui
