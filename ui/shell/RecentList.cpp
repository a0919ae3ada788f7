#include "ui/shell/RecentList.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>

#include <utility>

namespace attnviz::ui {

RecentList::RecentList(Kind kind, int maximum, Storage storage, QMenu* menu, QObject* parent)
    : QObject(parent), kind_(kind), maximum_(maximum), storage_(std::move(storage)), menu_(menu) {
    rebuildMenu();
}

QString RecentList::absolute(const QString& path) const {
    return kind_ == Kind::Folders ? QDir(path).absolutePath() : QFileInfo(path).absoluteFilePath();
}

void RecentList::remember(const QString& path) {
    const QString entry = absolute(path);
    QStringList list = entries();
    list.removeAll(entry);
    list.prepend(entry);
    while (list.size() > maximum_) list.removeLast();
    storage_.save(list);
    rebuildMenu();
}

void RecentList::clear() {
    storage_.save({});
    rebuildMenu();
}

void RecentList::choose(const QString& path) {
    const QFileInfo info(path);
    const bool exists = kind_ == Kind::Folders ? info.isDir() : info.isFile();
    if (exists) {
        emit chosen(path);
        return;
    }
    QStringList list = entries();  // moved or deleted since: forgotten
    list.removeAll(path);
    storage_.save(list);
    rebuildMenu();
    emit missing(path);
}

void RecentList::rebuildMenu() {
    menu_->clear();
    const QStringList list = entries();
    for (int i = 0; i < list.size(); ++i) {
        const QString name = kind_ == Kind::Folders ? QDir(list[i]).dirName() : QFileInfo(list[i]).fileName();
        QAction* action = menu_->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(name));
        action->setToolTip(list[i]);
        action->setStatusTip(list[i]);
        const QString path = list[i];
        connect(action, &QAction::triggered, this, [this, path] { choose(path); });
    }
    if (!list.isEmpty()) {
        menu_->addSeparator();
        menu_->addAction(tr("&Clear List"), this, &RecentList::clear);
    }
    menu_->setEnabled(!list.isEmpty());
}

}  // namespace attnviz::ui
