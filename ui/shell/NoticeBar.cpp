#include "ui/shell/NoticeBar.h"

#include <QHBoxLayout>
#include <QLabel>

#include "ui/heatmap/HeatmapPainter.h"

namespace attnviz::ui {
namespace {

struct ToneColours {
    QColor background;
    QColor text;
    int lineWidth;
};

ToneColours coloursOf(NoticeBar::Tone tone) {
    switch (tone) {
        case NoticeBar::Tone::Warning: return {QColor(0xff, 0xf3, 0xcd), QColor(0x3d, 0x2c, 0x00), 2};
        case NoticeBar::Tone::Untrained: return {QColor(0xe3, 0xf2, 0xfd), QColor(0x0d, 0x3c, 0x61), 1};
        case NoticeBar::Tone::Predict: return {QColor(0xff, 0xf3, 0xe0), QColor(0x4e, 0x24, 0x00), 2};
        case NoticeBar::Tone::Tip: return {QColor(0xe8, 0xf5, 0xe9), QColor(0x1b, 0x4d, 0x20), 1};
    }
    return {QColor(0xff, 0xf3, 0xcd), QColor(0x3d, 0x2c, 0x00), 2};
}

}  // namespace

NoticeBar::NoticeBar(Tone tone, QWidget* parent) : QFrame(parent) {
    const ToneColours colours = coloursOf(tone);
    setFrameStyle(QFrame::Box | QFrame::Plain);
    setLineWidth(colours.lineWidth);
    QPalette palette = this->palette();
    palette.setColor(QPalette::Window, colours.background);
    palette.setColor(QPalette::WindowText, colours.text);
    // The banner's and the tip's buttons in the band's own text colour; the warning's and the
    // round's buttons keep the theme's, drawn on the theme's own button face.
    if (tone == Tone::Untrained || tone == Tone::Tip) palette.setColor(QPalette::ButtonText, colours.text);
    if (tone == Tone::Predict) {  // the frame in the guessed cell's orange
        palette.setColor(QPalette::Light, HeatmapPainter::guessColor());
        palette.setColor(QPalette::Dark, HeatmapPainter::guessColor());
    }
    setPalette(palette);
    setAutoFillBackground(true);
    row_ = new QHBoxLayout(this);
    if (tone == Tone::Tip) {  // as low as a line of text: the tip costs the views no height
        row_->setContentsMargins(8, 0, 0, 0);
        row_->setSpacing(4);
    }
}

void NoticeBar::addIcon(QStyle::StandardPixmap icon) {
    auto* label = new QLabel;
    const int side = fontMetrics().height() * 3 / 2;
    label->setPixmap(style()->standardIcon(icon).pixmap(side, side));
    row_->addWidget(label);
}

QLabel* NoticeBar::addText(bool bold) {
    auto* text = new QLabel;
    text->setWordWrap(true);
    text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    if (bold) {
        QFont font = text->font();
        font.setBold(true);
        text->setFont(font);
    }
    row_->addWidget(text, 1);
    return text;
}

}  // namespace attnviz::ui
