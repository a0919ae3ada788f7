#include "ui/panels/WeightEditor.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QRegularExpressionValidator>
#include <QStyledItemDelegate>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include "core/model/ProjectionPresets.h"
#include "core/model/TeachingConfig.h"
#include "ui/i18n/Language.h"
#include "ui/panels/WeightMatrixModel.h"

namespace attnviz::ui {
namespace {

/// A line edit that only lets a number be typed ("-0.5", "2e-3", "0,5"); the model refuses what
/// is still not a finite number when the edit ends (an empty cell, "1e999").
class NumberDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex&) const override {
        auto* edit = new QLineEdit(parent);
        static const QRegularExpression number(QStringLiteral("[+-]?(\\d+([.,]\\d*)?|[.,]\\d+)([eE][+-]?\\d+)?"));
        edit->setValidator(new QRegularExpressionValidator(number, edit));
        edit->setFrame(false);
        return edit;
    }
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override {
        if (auto* edit = qobject_cast<QLineEdit*>(editor)) model->setData(index, edit->text(), Qt::EditRole);
    }
};

// The headers in the interface's language.
QStringList names(const TeachingModel& model, const std::vector<TeachingDimension>& dimensions) {
    QStringList list;
    for (const TeachingDimension& d : dimensions) list << dimensionName(model, d);
    return list;
}

QStringList explanations(const TeachingModel& model, const std::vector<TeachingDimension>& dimensions) {
    QStringList list;
    for (const TeachingDimension& d : dimensions) list << dimensionExplanation(model, d);
    return list;
}

const Eigen::MatrixXd& matrixOf(const Projections& p, int m) {
    switch (m) {
        case WeightEditor::WQ: return p.wq;
        case WeightEditor::WK: return p.wk;
        case WeightEditor::WV: return p.wv;
        default: return p.wo;
    }
}

bool sameMatrix(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
    return a.rows() == b.rows() && a.cols() == b.cols() && a == b;
}

}  // namespace

WeightEditor::WeightEditor(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    help_ = new QLabel;
    help_->setWordWrap(true);
    layout->addWidget(help_);

    tabs_ = new QTabWidget;
    for (int m = 0; m < 4; ++m) {
        models_[m] = new WeightMatrixModel(this);
        tables_[m] = new QTableView;
        tables_[m]->setModel(models_[m]);
        tables_[m]->setItemDelegate(new NumberDelegate(tables_[m]));
        tables_[m]->setTabKeyNavigation(false);  // Tab goes on to the next control; arrows move between cells
        tables_[m]->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                                    QAbstractItemView::AnyKeyPressed);
        tables_[m]->setWordWrap(false);  // a number on one line, never "0." above "307489"
        tables_[m]->horizontalHeader()->setTextElideMode(Qt::ElideRight);
        tables_[m]->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
        // Fixed row heights: ResizeToContents lays out every cell's text to size a row, which
        // held the window for seconds with d_model = 512.
        tables_[m]->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
        connect(models_[m], &WeightMatrixModel::valueEdited, this, &WeightEditor::onValueEdited);
        tabs_->addTab(tables_[m], QString());
    }
    const int width = fontMetrics().horizontalAdvance(QStringLiteral("−0.00000")) + 12;
    for (QTableView* table : tables_) table->horizontalHeader()->setDefaultSectionSize(width);
    layout->addWidget(tabs_, 1);

    auto* bottom = new QHBoxLayout;
    status_ = new QLabel;
    status_->setWordWrap(true);
    reset_ = new QPushButton;
    reset_->setEnabled(false);
    connect(reset_, &QPushButton::clicked, this, &WeightEditor::resetRequested);
    bottom->addWidget(status_, 1);
    bottom->addWidget(reset_, 0, Qt::AlignTop);
    layout->addLayout(bottom);
    retranslateUi();
}

void WeightEditor::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() != QEvent::LanguageChange) return;
    retranslateUi();
    if (namesFrom_ != nullptr && namesLanguage_ != currentLanguage()) {  // the teaching model's names
        namesLanguage_ = currentLanguage();
        for (int m = 0; m < 4; ++m) showMatrix(m, Eigen::MatrixXd(models_[m]->matrix()));
    }
}

