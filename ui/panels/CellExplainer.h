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
    [[nodiscard]] int query() const { return query_; }
    [[nodiscard]] int key() const { return key_; }

    /// Laid out for a projector (large text in a narrow column): each dimension's name on a line
    /// of its own under its numbers, long vectors wrapped, and words never split.
    void setPresentationLayout(bool on);
    [[nodiscard]] bool presentationLayout() const { return presentationLayout_; }

    /// How many terms of the context sum are written out.
    static constexpr int kContextTerms = 3;

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Context;
    /// The explanation of the cell, section by section, in the order a student checks it by hand.
    void render();
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

    std::shared_ptr<const AttentionTrace> trace_;
    int head_ = 0, query_ = -1, key_ = -1;
    bool presentationLayout_ = false;
};

}  // namespace attnviz::ui
