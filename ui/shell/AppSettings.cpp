#include "ui/shell/AppSettings.h"

#include <QLocale>
#include <QSettings>
#include <QStandardPaths>

#include <string>

#include <nlohmann/json.hpp>

#include "core/formats/ConfigJson.h"
#include "core/formats/WeightsRange.h"
#include "ui/i18n/Language.h"

namespace attnviz::ui {
namespace {

const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kStateKey = QStringLiteral("window/state");
const QString kPointSizeKey = QStringLiteral("window/pointSize");
const QString kLanguageKey = QStringLiteral("view/language");
const QString kThemeKey = QStringLiteral("view/theme");
const QString kHeadKey = QStringLiteral("view/head");
const QString kColorMapKey = QStringLiteral("view/colorMap");
const QString kWeightsRangeKey = QStringLiteral("view/weightsRange");
const QString kSentenceKey = QStringLiteral("session/sentence");
const QString kConfigKey = QStringLiteral("session/config");
const QString kRecentKey = QStringLiteral("session/recentFiles");
const QString kSessionFolderKey = QStringLiteral("session/lastFolder");
const QString kWeightsFolderKey = QStringLiteral("weights/lastFolder");
const QString kRecentModelsKey = QStringLiteral("model/recentFolders");
const QString kModelFolderKey = QStringLiteral("model/lastFolder");
const QString kHintDismissedKey = QStringLiteral("hints/firstRunDismissed");


QString documentsFolder() { return QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation); }

}  // namespace

QByteArray AppSettings::windowGeometry() const { return QSettings().value(kGeometryKey).toByteArray(); }

QByteArray AppSettings::windowState() const { return QSettings().value(kStateKey).toByteArray(); }

double AppSettings::pointSize(double defaultSize) const {
    return QSettings().value(kPointSizeKey, defaultSize).toDouble();
}

void AppSettings::setWindow(const QByteArray& geometry, const QByteArray& state, double pointSize) {
    QSettings settings;
    settings.setValue(kGeometryKey, geometry);
    settings.setValue(kStateKey, state);
    settings.setValue(kPointSizeKey, pointSize);
}

QString AppSettings::language() const {
    const QString code = QSettings().value(kLanguageKey).toString();
    return availableLanguages().contains(code) ? code : languageForLocale(QLocale::system());
}

void AppSettings::setLanguage(const QString& code) { QSettings().setValue(kLanguageKey, code); }

Theme AppSettings::theme() const {
    return themeFromKey(QSettings().value(kThemeKey).toString()).value_or(Theme::System);
}

void AppSettings::setTheme(Theme theme) { QSettings().setValue(kThemeKey, themeKey(theme)); }

ViewSettings AppSettings::view(const ViewSettings& defaults) const {
    const QSettings settings;
    ViewSettings view = defaults;
    if (settings.contains(kHeadKey)) view.head = settings.value(kHeadKey).toInt();
    if (settings.contains(kColorMapKey)) view.colorMap = settings.value(kColorMapKey).toString();
    if (const auto known = weightsRangeFromName(settings.value(kWeightsRangeKey).toString().toStdString()))
        view.weightsRange = *known;
    return view;
}

void AppSettings::setView(const ViewSettings& view) {
    QSettings settings;
    settings.setValue(kHeadKey, view.head);
    settings.setValue(kColorMapKey, view.colorMap);
    settings.setValue(kWeightsRangeKey, QString::fromStdString(std::string(weightsRangeName(view.weightsRange))));
}

QString AppSettings::sentence() const { return QSettings().value(kSentenceKey).toString(); }

std::optional<AttentionConfig> AppSettings::config() const {
    const QString text = QSettings().value(kConfigKey).toString();
    if (text.isEmpty()) return std::nullopt;
    try {
        return configFromJson(nlohmann::json::parse(text.toStdString()));
    } catch (const std::exception&) {
        return std::nullopt;  // a damaged entry: the defaults stay
    }
}

void AppSettings::setSession(const QString& sentence, const AttentionConfig& config) {
    QSettings settings;
    settings.setValue(kSentenceKey, sentence);
    settings.setValue(kConfigKey, QString::fromStdString(configToJson(config).dump()));
}

QStringList AppSettings::recentSessions() const { return QSettings().value(kRecentKey).toStringList(); }

void AppSettings::setRecentSessions(const QStringList& paths) { QSettings().setValue(kRecentKey, paths); }

void AppSettings::forgetRecentSessions() { QSettings().remove(kRecentKey); }

QString AppSettings::sessionFolder() const { return QSettings().value(kSessionFolderKey, documentsFolder()).toString(); }

void AppSettings::setSessionFolder(const QString& folder) { QSettings().setValue(kSessionFolderKey, folder); }

QStringList AppSettings::recentModels() const { return QSettings().value(kRecentModelsKey).toStringList(); }

void AppSettings::setRecentModels(const QStringList& folders) { QSettings().setValue(kRecentModelsKey, folders); }

QString AppSettings::modelFolder() const { return QSettings().value(kModelFolderKey, documentsFolder()).toString(); }

void AppSettings::setModelFolder(const QString& folder) { QSettings().setValue(kModelFolderKey, folder); }

QString AppSettings::weightsFolder() const { return QSettings().value(kWeightsFolderKey, documentsFolder()).toString(); }

void AppSettings::setWeightsFolder(const QString& folder) { QSettings().setValue(kWeightsFolderKey, folder); }

bool AppSettings::firstRunHintDismissed() const { return QSettings().value(kHintDismissedKey, false).toBool(); }

void AppSettings::setFirstRunHintDismissed() { QSettings().setValue(kHintDismissedKey, true); }

void AppSettings::forgetForReset() {
    QSettings settings;
    settings.remove(QStringLiteral("window"));
    settings.remove(QStringLiteral("view"));
    settings.remove(kSentenceKey);
    settings.remove(kConfigKey);
}

}  // namespace attnviz::ui