void WeightEditor::showMatrix(int m, Eigen::MatrixXd matrix) {
    if (namesFrom_ == nullptr) {
        models_[m]->setMatrix(std::move(matrix));
        return;
    }
    const TeachingModel& model = *namesFrom_;
    const auto& in = m == WO ? model.valueDimensions() : model.embeddingDimensions();
    const auto& out = m == WQ   ? model.queryDimensions()
                      : m == WK ? model.keyDimensions()
                      : m == WV ? model.valueDimensions()
                                : model.outputDimensions();
    models_[m]->setMatrix(std::move(matrix), names(model, in), names(model, out), explanations(model, in),
                          explanations(model, out));
}

void WeightEditor::retranslateUi() {
    help_->setText(tr("Q = X·W_Q, K = X·W_K, V = X·W_V, output = context·W_O. Rows: the dimensions coming in; "
                      "columns: the dimensions going out. Double-click a number, type another, press Enter: "
                      "everything is recomputed."));
    static const char* const tabNames[4] = {"W_Q", "W_K", "W_V", "W_O"};
    for (int m = 0; m < 4; ++m) tabs_->setTabText(m, QString::fromLatin1(tabNames[m]));
    tabs_->setTabToolTip(WQ, tr("W_Q makes each token's query: what it looks for."));
    tabs_->setTabToolTip(WK, tr("W_K makes each token's key: what it offers to the queries."));
    tabs_->setTabToolTip(WV, tr("W_V makes each token's value: what it passes on when attended to."));
    tabs_->setTabToolTip(WO, tr("W_O mixes the heads' contexts into the output."));
    reset_->setText(tr("Reset"));
    updateStatus();
}

bool WeightEditor::sameSource(const Source& a, const Source& b) {
    if (a.preset != b.preset || a.dModel != b.dModel) return false;
    if (a.preset == ProjectionPreset::Random && a.seed != b.seed) return false;
    if (!(a.supplied == b.supplied)) return false;
    if (a.preset != ProjectionPreset::Teaching || a.teachingModel == b.teachingModel) return true;
    AttentionConfig x, y;
    x.teachingModel = a.teachingModel;
    y.teachingModel = b.teachingModel;
    return teachingModelOf(x).sameSource(teachingModelOf(y));
}

bool WeightEditor::sameMatrices(const Projections& a, const Projections& b) {
    return sameMatrix(a.wq, b.wq) && sameMatrix(a.wk, b.wk) && sameMatrix(a.wv, b.wv) && sameMatrix(a.wo, b.wo);
}

void WeightEditor::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (pending_) {
        const AttentionConfig config = std::move(*pending_);
        pending_.reset();
        showConfig(config);
    }
}

