#include "ui/panels/StepperView.h"

#include <QLabel>
#include <QResizeEvent>
#include <QScrollArea>
#include <QToolButton>
#include <QShortcut>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

#include <algorithm>

#include "core/model/TeachingConfig.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/i18n/Language.h"
#include "ui/panels/StepStrip.h"

namespace attnviz::ui {
namespace {

/// At most this share of the view's height for the step's texts; the rest is the matrix's.
constexpr double kTextsHeightShare = 0.3;

struct StepTexts {
    QString title, role, formula, shape;
};

QString dims(int rows, int cols) { return QStringLiteral("%1 × %2").arg(rows).arg(cols); }

/// "head 1: coreference; head 2: previous token; …" from the teaching model's roles.
QString roleList(const std::vector<std::string>& roles) {
    QStringList parts;
    for (std::size_t h = 0; h < roles.size(); ++h)
        parts << StepperView::tr("head %1: %2").arg(h + 1).arg(QString::fromStdString(roles[h]).toHtmlEscaped());
    return parts.join(QStringLiteral("; "));
}

QString activeMasks(const AttentionTrace& trace) {
    const MaskConfig& mask = trace.config().mask;
    QStringList parts;
    if (mask.causal) parts << StepperView::tr("causal (key j ≤ query i)");
    if (mask.window > 0) {
        QString window = StepperView::tr("sliding window w = %1 (|i − j| < %1)").arg(mask.window);
        if (!mask.globalTokens.empty()) {
            QStringList globals;
            for (int g : mask.globalTokens) globals << QString::number(g);
            window += StepperView::tr(" with global tokens %1").arg(globals.join(QStringLiteral(", ")));
        }
        parts << window;
    }
    if (trace.size() > trace.realTokenCount()) parts << StepperView::tr("padding keys hidden");
    if (!mask.customMasked.empty())
        parts << StepperView::tr("%n cell(s) masked by hand", nullptr, static_cast<int>(mask.customMasked.size()));
    if (parts.isEmpty()) return StepperView::tr("No mask is active: masked = scaled.");
    return StepperView::tr("Active masks: %1. Hidden cells are hatched.").arg(parts.join(QStringLiteral("; ")));
}

StepTexts textsFor(Step step, const MatrixSource& source, const QLocale& locale) {
    const AttentionTrace& trace = source.trace();
    const int n = trace.size(), d = trace.config().dModel, dk = trace.dK(), h = trace.heads();
    const int head = source.head();
    const bool mean = head == kAllHeads && h > 1;
    const int width = mean ? d : dk;  // columns of the head's Q, K, V, context as shown
    // The teaching model's roles (coreference, previous token, …), when its heads have them.
    const std::vector<std::string> roles = teachingHeadRoles(trace.config(), currentLanguage().toStdString());
    QString headNote;
    if (h > 1) {
        if (isSquareStep(step))
            headNote = mean ? StepperView::tr(" Shown: the mean over the %1 heads.").arg(h)
                            : StepperView::tr(" Shown: head %1 of %2.").arg(head + 1).arg(h);
        else if (step != Step::X && step != Step::Output)
            headNote = mean ? StepperView::tr(" Shown: the %1 heads side by side (d_k = %2 columns each).").arg(h).arg(dk)
                            : StepperView::tr(" Shown: head %1, its d_k = %2 columns.").arg(head + 1).arg(dk);
        if (!mean && head >= 0 && head < static_cast<int>(roles.size()) && step != Step::X && step != Step::Output)
            headNote += StepperView::tr(" Its role: %1.")
                            .arg(QString::fromStdString(roles[static_cast<std::size_t>(head)]).toHtmlEscaped());
    }
    const ModelOrigin* origin = trace.origin();
    const auto projection = [&](const QString& name, const QString& role) {
        if (origin != nullptr)  // a trained model's projections carry a bias (GPT-2's c_attn)
            return StepTexts{
                StepperView::tr("%1 = X·W_%1 + b_%1").arg(name), role,
                QStringLiteral("%1 = X · W<sub>%1</sub> + b<sub>%1</sub>").arg(name),
                StepperView::tr("X (%1) · W_%2 (%3) + b_%2 = %2 (%1); W_%2 and b_%2 are %4 of c_attn in layer %5; "
                                "per head n × d_k = %6.")
                        .arg(dims(n, d), name, dims(d, d))
                        .arg(name == QStringLiteral("Q")   ? StepperView::tr("the first third")
                             : name == QStringLiteral("K") ? StepperView::tr("the second third")
                                                           : StepperView::tr("the last third"))
                        .arg(origin->layer + 1)
                        .arg(dims(n, dk)) +
                    headNote};
        return StepTexts{
            StepperView::tr("%1 = X · W_%1").arg(name), role,
            QStringLiteral("%1 = X · W<sub>%1</sub>").arg(name),
            StepperView::tr("X (%1) · W_%2 (%3) = %2 (%1); per head n × d_k = %4.")
                    .arg(dims(n, d), name, dims(d, d), dims(n, dk)) + headNote};
    };
    switch (step) {
        case Step::X:
            if (origin != nullptr)
                return {StepperView::tr("X = ln_1(residual) of layer %1").arg(origin->layer + 1),
                        StepperView::tr("The input of layer %1's attention in %2: the residual stream (token and "
                                        "position embeddings plus what the layers before added), normalised by the "
                                        "layer's ln_1.")
                            .arg(origin->layer + 1)
                            .arg(QString::fromStdString(origin->model).toHtmlEscaped()),
                        StepperView::tr("X = ln_1(residual)"),
                        StepperView::tr("X ∈ ℝ^(n × d_model): %1 tokens × %2 = %3.").arg(n).arg(d).arg(dims(n, d))};
            if (trace.config().preset == ProjectionPreset::Teaching)
                return {StepperView::tr("Tokens → X"),
                        StepperView::tr("Each token becomes a vector of d_model = %1 named features, read from the "
                                        "teaching model's lexicon (an unknown word gets 0s)%2.")
                            .arg(d)
                            .arg(trace.config().positionalEncoding ? StepperView::tr(" plus position features")
                                                                   : QString()),
                        StepperView::tr("X = lexicon features(tokens) + position features"),
                        StepperView::tr("X ∈ ℝ^(n × d_model): %1 tokens × %2 = %3.").arg(n).arg(d).arg(dims(n, d))};
            return {StepperView::tr("Tokens → X"),
                    StepperView::tr("Each token becomes a vector of d_model = %1 numbers: its embedding (the same "
                                    "word always gets the same vector)%2.")
                        .arg(d)
                        .arg(trace.config().positionalEncoding ? StepperView::tr(" plus its position (PE)")
                                                               : StepperView::tr("; positional encoding is off")),
                    trace.config().positionalEncoding ? StepperView::tr("X = embedding(tokens) + PE")
                                                      : StepperView::tr("X = embedding(tokens)"),
                    StepperView::tr("X ∈ ℝ^(n × d_model): %1 tokens × %2 = %3.").arg(n).arg(d).arg(dims(n, d))};
        case Step::Q:
            return projection(QStringLiteral("Q"),
                              StepperView::tr("Query — <b>what we look for</b> (like a search query)."));
        case Step::K:
            return projection(QStringLiteral("K"),
                              StepperView::tr("Key — <b>what each position offers</b> (like the entries of an index)."));
        case Step::V:
            return projection(QStringLiteral("V"),
                              StepperView::tr("Value — <b>the content</b> itself (like the documents)."));
        case Step::Scores:
            return {StepperView::tr("Scores QKᵀ"),
                    StepperView::tr("Entry (i, j): how much position i should attend to position j — the dot "
                                    "product of query i and key j."),
                    QStringLiteral("scores = Q · K<sup>T</sup>"),
                    StepperView::tr("Q (%1) · Kᵀ (%2) = scores (%3).").arg(dims(n, width), dims(width, n), dims(n, n)) +
                        headNote};
        case Step::Scaled: {
            const AttentionConfig& c = trace.config();
            const QString divisor = formatSignificant(c.divisor(), 5, locale);
            QString formula;
            if (c.scaleBySqrtDk && c.temperature == 1.0)
                formula = StepperView::tr("scaled = Q·K<sup>T</sup> / √d<sub>k</sub> = Q·K<sup>T</sup> / √%1 = "
                                          "Q·K<sup>T</sup> / %2")
                              .arg(dk)
                              .arg(divisor);
            else if (c.scaleBySqrtDk)
                formula = StepperView::tr("scaled = Q·K<sup>T</sup> / (√d<sub>k</sub> · T) = Q·K<sup>T</sup> / "
                                          "(√%1 × %2) = Q·K<sup>T</sup> / %3")
                              .arg(dk)
                              .arg(formatSignificant(c.temperature, 3, locale), divisor);
            else
                formula = StepperView::tr("scaled = Q·K<sup>T</sup> / T = Q·K<sup>T</sup> / %1 (scaling by √d<sub>k</sub> "
                                          "is off)")
                              .arg(divisor);
            return {StepperView::tr("Scaled by √d_k"),
                    StepperView::tr("Why scale? For a large d_k the dot products grow large and push the softmax into "
                                    "regions with extremely small gradients; dividing by √d_k keeps the variance "
                                    "stable."),
                    formula, StepperView::tr("scaled: %1.").arg(dims(n, n)) + headNote};
        }
        case Step::Masked:
            return {StepperView::tr("Masked"), activeMasks(trace),
                    StepperView::tr("masked<sub>ij</sub> = scaled<sub>ij</sub> where the mask lets query i see key j, "
                                    "−∞ elsewhere"),
                    StepperView::tr("masked: %1.").arg(dims(n, n)) + headNote};
        case Step::Weights:
            return {StepperView::tr("Softmax weights"),
                    StepperView::tr("Each row sums to 1: how much query i attends to each key. Masked keys get 0."),
                    StepperView::tr("w<sub>ij</sub> = exp(m<sub>ij</sub> − max<sub>j</sub> m<sub>ij</sub>) / "
                                    "Σ<sub>j</sub> exp(m<sub>ij</sub> − max<sub>j</sub> m<sub>ij</sub>)"),
                    StepperView::tr("weights: %1.").arg(dims(n, n)) + headNote};
        case Step::Context:
            if (mean)  // every head at once: the chapter's concatenation
                return {StepperView::tr("Context = Concat(head_1, …, head_%1)").arg(h),
                        StepperView::tr("Each head gathers its own context, its weights · its slice of V; side by "
                                        "side the %1 heads make the concatenation, %1 × d_k = %1 × %2 = %3 columns.")
                                .arg(h)
                                .arg(dk)
                                .arg(d) +
                            (roles.empty() ? QString()
                                           : StepperView::tr(" The heads' roles: %1.").arg(roleList(roles))),
                        StepperView::tr("head<sub>i</sub> = softmax(Q<sub>i</sub>·K<sub>i</sub><sup>T</sup> / "
                                        "√d<sub>k</sub>) · V<sub>i</sub>; context = Concat(head<sub>1</sub>, …, "
                                        "head<sub>%1</sub>)")
                            .arg(h),
                        StepperView::tr("%1 heads, each weights (%2) · V_i (%3), side by side = context (%4).")
                            .arg(h)
                            .arg(dims(n, n), dims(n, dk), dims(n, d))};
            return {StepperView::tr("Context = weights · V"),
                    StepperView::tr("Row i is a weighted sum of the values: what position i gathers from the others."),
                    StepperView::tr("context<sub>i</sub> = Σ<sub>j</sub> w<sub>ij</sub> · v<sub>j</sub>, that is "
                                    "context = weights · V"),
                    StepperView::tr("weights (%1) · V (%2) = context (%2).").arg(dims(n, n), dims(n, width)) +
                        headNote};
        case Step::Output:
            if (origin != nullptr)
                return {StepperView::tr("Output = context · W_O + b_O"),
                        StepperView::tr("W_O is c_proj (+ its bias): it mixes the heads' contexts back into d_model "
                                        "numbers per token, which the layer adds to the residual stream."),
                        StepperView::tr("output = concat(context<sub>1</sub> … context<sub>h</sub>) · W<sub>O</sub> + "
                                        "b<sub>O</sub>"),
                        StepperView::tr("context (%1) · W_O (%2) + b_O = output (%1).").arg(dims(n, d), dims(d, d))};
            if (h > 1)  // the chapter's last formula
                return {StepperView::tr("Output = Concat(head_1, …, head_%1) · W_O").arg(h),
                        StepperView::tr("The output projection W_O mixes the %1 heads' concatenated contexts back into "
                                        "d_model numbers per token.")
                                .arg(h) +
                            (roles.empty() ? QString()
                                           : StepperView::tr(" The heads' roles: %1.").arg(roleList(roles))),
                        StepperView::tr("MultiHead(Q, K, V) = Concat(head<sub>1</sub>, …, head<sub>%1</sub>) · "
                                        "W<sub>O</sub>")
                            .arg(h),
                        StepperView::tr("context (%1) · W_O (%2) = output (%1).").arg(dims(n, d), dims(d, d))};
            return {StepperView::tr("Output = context · W_O"),
                    StepperView::tr("The output projection W_O mixes the heads' contexts back into d_model numbers per "
                                    "token."),
                    StepperView::tr("output = concat(context<sub>1</sub> … context<sub>h</sub>) · W<sub>O</sub>"),
                    StepperView::tr("context (%1) · W_O (%2) = output (%1).").arg(dims(n, d), dims(d, d))};
    }
    return {};
}

QString plain(const QString& html) { return QTextDocumentFragment::fromHtml(html).toPlainText(); }

}  // namespace

StepperView::StepperView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);

    // The steps between Previous and Next, every one in sight (on two rows on a narrow window).
    steps_ = new StepStrip(kStepCount);
    layout->addWidget(steps_);

    // Every text wraps: on a 1280-pixel screen a long formula must not widen the window.
    title_ = new QLabel;
    title_->setWordWrap(true);
    formula_ = new QLabel;
    formula_->setWordWrap(true);
    formula_->setTextFormat(Qt::RichText);
    role_ = new QLabel;
    role_->setWordWrap(true);
    role_->setTextFormat(Qt::RichText);
    shape_ = new QLabel;
    shape_->setWordWrap(true);
    for (QLabel* label : {title_, formula_, role_, shape_}) label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // The texts scroll when they would take more than their share of the height (two rows of
    // steps, a wrapped formula and role on a 1280 × 720 screen): the matrix keeps its room.
    texts_ = new QWidget;
    auto* textLayout = new QVBoxLayout(texts_);
    textLayout->setContentsMargins(0, 0, 0, 0);
    for (QLabel* label : {title_, formula_, role_, shape_}) textLayout->addWidget(label);
    textScroll_ = new QScrollArea;
    textScroll_->setWidget(texts_);
    textScroll_->setWidgetResizable(true);
    textScroll_->setFrameShape(QFrame::NoFrame);
    textScroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    layout->addWidget(textScroll_);

    heatmap_ = new HeatmapView;
    heatmap_->setSmallestValueScale(kStepValueScale);
    heatmap_->setFitPolicy(FitPolicy::NumbersFirst);
    layout->addWidget(heatmap_, 1);

    connect(steps_->previousButton(), &QToolButton::clicked, this, &StepperView::previous);
    connect(steps_->nextButton(), &QToolButton::clicked, this, &StepperView::next);
    connect(steps_, &StepStrip::stepChosen, this, [this](int index) { setStep(static_cast<Step>(index)); });
    const auto shortcut = [this](QKeySequence keys, auto slot) {
        auto* s = new QShortcut(keys, this, slot);
        s->setContext(Qt::WidgetWithChildrenShortcut);
    };
    shortcut(QKeySequence(Qt::Key_Right), [this] { next(); });
    shortcut(QKeySequence(Qt::Key_PageDown), [this] { next(); });
    shortcut(QKeySequence(Qt::Key_Left), [this] { previous(); });
    shortcut(QKeySequence(Qt::Key_PageUp), [this] { previous(); });
    shortcut(QKeySequence(Qt::Key_Home), [this] { setStep(Step::X); });
    shortcut(QKeySequence(Qt::Key_End), [this] { setStep(Step::Output); });
    setFocusPolicy(Qt::StrongFocus);
    applyFonts();
    retranslateUi();
}

