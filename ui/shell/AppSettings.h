#pragma once
#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

#include "core/model/AttentionConfig.h"
#include "ui/heatmap/ViewSettings.h"
#include "ui/style/Theme.h"

namespace attnviz::ui {

/// What AttnViz remembers between runs, typed: the one place that knows each QSettings key
/// (organization and application "AttnViz"), its type and its default. Each call reads or writes
/// the settings at once; when is the callers' business: the window reads them as it is made and
/// writes them as it closes, the language and theme when chosen, recent sessions and folders
/// when a file is opened or saved. Tests get their own settings through QStandardPaths' test mode.
///
///   window/geometry, window/state   the window's size and docks (QByteArray)
///   window/pointSize                its text size (double)
///   view/language                   "en" | "fr", only once chosen in the menu
///   view/theme                      "system" | "light" | "dark"
///   view/head, view/colorMap, view/weightsRange ("0 to 1" | "data" | "row")   the ViewSettings
///   session/sentence, session/config  the sentence and every setting (configToJson, as JSON text)
///   session/recentFiles, session/lastFolder   recent sessions, most recent first; their folder
///   weights/lastFolder              the folder weights were last loaded from or saved to
///   model/recentFolders, model/lastFolder   recent model folders, most recent first; where the
///                                   folder dialog starts
///   hints/firstRunDismissed         true once the first-run hint was dismissed (never shown again)
class AppSettings {
public:
    [[nodiscard]] QByteArray windowGeometry() const;
    [[nodiscard]] QByteArray windowState() const;
    /// The text size last used, or defaultSize.
    [[nodiscard]] double pointSize(double defaultSize) const;
    void setWindow(const QByteArray& geometry, const QByteArray& state, double pointSize);

    /// The language chosen in the menu when it is still available, else the system locale's.
    [[nodiscard]] QString language() const;
    void setLanguage(const QString& code);
    /// System when none was chosen or the entry is unknown.
    [[nodiscard]] Theme theme() const;
    void setTheme(Theme theme);
    /// defaults, with what is remembered in place of each default.
    [[nodiscard]] ViewSettings view(const ViewSettings& defaults) const;
    void setView(const ViewSettings& view);

    /// The last sentence; empty when there is none.
    [[nodiscard]] QString sentence() const;
    /// The last settings; nullopt when there are none or the entry is damaged.
    [[nodiscard]] std::optional<AttentionConfig> config() const;
    void setSession(const QString& sentence, const AttentionConfig& config);

    [[nodiscard]] QStringList recentSessions() const;
    void setRecentSessions(const QStringList& paths);
    void forgetRecentSessions();
    /// Where the last session was opened or saved; the documents folder at first.
    [[nodiscard]] QString sessionFolder() const;
    void setSessionFolder(const QString& folder);
    /// Where weights were last loaded from or saved to; the documents folder at first.
    [[nodiscard]] QString weightsFolder() const;
    void setWeightsFolder(const QString& folder);

    /// Model folders opened, most recent first.
    [[nodiscard]] QStringList recentModels() const;
    void setRecentModels(const QStringList& folders);
    /// Where the model folder dialog starts: the parent of the last model opened; the documents
    /// folder at first.
    [[nodiscard]] QString modelFolder() const;
    void setModelFolder(const QString& folder);

    /// Whether the first-run hint was dismissed; false at first.
    [[nodiscard]] bool firstRunHintDismissed() const;
    void setFirstRunHintDismissed();

    /// Forgets what Reset to Defaults forgets: the window, the view, the last sentence and
    /// settings. Recent sessions, the folders and a dismissed hint stay.
    void forgetForReset();
};

}  // namespace attnviz::ui
