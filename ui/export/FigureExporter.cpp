#include "ui/export/FigureExporter.h"

#include <QBuffer>
#include <QMarginsF>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <string>

#include "core/base/Errors.h"

namespace attnviz::ui {
namespace {

constexpr double kMetresPerInch = 0.0254;
constexpr double kPointsPerInch = 72.0;

/// CRC-32 of PNG chunks (ISO 3309, polynomial 0xEDB88320), continued from crc.
quint32 crc32(const char* data, qsizetype size, quint32 crc = 0) {
    static const auto table = [] {
        std::array<quint32, 256> t{};
        for (quint32 n = 0; n < 256; ++n) {
            quint32 c = n;
            for (int k = 0; k < 8; ++k) c = (c & 1U) != 0 ? 0xEDB88320U ^ (c >> 1) : c >> 1;
            t[n] = c;
        }
        return t;
    }();
    crc = ~crc;
    for (qsizetype i = 0; i < size; ++i) crc = table[(crc ^ static_cast<quint8>(data[i])) & 0xFFU] ^ (crc >> 8);
    return ~crc;
}

void appendBigEndian(QByteArray& out, quint32 value) {
    const char bytes[4] = {static_cast<char>(value >> 24), static_cast<char>(value >> 16), static_cast<char>(value >> 8),
                           static_cast<char>(value)};
    out.append(bytes, 4);
}

void appendChunk(QByteArray& out, const char type[4], const QByteArray& data) {
    appendBigEndian(out, static_cast<quint32>(data.size()));
    const qsizetype start = out.size();
    out.append(type, 4);
    out.append(data);
    appendBigEndian(out, crc32(out.constData() + start, out.size() - start));
}

/// An international text chunk (UTF-8, uncompressed).
QByteArray textChunk(const char* keyword, const QString& text) {
    QByteArray data(keyword);
    data.append('\0');
    data.append('\0');  // not compressed
    data.append('\0');  // compression method
    data.append('\0');  // no language tag
    data.append('\0');  // no translated keyword
    data.append(text.toUtf8());
    return data;
}

/// PNG of an opaque RGB32 image: 8-bit RGB, rows unfiltered, deflate level 1. A heatmap is made
/// of flat areas, which deflate finds without PNG's row filters; this is several times faster
/// than Qt's encoder (libpng tries every filter on every row) for files of about the same size.
/// The image's memory is reused for the PNG rows, so the image is left unusable.
QByteArray encodePng(QImage& image, const QString& title, const QString& description) {
    const int width = image.width();
    const int height = image.height();
    const auto rowBytes = static_cast<qsizetype>(width) * 3 + 1;
    // Row y of the PNG data (a filter byte, then R G B per pixel) is written over the image's own
    // memory: it starts at or before row y of the image and each pixel is read before the bytes
    // written at its place, so nothing is overwritten before it is read.
    static_assert(sizeof(QRgb) == 4);
    if (image.format() != QImage::Format_RGB32 || image.bytesPerLine() != static_cast<qsizetype>(width) * 4)
        image = image.convertToFormat(QImage::Format_RGB32);
    uchar* const memory = image.bits();
    if (memory == nullptr) return {};
    for (int y = 0; y < height; ++y) {
        const uchar* in = memory + static_cast<qsizetype>(width) * 4 * y;
        uchar* out = memory + rowBytes * y;
        QRgb pixel = 0;
        std::memcpy(&pixel, in, sizeof pixel);  // before the filter byte overwrites it (row 0)
        *out++ = 0;                             // filter: none
        for (int x = 0; x < width; ++x, in += 4) {
            if (x > 0) std::memcpy(&pixel, in, sizeof pixel);
            *out++ = static_cast<uchar>(qRed(pixel));
            *out++ = static_cast<uchar>(qGreen(pixel));
            *out++ = static_cast<uchar>(qBlue(pixel));
        }
    }
    const QByteArray raw = QByteArray::fromRawData(reinterpret_cast<const char*>(memory), rowBytes * height);
    // qCompress gives a zlib stream after a 4-byte length: the zlib stream is what IDAT holds.
    const QByteArray compressed = qCompress(raw, 1).mid(4);

    QByteArray png("\x89PNG\r\n\x1a\n", 8);
    QByteArray header;
    appendBigEndian(header, static_cast<quint32>(width));
    appendBigEndian(header, static_cast<quint32>(height));
    header.append("\x08\x02\x00\x00\x00", 5);  // 8 bits, RGB, deflate, adaptive filtering, no interlace
    appendChunk(png, "IHDR", header);
    QByteArray physical;
    appendBigEndian(physical, static_cast<quint32>(image.dotsPerMeterX()));
    appendBigEndian(physical, static_cast<quint32>(image.dotsPerMeterY()));
    physical.append('\x01');  // unit: metre
    appendChunk(png, "pHYs", physical);
    appendChunk(png, "iTXt", textChunk("Title", title));
    if (!description.isEmpty()) appendChunk(png, "iTXt", textChunk("Description", description));
    appendChunk(png, "tEXt", QByteArray("Software\0AttnViz", 16));
    constexpr qsizetype kChunk = 1 << 20;
    for (qsizetype at = 0; at < compressed.size(); at += kChunk) appendChunk(png, "IDAT", compressed.mid(at, kChunk));
    appendChunk(png, "IEND", QByteArray());
    return png;
}

}  // namespace

double defaultPngScale(QSizeF figureSize) {
    const double longest = std::max(figureSize.width(), figureSize.height());
    if (!(longest > 0)) return kDefaultPngScale;
    return std::clamp(kDefaultPngLongestSide / longest, 1.0, kDefaultPngScale);
}

QImage renderFigureImage(const FigureRenderer& figure, double scale) {
    return paintImage(figure.size(), scale, figure.background(), [&](QPainter& painter) { figure.paint(painter); });
}

QImage paintImage(QSizeF size, double scale, const QColor& background, const std::function<void(QPainter&)>& paint) {
    if (!(scale > 0) || !std::isfinite(scale)) throw Error("the image scale must be a number greater than 0");
    const double width = std::ceil(size.width() * scale - 1e-9);
    const double height = std::ceil(size.height() * scale - 1e-9);
    if (width * height > kLargestPngPixels || width > 60000 || height > 60000) {
        throw Error("the image would be " + std::to_string(static_cast<long long>(width)) + " × " +
                    std::to_string(static_cast<long long>(height)) + " pixels, too large: lower the scale or dpi");
    }
    QImage image(static_cast<int>(width), static_cast<int>(height), QImage::Format_RGB32);
    if (image.isNull()) throw Error("not enough memory for a " + std::to_string(static_cast<long long>(width)) + " × " +
                                    std::to_string(static_cast<long long>(height)) + " pixel image");
    image.fill(background);
    const int dotsPerMetre = static_cast<int>(std::lround(kFigureUnitsPerInch * scale / kMetresPerInch));
    image.setDotsPerMeterX(dotsPerMetre);
    image.setDotsPerMeterY(dotsPerMetre);
    QPainter painter(&image);
    painter.scale(scale, scale);
    paint(painter);
    painter.end();
    return image;
}


QByteArray encodeFigure(const Figure& figure, ExportFormat format, double pngScale) {
    const auto paint = [&figure](QPainter& painter) { figure.paint(painter); };
    switch (format) {
        case ExportFormat::Png: {
            QImage image = paintImage(figure.size(), pngScale, figure.background(), paint);
            const QByteArray png = encodePng(image, figure.title(), figure.description());
            if (png.isEmpty()) throw Error("cannot encode the PNG: not enough memory");
            return png;
        }
        case ExportFormat::Svg: return paintSvg(figure.size(), figure.title(), figure.description(), paint);
        case ExportFormat::Pdf: {
            const double margin = figure.pdfPageMargin();
            if (margin <= 0) return paintPdf(figure.size(), figure.title(), paint);
            const QSizeF page = figure.size() + QSizeF(2 * margin, 2 * margin);
            return paintPdf(page, figure.title(), [&](QPainter& painter) {
                painter.fillRect(QRectF(QPointF(0, 0), page), figure.background());
                painter.translate(margin, margin);
                figure.paint(painter);
            });
        }
        case ExportFormat::Csv:
        case ExportFormat::Json: break;
    }
    throw Error("a figure is written as PNG, SVG or PDF, not as " + exportFormatSuffix(format).toStdString());
}

QByteArray paintSvg(QSizeF size, const QString& title, const QString& description,
                    const std::function<void(QPainter&)>& paint) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setResolution(static_cast<int>(kFigureUnitsPerInch));
    generator.setSize(size.toSize());
    generator.setViewBox(QRectF(QPointF(0, 0), size));
    generator.setTitle(title);
    generator.setDescription(description);
    QPainter painter(&generator);
    paint(painter);
    painter.end();
    return bytes;
}

QByteArray paintPdf(QSizeF size, const QString& title, const std::function<void(QPainter&)>& paint) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter pdf(&buffer);
    pdf.setCreator(QStringLiteral("AttnViz"));
    pdf.setTitle(title);
    // One device unit per figure unit. The page is the figure, in whole points (as the PDF
    // writer keeps them), rounded up so that nothing is cut.
    pdf.setResolution(static_cast<int>(kFigureUnitsPerInch));
    const QSizeF exact = size * (kPointsPerInch / kFigureUnitsPerInch);
    const QSizeF points(std::ceil(exact.width() - 1e-9), std::ceil(exact.height() - 1e-9));
    pdf.setPageLayout(QPageLayout(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch),
                                  QPageLayout::Portrait, QMarginsF(0, 0, 0, 0), QPageLayout::Point));
    QPainter painter;
    if (!painter.begin(&pdf)) throw Error("cannot start the PDF");
    paint(painter);
    painter.end();
    return bytes;
}

void writeBytes(std::ostream& out, const QByteArray& bytes) {
    out.write(bytes.constData(), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace attnviz::ui
