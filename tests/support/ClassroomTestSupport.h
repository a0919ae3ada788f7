#pragma once
// Helpers of the classroom tests: the shipped translations read with QXmlStreamReader, and a guard
// that puts the application back in English, System theme and empty settings after a test.
#include <QCoreApplication>
#include <QFile>
#include <QHash>
#include <QSettings>
#include <QStringList>
#include <QXmlStreamReader>

#include "tests/support/TestData.h"
#include "ui/i18n/Language.h"
#include "ui/style/Theme.h"

namespace attnviz::ui::testing {

/// One message of a Qt Linguist .ts file.
struct TsMessage {
    QString context;
    QString source;
    QStringList translations;  ///< one, or the numerus forms
    QString type;              ///< "" when finished, else "unfinished", "vanished", "obsolete"
    bool numerus = false;      ///< a plural message (<message numerus="yes">)
};

/// Every message of a .ts file, read with QXmlStreamReader; error says what went wrong, if anything.
inline QList<TsMessage> readTs(const QString& path, QString* error) {
    QList<TsMessage> messages;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot open ") + path;
        return messages;
    }
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage message;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            message = TsMessage{context, {}, {}, {},
                                xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes")};
        } else if (name == QLatin1String("source")) {
            message.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            message.type = xml.attributes().value(QLatin1String("type")).toString();
            // Either text, or <numerusform> children.
            QString text;
            while (!(xml.isEndElement() && xml.name() == QLatin1String("translation")) && !xml.atEnd()) {
                xml.readNext();
                if (xml.isCharacters()) text += xml.text();
                if (xml.isStartElement() && xml.name() == QLatin1String("numerusform"))
                    message.translations << xml.readElementText();
            }
            if (message.translations.isEmpty()) message.translations << text;
            messages << message;
        }
    }
    if (xml.hasError()) *error = path + QStringLiteral(": ") + xml.errorString();
    return messages;
}

/// (context, source) → translation of a .ts file. Contexts are named without the namespace
/// ("MainWindow" for the .ts file's "attnviz::ui::MainWindow").
class TsCatalog {
public:
    explicit TsCatalog(const QString& path) {
        for (const TsMessage& m : readTs(path, &error_)) map_.insert(key(m.context, m.source), m.translations.value(0));
    }
    [[nodiscard]] QString error() const { return error_; }
    [[nodiscard]] bool isEmpty() const { return map_.isEmpty(); }
    /// The translation, or "<missing: …>" so that a comparison fails with a readable message.
    [[nodiscard]] QString operator()(const QString& context, const QString& source) const {
        return map_.value(key(context, source), QStringLiteral("<missing: ") + context + QStringLiteral(" / ") + source +
                                                    QLatin1Char('>'));
    }

private:
    static QString key(const QString& context, const QString& source) {
        return context.section(QStringLiteral("::"), -1) + QChar(0x1f) + source;
    }
    QHash<QString, QString> map_;
    QString error_;
};

inline QString translationsDir() {
    return QString::fromStdString(attnviz::testing::projectFile("resources/translations/").string());
}

/// Gives the test settings of its own (a settings file named after the process, so that tests
/// run in parallel by CTest never see each other's), empty; then leaves the application in
/// English, with the System theme, and removes that file.
struct ClassroomReset {
    ClassroomReset() : applicationName_(QCoreApplication::applicationName()) {
        QCoreApplication::setApplicationName(applicationName_ + QStringLiteral("_classroom_") +
                                             QString::number(QCoreApplication::applicationPid()));
        QSettings().clear();
    }
    ~ClassroomReset() {
        setLanguage(QStringLiteral("en"));
        applyTheme(Theme::System);
        for (int round = 0; round < 3; ++round) QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
        QSettings settings;
        settings.clear();
        settings.sync();
        QFile::remove(settings.fileName());
        QCoreApplication::setApplicationName(applicationName_);
    }
    ClassroomReset(const ClassroomReset&) = delete;
    ClassroomReset& operator=(const ClassroomReset&) = delete;

private:
    QString applicationName_;
};

/// Delivers the QEvent::LanguageChange that installing a translator posts.
inline void deliverLanguageChange() {
    // The application's event is posted, and it posts one to each window in turn.
    for (int round = 0; round < 3; ++round) QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    QCoreApplication::processEvents();
}

}  // namespace attnviz::ui::testing