void StepperView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
    if (event->type() == QEvent::LanguageChange) retranslateUi();
}

void StepperView::retranslateUi() {
    steps_->setNavigationTexts(tr("◀ Previous"), tr("Next ▶"));
    steps_->previousButton()->setToolTip(tr("Previous step (← or Page Up; Home: first step)"));
    steps_->nextButton()->setToolTip(tr("Next step (→ or Page Down; End: last step)"));
    for (int s = 0; s < kStepCount; ++s) steps_->setStepText(s, stepButtonText(static_cast<Step>(s)));
    refresh();
}

void StepperView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitTexts();
}

void StepperView::fitTexts() {
    const int width = textScroll_->viewport()->width() > 0 ? textScroll_->viewport()->width() : this->width();
    const int wanted = texts_->layout()->hasHeightForWidth() ? texts_->layout()->heightForWidth(width)
                                                             : texts_->sizeHint().height();
    textScroll_->setFixedHeight(std::min(wanted, static_cast<int>(height() * kTextsHeightShare)));
}

void StepperView::applyFonts() {
    QFont big = font();
    big.setPointSizeF(font().pointSizeF() * 1.35);
    big.setBold(true);
    title_->setFont(big);
    QFont formula = font();
    formula.setPointSizeF(font().pointSizeF() * 1.25);
    formula.setFamily(QStringLiteral("DejaVu Serif"));
    formula_->setFont(formula);
    if (textScroll_ != nullptr) fitTexts();
}

