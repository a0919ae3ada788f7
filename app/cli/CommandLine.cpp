#include "app/cli/CommandLine.h"

#include <QFileInfo>

#include <cmath>
#include <cstring>
#include <string>
#include <string_view>

#include "app/cli/OptionTable.h"
#include "core/base/Errors.h"
#include "core/base/Limits.h"
#include "core/base/SettingParsers.h"
#include "core/model/TeachingConfig.h"
#include "core/text/Utf8.h"

namespace attnviz::app {
namespace {

/// A usage problem; caught in parseCommandLine and turned into Action::UsageError.
struct UsageProblem {
    QString message;
};

QString exportHint() { return QStringLiteral(" (see attnviz export --help)"); }
QString mainHint() { return QStringLiteral(" (see attnviz --help)"); }

[[noreturn]] void fail(const QString& message) { throw UsageProblem{message}; }

int parseInt(const QString& option, const QString& text, int minimum) {
    bool ok = false;
    const int value = text.trimmed().toInt(&ok, 10);
    if (!ok || value < minimum) {
        fail(QStringLiteral("--%1: expected an integer of at least %2, got \"%3\"").arg(option).arg(minimum).arg(text));
    }
    return value;
}

double parsePositive(const QString& option, const QString& text) {
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(value) || value <= 0) {
        fail(QStringLiteral("--%1: expected a number greater than 0, got \"%2\"").arg(option, text));
    }
    return value;
}

std::uint64_t parseSeedOption(const QString& text) {
    const std::optional<std::uint64_t> seed = parseSeed(text.toStdString());
    if (!seed) fail(QStringLiteral("--seed: expected an integer from 0 to 18446744073709551615, got \"%1\"").arg(text));
    return *seed;
}

std::vector<int> parseGlobalOption(const QString& text) {
    std::optional<std::vector<int>> positions = parseTokenPositions(text.toStdString());
    if (!positions) {
        fail(QStringLiteral("--global: expected token positions (0, 1, 2, …) separated by commas, got \"%1\"")
                 .arg(text));
    }
    return *std::move(positions);
}

/// The 0-based head, or kAllHeads. Whether the head exists is known once the settings are
/// (ExportCommand checks it).
int parseHeadOption(const QString& text) {
    const ParsedHead parsed = parseHead(text.toStdString());
    switch (parsed.problem) {
        case ParsedHead::Problem::None: return parsed.head;
        case ParsedHead::Problem::Zero:
            fail(QStringLiteral("--head 0: heads count from 1 (the first head is --head 1)"));
        case ParsedHead::Problem::NotAHead:
        case ParsedHead::Problem::BeyondLast: break;  // not asked here: the count is not known yet
    }
    fail(QStringLiteral("--head: expected a head number (1, 2, …) or \"mean\", got \"%1\"").arg(text));
}

/// Sets the output's format from a name (--format) or a suffix (-o); false when it names none.
bool chooseFormat(const QString& name, ExportOptions& options) {
    if (name.compare(QLatin1String("attnviz"), Qt::CaseInsensitive) == 0 ||
        name.compare(QLatin1String("session"), Qt::CaseInsensitive) == 0) {
        options.writesSession = true;
        return true;
    }
    const std::optional<ui::ExportFormat> format = ui::exportFormatFromName(name);
    if (format) options.format = *format;
    return format.has_value();
}

/// --projections NAME into overrides (teaching, teaching-heads, random, identity).
void readProjections(const QString& value, ConfigOverrides& overrides) {
    const QString name = value.trimmed().toLower();
    if (name == QLatin1String("teaching")) {
        overrides.projections = ProjectionPreset::Teaching;
    } else if (name == QLatin1String("teaching-heads")) {
        overrides.projections = ProjectionPreset::Teaching;
        overrides.teachingHeads = true;
    } else if (name == QLatin1String("random")) {
        overrides.projections = ProjectionPreset::Random;
    } else if (name == QLatin1String("identity")) {
        overrides.projections = ProjectionPreset::Identity;
    } else if (name == QLatin1String("model")) {
        fail(QStringLiteral("--projections model: a model's projections come from its folder: give --model DIR"));
    } else {
        fail(QStringLiteral("--projections: \"%1\" is not one of teaching, teaching-heads, random, identity").arg(value));
    }
}

/// Qt's own options, read by QGuiApplication: (name, takes a value).
bool isQtOption(const QString& argument, bool& takesValue) {
    static const QStringList withValue = {
        QStringLiteral("platform"),     QStringLiteral("platformpluginpath"), QStringLiteral("platformtheme"),
        QStringLiteral("plugin"),       QStringLiteral("qwindowgeometry"),    QStringLiteral("qwindowicon"),
        QStringLiteral("qwindowtitle"), QStringLiteral("style"),              QStringLiteral("stylesheet"),
        QStringLiteral("session"),      QStringLiteral("display"),            QStringLiteral("geometry"),
        QStringLiteral("fontengine")};
    static const QStringList withoutValue = {QStringLiteral("reverse"), QStringLiteral("widgetcount"),
                                             QStringLiteral("nograb"), QStringLiteral("dograb"),
                                             QStringLiteral("sync")};
    if (!argument.startsWith(QLatin1Char('-')) || argument.startsWith(QStringLiteral("--"))) return false;
    const QString name = argument.mid(1);
    takesValue = withValue.contains(name);
    return takesValue || withoutValue.contains(name);
}

/// The options of command, or the usage problem they have (with the command's --help hint).
ParsedOptions parsedOptions(Command command, const QStringList& arguments, const QString& hint) {
    try {
        return ParsedOptions(command, arguments);
    } catch (const UsageProblemText& problem) {
        fail(problem.message + hint);
    }
}

CommandLine parseWindow(const QStringList& arguments) {
    QStringList cleaned{arguments.value(0)};
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        bool takesValue = false;
        if (isQtOption(arguments[i], takesValue)) {
            if (takesValue) ++i;
            continue;
        }
        cleaned << arguments[i];
    }
    const ParsedOptions parser = parsedOptions(Command::Window, cleaned, mainHint());
    CommandLine result;
    if (parser.isSet("help")) {
        result.action = CommandLine::Action::ShowHelp;
        return result;
    }
    if (parser.isSet("version")) {
        result.action = CommandLine::Action::ShowVersion;
        return result;
    }
    const QStringList files = parser.positional();
    if (files.size() > 1) fail(QStringLiteral("give at most one session file, got %1").arg(files.size()) + mainHint());
    if (!files.isEmpty() && parser.isSet("text")) {
        fail(QStringLiteral("give either a session file or --text, not both") + mainHint());
    }
    result.action = CommandLine::Action::OpenWindow;
    if (!files.isEmpty()) result.window.sessionPath = files.front();
    if (parser.isSet("text")) result.window.text = parser.value("text");
    if (parser.isSet("weights")) {
        result.window.weightsPath = parser.value("weights");
    }
    if (parser.isSet("model")) {
        if (parser.isSet("weights")) fail(QStringLiteral("--weights cannot be used with --model (the model has its own)") + mainHint());
        result.window.modelFolder = parser.value("model");
    }
    if (parser.isSet("projections")) {
        if (parser.isSet("model") || parser.isSet("weights"))
            fail(QStringLiteral("--projections cannot be used with --model or --weights (they bring their own)") +
                 mainHint());
        try {
            readProjections(parser.value("projections"), result.window.projections);
        } catch (const UsageProblem& problem) {
            fail(problem.message + mainHint());
        }
    }
    if (parser.isSet("attention")) {
        if (!files.isEmpty() || parser.isSet("text") || parser.isSet("weights") || parser.isSet("model") ||
            parser.isSet("projections"))
            fail(QStringLiteral("--attention opens weights computed elsewhere: give no session, --text, --weights, "
                                "--model or --projections with it") + mainHint());
        result.window.attention.path = parser.value("attention");
        result.window.attention.tokensPath = parser.value("tokens");
        result.window.attention.causal = parser.isSet("causal");
    } else if (parser.isSet("tokens") || parser.isSet("causal")) {
        fail(QStringLiteral("--%1 needs --attention FILE").arg(parser.isSet("tokens") ? QStringLiteral("tokens")
                                                                                    : QStringLiteral("causal")) +
             mainHint());
    }
    return result;
}

