#include "ui/panels/CellExplainer.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QScrollBar>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/attention/Explanation.h"
#include "core/model/TeachingConfig.h"
#include "ui/heatmap/HeatmapGeometry.h"
#include "ui/i18n/Language.h"
#include "ui/style/Theme.h"

namespace attnviz::ui {
namespace {

constexpr int kDecimals = 4;
constexpr int kMaxTableRows = 16;  // rows of the q/k table before "… more"
constexpr int kMaxVectorItems = 8;
constexpr int kLargestCount = 3;  // products highlighted
constexpr double kCellPadding = 10;  // td and th: padding left and right (applyStyleSheet)
const QLatin1String kLargestColour("#fff3b0");

QString tokenText(const AttentionTrace& trace, int index) {
    return QString::fromStdString(trace.tokens()[static_cast<std::size_t>(index)].text);
}

/// The token in the interface language's quotation marks, escaped for HTML.
QString quotedToken(const AttentionTrace& trace, int index) { return quoted(tokenText(trace, index)).toHtmlEscaped(); }

QString vectorText(const Eigen::VectorXd& v, const QLocale& locale) {
    QStringList items;
    const Eigen::Index shown = std::min<Eigen::Index>(v.size(), kMaxVectorItems);
    for (Eigen::Index m = 0; m < shown; ++m) items << formatValue(v[m], kDecimals, locale);
    if (shown < v.size()) items << QStringLiteral("…");
    return QStringLiteral("[") + items.join(QStringLiteral(", ")) + QStringLiteral("]");
}

// Indices of the kLargestCount products of largest magnitude (more on a tie), largest first; those
// under a quarter of the largest, and zeros, are left out: they do not explain the score.
std::vector<int> largestProducts(const Eigen::VectorXd& products) {
    std::vector<int> order(static_cast<std::size_t>(products.size()));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return std::abs(products[a]) > std::abs(products[b]); });
    std::vector<int> result;
    const double top = products.size() > 0 ? std::abs(products[order.front()]) : 0.0;
    for (int m : order) {
        const bool full = static_cast<int>(result.size()) >= kLargestCount &&
                          std::abs(products[m]) < std::abs(products[result.back()]);
        if (full || top == 0 || std::abs(products[m]) < top / 4) break;
        result.push_back(m);
    }
    return result;
}

QString formula(const QString& html) { return QStringLiteral("<p class=\"f\">%1</p>").arg(html); }

QString sub(const QString& text) { return QStringLiteral("<sub>%1</sub>").arg(text); }

}  // namespace

QString CellExplainer::num(double value) { return formatValue(value, kDecimals, numberLocale()); }

CellExplainer::CellExplainer(QWidget* parent) : QTextBrowser(parent) {
    setOpenLinks(false);
    // Lines break between words only (the default also breaks inside them: "a no|un" in a
    // highlighted line of presentation mode).
    setWordWrapMode(QTextOption::WordWrap);
    applyStyleSheet();
    clearCell();
}

void CellExplainer::applyStyleSheet() {
    // In a projector's narrow column, cells wrap (vectors between their numbers) and sit closer,
    // instead of running off its edge.
    const QString wrap = presentationLayout_ ? QStringLiteral("normal") : QStringLiteral("nowrap");
    const QString padding = presentationLayout_ ? QStringLiteral("4px") : QStringLiteral("10px");
    document()->setDefaultStyleSheet(
        QStringLiteral("p.f { margin-left: 12px; } td { padding: 1px %3; white-space: %2; } th { padding: 1px "
                       "%3; text-align: right; } .masked { color: %1; font-weight: bold; } .result { font-weight: "
                       "bold; }")
            .arg(warningTextColor(palette()).name(), wrap, padding));
}

void CellExplainer::setPresentationLayout(bool on) {
    if (on == presentationLayout_) return;
    presentationLayout_ = on;
    applyStyleSheet();
    if (trace_)
        render();
    else if (!unavailable_.isEmpty())
        showUnavailable(unavailable_);
    else
        clearCell();
}

