#include "ui/shell/PredictBanner.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "ui/heatmap/HeatmapPainter.h"

namespace attnviz::ui {

PredictBanner::PredictBanner(QWidget* parent) : QFrame(parent) {
    setObjectName(QStringLiteral("predictBanner"));
    setFrameStyle(QFrame::Box | QFrame::Plain);
    setLineWidth(2);
    // Dark brown on pale orange, framed in the guess's orange, in the light and the dark theme alike.
    QPalette colours = palette();
    colours.setColor(QPalette::Window, QColor(0xff, 0xf3, 0xe0));
    colours.setColor(QPalette::WindowText, QColor(0x4e, 0x24, 0x00));
    colours.setColor(QPalette::Light, HeatmapPainter::guessColor());
    colours.setColor(QPalette::Dark, HeatmapPainter::guessColor());
    setPalette(colours);
    setAutoFillBackground(true);

    auto* layout = new QHBoxLayout(this);
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
    layout->addLayout(texts, 1);
    layout->addWidget(advance_, 0, Qt::AlignVCenter);
    layout->addWidget(end_, 0, Qt::AlignVCenter);
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
    QFrame::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
}

}  // namespace attnviz::ui