QString StepperView::stepButtonText(Step step) {
    switch (step) {
        case Step::X: return tr("1 X");
        case Step::Q: return tr("2 Q");
        case Step::K: return tr("3 K");
        case Step::V: return tr("4 V");
        case Step::Scores: return tr("5 QKᵀ");
        case Step::Scaled: return tr("6 ÷√d_k");
        case Step::Masked: return tr("7 mask");
        case Step::Weights: return tr("8 softmax");
        case Step::Context: return tr("9 ·V");
        case Step::Output: return tr("10 W_O");
    }
    return {};
}

void StepperView::setSources(const Sources& sources) {
    sources_ = sources;
    unavailable_.clear();
    refresh();
}

void StepperView::showUnavailable(const QString& why) {
    sources_ = {};
    unavailable_ = why;
    refresh();
}

void StepperView::setSelection(int query, int key) {
    query_ = query;
    key_ = key;
    showSelection();
}

void StepperView::showSelection() {
    const auto& source = heatmap_->source();
    if (source && isSquareStep(source->step()) && key_ >= 0)
        heatmap_->setSelectedCell(query_, key_);
    else
        heatmap_->setSelectedRow(query_);
}

void StepperView::setStep(Step step) {
    if (step == step_) return;
    step_ = step;
    refresh();
}

