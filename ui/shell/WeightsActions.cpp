#include "ui/shell/WeightsActions.h"

#include <QAction>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>

#include <filesystem>

#include "core/base/Errors.h"
#include "core/formats/WeightsFile.h"
#include "core/model/ProjectionPresets.h"
#include "core/model/Projections.h"
#include "ui/export/FilePath.h"
#include "ui/i18n/CoreMessages.h"
#include "ui/shell/AppSettings.h"
#include "ui/shell/MainWindow.h"

namespace attnviz::ui {
namespace {

void rememberFolder(const QString& path) { AppSettings().setWeightsFolder(QFileInfo(path).absolutePath()); }

/// What the saved file says about where the matrices come from.
std::string commentFor(const AttentionConfig& config) {
    switch (config.preset) {
        case ProjectionPreset::Teaching:
            return config.hasSuppliedMatrices() ? "AttnViz teaching model, edited" : "AttnViz teaching model";
        case ProjectionPreset::Random: return "AttnViz random weights, seed " + std::to_string(config.seed);
        case ProjectionPreset::Identity: return "AttnViz identity weights";
        case ProjectionPreset::Supplied: return "AttnViz weights";
        case ProjectionPreset::Model: return "a trained model's layer";
    }
    return {};
}

}  // namespace

WeightsActions::WeightsActions(MainWindow* window) : QObject(window), window_(window) {
    QMenu* file = window_->fileMenu();
    QAction* quit = file->actions().isEmpty() ? nullptr : file->actions().constLast();
    load_ = new QAction(this);
    connect(load_, &QAction::triggered, this, &WeightsActions::loadWithDialog);
    save_ = new QAction(this);
    connect(save_, &QAction::triggered, this, &WeightsActions::saveWithDialog);
    file->insertAction(quit, load_);
    file->insertAction(quit, save_);
    if (quit != nullptr) file->insertSeparator(quit);
    window_->installEventFilter(this);
    retranslateUi();
}

void WeightsActions::retranslateUi() {
    load_->setText(tr("Load &Weights…"));
    load_->setToolTip(tr("Use W_Q, W_K, W_V and W_O from a weights JSON file or from .npy files (numpy)"));
    save_->setText(tr("Save W&eights…"));
    save_->setToolTip(tr("Save the W_Q, W_K, W_V and W_O in use as a weights JSON file"));
}

bool WeightsActions::eventFilter(QObject* watched, QEvent* event) {
    if (watched == window_ && event->type() == QEvent::LanguageChange) retranslateUi();
    return QObject::eventFilter(watched, event);
}

bool WeightsActions::loadWeights(const QString& path) {
    AttentionConfig config;
    try {
        // Everything is read and checked before the window changes.
        config = replaceWeights(window_->config(), attnviz::loadWeights(toPath(path)));
    } catch (const Error& error) {
        report(tr("Cannot load the weights"), translatedFailure(error));
        return false;
    }
    window_->setConfig(config);
    emit weightsLoaded(path);
    return true;
}

bool WeightsActions::saveWeights(const QString& path) {
    const AttentionConfig config = window_->config();
    try {
        config.validate();
        attnviz::saveWeights(toPath(path), weightsOf(makeProjections(config), commentFor(config)));
    } catch (const Error& error) {
        report(tr("Cannot save the weights"), translatedFailure(error));
        return false;
    }
    return true;
}

void WeightsActions::loadWithDialog() {
    const QString path = QFileDialog::getOpenFileName(
        window_, tr("Load Weights"), AppSettings().weightsFolder(),
        tr("Weights (*.json *.npy);;Weights JSON (*.json);;NumPy W_Q.npy … W_O.npy (*.npy)"));
    if (path.isEmpty()) return;
    rememberFolder(path);
    loadWeights(path);
}

void WeightsActions::saveWithDialog() {
    QString path = QFileDialog::getSaveFileName(window_, tr("Save Weights"),
                                                AppSettings().weightsFolder() + QStringLiteral("/weights.json"),
                                                tr("Weights JSON (*.json)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".json");
    rememberFolder(path);
    saveWeights(path);
}

void WeightsActions::report(const QString& title, const QString& message) {
    emit failed(message);
    if (interactive_) QMessageBox::warning(window_, title, message);
}

}  // namespace attnviz::ui
