#pragma once
#include <QProxyStyle>

namespace attnviz::ui {

/// Fusion, with a keyboard focus ring that a class can see: QFocusFrame (see FocusRing) is drawn
/// as a 3 px band of the palette's highlight colour around the focused widget, in every theme.
class ClassroomStyle : public QProxyStyle {
    Q_OBJECT
public:
    ClassroomStyle();

    [[nodiscard]] int pixelMetric(PixelMetric metric, const QStyleOption* option = nullptr,
                                  const QWidget* widget = nullptr) const override;
    void drawControl(ControlElement element, const QStyleOption* option, QPainter* painter,
                     const QWidget* widget = nullptr) const override;

    /// Width of the focus ring, in pixels.
    static constexpr int kFocusRingWidth = 3;
};

}  // namespace attnviz::ui
