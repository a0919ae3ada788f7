// DropRouter, the window's one drop handler: a drag is accepted only when a route finds its thing
// in it, the drop goes to the first such route (in the order added) with what it found, and a
// drop no route takes is left alone.
#include <QApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QUrl>
#include <QWidget>

#include <gtest/gtest.h>

#include "ui/shell/DropRouter.h"

namespace {

using attnviz::ui::DropRouter;

/// The first local file of the drag whose name ends with suffix.
DropRouter::Pick endingWith(const QString& suffix) {
    return [suffix](const QMimeData* mime) {
        for (const QUrl& url : mime->urls())
            if (url.isLocalFile() && url.toLocalFile().endsWith(suffix)) return url.toLocalFile();
        return QString();
    };
}

struct Dropped {
    QWidget window;
    DropRouter router{&window};
    QStringList sessions, weights;
    Dropped() {
        router.addRoute(endingWith(QStringLiteral(".attnviz")), [this](const QString& path) { sessions << path; });
        router.addRoute(endingWith(QStringLiteral(".npy")), [this](const QString& path) { weights << path; });
    }
    /// Drags then drops urls on the window; whether the drag and the drop were accepted.
    std::pair<bool, bool> drop(const QList<QUrl>& urls) {
        QMimeData mime;
        mime.setUrls(urls);
        QDragEnterEvent enter(QPoint(5, 5), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        enter.setAccepted(false);
        QApplication::sendEvent(&window, &enter);
        QDropEvent dropped(QPointF(5, 5), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        dropped.setAccepted(false);
        QApplication::sendEvent(&window, &dropped);
        return {enter.isAccepted(), dropped.isAccepted()};
    }
};

TEST(DropRouter, EachDropGoesToTheRouteThatFindsItsThing) {
    Dropped d;
    EXPECT_TRUE(d.window.acceptDrops());
    EXPECT_EQ(d.drop({QUrl::fromLocalFile(QStringLiteral("/tmp/run.npy"))}), std::make_pair(true, true));
    EXPECT_EQ(d.weights, QStringList{QStringLiteral("/tmp/run.npy")});
    EXPECT_TRUE(d.sessions.isEmpty());
}

TEST(DropRouter, TheFirstRouteAddedWinsWhenADragCarriesSeveralThings) {
    Dropped d;
    (void)d.drop({QUrl::fromLocalFile(QStringLiteral("/tmp/run.npy")), QUrl::fromLocalFile(QStringLiteral("/tmp/l.attnviz"))});
    EXPECT_EQ(d.sessions, QStringList{QStringLiteral("/tmp/l.attnviz")});
    EXPECT_TRUE(d.weights.isEmpty()) << "one drop, one thing opened";
}

TEST(DropRouter, ADropNoRouteTakesIsRefused) {
    Dropped d;
    EXPECT_EQ(d.drop({QUrl::fromLocalFile(QStringLiteral("/tmp/notes.txt"))}), std::make_pair(false, false));
    EXPECT_TRUE(d.sessions.isEmpty());
    EXPECT_TRUE(d.weights.isEmpty());
}

}  // namespace
