#include "app/cli/ExportCommand.h"

#include <QFile>
#include <QGuiApplication>
#include <QLocale>

#include <unistd.h>

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/base/Errors.h"
#include "core/base/Limits.h"
#include "core/base/WorkerPool.h"
#include "core/formats/ImportedAttention.h"
#include "core/formats/SessionFile.h"
#include "core/formats/WeightsFile.h"
#include "core/gpt2/Gpt2Model.h"
#include "core/heads/AttentionStack.h"
#include "core/io/AtomicFile.h"
#include "core/io/FileReading.h"
#include "core/model/TeachingConfig.h"
#include "core/sources/AttentionSource.h"
#include "ui/export/ExportRequest.h"
#include "ui/export/FilePath.h"
#include "ui/heatmap/ColorMap.h"
#include "ui/i18n/Language.h"

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

/// The sentence of --text or --text-file.
std::string givenSentence(const ExportOptions& options) {
    constexpr std::uint64_t limit = limits::kMaxSentenceFileBytes;
    return options.input == InputKind::Text        ? options.text.toStdString()
           : options.inputPath == QLatin1String("-") ? readWholeStandardInput(limit)
                                                     : readWholeFile(toPath(options.inputPath), limit);
}

/// The view the command line asks for, on top of view.
void applyView(const ExportOptions& options, SessionView& view) {
    if (options.step) view.step = *options.step;
    if (options.head) view.head = *options.head;
    if (options.colormap) view.colormap = options.colormap->toStdString();
    if (options.title) view.title = options.title->toStdString();
    if (options.values) view.showValues = *options.values;
    if (options.weightsRange) view.weightsRange = *options.weightsRange;
}

/// The sentence, settings and view asked for: the input's, with the command line's on top.
Session requestedSession(const ExportOptions& options) {
    Session session;
    if (options.input == InputKind::Session) {
        session = loadSession(toPath(options.inputPath));
    } else {
        // The window's default settings and view (SessionView{} is the window's default view).
        session.config = startingConfig(options.overrides, !options.weightsPath.isEmpty());
        session.sentence = givenSentence(options);
    }
    options.overrides.applyTo(session.config);
    applyView(options, session.view);
    return session;
}

/// The colour map's own spelling for name in any case ("blues", "VIRIDIS"); empty when unknown.
QString canonicalColormap(const std::string& name) {
    for (const QString& known : ui::ColorMap::names())
        if (known.compare(QString::fromStdString(name), Qt::CaseInsensitive) == 0) return known;
    return {};
}

/// "there is only 1 head", "there are only 4 heads (1 … 4)": heads as a person counts them.
std::string onlyHeads(int heads) {
    if (heads == 1) return "there is only 1 head";
    return "there are only " + std::to_string(heads) + " heads (1 … " + std::to_string(heads) + ")";
}