void WeightEditor::showConfig(const AttentionConfig& config) {
    if (!isVisible() && hasSource_) {
        // Hidden: the seeded matrices of a large d_model are made only when the tables are seen.
        pending_ = config;
        return;
    }
    pending_.reset();
    const Source source{config.preset, config.dModel, config.seed, config.supplied, config.teachingModel};
    if (hasSource_ && sameSource(source, shown_)) return;
    hasSource_ = true;
    shown_ = source;
    // The one copy of the matrices a session or a file brings (moved into the tables below):
    // with a d_model of 1,260 every pass over the four is 50 MB, on the GUI thread.
    Projections made = makeProjections(config);

    const bool ours = edited_ && sameMatrices(made, lastEdit_);
    if (!ours) {
        // Where Reset goes back to: the teaching model's own matrices, or these.
        edited_ = false;
        pristinePreset_ = config.preset;
        pristineDModel_ = config.dModel;
        if (config.preset == ProjectionPreset::Teaching) {
            pristineSupplied_ = {};
            pristineMatrices_ = teachingModelOf(config).projections();
        } else if (config.preset == ProjectionPreset::Supplied) {
            pristineSupplied_ = config.supplied;  // shared, not copied
            pristineMatrices_ = {};
        } else {
            pristineSupplied_ = config.supplied;
            pristineMatrices_ = made;
        }
    }

    const bool named = config.preset == ProjectionPreset::Teaching &&
                       teachingModelOf(config).dimensions() == config.dModel;
    const TeachingModel* namesFrom = named ? &teachingModelOf(config) : nullptr;
    const bool sameNames = namesFrom == namesFrom_ && namesLanguage_ == currentLanguage();
    namesFrom_ = namesFrom;
    namesLanguage_ = currentLanguage();
    Eigen::MatrixXd* const madeMatrices[4] = {&made.wq, &made.wk, &made.wv, &made.wo};
    for (int m = 0; m < 4; ++m) {
        // Unchanged tables are left alone: an edit comes back here while its table is committing.
        if (ours && sameNames && sameMatrix(models_[m]->matrix(), *madeMatrices[m])) continue;
        showMatrix(m, std::move(*madeMatrices[m]));
    }
    {
        // Wide enough for the widest number (drawn bold) and, for named columns, for "looks for
        // a noun", the rest of the name on up to 3 lines.
        QFont bold = font();
        bold.setBold(true);
        QString widest = WeightMatrixModel::displayText(-0.0001);
        for (const WeightMatrixModel* model : models_)
            if (model->widestText().size() > widest.size()) widest = model->widestText();
        const int width = std::max(QFontMetrics(bold).horizontalAdvance(widest),
                                   named ? fontMetrics().horizontalAdvance(QStringLiteral("looks for a noun")) : 0) +
                          16;
        for (QTableView* table : tables_) {
            QHeaderView* header = table->horizontalHeader();
            header->setDefaultSectionSize(width);
            const Qt::Alignment wrap = Qt::Alignment::fromInt(Qt::TextWordWrap);  // a text flag, drawn by the header
            header->setDefaultAlignment(named ? Qt::Alignment(Qt::AlignCenter) | wrap : Qt::Alignment(Qt::AlignCenter));
            if (named) header->setFixedHeight(header->fontMetrics().lineSpacing() * 3 + 10);
            else header->setFixedHeight(header->sizeHint().height());
        }
    }
    updateStatus();
}

AttentionConfig WeightEditor::resetConfig(const AttentionConfig& current) const {
    AttentionConfig config = current;
    config.preset = pristinePreset_;
    config.dModel = pristineDModel_;
    config.supplied = pristineSupplied_;
    return config;
}

const Eigen::MatrixXd& WeightEditor::pristineMatrix(int m) const {
    if (pristinePreset_ == ProjectionPreset::Supplied) {
        switch (m) {
            case WQ: return pristineSupplied_.wq();
            case WK: return pristineSupplied_.wk();
            case WV: return pristineSupplied_.wv();
            default: return pristineSupplied_.wo();
        }
    }
    return matrixOf(pristineMatrices_, m);
}

bool WeightEditor::isEdited() const {
    if (!hasSource_) return false;
    // Untouched since shown, the tables hold the pristine matrices, but for a teaching model's
    // edited weights (small: compared).
    if (!edited_ && pristinePreset_ != ProjectionPreset::Teaching) return false;
    for (int m = 0; m < 4; ++m)
        if (!sameMatrix(models_[m]->matrix(), pristineMatrix(m))) return true;
    return false;
}

Weights WeightEditor::weights() const {
    return {models_[WQ]->matrix(), models_[WK]->matrix(), models_[WV]->matrix(), models_[WO]->matrix(), {}};
}

void WeightEditor::onValueEdited() {
    const Weights edited = weights();
    lastEdit_ = {edited.wq, edited.wk, edited.wv, edited.wo};
    edited_ = true;
    updateStatus();
    emit weightsEdited(edited);
}

void WeightEditor::updateStatus() {
    const bool edited = isEdited();
    reset_->setEnabled(edited);
    QString origin;
    switch (pristinePreset_) {
        case ProjectionPreset::Teaching: origin = tr("the teaching model's matrices"); break;
        case ProjectionPreset::Random: origin = tr("the random (seeded) matrices"); break;
        case ProjectionPreset::Identity: origin = tr("the identity matrices"); break;
        case ProjectionPreset::Supplied: origin = tr("the matrices loaded from the file or session"); break;
        case ProjectionPreset::Model: origin = tr("the model's matrices"); break;
    }
    status_->setText(edited ? tr("Edited. Reset goes back to %1.").arg(origin)
                            : tr("Not edited: %1.").arg(origin));
}

}  // namespace attnviz::ui
