#include "ui/shell/PredictBanner.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "ui/heatmap/HeatmapPainter.h"

namespace attnviz::ui {

PredictBanner::PredictBanner(QWidget* parent) : NoticeBar(Tone::Predict, parent) {
    setObjectName(QStringLiteral("predictBanner"));
    auto* texts = new QVBoxLayout;
    headline_ = new QLabel;
    headline_->setWordWrap(true);
    headline_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    detail_ = new QLabel;
    detail_->setWordWrap(true);
    texts->addWidget(headline_);
    texts->addWidget(detail_);
    advance_ = new QPushButton;
    end_ = new QPushButton;
    // The keyboard drives the round (PredictActions): the buttons never keep the focus from the heatmap.
    advance_->setFocusPolicy(Qt::NoFocus);
    end_->setFocusPolicy(Qt::NoFocus);
    connect(advance_, &QPushButton::clicked, this, &PredictBanner::advanceRequested);
    connect(end_, &QPushButton::clicked, this, &PredictBanner::endRequested);
    row()->addLayout(texts, 1);
    row()->addWidget(advance_, 0, Qt::AlignVCenter);
    row()->addWidget(end_, 0, Qt::AlignVCenter);
    applyFonts();
    hide();
}

void PredictBanner::showRound(const QString& headline, const QString& detail, const QString& advanceText,
                              const QString& endText) {
    headline_->setText(headline);
    detail_->setText(detail);
    advance_->setText(advanceText);
    end_->setText(endText);
    end_->setVisible(!endText.isEmpty());
    show();
}

QString PredictBanner::headline() const { return headline_->text(); }

QString PredictBanner::detail() const { return detail_->text(); }

void PredictBanner::applyFonts() {
    // The question is what the room reads: larger than the rest, and bold.
    QFont large = font();
    large.setPointSizeF(font().pointSizeF() * 1.25);
    large.setBold(true);
    headline_->setFont(large);
}

void PredictBanner::changeEvent(QEvent* event) {
    NoticeBar::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
}

}  // namespace attnviz::ui