void CellExplainer::changeEvent(QEvent* event) {
    QTextBrowser::changeEvent(event);
    if (event->type() != QEvent::LanguageChange && event->type() != QEvent::PaletteChange) return;
    if (event->type() == QEvent::PaletteChange) applyStyleSheet();
    if (trace_)
        render();
    else if (isCellHidden())
        hideCell(hiddenToken_);
    else if (!unavailable_.isEmpty())
        showUnavailable(unavailable_);
    else
        clearCell();
}

void CellExplainer::clearCell() {
    trace_.reset();
    unavailable_.clear();
    query_ = key_ = -1;
    hiddenToken_.clear();
    setHtml(tr("<p>Click a cell of the heatmap to see how its weight is computed.</p>"));
}

void CellExplainer::hideCell(const QString& token) {
    clearCell();
    hiddenToken_ = token;
    setHtml(tr("<p>The weights of “%1” stay hidden until the guess is revealed: what do you think it "
               "attends to most?</p>")
                .arg(token.toHtmlEscaped()));
}

void CellExplainer::showUnavailable(const QString& why) {
    const QString reason = why;  // why may be unavailable_ itself, which clearCell empties
    clearCell();
    unavailable_ = reason;
    setHtml(QStringLiteral("<p>%1</p>").arg(reason.toHtmlEscaped()));
}

void CellExplainer::setCell(std::shared_ptr<const AttentionTrace> trace, int head, int query, int key) {
    if (!trace || query < 0 || key < 0 || query >= trace->size() || key >= trace->size()) return clearCell();
    trace_ = std::move(trace);
    head_ = head;
    query_ = query;
    key_ = key;
    hiddenToken_.clear();
    render();
}

/// What every section of the explanation reads: the cell, its numbers and how it is written.
struct CellExplainer::Context {
    const AttentionTrace& trace;
    int head;  ///< the head explained in detail (head 0 under the mean of the heads)
    int query;
    int key;
    CellExplanation cell;
    QString i, j;  ///< the query's and the key's positions as the formulas write them
    QString wij;   ///< w_{i,j}
    /// The teaching model, which names each dimension; null for the other presets.
    const TeachingModel* model;
    std::vector<int> largest;  ///< the products highlighted (largestProducts)

    [[nodiscard]] int dK() const { return static_cast<int>(cell.q.size()); }
    [[nodiscard]] QString queryName(int m) const {
        return dimensionName(*model, model->queryDimensions()[static_cast<std::size_t>(head * trace.dK() + m)]);
    }
    [[nodiscard]] QString keyName(int m) const {
        return dimensionName(*model, model->keyDimensions()[static_cast<std::size_t>(head * trace.dK() + m)]);
    }
    [[nodiscard]] bool isLargest(int m) const { return std::find(largest.begin(), largest.end(), m) != largest.end(); }
    /// The q/k table and the context's table as tables; else as lines (the text is too narrow).
    bool tables = true;
};

CellExplainer::Context CellExplainer::context() const {
    const AttentionTrace& trace = *trace_;
    const int detailHead = head_ == kAllHeads ? 0 : head_;
    const bool named = trace.config().preset == ProjectionPreset::Teaching;
    Context c{trace,
              detailHead,
              query_,
              key_,
              explainCell(trace, detailHead, query_, key_),
              QString::number(query_),
              QString::number(key_),
              {},
              named ? &teachingModelOf(trace.config()) : nullptr,
              {}};
    c.wij = QStringLiteral("w") + sub(c.i + QStringLiteral(",") + c.j);
    c.largest = largestProducts(c.cell.products);
    return c;
}

void CellExplainer::render() {
    Context c = context();
    // On a projector's narrow column, lines that wrap whole words, never one-word-wide columns.
    c.tables = tables_ = !presentationLayout_ && tablesFit(c);
    showHtml(titleSection(c) + productsSection(c) + dotProductSection(c) + scalingSection(c) + maskSection(c) +
             softmaxSection(c) + contextSection(c));
}

