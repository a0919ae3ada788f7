// attnviz: the window, or the headless `export` and `cost` commands. Help, version and usage errors are
// answered before any Qt application exists, so they never need a display.
#include <QApplication>
#include <QFile>
#include <QIcon>
#include <QString>

#include <cstdio>
#include <optional>
#include <string>

#include "app/cli/CommandLine.h"
#include "app/cli/CostCommand.h"
#include "app/cli/ExportCommand.h"
#include "core/base/Errors.h"
#include "core/formats/WeightsFile.h"
#include "core/io/TemporaryRegistry.h"
#include "ui/export/FilePath.h"
#include "ui/shell/AttentionActions.h"
#include "ui/shell/MainWindow.h"
#include "ui/shell/ModelActions.h"
#include "ui/shell/RecoveryCopy.h"
#include "ui/shell/SessionActions.h"

namespace {

void print(std::FILE* stream, const QString& text) {
    const QByteArray bytes = text.toLocal8Bit();
    std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stream);
}

/// Without a display Qt would abort with a core dump; say what to do instead.
bool hasDisplay() {
    return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") ||
           !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

int openWindow(const attnviz::app::WindowOptions& options, int argc, char** argv) {
    // Weights are read in full before anything opens: a file that cannot be used ends here.
    std::optional<attnviz::Weights> weights;
    if (!options.weightsPath.isEmpty()) {
        try {
            weights = attnviz::loadWeights(QFile::encodeName(options.weightsPath).toStdString());
        } catch (const attnviz::Error& error) {
            print(stderr, QStringLiteral("attnviz: --weights: ") + QString::fromStdString(error.what()) + QLatin1Char('\n'));
            return 1;
        }
    }
    if (!hasDisplay()) {
        print(stderr, QStringLiteral("attnviz: no display to open the window on (DISPLAY is not set); "
                                     "to write files without one, use attnviz export (see attnviz --help)\n"));
        return 1;
    }
    QApplication application(argc, argv);
    QApplication::setApplicationName(QStringLiteral("AttnViz"));
    QApplication::setOrganizationName(QStringLiteral("AttnViz"));
    QApplication::setApplicationVersion(QStringLiteral(ATTNVIZ_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/org.attnviz.AttnViz.svg")));
    QGuiApplication::setDesktopFileName(QStringLiteral("org.attnviz.AttnViz"));

    attnviz::ui::MainWindow window;  // in the remembered language and theme, with the last sentence
    // Made before the command line's input is shown, so that a window opened on it is kept too;
    // destroyed before the window, at a clean exit, which removes the copy.
    attnviz::ui::RecoveryCopy recovery(&window, attnviz::ui::RecoveryCopy::defaultFolder());
    // A sentence or a session on the command line is what the user asked for: no other work offered.
    if (!options.text && options.sessionPath.isEmpty()) recovery.offerRestore();
    if (options.text) window.setSentence(*options.text);
    window.show();
    // The command line's projections and weights are applied over the session, which is read on
    // a worker thread: once it is shown (or refused), or at once without one.
    const auto applyCommandLineSettings = [&window, &options, weights] {
        if (options.projections.projections) {
            attnviz::AttentionConfig config = window.config();
            options.projections.applyTo(config);
            window.setConfig(config);
        }
        if (weights) {
            try {
                window.setConfig(attnviz::replaceWeights(window.config(), *weights));
            } catch (const attnviz::Error& error) {
                print(stderr,
                      QStringLiteral("attnviz: --weights: ") + QString::fromStdString(error.what()) + QLatin1Char('\n'));
                return false;
            }
        }
        return true;
    };
    if (!options.sessionPath.isEmpty()) {
        QObject::connect(
            window.sessionActions(), &attnviz::ui::SessionActions::loadFinished, &window,
            [applyCommandLineSettings] {
                if (!applyCommandLineSettings()) QApplication::exit(1);
            },
            Qt::SingleShotConnection);
        window.sessionActions()->openSession(options.sessionPath);
    } else if (!applyCommandLineSettings()) {
        return 1;
    }
    // Read on a worker thread, as File → Open Model… does: a folder that cannot be used is
    // said in the window's message bar, which keeps the teaching model.
    if (!options.modelFolder.isEmpty()) window.modelActions()->openModel(options.modelFolder);
    // Read on a worker thread too: a refused file is said in the message bar (File → Open Attention…).
    if (!options.attention.path.isEmpty()) {
        attnviz::ImportOptions imported;
        if (!options.attention.tokensPath.isEmpty())
            imported.tokensFile = attnviz::ui::toPath(options.attention.tokensPath);
        imported.causal = options.attention.causal;
        window.attentionActions()->openAttention(options.attention.path, imported);
    }
    return QApplication::exec();
}

}  // namespace

int main(int argc, char** argv) {
    // Before anything is written: a signal removes the temporaries in flight, ulimit -f is an error.
    attnviz::installTemporaryCleanupOnSignals();
    const attnviz::app::CommandLine command = attnviz::app::parseCommandLine(argc, argv);

    using Action = attnviz::app::CommandLine::Action;
    switch (command.action) {
        case Action::ShowHelp: print(stdout, attnviz::app::mainHelpText()); return 0;
        case Action::ShowExportHelp: print(stdout, attnviz::app::exportHelpText()); return 0;
        case Action::ShowCostHelp: print(stdout, attnviz::app::costHelpText()); return 0;
        case Action::ShowVersion: print(stdout, QStringLiteral("attnviz " ATTNVIZ_VERSION "\n")); return 0;
        case Action::UsageError: print(stderr, QStringLiteral("attnviz: ") + command.error + QLatin1Char('\n')); return 2;
        case Action::Export: return attnviz::app::runExport(command.exportOptions, argv[0]);
        case Action::Cost: return attnviz::app::runCost(command.cost, argv[0]);
        case Action::OpenWindow: break;
    }
    return openWindow(command.window, argc, argv);
}