/// The first option given that the table says cannot be used with source ("model" or
/// "attention"), as the usage error that says why.
void refuseOptionsNotWith(const ParsedOptions& parser, std::string_view source) {
    for (const OptionSpec& spec : optionTable()) {
        if ((spec.commands & static_cast<unsigned>(Command::Export)) == 0) continue;
        const std::string_view reason = source == "model" ? spec.notWithModel : spec.notWithAttention;
        if (!reason.empty() && parser.isSet(spec.name))
            fail(QStringLiteral("--%1 cannot be used with --%2: %3")
                     .arg(QString::fromUtf8(spec.name.data(), static_cast<qsizetype>(spec.name.size())),
                          QString::fromUtf8(source.data(), static_cast<qsizetype>(source.size())),
                          QString::fromUtf8(reason.data(), static_cast<qsizetype>(reason.size()))));
    }
}

/// What export reads: --text, --text-file, --session or --attention, and a model and its layer.
void readExportSource(const ParsedOptions& parser, ExportOptions& options) {
    const int inputs = int{parser.isSet("text")} + int{parser.isSet("text-file")} + int{parser.isSet("session")};
    if (parser.isSet("attention")) {
        // Imported weights are shown as they are: nothing here computes or changes them.
        refuseOptionsNotWith(parser, "attention");
        options.input = InputKind::Attention;
        options.attention.path = parser.value("attention");
        options.attention.tokensPath = parser.value("tokens");
        options.attention.causal = parser.isSet("causal");
    } else if (parser.isSet("tokens")) {
        fail(QStringLiteral("--tokens needs --attention: it gives the tokens of a .npy file of weights"));
    } else if (inputs == 0) {
        fail(QStringLiteral("give the sentence with --text, --text-file or --session (or weights with --attention)"));
    } else if (inputs > 1) {
        fail(QStringLiteral("give only one of --text, --text-file and --session"));
    } else if (parser.isSet("text")) {
        options.input = InputKind::Text;
        options.text = parser.value("text");
    } else if (parser.isSet("text-file")) {
        options.input = InputKind::TextFile;
        options.inputPath = parser.value("text-file");
    } else {
        options.input = InputKind::Session;
        options.inputPath = parser.value("session");
    }

    if (parser.isSet("model")) {
        // A trained model's numbers are its checkpoint's and its computation's: nothing may change them.
        refuseOptionsNotWith(parser, "model");
        options.modelPath = parser.value("model");
    }
    if (parser.isSet("layer")) {
        if (!parser.isSet("model") && !parser.isSet("attention"))
            fail(QStringLiteral("--layer needs --model or --attention: only they have layers"));
        const QString value = parser.value("layer").trimmed();
        if (value == QLatin1String("0")) fail(QStringLiteral("--layer 0: layers count from 1 (the first layer is --layer 1)"));
        options.layer = parseInt(QStringLiteral("layer"), value, 1) - 1;
    }
}

