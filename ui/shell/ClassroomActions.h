#pragma once
#include <QObject>
#include <QString>

#include "core/model/AttentionConfig.h"
#include "ui/heatmap/ViewSettings.h"

class QAction;
class QActionGroup;
class QMenu;
class QScrollArea;
class QToolBar;

namespace attnviz::ui {

class MainWindow;
class PresentationMode;
class WhyScaleChart;
enum class Theme;

/// What a MainWindow needs in a classroom: presentation mode (View menu, toolbar, F11), the
/// predict-then-reveal actions (PredictActions', placed in the View menu and the toolbar), the
/// clicker's keys (ClickerKeys), the interface language and the theme (View → Language,
/// View → Theme, switched without a restart), the "Why √d_k?" tab and the export of its charts
/// (File menu), and the settings remembered between runs, with View → Reset to Defaults.
///
/// Settings (AppSettings): the theme, the view, the sentence and every setting are read when
/// this object is made (at the end of the MainWindow's constructor) and written by
/// saveSettings() (on close); the language and the theme also when chosen. The command line
/// (--text, a session file) is applied after, so it wins over the last sentence.
class ClassroomActions : public QObject {
    Q_OBJECT
public:
    explicit ClassroomActions(MainWindow* window);

    [[nodiscard]] PresentationMode* presentation() const { return presentation_; }
    [[nodiscard]] WhyScaleChart* whyScaleChart() const { return whyScale_; }
    /// The "Why √d_k?" tab's page (the chart, in a scroll area).
    [[nodiscard]] QScrollArea* whyScaleTab() const { return whyScaleTab_; }
    [[nodiscard]] QAction* presentationAction() const { return presentationAction_; }
    [[nodiscard]] QAction* resetAction() const { return reset_; }
    [[nodiscard]] QToolBar* toolBar() const { return toolBar_; }
    /// The menu action that picks a language ("en", "fr") or a theme; null if there is none.
    [[nodiscard]] QAction* languageAction(const QString& code) const;
    [[nodiscard]] QAction* themeAction(Theme theme) const;

    /// Writes every setting listed above (leaving presentation mode first, so that the normal
    /// layout is the one kept).
    void saveSettings();
    /// Back to the defaults everywhere: settings removed, a predict round ended, the sentence,
    /// settings and view the window starts with (head 1, Blues, 0 to 1), theme System, the
    /// system's language, text size, window and dock layout.
    void resetToDefaults();
    /// False: Reset to Defaults does not ask for a confirmation (tests, scripted use).
    void setInteractive(bool interactive) { interactive_ = interactive; }

    /// Applies the remembered language and theme to the application; the MainWindow calls it
    /// before it builds anything, so that it is built in its language.
    static void applySavedLanguageAndTheme();

protected:
    bool event(QEvent* event) override;

private:
    void buildActions();
    void restoreSettings();
    void retranslateUi();
    void updateChecks();
    void chooseLanguage(const QString& code);
    void chooseTheme(Theme theme);
    void askAndReset();
    void exportWhyScaleWithDialog();
    void placeExportAction();

    MainWindow* window_;
    // What the window starts with, before the settings are read: what Reset to Defaults restores.
    AttentionConfig defaultConfig_;
    QString defaultSentence_;
    ViewSettings defaultView_;
    PresentationMode* presentation_ = nullptr;
    WhyScaleChart* whyScale_ = nullptr;
    QScrollArea* whyScaleTab_ = nullptr;
    bool interactive_ = true;

    QToolBar* toolBar_ = nullptr;
    QAction* presentationAction_ = nullptr;
    QAction* whyScaleTabAction_ = nullptr;
    QAction* reset_ = nullptr;
    QAction* exportWhyScale_ = nullptr;
    QMenu* languageMenu_ = nullptr;
    QMenu* themeMenu_ = nullptr;
    QActionGroup* languages_ = nullptr;
    QActionGroup* themes_ = nullptr;
};

}  // namespace attnviz::ui
