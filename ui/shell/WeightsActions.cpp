#include "ui/shell/WeightsActions.h"

#include <QAction>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>

#include <filesystem>

#include "core/base/Errors.h"
#include "core/formats/WeightsFile.h"
#include "core/model/ProjectionPresets.h"
#include "core/model/Projections.h"
#include "ui/export/FilePath.h"
#include "ui/i18n/CoreMessages.h"
#include "ui/jobs/JobIndicator.h"
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
    loading_ = new LatestJob<WeightsLoad>(this);
    connect(loading_, &JobRunner::cancelled, this, [this] {
        window_->statusBar()->showMessage(tr("Loading the weights was cancelled; the window is as it was."), 8000);
        emit loadFinished(false);
    });
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

void WeightsActions::loadWeights(const QString& path) {
    loading_->start(
        [file = toPath(path), config = window_->config()](const JobControl&) {
            WeightsLoad load;
            try {
                // Everything is read and checked before the window changes.
                load.config = replaceWeights(config, attnviz::loadWeights(file));
            } catch (const std::bad_alloc&) {
                load.error = tr("not enough memory to read these weights");
            } catch (const std::exception& error) {
                load.error = translatedFailure(error);
            }
            return load;
        },
        [this, path](WeightsLoad load) { onLoaded(path, load); });
    window_->fileJobs()->watch(loading_, tr("Reading %1…").arg(QFileInfo(path).fileName()));
}

void WeightsActions::onLoaded(const QString& path, const WeightsLoad& load) {
    if (!load.error.isEmpty()) {
        report(tr("Cannot load the weights"), load.error);
        emit loadFinished(false);
        return;
    }
    window_->setConfig(load.config);
    emit weightsLoaded(path);
    emit loadFinished(true);
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