/// The settings over the input's: mask, sizes, temperature, seed, projections, weights.
void readExportSettings(const ParsedOptions& parser, ExportOptions& options) {
    ConfigOverrides& o = options.overrides;
    if (parser.isSet("causal")) o.causal = true;
    if (parser.isSet("window")) o.window = parseInt(QStringLiteral("window"), parser.value("window"), 1);
    if (parser.isSet("global")) o.globalTokens = parseGlobalOption(parser.value("global"));
    if (parser.isSet("d-model")) o.dModel = parseInt(QStringLiteral("d-model"), parser.value("d-model"), 1);
    if (parser.isSet("heads")) o.heads = parseInt(QStringLiteral("heads"), parser.value("heads"), 1);
    if (parser.isSet("temperature")) {
        o.temperature = parsePositive(QStringLiteral("temperature"), parser.value("temperature"));
        // Smaller ones turn the scores into ±∞ and the weights into NaN (core/base/Limits.h).
        if (*o.temperature < limits::kMinTemperature)
            fail(QStringLiteral("--temperature: at least %1, got %2")
                     .arg(limits::kMinTemperature)
                     .arg(parser.value("temperature")));
    }
    if (parser.isSet("no-scale")) o.scale = false;
    if (parser.isSet("no-positions")) o.positions = false;
    if (parser.isSet("seed")) o.seed = parseSeedOption(parser.value("seed"));
    if (parser.isSet("projections")) readProjections(parser.value("projections"), o);
    if (parser.isSet("weights")) {
        options.weightsPath = parser.value("weights");
    }
}