bool CellExplainer::tablesFit(const Context& c) const {
    const QFontMetricsF metrics(document()->defaultFont());
    const auto widest = [&](const Eigen::VectorXd& values) {
        double width = 0;
        for (Eigen::Index m = 0; m < values.size(); ++m) width = std::max(width, metrics.horizontalAdvance(num(values[m])));
        return width;
    };
    const double column = 2 * kCellPadding;
    // q, k, q·k and m, plus a word of the dimensions' names with the teaching model.
    const double numbers = std::max({widest(c.cell.q), widest(c.cell.k), widest(c.cell.products),
                                     metrics.horizontalAdvance(QStringLiteral("q00[m]·k00[m]")) / 2});
    double products = metrics.horizontalAdvance(QStringLiteral("00")) + column + 3 * (numbers + column);
    if (c.model != nullptr) products += metrics.horizontalAdvance(QStringLiteral("dimension:")) + column;
    // j, the token, its weight, and one entry of v_j and of w·v_j on each line (those cells wrap).
    const double context = metrics.horizontalAdvance(QStringLiteral("00")) + metrics.horizontalAdvance(QStringLiteral("token")) +
                           3 * metrics.horizontalAdvance(QStringLiteral("[−0.0000,")) + 5 * column;
    const double available = viewport()->width() - 2 * document()->documentMargin() - 4;  // table borders
    return std::max(products, context) <= available;
}

void CellExplainer::resizeEvent(QResizeEvent* event) {
    QTextBrowser::resizeEvent(event);
    // Drawn again only when the tables start or stop fitting: the text reflows by itself.
    if (trace_ && (!presentationLayout_ && tablesFit(context())) != tables_) render();
}

QString CellExplainer::titleSection(const Context& c) const {
    const AttentionTrace& trace = c.trace;
    QString html = tr("<h3>Weight %1: query %2 %3 → key %4 %5</h3>")
                       .arg(c.wij, c.i, quotedToken(trace, c.query), c.j, quotedToken(trace, c.key));
    if (head_ == kAllHeads && trace.heads() > 1) {
        QStringList perHead;
        for (int h = 0; h < trace.heads(); ++h) perHead << num(trace.weight(h, c.query, c.key));
        const double mean = trace.block(Step::Weights, kAllHeads, c.query, c.key, 1, 1)(0, 0);
        html += tr("<p>The heatmap shows the mean over the %1 heads:</p>").arg(trace.heads());
        html += formula(tr("mean %1 = (%2) / %3 = <b>%4</b>")
                            .arg(c.wij, perHead.join(QStringLiteral(" + ")), QString::number(trace.heads()), num(mean)));
        html += tr("<p>Below, head 1 in detail.</p>");
    } else if (trace.heads() > 1) {
        html += tr("<p>Head %1 of %2 (its own slice of d_k = %3 columns of Q and K).</p>")
                    .arg(c.head + 1)
                    .arg(trace.heads())
                    .arg(trace.dK());
    }
    return html;
}

