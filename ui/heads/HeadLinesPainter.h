#pragma once
// The head view's picture (BertViz's best-known one): the tokens in two columns, queries on the
// left and keys on the right, and a line from each query to each key for every head shown, in the
// head's colour with an opacity equal to the weight. The widget (HeadLinesView) and the exported
// figure (HeadViewFigure: PNG, SVG, PDF) both draw through this painter.
#include <QColor>
#include <QCoreApplication>
#include <QFont>
#include <QPainter>
#include <QRectF>
#include <QString>

#include <Eigen/Core>
#include <optional>
#include <utility>
#include <vector>

namespace attnviz {
class AttentionStack;
}

namespace attnviz::ui {

/// Which column a token is in: the queries (left) or the keys (right).
enum class TokenSide { Query, Key };

/// One token of one column.
struct TokenRef {
    TokenSide side = TokenSide::Query;
    int index = 0;
    friend bool operator==(const TokenRef&, const TokenRef&) = default;
};

/// How the head view looks: the tokens' font (larger in presentation mode), the lines' width and
/// the theme's colours.
struct HeadLinesStyle {
    QFont font;
    double lineWidth = 2;
    QColor text{Qt::black};
    QColor background{Qt::white};
    QColor highlight{0x1f, 0x6f, 0xd0};  ///< the box around the hovered or pinned token
    bool darkTheme = false;              ///< head colours lightened (headColour)

    /// The style for a font: lines thicker as the font grows (a projector's font gives thick
    /// lines), colours of a light or dark background.
    [[nodiscard]] static HeadLinesStyle forFont(const QFont& font, bool darkTheme);
};

/// Where the two columns and their rows are in an area.
struct HeadLinesLayout {
    QRectF area;
    double top = 0;    ///< the first row's top (below the column titles)
    double pitch = 1;  ///< height of a row
    double queryRight = 0;  ///< right edge of the query column's text
    double keyLeft = 0;     ///< left edge of the key column's text
    double lineStart = 0;   ///< x where the lines start (after the query column)
    double lineEnd = 0;     ///< x where they end (before the key column)
    /// The vertical centre of row `index` (both columns share their rows).
    [[nodiscard]] double rowCentre(int index) const { return top + (index + 0.5) * pitch; }
};

class HeadLinesPainter {
    Q_DECLARE_TR_FUNCTIONS(attnviz::ui::HeadLinesPainter)

public:
    /// Lines lighter than this are not drawn: at an opacity under one step of 8-bit colour they
    /// would not show, and skipping them keeps a long sentence's thousands of lines fast.
    static constexpr float kSkipBelow = 1.0F / 255.0F;
    /// At most about this many lines are drawn in one picture: past it the faintest are left out
    /// (linesThreshold), so that 12 heads of 64 tokens (49,152 lines) draw in milliseconds and the
    /// strongest lines, which carry the picture, stand out of the haze. Equal weights at the
    /// threshold are all drawn.
    static constexpr int kMostLines = 1024;
    /// Lines are antialiased when at most this many are drawn (a token's lines, a short sentence);
    /// a denser picture is drawn aliased, about three times faster, where the edges of faint
    /// crossing lines do not show.
    static constexpr int kAntialiasedLines = 400;

    HeadLinesPainter() = default;
    /// Reads every head of layer (0-based) of stack, masked cells set to 0 (they never get a
    /// line). Costs one n × n matrix per head. Throws ConfigError for a layer the stack lacks.
    HeadLinesPainter(const AttentionStack& stack, int layer);

    /// n: tokens in each column.
    [[nodiscard]] int size() const { return static_cast<int>(tokens_.size()); }
    [[nodiscard]] int heads() const { return static_cast<int>(weights_.size()); }
    [[nodiscard]] const std::vector<QString>& tokens() const { return tokens_; }
    /// The weight a line stands for (0 for a masked cell).
    [[nodiscard]] float weight(int head, int query, int key) const;

    void setStyle(HeadLinesStyle style) { style_ = std::move(style); }
    [[nodiscard]] const HeadLinesStyle& style() const { return style_; }
    /// Which heads draw their lines: visible[h] for head h; empty or missing entries: shown.
    void setVisibleHeads(std::vector<bool> visible) {
        visible_ = std::move(visible);
        threshold_.reset();
    }
    [[nodiscard]] bool headVisible(int head) const;
    /// A token whose lines alone are drawn (a query's lines out of it, a key's lines into it);
    /// nothing: every line.
    void setFocus(std::optional<TokenRef> token) {
        if (focus_ != token) threshold_.reset();
        focus_ = token;
    }
    [[nodiscard]] std::optional<TokenRef> focus() const { return focus_; }

    /// The weight from which lines are drawn, for the heads shown and the focus: kSkipBelow, or
    /// higher when more than kMostLines lines would be drawn.
    [[nodiscard]] float linesThreshold() const { return threshold().weight; }
    /// Lines drawn, and lines of a weight of kSkipBelow or more (more when some are left out).
    [[nodiscard]] int linesDrawn() const { return threshold().drawn; }
    [[nodiscard]] int linesVisible() const { return threshold().visible; }

    /// Height of a row when nothing stretches it, and the smallest size that shows every row and
    /// room for the lines between the columns.
    [[nodiscard]] double naturalPitch() const;
    [[nodiscard]] QSizeF naturalSize() const;
    /// The columns in area: rows stretched to fill its height up to twice their natural pitch,
    /// never thinner than natural (a long sentence is taller than the area: its view scrolls).
    [[nodiscard]] HeadLinesLayout layout(const QRectF& area) const;
    /// The token under point, if any.
    [[nodiscard]] std::optional<TokenRef> tokenAt(const HeadLinesLayout& layout, QPointF point) const;

    /// Paints the columns and the lines into area (background not filled). Only what crosses
    /// exposed is drawn (a null rect: everything), so a scrolled view draws its visible part.
    void paint(QPainter& painter, const QRectF& area, const QRectF& exposed = QRectF()) const;

private:
    void paintLines(QPainter& painter, const HeadLinesLayout& layout, const QRectF& exposed) const;
    void paintTokens(QPainter& painter, const HeadLinesLayout& layout, const QRectF& exposed) const;
    [[nodiscard]] double columnWidth() const;
    struct Threshold {
        float weight = kSkipBelow;
        int drawn = 0;
        int visible = 0;
    };
    [[nodiscard]] const Threshold& threshold() const;
    /// The rows and columns of lines the focus keeps: [queryBegin, queryEnd) × [keyBegin, keyEnd).
    struct Range {
        int queryBegin, queryEnd, keyBegin, keyEnd;
    };
    [[nodiscard]] Range focusRange() const;

    std::vector<QString> tokens_;
    std::vector<Eigen::MatrixXf> weights_;  ///< per head, n × n, masked cells 0
    HeadLinesStyle style_;
    std::vector<bool> visible_;
    std::optional<TokenRef> focus_;
    mutable std::optional<Threshold> threshold_;  ///< for visible_ and focus_; made when first asked
};

}  // namespace attnviz::ui