/// What is shown and how: step, head, colours, scale, title, numbers.
void readExportLook(const ParsedOptions& parser, ExportOptions& options) {
    if (parser.isSet("step")) {
        Step parsed = Step::Weights;
        if (!stepFromName(parser.value("step").trimmed().toLower().toStdString(), parsed)) {
            fail(QStringLiteral("--step: \"%1\" is not one of x, q, k, v, scores, scaled, masked, weights, "
                                "context, output")
                     .arg(parser.value("step")));
        }
        options.step = parsed;
        if (parser.isSet("attention") && parsed != Step::Weights)
            fail(QStringLiteral("--step %1: imported weights have no Q and K: only the weights can be shown "
                                "(--step weights)")
                     .arg(parser.value("step")));
    }
    if (parser.isSet("head")) options.head = parseHeadOption(parser.value("head"));
    if (parser.isSet("colormap")) options.colormap = parser.value("colormap").trimmed();
    if (parser.isSet("scale") && parser.isSet("dpi")) fail(QStringLiteral("give either --scale or --dpi, not both"));
    if (parser.isSet("scale")) {
        options.scale = parsePositive(QStringLiteral("scale"), parser.value("scale"));
        if (*options.scale > 32) fail(QStringLiteral("--scale: at most 32, got %1").arg(parser.value("scale")));
    }
    if (parser.isSet("dpi")) {
        options.dpi = parsePositive(QStringLiteral("dpi"), parser.value("dpi"));
        if (*options.dpi > 2400) fail(QStringLiteral("--dpi: at most 2400, got %1").arg(parser.value("dpi")));
    }
    if (parser.isSet("title")) options.title = parser.value("title");
    if (parser.isSet("values") && parser.isSet("no-values")) fail(QStringLiteral("give either --values or --no-values, not both"));
    if (parser.isSet("values")) options.values = true;
    if (parser.isSet("colour-range")) {
        const QString range = parser.value("colour-range").trimmed().toLower();
        if (range == QLatin1String("0-1")) options.weightsRange = WeightsRange::Fixed;
        else if (range == QLatin1String("data")) options.weightsRange = WeightsRange::Data;
        else if (range == QLatin1String("row")) options.weightsRange = WeightsRange::PerRow;
        else fail(QStringLiteral("--colour-range: \"%1\" is not 0-1, data or row").arg(parser.value("colour-range")));
    }
    if (parser.isSet("no-values")) options.values = false;
}

/// The file (or standard output) and its format, and the view, which depends on it.
void readExportOutput(const ParsedOptions& parser, ExportOptions& options) {
    if (!parser.isSet("output") || parser.value("output").isEmpty()) fail(QStringLiteral("give the output file with -o FILE"));
    options.output = parser.value("output");
    if (parser.isSet("format")) {
        if (!chooseFormat(parser.value("format").trimmed(), options)) {
            fail(QStringLiteral("--format: \"%1\" is not one of png, svg, pdf, csv, json, attnviz")
                     .arg(parser.value("format")));
        }
    } else if (options.output == QLatin1String("-")) {
        fail(QStringLiteral("-o -: give --format too: standard output has no suffix to tell the format from"));
    } else if (!chooseFormat(QFileInfo(options.output).suffix(), options)) {
        fail(QStringLiteral("cannot tell the format from \"%1\": end the name with .png, .svg, .pdf, .csv, "
                            ".json or .attnviz, or give --format")
                 .arg(options.output));
    }
    if (parser.isSet("attention") && options.writesSession)
        fail(QStringLiteral("imported weights are not a session: export them as png, svg, pdf, csv or json"));
    if (!options.modelPath.isEmpty() && options.writesSession)
        fail(QStringLiteral("a session of a model is saved from the window (File → Save Session), not by export"));
    if (parser.isSet("view")) {
        const QString name = parser.value("view").trimmed().toLower();
        if (name == QLatin1String("heatmap")) options.view = ui::ExportView::Heatmap;
        else if (name == QLatin1String("model")) options.view = ui::ExportView::Model;
        else if (name == QLatin1String("head")) options.view = ui::ExportView::Head;
        else fail(QStringLiteral("--view: \"%1\" is not one of heatmap, model, head").arg(parser.value("view")));
        if (options.view != ui::ExportView::Heatmap) {
            if (options.writesSession)
                fail(QStringLiteral("--view %1: a session is the window's document, not a picture").arg(name));
            // The model view shows every head's weights; its data files hold their summaries.
            if (options.view == ui::ExportView::Model && parser.isSet("step"))
                fail(QStringLiteral("--step cannot be used with --view model: it shows every head's weights"));
        }
    }
}

