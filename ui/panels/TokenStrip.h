#pragma once
#include <QAbstractScrollArea>
#include <QFont>
#include <QHash>
#include <QString>
#include <QVector>

#include <optional>
#include <vector>

#include "core/text/Tokenizer.h"

namespace attnviz::ui {

/// The sentence's tokens as chips on one scrollable line, each with its index below it.
/// Hovering a chip shows its index and byte span; clicking it, or ←/→ (Home/End) from the
/// keyboard, emits tokenClicked. Painted, not
/// made of widgets, so thousands of tokens cost O(n) to lay out and only visible chips are drawn.
class TokenStrip : public QAbstractScrollArea {
    Q_OBJECT
public:
    explicit TokenStrip(QWidget* parent = nullptr);

    /// Tokens from realTokenCount on are padding ("[PAD]") and drawn as such.
    void setTokens(const std::vector<Token>& tokens, int realTokenCount);
    [[nodiscard]] int tokenCount() const { return static_cast<int>(tokens_.size()); }
    /// Marks the tokens a lexicon does not know (unknown[i]; shorter vectors mark the rest known):
    /// a dashed outline, and the tooltip says "not in the <language> lexicon". setTokens clears it.
    void setUnknownTokens(const std::vector<bool>& unknown, const QString& language);
    [[nodiscard]] bool isUnknown(int index) const;
    /// -1 for none. Scrolls the chip into view.
    void setSelectedToken(int index);

    /// A chip's rectangle in viewport coordinates.
    [[nodiscard]] QRect chipRect(int index) const;
    [[nodiscard]] std::optional<int> tokenAt(QPoint viewportPos) const;
    /// "Token 3 « il »: bytes 24–26", the hover text.
    [[nodiscard]] QString toolTipFor(int index) const;

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

signals:
    void tokenClicked(int index);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    struct Chip {
        QString text;
        std::size_t begin = 0, end = 0;
        bool padding = false;
        bool unknown = false;  ///< not in the lexicon (setUnknownTokens)
        int id = -1;           ///< the vocabulary id of a trained model's token; -1 for words
        int x = 0, width = 0;
    };
    void relayout();
    void updateScrollBar();
    [[nodiscard]] int chipHeight() const;
    [[nodiscard]] QFont indexFont() const;

    std::vector<Chip> tokens_;
    int contentWidth_ = 0;
    QFont measuredFont_;              ///< the font of the two width caches
    QHash<QString, int> textWidths_;  ///< advance of a chip's text in font()
    std::vector<int> indexWidths_;    ///< advance of "0", "1", … in indexFont()
    QString lexiconLanguage_;
    int selected_ = -1;
    int hovered_ = -1;
};

}  // namespace attnviz::ui