QString CellExplainer::productsSection(const Context& c) const {
    // 1. q_i and k_j side by side, with the products; the teaching model names each dimension.
    const CellExplanation& cell = c.cell;
    const bool named = c.model != nullptr;
    QString html =
        tr("<p><b>1. The query of %1 and the key of %2</b> (d_k = %3 numbers each)</p>")
            .arg(quotedToken(c.trace, c.query), quotedToken(c.trace, c.key))
            .arg(c.trace.dK());
    // Why the score is what it is, in words, before the numbers.
    if (!c.largest.empty() && named) {
        html += tr("<p>The largest products (highlighted below):</p>") + QStringLiteral("<ul>");
        for (int m : c.largest)
            html += QStringLiteral("<li>") +
                    tr("%1 × %2 = %3 × %4 = <b>%5</b>")
                        .arg(quoted(c.queryName(m)).toHtmlEscaped(), quoted(c.keyName(m)).toHtmlEscaped(), num(cell.q[m]),
                             num(cell.k[m]), num(cell.products[m])) +
                    QStringLiteral("</li>");
        html += QStringLiteral("</ul>");
    }
    // With names, the table takes the dock's width and the names wrap in their column, instead
    // of running past the dock's edge. Too narrow for the columns, each row is one line that wraps.
    if (!c.tables) {
        html += QStringLiteral("<table width=\"100%\"><tr><th align=\"left\">m: q%1[m] × k%2[m] = q%1[m]·k%2[m]</th></tr>")
                    .arg(sub(c.i), sub(c.j));
    } else {
        // A zero-width space lets the product's header wrap after "·" (lines break between words).
        html += QStringLiteral("<table%3><tr><th>m</th><th>q%1[m]</th><th>k%2[m]</th><th>q%1[m]·\u200Bk%2[m]</th>")
                    .arg(sub(c.i), sub(c.j), named ? QStringLiteral(" width=\"100%\"") : QString());
        if (named)
            html += QStringLiteral("<th align=\"left\" width=\"40%\" style=\"white-space: normal\">%1</th>")
                        .arg(tr("dimension: query ↔ key"));
        html += QStringLiteral("</tr>");
    }
    int shownRows = 0, zeroRows = 0;
    for (int m = 0; m < c.dK(); ++m) {
        // The model's unused dimensions (q and k both 0) would only add rows of zeros.
        if (named && cell.q[m] == 0 && cell.k[m] == 0) {
            ++zeroRows;
            continue;
        }
        if (shownRows == kMaxTableRows) break;
        ++shownRows;
        // Dark text on the light highlight, whatever the theme.
        const bool largest = c.isLargest(m);
        const QString highlight = largest ? QStringLiteral(" bgcolor=\"%1\"").arg(kLargestColour) : QString();
        const QString textStart = largest ? QStringLiteral("<b><font color=\"#202020\">") : QString();
        const QString textEnd = largest ? QStringLiteral("</font></b>") : QString();
        if (!c.tables) {
            // The product in bold, as the formulas below write their results.
            QString line = QStringLiteral("%1: %2 × %3 = <b>%4</b>").arg(m).arg(num(cell.q[m]), num(cell.k[m]), num(cell.products[m]));
            if (named)
                line += QStringLiteral(" (%1 ↔ %2)").arg(c.queryName(m).toHtmlEscaped(), c.keyName(m).toHtmlEscaped());
            // The dark text as the cell's style: inside a <font> the cell's white-space is lost.
            const QString style = largest ? QStringLiteral("white-space: normal; color: #202020")
                                          : QStringLiteral("white-space: normal");
            html += QStringLiteral("<tr><td style=\"%1\"%2>").arg(style, highlight) + line + QStringLiteral("</td></tr>");
            continue;
        }
        const QString cellStart = QStringLiteral("<td align=\"right\"%1>").arg(highlight) + textStart;
        const QString cellEnd = textEnd + QStringLiteral("</td>");
        html += QStringLiteral("<tr><td align=\"right\">%1</td>").arg(m);
        html += cellStart + num(cell.q[m]) + cellEnd + cellStart + num(cell.k[m]) + cellEnd + cellStart +
                num(cell.products[m]) + cellEnd;
        // The names last, so the numbers stay in view in a narrow dock.
        if (named)
            html += QStringLiteral("<td style=\"white-space: normal\">%1 ↔ %2</td>")
                        .arg(c.queryName(m).toHtmlEscaped(), c.keyName(m).toHtmlEscaped());
        html += QStringLiteral("</tr>");
    }
    const int hidden = c.dK() - zeroRows - shownRows;
    if (hidden > 0) html += tr("<tr><td colspan=\"5\">… %n more row(s)</td></tr>", nullptr, hidden);
    html += QStringLiteral("</table>");
    if (zeroRows > 0)
        html += tr("<p>%n dimension(s) where q and k are both 0 left out.</p>", nullptr, zeroRows);
    if (!c.largest.empty() && !named) html += tr("<p>The largest products are highlighted.</p>");
    return html;
}

