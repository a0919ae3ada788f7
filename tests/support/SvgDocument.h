#pragma once
// What an SVG document holds, read with Qt's XML reader (window and export tests).
#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QXmlStreamReader>

#include <gtest/gtest.h>

namespace attnviz::ui::testing {

struct SvgDocument {
    QStringList texts;  ///< every <text> element's text, as written (entities decoded)
    int images = 0;     ///< <image> elements: a vector figure has none
    bool wellFormed = false;
    QString error;  ///< the XML reader's, when not well formed
};

inline SvgDocument readSvg(const QByteArray& svg) {
    QXmlStreamReader xml(svg);
    SvgDocument document;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) continue;
        if (xml.name() == QLatin1String("text")) document.texts << xml.readElementText();
        else if (xml.name() == QLatin1String("image")) ++document.images;
    }
    document.wellFormed = !xml.hasError();
    document.error = xml.errorString();
    return document;
}

/// The texts of a well-formed SVG document, trimmed (a failure is recorded otherwise).
inline QStringList svgTexts(const QByteArray& svg) {
    const SvgDocument document = readSvg(svg);
    EXPECT_TRUE(document.wellFormed) << document.error.toStdString();
    QStringList texts;
    for (const QString& text : document.texts) texts << text.trimmed();
    return texts;
}

}  // namespace attnviz::ui::testing
