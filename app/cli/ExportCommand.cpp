#include "app/cli/ExportCommand.h"

#include <QFile>
#include <QGuiApplication>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <memory>
#include <string>

#include "core/base/Errors.h"
#include "core/formats/MatrixCsv.h"
#include "core/formats/SessionFile.h"
#include "core/formats/TraceJson.h"
#include "core/formats/WeightsFile.h"
#include "core/io/AtomicFile.h"
#include "ui/export/FigureExporter.h"
#include "ui/export/FigureRenderer.h"
#include "ui/export/FilePath.h"
#include "ui/heatmap/ColorMap.h"
#include "ui/heatmap/MatrixSource.h"

namespace attnviz::app {

using ui::toPath;

namespace {

constexpr int kFailure = 1;
constexpr int kBadUsage = 2;

/// A problem that ends the command with this exit status.
struct Stop {
    int status;
    std::string message;
};

std::string readStandardInput() {
    std::string text{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
    if (std::cin.bad()) throw IoError("cannot read the standard input");
    return text;
}

/// The sentence, settings and view asked for: the input's, with the command line's on top.
Session requestedSession(const ExportOptions& options) {
    Session session;
    switch (options.input) {
        case InputKind::Text: session.sentence = options.text.toStdString(); break;
        case InputKind::TextFile:
            session.sentence = options.inputPath == QLatin1String("-") ? readStandardInput()
                                                                       : readFileBytes(toPath(options.inputPath));
            break;
        case InputKind::Session: session = loadSession(toPath(options.inputPath)); break;
    }
    options.overrides.applyTo(session.config);
    if (options.step) session.view.step = *options.step;
    if (options.head) session.view.head = *options.head;
    if (options.colormap) session.view.colormap = options.colormap->toStdString();
    if (options.title) session.view.title = options.title->toStdString();
    if (options.values) session.view.showValues = *options.values;
    if (options.weightsRangeFromData) session.view.weightsRangeFromData = *options.weightsRangeFromData;
    return session;
}

void checkView(const Session& session) {
    const int heads = session.config.heads;
    if (session.view.head != kAllHeads && session.view.head >= heads) {
        throw Stop{kBadUsage, "--head " + std::to_string(session.view.head) + ": there " +
                                  (heads == 1 ? std::string("is only 1 head (0)")
                                              : "are only " + std::to_string(heads) + " heads (0 … " +
                                                    std::to_string(heads - 1) + ")") +
                                  " (see attnviz export --help)"};
    }
    if (!session.view.colormap.empty() && !ui::ColorMap::byName(QString::fromStdString(session.view.colormap))) {
        // Accept any case ("blues", "VIRIDIS"): the maps' own spelling is what the file keeps.
        bool known = false;
        for (const QString& name : ui::ColorMap::names())
            known = known || name.compare(QString::fromStdString(session.view.colormap), Qt::CaseInsensitive) == 0;
        if (!known) {
            throw Stop{kBadUsage, "--colormap: \"" + session.view.colormap + "\" is not one of " +
                                      ui::ColorMap::names().join(QStringLiteral(", ")).toStdString() +
                                      " (see attnviz export --help)"};
        }
    }
}

QString canonicalColormap(const std::string& name) {
    for (const QString& known : ui::ColorMap::names())
        if (known.compare(QString::fromStdString(name), Qt::CaseInsensitive) == 0) return known;
    return {};
}

ui::ImageFormat imageFormat(ExportFormat format) {
    switch (format) {
        case ExportFormat::Svg: return ui::ImageFormat::Svg;
        case ExportFormat::Pdf: return ui::ImageFormat::Pdf;
        default: return ui::ImageFormat::Png;
    }
}

/// Qt's own chatter (e.g. "XDG_RUNTIME_DIR not set") is not the user's business during an export;
/// critical messages still reach standard error.
void quietMessages(QtMsgType type, const QMessageLogContext&, const QString& message) {
    if (type == QtCriticalMsg || type == QtFatalMsg) {
        const QByteArray line = "attnviz export: " + message.toLocal8Bit() + "\n";
        std::fwrite(line.constData(), 1, static_cast<std::size_t>(line.size()), stderr);
    }
}

void writeImage(const ExportOptions& options, const Session& session, std::shared_ptr<const AttentionTrace> trace,
                const char* programPath) {
    // No display is needed or used: the offscreen platform draws into images, SVG and PDF.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    qInstallMessageHandler(quietMessages);
    int argc = 1;
    char* argv[] = {const_cast<char*>(programPath), nullptr};
    QGuiApplication application(argc, argv);

    ui::ImageExportOptions image;
    image.format = imageFormat(options.format);
    ui::SourceOptions sources;
    sources.weightsRange = session.view.weightsRangeFromData ? ui::WeightsRange::Data : ui::WeightsRange::Fixed;
    const ui::MatrixSource source(std::move(trace), session.view.step, session.view.head, sources);
    ui::FigureOptions figure;
    figure.title = QString::fromStdString(session.view.title);
    figure.colormap = canonicalColormap(session.view.colormap);
    figure.showValues = session.view.showValues;
    figure.pixelAlignment = 1;
    if (image.format == ui::ImageFormat::Png) {
        if (options.dpi) {
            image.scale = *options.dpi / ui::kFigureUnitsPerInch;
        } else if (options.scale) {
            image.scale = *options.scale;
        } else {
            figure.pixelAlignment = ui::kDefaultPngScale;
            image.scale = ui::defaultPngScale(ui::FigureRenderer(source, figure).size());
        }
        figure.pixelAlignment = image.scale;
    }
    const ui::FigureRenderer renderer(source, figure);
    ui::exportFigure(renderer, toPath(options.output), image);
}

int run(const ExportOptions& options, const char* programPath) {
    Session session;
    try {
        session = requestedSession(options);
        if (!options.weightsPath.isEmpty()) {
            // Read in full first: a file that cannot be used stops here (exit 1), nothing is written.
            Weights weights;
            try {
                weights = loadWeights(toPath(options.weightsPath));
            } catch (const Error& error) {
                throw Stop{kFailure, std::string("--weights: ") + error.what()};
            }
            if (options.overrides.dModel && *options.overrides.dModel != weights.dModel()) {
                throw Stop{kBadUsage, "--d-model " + std::to_string(*options.overrides.dModel) +
                                          " does not match the weights, whose d_model is " +
                                          std::to_string(weights.dModel()) + " (see attnviz export --help)"};
            }
            session.config = replaceWeights(session.config, weights);
        }
        session.config.validate();
    } catch (const ConfigError& error) {
        throw Stop{kBadUsage, std::string(error.what()) + " (see attnviz export --help)"};
    }
    checkView(session);

    std::shared_ptr<const AttentionTrace> trace;
    try {
        trace = std::make_shared<const AttentionTrace>(AttentionTrace::compute(session.sentence, session.config));
    } catch (const InputError& error) {
        if (options.input == InputKind::Text) throw Stop{kBadUsage, std::string("--text: ") + error.what()};
        throw Stop{kFailure, QFile::encodeName(options.inputPath).toStdString() + ": " + error.what()};
    }

    const std::filesystem::path output = toPath(options.output);
    switch (options.format) {
        case ExportFormat::Csv:
            writeFileAtomically(output, [&](std::ostream& out) {
                writeStepCsv(out, *trace, session.view.step, session.view.head);
            });
            break;
        case ExportFormat::Json: saveTraceJson(output, *trace); break;
        case ExportFormat::Session: saveSession(output, session); break;
        case ExportFormat::Png:
        case ExportFormat::Svg:
        case ExportFormat::Pdf: writeImage(options, session, std::move(trace), programPath); break;
    }
    return 0;
}

void report(const std::string& message) {
    std::string line = "attnviz export: " + message;
    for (char& c : line)
        if (c == '\n' || c == '\r') c = ' ';
    line += '\n';
    std::fwrite(line.data(), 1, line.size(), stderr);
}

}  // namespace

int runExport(const ExportOptions& options, const char* programPath) {
    try {
        return run(options, programPath);
    } catch (const Stop& stop) {
        report(stop.message);
        return stop.status;
    } catch (const Error& error) {
        report(error.what());
        return kFailure;
    } catch (const std::exception& error) {
        report(std::string("unexpected error: ") + error.what());
        return kFailure;
    }
}

}  // namespace attnviz::app