QString CellExplainer::dotProductSection(const Context& c) const {
    // 2. The dot product, its first terms written out.
    const Eigen::VectorXd& products = c.cell.products;
    const bool named = c.model != nullptr;
    const int dK = c.dK();
    QStringList terms;
    int termsShown = 0;
    bool cut = false;
    for (int m = 0; m < dK && !cut; ++m) {
        if (named && products[m] == 0) continue;  // the teaching model's zeros, said once below
        cut = termsShown == kMaxVectorItems;
        terms << (cut                ? tr("… (%1 terms)").arg(dK)
                  : products[m] < 0 ? QStringLiteral("(%1)").arg(num(products[m]))
                                    : num(products[m]));
        ++termsShown;
    }
    if (terms.isEmpty()) terms << tr("0 (every product is 0)");
    else if (named && !cut && termsShown < dK) terms << tr("(%1 products of 0)").arg(dK - termsShown);
    return tr("<p><b>2. Score: the dot product</b></p>") +
           formula(QStringLiteral("q%1 · k%2 = Σ<sub>m</sub> q%1[m]·k%2[m] = %3 = <b>%4</b>")
                       .arg(sub(c.i), sub(c.j), terms.join(QStringLiteral(" + ")), num(c.cell.dot)));
}

QString CellExplainer::scalingSection(const Context& c) const {
    // 3. The division by √d_k (and the temperature).
    const AttentionConfig& config = c.trace.config();
    const CellExplanation& cell = c.cell;
    QString divisorText;
    if (config.scaleBySqrtDk && config.temperature == 1.0)
        divisorText = tr("÷ √d_k = ÷ √%1 = ÷ %2").arg(c.trace.dK()).arg(num(cell.divisor));
    else if (config.scaleBySqrtDk)
        divisorText = tr("÷ (√d_k · T) = ÷ (√%1 × %2) = ÷ %3")
                          .arg(c.trace.dK())
                          .arg(formatSignificant(config.temperature, 3, numberLocale()), num(cell.divisor));
    else
        divisorText = tr("÷ T = ÷ %1 (scaling by √d_k is off)").arg(num(cell.divisor));
    return tr("<p><b>3. Scaled score</b> %1</p>").arg(divisorText) +
           formula(tr("scaled = %1 ÷ %2 = <b>%3</b>").arg(num(cell.dot), num(cell.divisor), num(cell.scaled)));
}

QString CellExplainer::maskSection(const Context& c) const {
    // 4. The mask.
    if (c.cell.masked)
        return tr("<p><b>4. Mask:</b> <span class=\"masked\">key %1 is hidden from query %2</span>: its masked "
                  "score is −∞, so exp(−∞) = 0 and its weight is 0.</p>")
            .arg(c.j, c.i);
    return tr("<p><b>4. Mask:</b> key %1 is visible from query %2: the masked score stays %3.</p>")
        .arg(c.j, c.i, num(c.cell.scaled));
}

QString CellExplainer::softmaxSection(const Context& c) const {
    // 5–7. The softmax: numerator, row sum, weight.
    const CellExplanation& cell = c.cell;
    if (cell.rowFullyMasked)
        return tr("<p><b>5. Softmax:</b> <span class=\"masked\">every key of row %1 is masked</span>: the "
                  "chapter's masked_fill + softmax would give NaN; here every weight of the row is 0.</p>")
            .arg(c.i);
    QString html = tr("<p><b>5. Softmax, numerator</b> (the row's largest visible scaled score is subtracted first, "
                      "so exp never overflows)</p>");
    if (cell.masked)
        html += formula(tr("exp(−∞ − %1) = <b>0</b>").arg(num(cell.rowMax)));
    else
        html += formula(tr("exp(scaled − row max) = exp(%1 − %2) = <b>%3</b>")
                            .arg(num(cell.scaled), num(cell.rowMax), num(cell.expShifted)));
    html += tr("<p><b>6. Row sum</b> over the visible keys of row %1</p>").arg(c.i);
    html += formula(QStringLiteral("Σ<sub>j</sub> exp(scaled%1 − row max) = <b>%2</b>")
                        .arg(sub(c.i + QStringLiteral(",j")), num(cell.rowSum)));
    html += tr("<p><b>7. Weight</b></p>");
    html += formula(QStringLiteral("%1 = %2 ÷ %3 = <b class=\"result\">%4</b>")
                        .arg(c.wij, num(cell.expShifted), num(cell.rowSum), num(cell.weight)));
    return html;
}