CommandLine parseExport(const QStringList& arguments) {
    QStringList withoutCommand = arguments;
    withoutCommand.removeAt(1);  // "export"
    const ParsedOptions parser = parsedOptions(Command::Export, withoutCommand, exportHint());

    CommandLine result;
    if (parser.isSet("help")) {
        result.action = CommandLine::Action::ShowExportHelp;
        return result;
    }
    if (!parser.positional().isEmpty()) {
        fail(QStringLiteral("unexpected argument \"%1\"").arg(parser.positional().front()) + exportHint());
    }
    try {
        readExportSource(parser, result.exportOptions);
        readExportSettings(parser, result.exportOptions);
        readExportLook(parser, result.exportOptions);
        readExportOutput(parser, result.exportOptions);
    } catch (const UsageProblem& problem) {
        fail(problem.message + exportHint());
    }
    result.action = CommandLine::Action::Export;
    return result;
}

}  // namespace

void ConfigOverrides::applyTo(AttentionConfig& config) const {
    // The projections first: the teaching model sets d_model, which --d-model may then contradict
    // (validate() says so), and --heads must divide its 20 dimensions.
    if (teachingHeads) {
        config = withTeachingHeads(config);
    } else if (projections == ProjectionPreset::Teaching) {
        config = withTeachingModel(config);
    } else if (projections) {
        config.preset = *projections;
        config.supplied = {};
    }
    if (causal) config.mask.causal = *causal;
    if (window) config.mask.window = *window;
    if (globalTokens) config.mask.globalTokens = *globalTokens;
    if (dModel) config.dModel = *dModel;
    if (heads) config.heads = *heads;
    if (temperature) config.temperature = *temperature;
    if (scale) config.scaleBySqrtDk = *scale;
    if (positions) config.positionalEncoding = *positions;
    if (seed) config.seed = *seed;
}

AttentionConfig startingConfig(const ConfigOverrides& overrides, bool hasWeights) {
    const bool randomAskedFor = overrides.projections ? *overrides.projections != ProjectionPreset::Teaching
                                                      : hasWeights || overrides.dModel || overrides.seed;
    return randomAskedFor ? AttentionConfig{} : teachingConfig();
}

/// `attnviz cost …` (app/cli/CostCommand.h).
CommandLine parseCost(const QStringList& arguments) {
    const CostParse parsed = parseCostArguments(arguments.mid(2));
    if (!parsed.error.isEmpty()) fail(parsed.error);
    CommandLine result;
    result.action = parsed.help ? CommandLine::Action::ShowCostHelp : CommandLine::Action::Cost;
    result.cost = parsed.arguments;
    return result;
}

CommandLine parseCommandLine(const QStringList& arguments) {
    try {
        if (arguments.size() > 1 && arguments[1] == QLatin1String("export")) return parseExport(arguments);
        if (arguments.size() > 1 && arguments[1] == QLatin1String("cost")) return parseCost(arguments);
        return parseWindow(arguments);
    } catch (const UsageProblem& problem) {
        CommandLine result;
        result.action = CommandLine::Action::UsageError;
        result.error = problem.message;
        return result;
    }
}

