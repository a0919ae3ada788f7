#pragma once
#include <QTextBrowser>

#include <memory>

#include "core/attention/AttentionTrace.h"

namespace attnviz::ui {

/// How the selected weight w_ij is made, line by line with the numbers (4 decimals): q_i and k_j
/// side by side, their products and sum, the division by √d_k, the mask, exp(scaled − row max),
/// the row sum and the weight; then context_i = Σ_j w_ij·v_j term by term for the largest weights.
/// Numbers come from attnviz::explainCell / explainContext, never recomputed here.
class CellExplainer : public QTextBrowser {
    Q_OBJECT
public:
    explicit CellExplainer(QWidget* parent = nullptr);

    /// head may be kAllHeads: the mean is shown over the heads, then head 0 in detail.
    void setCell(std::shared_ptr<const AttentionTrace> trace, int head, int query, int key);
    void clearCell();
    /// No numbers: the weights of token (a predict round's query) stay hidden until revealed.
    void hideCell(const QString& token);
    /// No explanation, and why (imported weights have no Q and K to explain a weight with).
    void showUnavailable(const QString& why);
    [[nodiscard]] bool isCellHidden() const { return !hiddenToken_.isEmpty(); }
    [[nodiscard]] int query() const { return query_; }
    [[nodiscard]] int key() const { return key_; }

    /// Laid out for a projector (large text in a narrow column): each dimension's name on a line
    /// of its own under its numbers, long vectors wrapped, and words never split.
    void setPresentationLayout(bool on);
    [[nodiscard]] bool presentationLayout() const { return presentationLayout_; }

    /// How many terms of the context sum are written out.
    static constexpr int kContextTerms = 3;

    /// Whether the q/k table and the context's table are drawn as tables (they fit the width) or
    /// their numbers as lines that wrap: either way, never a horizontal scroll bar.
    [[nodiscard]] bool showsTables() const { return tables_; }

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    struct Context;
    /// The cell's numbers and names, as every section reads them.
    [[nodiscard]] Context context() const;
    /// The explanation of the cell, section by section, in the order a student checks it by hand.
    void render();
    /// A number of the explanation, in the interface's language ("0,6667" in French).
    [[nodiscard]] static QString num(double value);
    [[nodiscard]] QString titleSection(const Context& c) const;
    [[nodiscard]] QString productsSection(const Context& c) const;
    [[nodiscard]] QString dotProductSection(const Context& c) const;
    [[nodiscard]] QString scalingSection(const Context& c) const;
    [[nodiscard]] QString maskSection(const Context& c) const;
    [[nodiscard]] QString softmaxSection(const Context& c) const;
    [[nodiscard]] QString contextSection(const Context& c) const;
    /// setHtml, without the flicker of the vertical scroll bar going and coming back.
    void showHtml(const QString& html);
    /// The table and formula styles, the masked red readable on the current palette.
    void applyStyleSheet();
    /// Whether the tables of the cell fit the text's width (numbers, paddings, a word of the names).
    [[nodiscard]] bool tablesFit(const Context& c) const;

    std::shared_ptr<const AttentionTrace> trace_;
    int head_ = 0, query_ = -1, key_ = -1;
    QString hiddenToken_;  ///< the query whose weights are hidden; empty when none is
    QString unavailable_;  ///< showUnavailable's reason, shown again after a change of layout or language
    bool tables_ = true;
    bool presentationLayout_ = false;
};

}  // namespace attnviz::ui