/// heads: the count --head is checked against (the session's settings' unless given).
void checkView(const ExportOptions& options, const Session& session, std::optional<int> givenHeads = std::nullopt) {
    const int heads = givenHeads.value_or(session.config.heads);
    const int head = session.view.head;
    if (head != kAllHeads && head >= heads) {
        // The head comes from --head, or from the session (whose file counts from 0).
        const std::string shown = std::to_string(head + 1);
        throw Stop{kBadUsage, (options.head ? "--head " + shown + ": " + onlyHeads(heads)
                                            : "the session shows head " + shown + " (view.head " +
                                                  std::to_string(head) + "), but " + onlyHeads(heads) +
                                                  ": choose one with --head") +
                                  " (see attnviz export --help)"};
    }
    if (!session.view.colormap.empty() && canonicalColormap(session.view.colormap).isEmpty()) {
        throw Stop{kBadUsage, "--colormap: \"" + session.view.colormap + "\" is not one of " +
                                  ui::ColorMap::names().join(QStringLiteral(", ")).toStdString() +
                                  " (see attnviz export --help)"};
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

/// The export the options and the session ask for, of the source built for them.
ui::ExportRequest exportRequest(const ExportOptions& options, const Session& session, AttentionSource source) {
    ui::ExportRequest request;
    request.view = options.view;
    request.layer = options.layer.value_or(0);  // the head view's layer of a model
    request.stack = std::move(source.stack);
    request.trace = std::move(source.trace);
    request.step = session.view.step;
    request.head = session.view.head;
    request.format = options.format;
    request.path = toPath(options.output);
    request.title = QString::fromStdString(session.view.title);
    request.colormap = QString::fromStdString(session.view.colormap);
    request.weightsRange = session.view.weightsRange;
    request.showValues = session.view.showValues;
    if (options.dpi) request.pngScale = *options.dpi / ui::kFigureUnitsPerInch;
    if (options.scale) request.pngScale = *options.scale;
    return request;
}

/// `-o -`: the export goes to standard output instead of a file.
bool toStandardOutput(const ExportOptions& options) { return options.output == QLatin1String("-"); }

/// PNG and PDF are bytes a terminal would show as garbage (and could be confused by): on
/// standard output only when it is redirected or piped.
void checkStandardOutput(const ExportOptions& options) {
    if (!toStandardOutput(options) || options.writesSession || ::isatty(STDOUT_FILENO) == 0) return;
    if (options.format != ui::ExportFormat::Png && options.format != ui::ExportFormat::Pdf) return;
    throw Stop{kBadUsage, "-o -: " + ui::exportFormatSuffix(options.format).toUpper().toStdString() +
                              " is binary and standard output is a terminal: redirect it (> figure." +
                              ui::exportFormatSuffix(options.format).toStdString() +
                              ") or give a file name (see attnviz export --help)"};
}

/// The request written to its file, or to standard output for `-o -`.
void writeRequest(const ui::ExportRequest& request) {
    if (request.path == "-") {
        writeStandardOutput([&](std::ostream& out) { ui::writeExport(request, out); });
    } else {
        ui::exportFile(request);
    }
}

void exportTrace(const ui::ExportRequest& request, const char* programPath) {
    if (!ui::isFigureFormat(request.format)) {
        writeRequest(request);
        return;
    }
    // Figures need fonts, hence a QGuiApplication; the offscreen platform draws without a display.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    qInstallMessageHandler(quietMessages);
    int argc = 1;
    char* argv[] = {const_cast<char*>(programPath), nullptr};
    QGuiApplication application(argc, argv);
    // A figure of the command line reads the same on every machine: English words (the English
    // catalogue holds only the plural forms: "1 head", "2 heads") and C-locale numbers (0.83,
    // never 0,83), whatever LANG says.
    ui::setLanguage(QStringLiteral("en"));
    QLocale::setDefault(QLocale::c());
    writeRequest(request);
}

/// The sentence's refusal: a usage error for --text (without a model), a failure otherwise.
Stop sentenceRefused(const ExportOptions& options, const InputError& error, int textStatus) {
    if (options.input == InputKind::Text) return Stop{textStatus, std::string("--text: ") + error.what()};
    return Stop{kFailure, QFile::encodeName(options.inputPath).toStdString() + ": " + error.what()};
}

/// A layer or head (0-based) beyond the model's count: a usage error, counted from 1.
Stop notInTheModel(ErrorCode code, int index, int count) {
    const ConfigError error(code, {std::to_string(index + 1), std::to_string(count)});
    return Stop{kBadUsage, std::string(error.what()) + " (see attnviz export --help)"};
}

/// `attnviz export --model DIR`: the chosen layer of the model's forward pass on the sentence.
int runModel(const ExportOptions& options, const char* programPath) {
    std::shared_ptr<const gpt2::Gpt2Model> model;
    try {
        model = std::make_shared<const gpt2::Gpt2Model>(gpt2::Gpt2Model::open(toPath(options.modelPath)));
    } catch (const Error& error) {
        throw Stop{kFailure, error.what()};  // the loader's line names the folder or file
    }
    Session session;
    session.config = model->attentionConfig();
    applyView(options, session.view);
    // Layers and heads as a person counts them, from 1, against the model's own numbers.
    const int layer = options.layer.value_or(0);
    const int layers = model->config().layers;
    if (layer >= layers) throw notInTheModel(ErrorCode::ModelNoSuchLayer, layer, layers);
    const int head = session.view.head;
    if (head != kAllHeads && head >= session.config.heads)
        throw notInTheModel(ErrorCode::ModelNoSuchHead, head, session.config.heads);
    checkView(options, session);
    session.view.colormap = canonicalColormap(session.view.colormap).toStdString();

    // Tokenized here first, so that a sentence the model cannot read is refused as such (exit 1).
    std::string sentence = givenSentence(options);
    try {
        (void)model->tokenize(sentence);
    } catch (const InputError& error) {
        throw sentenceRefused(options, error, kFailure);  // a sentence the model cannot read, not a bad option
    }
    SourceRequest wanted;
    wanted.model = std::move(model);
    wanted.layer = layer;
    wanted.sentence = std::move(sentence);
    wanted.threads = WorkerPool::shared().helperCount() + 1;
    exportTrace(exportRequest(options, session, buildSource(wanted)), programPath);
    return 0;
}

/// `attnviz export --attention FILE`: the weights of one layer and head (or the layer's mean)
/// of a file computed elsewhere. A refused file ends here (exit 1) before anything is written.
int runImported(const ExportOptions& options, const char* programPath) {
    ImportOptions reading;
    if (!options.attention.tokensPath.isEmpty()) reading.tokensFile = toPath(options.attention.tokensPath);
    reading.causal = options.attention.causal;
    std::shared_ptr<const AttentionStack> stack;
    try {
        stack = std::make_shared<const AttentionStack>(AttentionStack::fromImported(
            std::make_shared<const ImportedWeights>(readImportedAttention(toPath(options.attention.path), reading))));
    } catch (const Error& error) {
        throw Stop{kFailure, error.what()};  // the reader's line names the file and the place
    }
    // Layers and heads as a person counts them, from 1, against the file's own counts.
    const int layer = options.layer.value_or(0);
    if (layer >= stack->layers()) throw notInTheModel(ErrorCode::NoSuchLayer, layer, stack->layers());
    Session session;
    applyView(options, session.view);
    checkView(options, session, stack->heads());
    const int head = session.view.head;
    session.view.colormap = canonicalColormap(session.view.colormap).toStdString();
    SourceRequest wanted;
    wanted.imported = std::move(stack);
    ui::ExportRequest request = exportRequest(options, session, buildSource(wanted));
    request.layer = layer;
    request.head = head;
    exportTrace(request, programPath);
    return 0;
}

int run(const ExportOptions& options, const char* programPath) {
    checkStandardOutput(options);
    if (options.input == InputKind::Attention) return runImported(options, programPath);
    if (!options.modelPath.isEmpty()) return runModel(options, programPath);
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
    checkView(options, session);
    // The map's own spelling, as the window and the session file know it.
    session.view.colormap = canonicalColormap(session.view.colormap).toStdString();

    AttentionSource source;
    try {
        SourceRequest wanted;
        wanted.sentence = session.sentence;
        wanted.config = session.config;  // its teaching heads named in English, as the figures
        source = buildSource(wanted);
    } catch (const InputError& error) {
        throw sentenceRefused(options, error, kBadUsage);
    }

    if (options.writesSession && toStandardOutput(options)) {
        const std::string json = sessionToJson(session);
        writeStandardOutput([&](std::ostream& out) { out << json; });
    } else if (options.writesSession) {
        saveSession(toPath(options.output), session);
    } else {
        exportTrace(exportRequest(options, session, std::move(source)), programPath);
    }
    return 0;
}

void report(std::ostream& errors, const std::string& message) {
    std::string line = "attnviz export: " + message;
    for (char& c : line)
        if (c == '\n' || c == '\r') c = ' ';
    errors << line << '\n' << std::flush;
}

}  // namespace

int runExport(const ExportOptions& options, const char* programPath, std::ostream& errors) {
    try {
        return run(options, programPath);
    } catch (const Stop& stop) {
        report(errors, stop.message);
        return stop.status;
    } catch (const Error& error) {
        report(errors, error.what());
        return kFailure;
    } catch (const std::exception& error) {
        report(errors, std::string("unexpected error: ") + error.what());
        return kFailure;
    }
}

}  // namespace attnviz::app
