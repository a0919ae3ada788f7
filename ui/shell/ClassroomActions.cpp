#include "ui/shell/ClassroomActions.h"

#include <QAction>
#include <QActionGroup>
#include <QEvent>
#include <QFileDialog>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QScrollArea>
#include <QTabWidget>
#include <QToolBar>

#include "core/model/TeachingConfig.h"
#include "ui/i18n/CoreMessages.h"
#include "ui/i18n/Language.h"
#include "ui/labs/WhyScaleChart.h"
#include "ui/panels/ControlsPanel.h"
#include "ui/shell/AppSettings.h"
#include "ui/shell/ClickerKeys.h"
#include "ui/shell/MainWindow.h"
#include "ui/shell/PredictActions.h"
#include "ui/shell/PresentationMode.h"
#include "ui/style/Theme.h"

namespace attnviz::ui {

void ClassroomActions::applySavedLanguageAndTheme() {
    const AppSettings settings;
    setLanguage(settings.language());
    applyTheme(settings.theme());
}

ClassroomActions::ClassroomActions(MainWindow* window)
    : QObject(window),
      window_(window),
      defaultConfig_(window->config()),
      defaultSentence_(window->sentence()),
      defaultView_(window->viewSettings()) {
    setObjectName(QStringLiteral("classroomActions"));
    presentation_ = new PresentationMode(window_);
    new ClickerKeys(window_, presentation_);
    whyScale_ = new WhyScaleChart;
    // Its two charts side by side need more width than a 1280-pixel screen leaves the tabs
    // beside the docks: in a narrow window they scroll, the window keeps to the screen.
    whyScaleTab_ = new QScrollArea;
    whyScaleTab_->setWidget(whyScale_);
    whyScaleTab_->setWidgetResizable(true);
    whyScaleTab_->setFrameShape(QFrame::NoFrame);
    window_->tabs()->addTab(whyScaleTab_, QString());
    buildActions();
    restoreSettings();
    retranslateUi();
    updateChecks();
}

void ClassroomActions::buildActions() {
    presentationAction_ = new QAction(this);
    presentationAction_->setObjectName(QStringLiteral("presentationAction"));
    presentationAction_->setCheckable(true);
    presentationAction_->setShortcut(QKeySequence(Qt::Key_F11));
    // On the window too: its shortcut must work while the menu bar is hidden.
    window_->addAction(presentationAction_);
    connect(presentationAction_, &QAction::toggled, presentation_, &PresentationMode::setActive);
    connect(presentation_, &PresentationMode::activeChanged, presentationAction_, &QAction::setChecked);

    whyScaleTabAction_ = new QAction(this);
    whyScaleTabAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_3));
    window_->addAction(whyScaleTabAction_);  // as Ctrl+1 and Ctrl+2: works with the menu bar hidden
    connect(whyScaleTabAction_, &QAction::triggered, this,
            [this] { window_->tabs()->setCurrentWidget(whyScaleTab_); });

    languageMenu_ = new QMenu(window_);
    languages_ = new QActionGroup(this);
    for (const QString& code : availableLanguages()) {
        QAction* action = languageMenu_->addAction(languageDisplayName(code));
        action->setCheckable(true);
        action->setData(code);
        languages_->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] { chooseLanguage(code); });
    }

    themeMenu_ = new QMenu(window_);
    themes_ = new QActionGroup(this);
    for (Theme theme : {Theme::System, Theme::Light, Theme::Dark}) {
        QAction* action = themeMenu_->addAction(QString());
        action->setCheckable(true);
        action->setData(themeKey(theme));
        themes_->addAction(action);
        connect(action, &QAction::triggered, this, [this, theme] { chooseTheme(theme); });
    }

    reset_ = new QAction(this);
    connect(reset_, &QAction::triggered, this, &ClassroomActions::askAndReset);

    QMenu* view = window_->viewMenu();
    view->addSeparator();
    view->addAction(whyScaleTabAction_);
    view->addSeparator();
    view->addAction(presentationAction_);
    view->addAction(window_->predictActions()->everyRowAction());
    view->addAction(window_->predictActions()->thisRowAction());
    view->addMenu(languageMenu_);
    view->addMenu(themeMenu_);
    view->addSeparator();
    view->addAction(reset_);

    exportWhyScale_ = new QAction(this);
    connect(exportWhyScale_, &QAction::triggered, this, &ClassroomActions::exportWhyScaleWithDialog);
    QMenu* file = window_->fileMenu();
    file->insertAction(file->actions().isEmpty() ? nullptr : file->actions().constLast(), exportWhyScale_);
    connect(file, &QMenu::aboutToShow, this, &ClassroomActions::placeExportAction);

    toolBar_ = new QToolBar(window_);
    toolBar_->setObjectName(QStringLiteral("classroomToolBar"));
    toolBar_->setToolButtonStyle(Qt::ToolButtonTextOnly);
    toolBar_->addAction(presentationAction_);
    toolBar_->addAction(window_->predictActions()->everyRowAction());
    window_->addToolBar(Qt::TopToolBarArea, toolBar_);
}

