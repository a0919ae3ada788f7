#include "ui/shell/ImportedBar.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>

#include "core/base/Heads.h"
#include "core/heads/AttentionStack.h"

namespace attnviz::ui {

ImportedBar::ImportedBar(QWidget* parent) : QWidget(parent) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    summary_ = new QLabel;
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layerLabel_ = new QLabel;
    layer_ = new QSpinBox;
    layerLabel_->setBuddy(layer_);
    headLabel_ = new QLabel;
    head_ = new QComboBox;
    headLabel_->setBuddy(head_);
    close_ = new QPushButton;
    layout->addWidget(summary_, 1);
    layout->addWidget(layerLabel_);
    layout->addWidget(layer_);
    layout->addWidget(headLabel_);
    layout->addWidget(head_);
    layout->addWidget(close_);
    connect(layer_, &QSpinBox::valueChanged, this, &ImportedBar::viewChanged);
    connect(head_, &QComboBox::currentIndexChanged, this, &ImportedBar::viewChanged);
    connect(close_, &QPushButton::clicked, this, &ImportedBar::closeRequested);
    retranslateUi();
    hide();
}

void ImportedBar::showStack(const AttentionStack& stack, const QString& name) {
    const QSignalBlocker blockLayer(layer_);
    const QSignalBlocker blockHead(head_);
    name_ = name;
    layers_ = stack.layers();
    heads_ = stack.heads();
    tokens_ = stack.size();
    layer_->setRange(1, layers_);  // counted from 1, as a person reads layers
    layer_->setValue(1);
    fillHeads();
    head_->setCurrentIndex(0);
    retranslateUi();
}

int ImportedBar::layer() const { return layer_->value() - 1; }

int ImportedBar::head() const { return head_->currentData().toInt(); }

void ImportedBar::setView(int layer, int head) {
    const int index = head_->findData(head);
    if (layer + 1 == layer_->value() && index == head_->currentIndex()) return;
    {
        const QSignalBlocker blockLayer(layer_);
        const QSignalBlocker blockHead(head_);
        layer_->setValue(layer + 1);
        if (index >= 0) head_->setCurrentIndex(index);
    }
    emit viewChanged();
}

void ImportedBar::fillHeads() {
    const int current = head_->currentIndex();
    const QSignalBlocker block(head_);
    head_->clear();
    for (int h = 0; h < heads_; ++h) head_->addItem(tr("Head %1").arg(h + 1), h);
    if (heads_ > 1) head_->addItem(tr("Mean of the heads"), kAllHeads);
    head_->setCurrentIndex(std::max(0, std::min(current, head_->count() - 1)));
}

void ImportedBar::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) retranslateUi();
}

void ImportedBar::retranslateUi() {
    summary_->setText(tr("Imported weights: %1 · layers × heads: %2 × %3 · n = %4").arg(name_).arg(layers_).arg(heads_).arg(tokens_));
    layerLabel_->setText(tr("&Layer"));
    headLabel_->setText(tr("&Head"));
    close_->setText(tr("Close"));
    close_->setToolTip(tr("Back to the teaching model"));
    if (heads_ > 0) fillHeads();
}

}  // namespace attnviz::ui
