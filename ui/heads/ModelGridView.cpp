#include "ui/heads/ModelGridView.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "ui/heads/ModelGridCanvas.h"
#include "ui/heads/ModelGridPainter.h"
#include "ui/style/ScrollableRow.h"

namespace attnviz::ui {
namespace {

/// A table cell holding a number, sorted as a number.
QTableWidgetItem* numberItem(double value, int decimals) {
    auto* item = new QTableWidgetItem;
    item->setData(Qt::DisplayRole, QString::number(value, 'f', decimals).toDouble());
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    item->setFlags(item->flags() & ~Qt::ItemIsEditable);
    return item;
}

constexpr int kTableColumns = 8;  // layer, head, role, then the five measures

}  // namespace

ModelGridView::ModelGridView(QWidget* parent) : QWidget(parent) {
    measureLabel_ = new QLabel;
    measureBox_ = new QComboBox;
    measureLabel_->setBuddy(measureBox_);
    measureBox_->addItem(QString());  // none
    for (int m = 0; m < kHeadMeasureCount; ++m) measureBox_->addItem(QString(), m);
    sortBox_ = new QCheckBox;
    tableBox_ = new QCheckBox;
    auto* bar = new QHBoxLayout;
    bar->addWidget(measureLabel_);
    bar->addWidget(measureBox_);
    bar->addWidget(sortBox_);
    bar->addStretch(1);
    bar->addWidget(tableBox_);

    canvas_ = new ModelGridCanvas;
    scroll_ = new QScrollArea;
    scroll_->setWidget(canvas_);
    scroll_->setWidgetResizable(false);
    scroll_->setAlignment(Qt::AlignHCenter | Qt::AlignTop);
    scroll_->setFocusProxy(canvas_);
    table_ = new QTableWidget(0, kTableColumns);
    table_->setSortingEnabled(true);
    table_->verticalHeader()->hide();
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->hide();
    auto* splitter = new QSplitter;
    splitter->addWidget(scroll_);
    splitter->addWidget(table_);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scrollableRow(bar));  // a long French row scrolls, never widens the window
    layout->addWidget(splitter, 1);
    setFocusProxy(canvas_);

    connect(canvas_, &ModelGridCanvas::headActivated, this, &ModelGridView::headActivated);
    connect(canvas_, &ModelGridCanvas::summariesMade, this, &ModelGridView::fillTable);
    connect(measureBox_, &QComboBox::currentIndexChanged, this, &ModelGridView::applyMeasure);
    connect(sortBox_, &QCheckBox::toggled, this, &ModelGridView::applyMeasure);
    connect(tableBox_, &QCheckBox::toggled, this, [this, splitter](bool on) {
        table_->setVisible(on);
        // The grid keeps three fifths of the width: a table shown the first time would take most of it.
        if (on) splitter->setSizes({splitter->width() * 3 / 5, splitter->width() * 2 / 5});
        fitCanvas();
    });
    connect(table_, &QTableWidget::cellActivated, this, [this](int row, int) {
        emit headActivated(table_->item(row, 0)->data(Qt::DisplayRole).toInt() - 1,
                           table_->item(row, 1)->data(Qt::DisplayRole).toInt() - 1);
    });
    connect(splitter, &QSplitter::splitterMoved, this, &ModelGridView::fitCanvas);
    retranslateUi();
    applyMeasure();
}

void ModelGridView::setStack(std::shared_ptr<const AttentionStack> stack) {
    canvas_->setStack(std::move(stack));
    fillTable();
}

void ModelGridView::setColorMap(const QString& name) { canvas_->setColorMap(name); }

void ModelGridView::setMeasure(std::optional<HeadMeasure> measure) {
    measureBox_->setCurrentIndex(measure ? static_cast<int>(*measure) + 1 : 0);
}

std::optional<HeadMeasure> ModelGridView::measure() const { return canvas_->measure(); }

void ModelGridView::setSorted(bool sorted) { sortBox_->setChecked(sorted); }

void ModelGridView::setSummaryTableShown(bool shown) { tableBox_->setChecked(shown); }

void ModelGridView::applyMeasure() {
    const int index = measureBox_->currentIndex();
    const std::optional<HeadMeasure> measure =
        index > 0 ? std::optional<HeadMeasure>(static_cast<HeadMeasure>(index - 1)) : std::nullopt;
    sortBox_->setEnabled(measure.has_value());
    canvas_->setMeasure(measure, sortBox_->isChecked());
    if (measure) table_->sortItems(3 + static_cast<int>(*measure), Qt::DescendingOrder);
}

void ModelGridView::fillTable() {
    const std::shared_ptr<const AttentionStack>& stack = canvas_->stack();
    const std::vector<HeadSummary>& summaries = canvas_->summaries();
    table_->setSortingEnabled(false);
    table_->setRowCount(0);
    if (!stack || summaries.size() != static_cast<std::size_t>(stack->layers() * stack->heads())) return;
    table_->setRowCount(static_cast<int>(summaries.size()));
    for (int index = 0; index < static_cast<int>(summaries.size()); ++index) {
        const int layer = index / stack->heads(), head = index % stack->heads();
        const HeadSummary& summary = summaries[static_cast<std::size_t>(index)];
        table_->setItem(index, 0, numberItem(layer + 1, 0));
        table_->setItem(index, 1, numberItem(head + 1, 0));
        auto* role = new QTableWidgetItem(QString::fromStdString(stack->headRole(layer, head)));
        role->setFlags(role->flags() & ~Qt::ItemIsEditable);
        table_->setItem(index, 2, role);
        for (int m = 0; m < kHeadMeasureCount; ++m)
            table_->setItem(index, 3 + m, numberItem(summary.value(static_cast<HeadMeasure>(m)), m == 1 ? 1 : 2));
    }
    table_->setSortingEnabled(true);
    table_->resizeColumnsToContents();
}

void ModelGridView::fitCanvas() {
    // The viewport less a vertical scroll bar's width, so that scrolling down never hides a column.
    const QSize viewport = scroll_->viewport()->size();
    canvas_->fitTo(QSize(viewport.width() - scroll_->verticalScrollBar()->sizeHint().width(), viewport.height()));
}

void ModelGridView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitCanvas();
}

void ModelGridView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    fitCanvas();
}

void ModelGridView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) retranslateUi();
}

void ModelGridView::retranslateUi() {
    measureLabel_->setText(tr("&Measure:"));
    measureBox_->setItemText(0, tr("none"));
    for (int m = 0; m < kHeadMeasureCount; ++m)
        measureBox_->setItemText(m + 1, ModelGridLayout::measureName(static_cast<HeadMeasure>(m)));
    measureBox_->setToolTip(tr("Writes this measure under every head and outlines the heads that score highest on it."));
    sortBox_->setText(tr("&Sort, highest first"));
    tableBox_->setText(tr("Summary &table"));
    table_->setHorizontalHeaderLabels({tr("layer"), tr("head"), tr("role"),
                                       ModelGridLayout::measureName(HeadMeasure::Entropy) + tr(" (bits)"),
                                       ModelGridLayout::measureName(HeadMeasure::MeanDistance) + tr(" (tokens)"),
                                       ModelGridLayout::measureName(HeadMeasure::PreviousToken),
                                       ModelGridLayout::measureName(HeadMeasure::FirstToken),
                                       ModelGridLayout::measureName(HeadMeasure::SameToken)});
}

}  // namespace attnviz::ui