void ClassroomActions::placeExportAction() {
    // Just above the last group of the File menu (Quit), whatever was added since.
    QMenu* file = window_->fileMenu();
    file->removeAction(exportWhyScale_);
    QList<QAction*> actions = file->actions();
    qsizetype index = actions.size() - 1;
    if (index > 0 && actions[index - 1]->isSeparator()) --index;
    file->insertAction(index >= 0 ? actions[index] : nullptr, exportWhyScale_);
}

void ClassroomActions::restoreSettings() {
    const AppSettings settings;
    // The toolbar did not exist when the window restored its state.
    window_->restoreState(settings.windowState());
    if (const std::optional<AttentionConfig> config = settings.config()) window_->setConfig(*config);
    window_->setViewSettings(settings.view(window_->viewSettings()));
    const QString sentence = settings.sentence();
    if (!sentence.isEmpty()) window_->setSentence(sentence);
}

void ClassroomActions::saveSettings() {
    presentation_->leave();
    AppSettings settings;
    settings.setTheme(currentTheme());
    ViewSettings view = window_->viewSettings();
    AttentionConfig config = window_->config();
    if (window_->model()) {  // the next start opens on the teaching model (a model is opened again by hand)
        view.head = 0;
        config = teachingConfig();
    }
    settings.setView(view);
    settings.setSession(window_->sentence(), config);
}

void ClassroomActions::resetToDefaults() {
    presentation_->leave();
    window_->predictActions()->end();
    AppSettings().forgetForReset();
    setLanguage(languageForLocale(QLocale::system()));
    applyTheme(Theme::System);
    window_->controls()->setMaskEditMode(false);
    window_->setConfig(defaultConfig_);
    window_->setViewSettings(defaultView_);
    window_->setSentence(defaultSentence_);
    window_->resetLayout();
    updateChecks();
}

void ClassroomActions::askAndReset() {
    if (interactive_ &&
        QMessageBox::question(window_, tr("Reset to Defaults"),
                              tr("Go back to the default sentence, settings, colours, language, theme, text size and "
                                 "window layout? What AttnViz remembers is forgotten; your session files are kept."),
                              QMessageBox::Reset | QMessageBox::Cancel, QMessageBox::Cancel) != QMessageBox::Reset)
        return;
    resetToDefaults();
}

void ClassroomActions::chooseLanguage(const QString& code) {
    if (setLanguage(code)) AppSettings().setLanguage(code);
    updateChecks();
}

void ClassroomActions::chooseTheme(Theme theme) {
    applyTheme(theme);
    AppSettings().setTheme(theme);
    updateChecks();
}

QAction* ClassroomActions::languageAction(const QString& code) const {
    for (QAction* action : languages_->actions())
        if (action->data().toString() == code) return action;
    return nullptr;
}

QAction* ClassroomActions::themeAction(Theme theme) const {
    for (QAction* action : themes_->actions())
        if (action->data().toString() == themeKey(theme)) return action;
    return nullptr;
}

void ClassroomActions::updateChecks() {
    if (QAction* action = languageAction(currentLanguage())) action->setChecked(true);
    if (QAction* action = themeAction(currentTheme())) action->setChecked(true);
    presentationAction_->setChecked(presentation_->isActive());
}

void ClassroomActions::exportWhyScaleWithDialog() {
    whyScale_->start();
    window_->tabs()->setCurrentWidget(whyScaleTab_);
    if (!whyScale_->isReady()) {
        QMessageBox::information(window_, tr("Export the √d_k Charts"),
                                 tr("The charts are still being measured; try again in a moment."));
        return;
    }
    const QString path = QFileDialog::getSaveFileName(window_, tr("Export the √d_k Charts"),
                                                      QStringLiteral("why_scale.png"),
                                                      tr("Images (*.png *.svg *.pdf)"));
    if (path.isEmpty()) return;
    try {
        whyScale_->exportImage(path);
    } catch (const std::exception& error) {
        QMessageBox::warning(window_, tr("Cannot export the charts"), translatedFailure(error));
    }
}

void ClassroomActions::retranslateUi() {
    presentationAction_->setText(tr("&Presentation Mode"));
    presentationAction_->setToolTip(tr("Full screen with large text, for a projector: only the sentence, the heatmap, "
                                       "the steps and the explanation. →/← or Page Down/Page Up: next/previous step; "
                                       "Esc: leave (F11)"));
    whyScaleTabAction_->setText(tr("Why √d_&k?"));
    const int tab = window_->tabs()->indexOf(whyScaleTab_);
    window_->tabs()->setTabText(tab, tr("Why √d_k?"));
    window_->tabs()->setTabToolTip(tab, tr("Why the scores are divided by √d_k: the variance of q·k and the "
                                           "softmax's largest weight against d_k, with and without the scaling."));
    languageMenu_->setTitle(tr("Lan&guage"));
    themeMenu_->setTitle(tr("&Theme"));
    const QStringList themeNames = {tr("&System"), tr("&Light"), tr("&Dark")};
    const QList<QAction*> themeActions = themes_->actions();
    for (qsizetype i = 0; i < themeActions.size() && i < themeNames.size(); ++i) themeActions[i]->setText(themeNames[i]);
    reset_->setText(tr("&Reset to Defaults…"));
    exportWhyScale_->setText(tr("Export the √d_k C&harts…"));
    toolBar_->setWindowTitle(tr("Classroom"));
}

bool ClassroomActions::event(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    return QObject::event(event);
}

}  // namespace attnviz::ui
