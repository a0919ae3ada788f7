#pragma once
// The window's one drop handler: each thing a user may drop on the window (a session file, a
// model folder, a file of attention weights) is a route, added by the actions that open it. A
// drag is accepted when a route finds its thing in it; the drop goes to that route.
#include <QObject>
#include <QString>

#include <functional>
#include <vector>

class QMimeData;
class QWidget;

namespace attnviz::ui {

class DropRouter : public QObject {
    Q_OBJECT
public:
    /// What a route takes from a drag ("" when it carries nothing for it).
    using Pick = std::function<QString(const QMimeData*)>;
    /// Opens what was picked.
    using Open = std::function<void(const QString&)>;

    /// Watches window's drags and drops (and lets it accept drops).
    explicit DropRouter(QWidget* window);

    /// Routes are asked in the order they were added; the first that picks something takes it.
    void addRoute(Pick pick, Open open);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Route {
        Pick pick;
        Open open;
    };
    /// The first route that picks something in mime, with what it picked; null when none.
    [[nodiscard]] const Route* routeFor(const QMimeData* mime, QString& picked) const;

    QWidget* window_;
    std::vector<Route> routes_;
};

}  // namespace attnviz::ui