namespace {

/// The bytes of every --text value as the shell gave them, before QString would turn invalid
/// UTF-8 into U+FFFD: refused with the offset, as the same bytes in a --text-file are.
void checkTextBytes(int argc, const char* const* argv) {
    const bool exporting = argc > 1 && std::strcmp(argv[1], "export") == 0;
    for (int i = 1; i < argc; ++i) {
        const std::string_view argument(argv[i]);
        if (argument == "--") return;  // what follows is not an option
        std::string_view value;
        if (argument == "--text" && i + 1 < argc) {
            value = argv[++i];
        } else if (argument.starts_with("--text=")) {
            value = argument.substr(7);
        } else {
            continue;
        }
        try {
            validateUtf8(value);
        } catch (const InputError& error) {
            fail(QStringLiteral("--text: ") + QString::fromStdString(error.what()) + (exporting ? exportHint() : mainHint()));
        }
    }
}

}  // namespace

CommandLine parseCommandLine(int argc, const char* const* argv) {
    QStringList arguments;
    for (int i = 0; i < argc; ++i) arguments << QString::fromLocal8Bit(argv[i]);
    try {
        checkTextBytes(argc, argv);
    } catch (const UsageProblem& problem) {
        CommandLine result;
        result.action = CommandLine::Action::UsageError;
        result.error = problem.message;
        return result;
    }
    return parseCommandLine(arguments);
}

QString mainHelpText() {
    return QStringLiteral(
        "Usage: attnviz [FILE.attnviz | --text SENTENCE] [--weights FILE | --model DIR]\n"
        "       attnviz --attention FILE [--tokens FILE] [--causal]\n"
        "       attnviz export (--text SENTENCE | --text-file FILE | --session FILE) [options] -o OUT\n"
        "       attnviz cost [--kernels K1,K2,…] [--n A..B] [options] -o OUT\n"
        "\n"
        "AttnViz shows every number of softmax(QK^T/sqrt(d_k) + mask)·V for a sentence.\n"
        "\n") +
           optionsHelp(Command::Window) +
           QStringLiteral("\n"
        "Exit status: 0 success, 1 failure, 2 bad usage.\n");
}

QString exportHelpText() {
    return QStringLiteral(
        "Usage: attnviz export (--text SENTENCE | --text-file FILE | --session FILE) [options] -o OUT\n"
        "       attnviz export --model DIR [--layer L] (--text SENTENCE | --text-file FILE) [options] -o OUT\n"
        "       attnviz export --attention FILE [--tokens FILE] [--causal] [--layer L] [--head H|mean] -o OUT\n"
        "\n"
        "Writes one step's heatmap as an image (PNG, SVG, PDF), one step's matrix as CSV, the whole\n"
        "computation as JSON, or the settings as a session. Needs no display.\n"
        "\n") +
           optionsHelp(Command::Export) +
           QStringLiteral("\n"
        "Examples:\n"
        "  attnviz export --text \"Le chat est assis\" -o chat.png\n"
        "  attnviz export --text \"Le chat est assis\" --projections random -o random.png\n"
        "  attnviz export --text \"The cat is sitting\" --causal --step weights --dpi 300 -o cat.png\n"
        "  attnviz export --session lesson.attnviz --step scores --head 2 -o scores.svg\n"
        "  attnviz export --text-file long.txt --no-values --heads 2 --d-model 16 --head mean -o mean.pdf\n"
        "  attnviz export --text \"Le chat est assis\" --step q -o q.csv\n"
        "  attnviz export --text \"Le chat est assis\" -o trace.json\n"
        "  attnviz export --model ~/models/gpt2 --layer 5 --head 1 --text \"The cat sat on the mat\" -o l5h1.png\n"
        "  attnviz export --model ~/models/gpt2 --layer 12 --head mean --text \"The cat sat\" -o trace.json\n"
        "  attnviz export --attention run.npy --causal --layer 5 --head 3 -o l5h3.png\n"
        "  attnviz export --model ~/models/gpt2 --view model --text \"The cat sat on the mat\" -o heads.png\n"
        "\n"
        "Exit status: 0 success, 1 failure (one line on standard error; an existing OUT is left\n"
        "unchanged), 2 bad usage.\n");
}

}  // namespace attnviz::app
