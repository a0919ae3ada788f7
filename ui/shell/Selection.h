#pragma once
#include <QObject>

namespace attnviz::ui {

/// What the window's views point at: the head shown, and the selected cell (query row, key
/// column), or no cell. Whether the key was picked by the user (a click on a cell) or follows
/// the row's strongest weight (a click on a token, a new result) is kept with it.
class Selection : public QObject {
    Q_OBJECT
public:
    explicit Selection(QObject* parent = nullptr) : QObject(parent) {}

    /// 0 … h−1, or kAllHeads for the mean of the heads.
    [[nodiscard]] int head() const { return head_; }
    /// −1 when no cell is selected.
    [[nodiscard]] int query() const { return query_; }
    [[nodiscard]] int key() const { return key_; }
    [[nodiscard]] bool hasCell() const { return query_ >= 0; }
    [[nodiscard]] bool keyChosenByUser() const { return keyChosenByUser_; }

    /// Selects (query, key) of head; a negative index selects no cell. Emits changed and returns
    /// true when the head or the cell changed.
    bool select(int head, int query, int key);
    /// Selects (query, key) of the same head.
    bool selectCell(int query, int key) { return select(head_, query, key); }
    /// Whether the key is the user's pick (kept when a new result comes) or the row's strongest.
    void setKeyChosenByUser(bool chosen) { keyChosenByUser_ = chosen; }

signals:
    void changed();

private:
    int head_ = 0;
    int query_ = -1;
    int key_ = -1;
    bool keyChosenByUser_ = false;
};

}  // namespace attnviz::ui