QString CellExplainer::contextSection(const Context& c) const {
    // Context: Σ_j w_ij · v_j, the terms of the largest weights written out.
    const AttentionTrace& trace = c.trace;
    const ContextExplanation context = explainContext(trace, c.head, c.query);
    QString html = tr("<h3>Context of query %1: context%2 = Σ<sub>j</sub> w%3 · v%4</h3>")
                       .arg(c.i, sub(c.i), sub(c.i + QStringLiteral(",j")), sub(QStringLiteral("j")));
    std::vector<int> order(static_cast<std::size_t>(trace.size()));
    std::iota(order.begin(), order.end(), 0);
    const int shown = std::min(kContextTerms, trace.size());
    std::partial_sort(order.begin(), order.begin() + shown, order.end(),
                      [&](int a, int b) { return context.weights[a] > context.weights[b]; });
    html += tr("<p>The %1 largest weights of row %2:</p>").arg(shown).arg(c.i);
    // The vectors wrap between their entries; too narrow for five columns, each term is one cell.
    // (The translated header row starts with the table's tag: the table gets the text's width.)
    if (c.tables)
        html += tr("<table><tr><th>j</th><th>token</th><th>w<sub>%1,j</sub></th><th>v<sub>j</sub></th>"
                   "<th>w<sub>%1,j</sub> · v<sub>j</sub></th></tr>")
                    .arg(c.i)
                    .replace(QLatin1String("<table>"), QLatin1String("<table width=\"100%\">"));
    else
        html += QStringLiteral("<table width=\"100%\">");
    double shownWeight = 0;
    for (int t = 0; t < shown; ++t) {
        const int k = order[static_cast<std::size_t>(t)];
        shownWeight += context.weights[k];
        const QString v = vectorText(context.values.row(k).transpose(), numberLocale());
        const QString term = vectorText(context.terms.row(k).transpose(), numberLocale());
        if (c.tables)
            html += QStringLiteral("<tr><td align=\"right\">%1</td><td>%2</td><td align=\"right\">%3</td>"
                                   "<td style=\"white-space: normal\">%4</td><td style=\"white-space: normal\">%5</td>"
                                   "</tr>")
                        .arg(k)
                        .arg(tokenText(trace, k).toHtmlEscaped(), num(context.weights[k]), v, term);
        else
            html += QStringLiteral("<tr><td style=\"white-space: normal\">j = %1 %2: w%3 = %4<br>v%5 = %6<br>"
                                   "w%3 · v%5 = %7</td></tr>")
                        .arg(k)
                        .arg(quotedToken(trace, k), sub(c.i + QStringLiteral(",") + QString::number(k)),
                             num(context.weights[k]), sub(QString::number(k)), v, term);
    }
    html += QStringLiteral("</table>");
    const int others = trace.size() - shown;
    if (others > 0) {
        const QString rest = num(std::max(0.0, context.weights.sum() - shownWeight));
        html += tr("<p>+ %n other term(s), whose weights add up to %1.</p>", nullptr, others).arg(rest);
    }
    html += formula(tr("context%1 = <b>%2</b>").arg(sub(c.i), vectorText(context.context, numberLocale())));
    return html;
}

void CellExplainer::showHtml(const QString& html) {
    // setHtml empties the document first: the vertical scroll bar would go, the text be laid out
    // at the full width, then the bar come back and the text be laid out again. Held on, the bar
    // costs one layout; it still goes afterwards if the new text fits.
    const Qt::ScrollBarPolicy policy = verticalScrollBarPolicy();
    const bool holdBar = policy == Qt::ScrollBarAsNeeded && verticalScrollBar()->isVisible();
    if (holdBar) setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    setHtml(html);
    if (holdBar) setVerticalScrollBarPolicy(policy);
}

}  // namespace attnviz::ui
