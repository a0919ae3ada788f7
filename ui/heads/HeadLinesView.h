#pragma once
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

#include "ui/heads/HeadLinesPainter.h"
#include "ui/heads/HeadViewFigure.h"

class QComboBox;
class QLabel;
class QPushButton;
class QScrollArea;
class QToolButton;

namespace attnviz {
class AttentionStack;
}

namespace attnviz::ui {

/// The head view (BertViz's): the tokens in two columns, queries left and keys right, a line from
/// each query to each key per head, in the head's colour (HeadsPalette) with opacity = weight.
/// A row of coloured chips turns heads on and off ("All", "None"); hovering a token shows only
/// its lines (a query's out of it, a key's into it), a click pins that token (a click on it again,
/// elsewhere, or Esc unpins); a layer selector shows when the stack has several layers. Rows keep
/// at least their text's height: a long sentence scrolls. The weights of the layer shown are read
/// from the stack when it is first painted after a change (one n × n matrix per head).
class HeadLinesView : public QWidget {
    Q_OBJECT
public:
    explicit HeadLinesView(QWidget* parent = nullptr);
    ~HeadLinesView() override;

    /// Shows stack (null: nothing). Keeps the layer when the new stack has it (else the first),
    /// the heads turned off when it has as many heads, and the pinned token when it has as many
    /// tokens.
    void setStack(std::shared_ptr<const AttentionStack> stack);
    [[nodiscard]] const std::shared_ptr<const AttentionStack>& stack() const { return stack_; }
    /// The layer shown (0-based); out of range is ignored.
    void setLayer(int layer);
    [[nodiscard]] int layer() const { return layer_; }

    void setHeadVisible(int head, bool visible);
    [[nodiscard]] bool isHeadVisible(int head) const;
    [[nodiscard]] const std::vector<bool>& visibleHeads() const { return visible_; }
    void showAllHeads();
    void hideAllHeads();

    /// The token under the mouse, the pinned one, and the one whose lines alone are drawn (the
    /// pinned token, else the hovered one).
    [[nodiscard]] std::optional<TokenRef> hoveredToken() const { return hovered_; }
    [[nodiscard]] std::optional<TokenRef> pinnedToken() const { return pinned_; }
    [[nodiscard]] std::optional<TokenRef> focusToken() const { return pinned_ ? pinned_ : hovered_; }
    void setPinnedToken(std::optional<TokenRef> token);

    /// The painter of what is shown (null without a stack).
    [[nodiscard]] const HeadLinesPainter* linesPainter() const;
    /// What a figure of the view draws: the heads shown and the focused token.
    [[nodiscard]] HeadViewOptions figureOptions() const;

    /// The parts, for tests.
    [[nodiscard]] QWidget* canvas() const { return canvas_; }
    [[nodiscard]] QScrollArea* scrollArea() const { return scroll_; }
    [[nodiscard]] QComboBox* layerBox() const { return layerBox_; }
    [[nodiscard]] QToolButton* headChip(int head) const;
    [[nodiscard]] QPushButton* allButton() const { return allButton_; }
    [[nodiscard]] QPushButton* noneButton() const { return noneButton_; }

signals:
    /// The user chose another layer.
    void layerChanged(int layer);

protected:
    void changeEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    friend class HeadLinesCanvas;
    void rebuildChips();
    void rebuildLayers();
    void retranslateUi();
    /// What the lines mean, and how many are left out when there are too many to draw.
    void updateHint();
    /// The painter for the stack and layer, made again when they changed.
    HeadLinesPainter* ensurePainter() const;
    /// The palette's colours, the font, the heads shown and the focus into the painter.
    void configurePainter() const;
    /// Style, heads and focus into the painter; the canvas's size for its rows.
    void refresh();
    void setHovered(std::optional<TokenRef> token);
    void clicked(std::optional<TokenRef> token);

    std::shared_ptr<const AttentionStack> stack_;
    int layer_ = 0;
    std::vector<bool> visible_;
    std::optional<TokenRef> hovered_, pinned_;
    mutable std::unique_ptr<HeadLinesPainter> painter_;  ///< null until painted after a change

    QLabel* layerLabel_ = nullptr;
    QComboBox* layerBox_ = nullptr;
    QLabel* headsLabel_ = nullptr;
    QWidget* chipRow_ = nullptr;
    std::vector<QToolButton*> chips_;
    QPushButton* allButton_ = nullptr;
    QPushButton* noneButton_ = nullptr;
    QLabel* hint_ = nullptr;
    QScrollArea* scroll_ = nullptr;
    QWidget* canvas_ = nullptr;
};

}  // namespace attnviz::ui