void StepperView::next() {
    if (static_cast<int>(step_) + 1 < kStepCount) setStep(static_cast<Step>(static_cast<int>(step_) + 1));
}

void StepperView::previous() {
    if (static_cast<int>(step_) > 0) setStep(static_cast<Step>(static_cast<int>(step_) - 1));
}

QString StepperView::titleText() const { return title_->text(); }
QString StepperView::formulaText() const { return plain(formula_->text()); }
QString StepperView::roleText() const { return plain(role_->text()); }
QString StepperView::shapeText() const { return shape_->text(); }

void StepperView::refresh() {
    const int index = static_cast<int>(step_);
    steps_->setCurrent(index);
    const auto& source = sources_[static_cast<std::size_t>(index)];
    if (!source) {
        title_->setText(tr("Step %1 of %2").arg(index + 1).arg(kStepCount));
        formula_->clear();
        role_->setText(unavailable_.isEmpty() ? tr("Type a sentence to see this step.") : unavailable_);
        shape_->clear();
        heatmap_->setSource(nullptr);
        return;
    }
    const StepTexts texts = textsFor(step_, *source, numberLocale());
    title_->setText(tr("Step %1 of %2 — %3").arg(index + 1).arg(kStepCount).arg(texts.title));
    formula_->setText(texts.formula);
    role_->setText(texts.role);
    shape_->setText(texts.shape);
    heatmap_->setSource(source);
    showSelection();
    fitTexts();
}

}  // namespace attnviz::ui
