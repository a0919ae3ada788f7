#pragma once
#include <QLocale>
#include <QString>
#include <QStringList>

namespace attnviz {
class TeachingModel;
struct TeachingDimension;
}  // namespace attnviz

namespace attnviz::ui {

/// The interface's languages: "en", "fr". Their translations are compiled into the program
/// (resources/translations/attnviz_<code>.ts → :/i18n/attnviz_<code>.qm).
[[nodiscard]] QStringList availableLanguages();
/// "fr" for a French locale, "en" for any other.
[[nodiscard]] QString languageForLocale(const QLocale& locale);
/// The language's own name ("English", "Français"), so that anyone can find their own.
[[nodiscard]] QString languageDisplayName(const QString& code);

/// Installs the translators of code (AttnViz's, and Qt's own for standard dialogs when the system
/// has them) in place of the previous language's, without a restart: every widget receives
/// QEvent::LanguageChange. An unknown code is refused (false) and changes nothing.
bool setLanguage(const QString& code);
/// The language last set ("en" before any call).
[[nodiscard]] QString currentLanguage();
/// How the window writes numbers in the current language (a decimal comma in French: "0,67"),
/// for formatValue and its friends. Files (CSV, JSON) and the command line never use it.
[[nodiscard]] QLocale numberLocale();

/// text in the quotation marks of the current language: “text” in English, «\u00a0text\u00a0» (with
/// no-break spaces, as French typography wants) in French. Plain text; escape it for HTML after.
[[nodiscard]] QString quoted(const QString& text);

/// A teaching-model dimension's name (explanation) in the current language: model.json's
/// translation when it has one, else as written (TeachingModel::localized). GUI thread.
[[nodiscard]] QString dimensionName(const TeachingModel& model, const TeachingDimension& dimension);
[[nodiscard]] QString dimensionExplanation(const TeachingModel& model, const TeachingDimension& dimension);

}  // namespace attnviz::ui
