#pragma once
// One recent list, for every kind of thing the window opens (sessions, model folders): most
// recent first, kept in the settings, shown as a menu ("&1 lesson.attnviz", the whole path as
// its tip, Clear List), and an entry that no longer exists forgotten when chosen, saying so.
#include <QMenu>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

namespace attnviz::ui {

class RecentList : public QObject {
    Q_OBJECT
public:
    /// What the entries are: their menu label is a file's name or a folder's.
    enum class Kind { Files, Folders };
    /// Where the list is kept (AppSettings' keys for it).
    struct Storage {
        std::function<QStringList()> load;
        std::function<void(const QStringList&)> save;
    };

    /// Fills menu (owned by the caller) with the list and keeps it so.
    RecentList(Kind kind, int maximum, Storage storage, QMenu* menu, QObject* parent);

    /// Most recent first, at most maximum().
    [[nodiscard]] QStringList entries() const { return storage_.load(); }
    [[nodiscard]] int maximum() const { return maximum_; }
    [[nodiscard]] QMenu* menu() const { return menu_; }
    /// path first (made absolute; moved up when already there).
    void remember(const QString& path);
    void clear();
    /// Builds the menu again (after the language changed: "Clear List").
    void rebuildMenu();

signals:
    /// An entry was chosen in the menu and still exists.
    void chosen(const QString& path);
    /// An entry was chosen that no longer exists: it is forgotten (the owner says so).
    void missing(const QString& path);

private:
    void choose(const QString& path);
    [[nodiscard]] QString absolute(const QString& path) const;

    Kind kind_;
    int maximum_;
    Storage storage_;
    QMenu* menu_;
};

}  // namespace attnviz::ui
