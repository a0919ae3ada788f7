#include "ui/i18n/Language.h"

#include <QApplication>
#include <QLibraryInfo>
#include <QTranslator>

#include <memory>

#include "core/model/TeachingModel.h"

namespace attnviz::ui {
namespace {

struct Installed {
    QString code = QStringLiteral("en");
    std::unique_ptr<QTranslator> program;
    std::unique_ptr<QTranslator> qt;
};

Installed& installed() {
    static Installed state;
    return state;
}

}  // namespace

QStringList availableLanguages() { return {QStringLiteral("en"), QStringLiteral("fr")}; }

QString languageForLocale(const QLocale& locale) {
    return locale.language() == QLocale::French ? QStringLiteral("fr") : QStringLiteral("en");
}

QString languageDisplayName(const QString& code) {
    if (code == QLatin1String("fr")) return QStringLiteral("Français");
    if (code == QLatin1String("en")) return QStringLiteral("English");
    return code;
}

bool setLanguage(const QString& code) {
    if (!availableLanguages().contains(code)) return false;
    Installed& state = installed();
    if (state.program && state.code == code) return true;

    auto program = std::make_unique<QTranslator>();
    if (!program->load(QStringLiteral(":/i18n/attnviz_%1.qm").arg(code))) return false;
    auto qt = std::make_unique<QTranslator>();
    if (!qt->load(QStringLiteral("qtbase_%1").arg(code), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) qt.reset();

    if (state.program) QCoreApplication::removeTranslator(state.program.get());
    if (state.qt) QCoreApplication::removeTranslator(state.qt.get());
    state.program = std::move(program);
    state.qt = std::move(qt);
    if (state.qt) QCoreApplication::installTranslator(state.qt.get());
    QCoreApplication::installTranslator(state.program.get());
    state.code = code;
    return true;
}

QString currentLanguage() { return installed().code; }

QLocale numberLocale() { return QLocale(currentLanguage()); }

QString quoted(const QString& text) {
    if (currentLanguage() == QLatin1String("fr")) return QStringLiteral("«\u00a0%1\u00a0»").arg(text);
    return QStringLiteral("“%1”").arg(text);
}

QString dimensionName(const TeachingModel& model, const TeachingDimension& dimension) {
    return QString::fromStdString(model.localized(dimension, currentLanguage().toStdString()).name);
}

QString dimensionExplanation(const TeachingModel& model, const TeachingDimension& dimension) {
    return QString::fromStdString(model.localized(dimension, currentLanguage().toStdString()).explanation);
}

}  // namespace attnviz::ui
