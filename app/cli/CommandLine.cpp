#include "app/cli/CommandLine.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QFileInfo>

#include <cmath>
#include <cstring>
#include <string>
#include <string_view>

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
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help(QStringList{QStringLiteral("h"), QStringLiteral("help")});
    const QCommandLineOption version(QStringList{QStringLiteral("v"), QStringLiteral("version")});
    const QCommandLineOption text(QStringLiteral("text"), QString(), QStringLiteral("sentence"));
    const QCommandLineOption weights(QStringLiteral("weights"), QString(), QStringLiteral("file"));
    const QCommandLineOption model(QStringLiteral("model"), QString(), QStringLiteral("folder"));
    const QCommandLineOption projections(QStringLiteral("projections"), QString(), QStringLiteral("name"));
    const QCommandLineOption attention(QStringLiteral("attention"), QString(), QStringLiteral("file"));
    const QCommandLineOption tokens(QStringLiteral("tokens"), QString(), QStringLiteral("file"));
    const QCommandLineOption causal(QStringLiteral("causal"));
    parser.addOptions({help, version, text, weights, model, projections, attention, tokens, causal});
    if (!parser.parse(cleaned)) fail(parser.errorText() + mainHint());

    CommandLine result;
    if (parser.isSet(help)) {
        result.action = CommandLine::Action::ShowHelp;
        return result;
    }
    if (parser.isSet(version)) {
        result.action = CommandLine::Action::ShowVersion;
        return result;
    }
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1) fail(QStringLiteral("give at most one session file, got %1").arg(files.size()) + mainHint());
    if (!files.isEmpty() && parser.isSet(text)) {
        fail(QStringLiteral("give either a session file or --text, not both") + mainHint());
    }
    result.action = CommandLine::Action::OpenWindow;
    if (!files.isEmpty()) result.window.sessionPath = files.front();
    if (parser.isSet(text)) result.window.text = parser.value(text);
    if (parser.isSet(weights)) {
        if (parser.values(weights).size() > 1) fail(QStringLiteral("--weights is given more than once") + mainHint());
        if (parser.value(weights).isEmpty()) fail(QStringLiteral("--weights: give a file") + mainHint());
        result.window.weightsPath = parser.value(weights);
    }
    if (parser.isSet(model)) {
        if (parser.values(model).size() > 1) fail(QStringLiteral("--model is given more than once") + mainHint());
        if (parser.value(model).isEmpty()) fail(QStringLiteral("--model: give a model folder") + mainHint());
        if (parser.isSet(weights)) fail(QStringLiteral("--weights cannot be used with --model (the model has its own)") + mainHint());
        result.window.modelFolder = parser.value(model);
    }
    if (parser.isSet(projections)) {
        if (parser.isSet(model) || parser.isSet(weights))
            fail(QStringLiteral("--projections cannot be used with --model or --weights (they bring their own)") +
                 mainHint());
        try {
            readProjections(parser.value(projections), result.window.projections);
        } catch (const UsageProblem& problem) {
            fail(problem.message + mainHint());
        }
    }
    if (parser.isSet(attention)) {
        if (parser.values(attention).size() > 1) fail(QStringLiteral("--attention is given more than once") + mainHint());
        if (parser.value(attention).isEmpty()) fail(QStringLiteral("--attention: give a .npy or .json file") + mainHint());
        if (!files.isEmpty() || parser.isSet(text) || parser.isSet(weights) || parser.isSet(model) ||
            parser.isSet(projections))
            fail(QStringLiteral("--attention opens weights computed elsewhere: give no session, --text, --weights, "
                                "--model or --projections with it") + mainHint());
        result.window.attention.path = parser.value(attention);
        result.window.attention.tokensPath = parser.value(tokens);
        result.window.attention.causal = parser.isSet(causal);
    } else if (parser.isSet(tokens) || parser.isSet(causal)) {
        fail(QStringLiteral("--%1 needs --attention FILE").arg(parser.isSet(tokens) ? QStringLiteral("tokens")
                                                                                    : QStringLiteral("causal")) +
             mainHint());
    }
    return result;
}

CommandLine parseExport(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    auto valued = [](const char* name, const char* valueName) {
        return QCommandLineOption(QString::fromLatin1(name), QString(), QString::fromLatin1(valueName));
    };
    auto flag = [](const char* name) { return QCommandLineOption(QString::fromLatin1(name)); };
    const QCommandLineOption help(QStringList{QStringLiteral("h"), QStringLiteral("help")});
    const QCommandLineOption text = valued("text", "sentence");
    const QCommandLineOption textFile = valued("text-file", "file");
    const QCommandLineOption session = valued("session", "file");
    const QCommandLineOption causal = flag("causal");
    const QCommandLineOption window = valued("window", "w");
    const QCommandLineOption global = valued("global", "positions");
    const QCommandLineOption dModel = valued("d-model", "n");
    const QCommandLineOption heads = valued("heads", "h");
    const QCommandLineOption temperature = valued("temperature", "t");
    const QCommandLineOption noScale = flag("no-scale");
    const QCommandLineOption noPositions = flag("no-positions");
    const QCommandLineOption seed = valued("seed", "s");
    const QCommandLineOption projections = valued("projections", "name");
    const QCommandLineOption weights = valued("weights", "file");
    const QCommandLineOption model = valued("model", "folder");
    const QCommandLineOption attention = valued("attention", "file");
    const QCommandLineOption tokens = valued("tokens", "file");
    const QCommandLineOption layer = valued("layer", "l");
    const QCommandLineOption step = valued("step", "name");
    const QCommandLineOption head = valued("head", "h");
    const QCommandLineOption colormap = valued("colormap", "name");
    const QCommandLineOption scale = valued("scale", "k");
    const QCommandLineOption dpi = valued("dpi", "d");
    const QCommandLineOption title = valued("title", "text");
    const QCommandLineOption colourRange = valued("colour-range", "range");
    const QCommandLineOption values = flag("values");
    const QCommandLineOption noValues = flag("no-values");
    const QCommandLineOption output(QStringList{QStringLiteral("o"), QStringLiteral("output")}, QString(), QStringLiteral("file"));
    const QCommandLineOption format = valued("format", "name");
    const QCommandLineOption view = valued("view", "name");
    parser.addOptions({help, text, textFile, session, causal, window, global, dModel, heads, temperature, noScale,
                       noPositions, seed, projections, weights, model, attention, tokens, layer, step, head, colormap, scale, dpi, title, colourRange, values, noValues, output,
                       format});
    parser.addOption(view);

    QStringList withoutCommand = arguments;
    withoutCommand.removeAt(1);  // "export"
    if (!parser.parse(withoutCommand)) fail(parser.errorText() + exportHint());

    CommandLine result;
    if (parser.isSet(help)) {
        result.action = CommandLine::Action::ShowExportHelp;
        return result;
    }
    if (!parser.positionalArguments().isEmpty()) {
        fail(QStringLiteral("unexpected argument \"%1\"").arg(parser.positionalArguments().front()) + exportHint());
    }
    // Every option once: a second value would silently win otherwise.
    const QStringList given = parser.optionNames();
    for (const QString& name : given) {
        if (given.count(name) > 1) fail(QStringLiteral("--%1 is given more than once").arg(name) + exportHint());
    }

    ExportOptions& options = result.exportOptions;
    try {
        const int inputs = int{parser.isSet(text)} + int{parser.isSet(textFile)} + int{parser.isSet(session)};
        if (parser.isSet(attention)) {
            if (parser.value(attention).isEmpty()) fail(QStringLiteral("--attention: give a .npy or .json file"));
            // Imported weights are shown as they are: nothing here computes or changes them.
            const char* computed = "the file's weights are shown as they are (only --causal marks masked cells)";
            const std::pair<const QCommandLineOption*, const char*> unusable[] = {
                {&text, "the file gives the tokens (a .npy: --tokens or NAME.tokens.json)"},
                {&textFile, "the file gives the tokens (a .npy: --tokens or NAME.tokens.json)"},
                {&session, "the file gives the tokens and the weights"},
                {&model, "the file holds weights a model has already computed"},
                {&projections, "imported weights have no projections"},
                {&weights, "imported weights have no projections"},
                {&dModel, "imported weights have no d_model"},
                {&heads, "the file gives the heads"},
                {&seed, "nothing of imported weights is random"},
                {&window, computed},
                {&global, computed},
                {&temperature, computed},
                {&noScale, computed},
                {&noPositions, computed}};
            for (const auto& [option, reason] : unusable)
                if (parser.isSet(*option))
                    fail(QStringLiteral("--%1 cannot be used with --attention: %2")
                             .arg(option->names().front(), QString::fromLatin1(reason)));
            options.input = InputKind::Attention;
            options.attention.path = parser.value(attention);
            options.attention.tokensPath = parser.value(tokens);
            options.attention.causal = parser.isSet(causal);
        } else if (parser.isSet(tokens)) {
            fail(QStringLiteral("--tokens needs --attention: it gives the tokens of a .npy file of weights"));
        } else if (inputs == 0) {
            fail(QStringLiteral("give the sentence with --text, --text-file or --session (or weights with --attention)"));
        } else if (inputs > 1) {
            fail(QStringLiteral("give only one of --text, --text-file and --session"));
        } else if (parser.isSet(text)) {
            options.input = InputKind::Text;
            options.text = parser.value(text);
        } else if (parser.isSet(textFile)) {
            options.input = InputKind::TextFile;
            options.inputPath = parser.value(textFile);
        } else {
            options.input = InputKind::Session;
            options.inputPath = parser.value(session);
        }

        if (parser.isSet(model)) {
            if (parser.value(model).isEmpty()) fail(QStringLiteral("--model: give a model folder"));
            // A trained model's numbers are its checkpoint's and its computation's: nothing may change them.
            const std::pair<const QCommandLineOption*, const char*> fixed[] = {
                {&projections, "the model's checkpoint gives its weights"},
                {&weights, "the model's checkpoint gives its weights"},
                {&dModel, "the model's config.json gives d_model (n_embd)"},
                {&heads, "the model's config.json gives the heads (n_head)"},
                {&seed, "nothing of a model is random"},
                {&window, "the model computes its own attention (causal, scaled by sqrt(d_k))"},
                {&global, "the model computes its own attention (causal, scaled by sqrt(d_k))"},
                {&temperature, "the model computes its own attention (causal, scaled by sqrt(d_k))"},
                {&noScale, "the model computes its own attention (causal, scaled by sqrt(d_k))"},
                {&noPositions, "the model adds its own position embeddings"},
                {&session, "give the sentence with --text or --text-file"}};
            for (const auto& [option, reason] : fixed)
                if (parser.isSet(*option))
                    fail(QStringLiteral("--%1 cannot be used with --model: %2")
                             .arg(option->names().front(), QString::fromLatin1(reason)));
            options.modelPath = parser.value(model);
        }
        if (parser.isSet(layer)) {
            if (!parser.isSet(model) && !parser.isSet(attention))
                fail(QStringLiteral("--layer needs --model or --attention: only they have layers"));
            const QString value = parser.value(layer).trimmed();
            if (value == QLatin1String("0")) fail(QStringLiteral("--layer 0: layers count from 1 (the first layer is --layer 1)"));
            options.layer = parseInt(QStringLiteral("layer"), value, 1) - 1;
        }

        ConfigOverrides& o = options.overrides;
        if (parser.isSet(causal)) o.causal = true;
        if (parser.isSet(window)) o.window = parseInt(QStringLiteral("window"), parser.value(window), 1);
        if (parser.isSet(global)) o.globalTokens = parseGlobalOption(parser.value(global));
        if (parser.isSet(dModel)) o.dModel = parseInt(QStringLiteral("d-model"), parser.value(dModel), 1);
        if (parser.isSet(heads)) o.heads = parseInt(QStringLiteral("heads"), parser.value(heads), 1);
        if (parser.isSet(temperature)) {
            o.temperature = parsePositive(QStringLiteral("temperature"), parser.value(temperature));
            // Smaller ones turn the scores into ±∞ and the weights into NaN (core/base/Limits.h).
            if (*o.temperature < limits::kMinTemperature)
                fail(QStringLiteral("--temperature: at least %1, got %2")
                         .arg(limits::kMinTemperature)
                         .arg(parser.value(temperature)));
        }
        if (parser.isSet(noScale)) o.scale = false;
        if (parser.isSet(noPositions)) o.positions = false;
        if (parser.isSet(seed)) o.seed = parseSeedOption(parser.value(seed));
        if (parser.isSet(projections)) readProjections(parser.value(projections), o);
        if (parser.isSet(weights)) {
            if (parser.value(weights).isEmpty()) fail(QStringLiteral("--weights: give a file"));
            options.weightsPath = parser.value(weights);
        }

        if (parser.isSet(step)) {
            Step parsed = Step::Weights;
            if (!stepFromName(parser.value(step).trimmed().toLower().toStdString(), parsed)) {
                fail(QStringLiteral("--step: \"%1\" is not one of x, q, k, v, scores, scaled, masked, weights, "
                                    "context, output")
                         .arg(parser.value(step)));
            }
            options.step = parsed;
            if (parser.isSet(attention) && parsed != Step::Weights)
                fail(QStringLiteral("--step %1: imported weights have no Q and K: only the weights can be shown "
                                    "(--step weights)")
                         .arg(parser.value(step)));
        }
        if (parser.isSet(head)) options.head = parseHeadOption(parser.value(head));
        if (parser.isSet(colormap)) options.colormap = parser.value(colormap).trimmed();
        if (parser.isSet(scale) && parser.isSet(dpi)) fail(QStringLiteral("give either --scale or --dpi, not both"));
        if (parser.isSet(scale)) {
            options.scale = parsePositive(QStringLiteral("scale"), parser.value(scale));
            if (*options.scale > 32) fail(QStringLiteral("--scale: at most 32, got %1").arg(parser.value(scale)));
        }
        if (parser.isSet(dpi)) {
            options.dpi = parsePositive(QStringLiteral("dpi"), parser.value(dpi));
            if (*options.dpi > 2400) fail(QStringLiteral("--dpi: at most 2400, got %1").arg(parser.value(dpi)));
        }
        if (parser.isSet(title)) options.title = parser.value(title);
        if (parser.isSet(values) && parser.isSet(noValues)) fail(QStringLiteral("give either --values or --no-values, not both"));
        if (parser.isSet(values)) options.values = true;
        if (parser.isSet(colourRange)) {
            const QString range = parser.value(colourRange).trimmed().toLower();
            if (range == QLatin1String("0-1")) options.weightsRange = WeightsRange::Fixed;
            else if (range == QLatin1String("data")) options.weightsRange = WeightsRange::Data;
            else if (range == QLatin1String("row")) options.weightsRange = WeightsRange::PerRow;
            else fail(QStringLiteral("--colour-range: \"%1\" is not 0-1, data or row").arg(parser.value(colourRange)));
        }
        if (parser.isSet(noValues)) options.values = false;

        if (!parser.isSet(output) || parser.value(output).isEmpty()) fail(QStringLiteral("give the output file with -o FILE"));
        options.output = parser.value(output);
        if (parser.isSet(format)) {
            if (!chooseFormat(parser.value(format).trimmed(), options)) {
                fail(QStringLiteral("--format: \"%1\" is not one of png, svg, pdf, csv, json, attnviz")
                         .arg(parser.value(format)));
            }
        } else if (options.output == QLatin1String("-")) {
            fail(QStringLiteral("-o -: give --format too: standard output has no suffix to tell the format from"));
        } else if (!chooseFormat(QFileInfo(options.output).suffix(), options)) {
            fail(QStringLiteral("cannot tell the format from \"%1\": end the name with .png, .svg, .pdf, .csv, "
                                ".json or .attnviz, or give --format")
                     .arg(options.output));
        }
        if (parser.isSet(attention) && options.writesSession)
            fail(QStringLiteral("imported weights are not a session: export them as png, svg, pdf, csv or json"));
        if (!options.modelPath.isEmpty() && options.writesSession)
            fail(QStringLiteral("a session of a model is saved from the window (File → Save Session), not by export"));
        if (parser.isSet(view)) {
            const QString name = parser.value(view).trimmed().toLower();
            if (name == QLatin1String("heatmap")) options.view = ui::ExportView::Heatmap;
            else if (name == QLatin1String("model")) options.view = ui::ExportView::Model;
            else if (name == QLatin1String("head")) options.view = ui::ExportView::Head;
            else fail(QStringLiteral("--view: \"%1\" is not one of heatmap, model, head").arg(parser.value(view)));
            if (options.view != ui::ExportView::Heatmap) {
                if (options.writesSession)
                    fail(QStringLiteral("--view %1: a session is the window's document, not a picture").arg(name));
                // The model view shows every head's weights; its data files hold their summaries.
                if (options.view == ui::ExportView::Model && parser.isSet(step))
                    fail(QStringLiteral("--step cannot be used with --view model: it shows every head's weights"));
            }
        }
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
        "\n"
        "Opening the window:\n"
        "  attnviz                      the window on the default example sentence\n"
        "  attnviz FILE.attnviz         the window on a saved session\n"
        "                               example: attnviz lesson.attnviz\n"
        "  --text SENTENCE              the window on this sentence\n"
        "                               example: attnviz --text \"Le chat est assis\"\n"
        "  --weights FILE               use W_Q, W_K, W_V, W_O from a weights JSON file, a folder of\n"
        "                               W_Q.npy … W_O.npy, or one of those .npy files\n"
        "                               example: attnviz --weights trained.json\n"
        "  --model DIR                  a trained GPT-2-family model folder (config.json,\n"
        "                               model.safetensors, vocab.json + merges.txt or tokenizer.json)\n"
        "                               example: attnviz --model ~/models/gpt2 --text \"The cat\"\n"
        "  --projections NAME           teaching, teaching-heads (the teaching model in 4 heads,\n"
        "                               one role each), random or identity\n"
        "                               example: attnviz --projections teaching-heads\n"
        "  --attention FILE             attention weights computed elsewhere: a .npy of shape\n"
        "                               (layers, heads, n, n), (layers, 1, heads, n, n), (heads, n, n)\n"
        "                               or (n, n), or a JSON file {\"tokens\", \"attentions\", \"causal\"}\n"
        "                               example: attnviz --attention run.npy\n"
        "  --tokens FILE                the tokens of a .npy (a JSON list of strings; default:\n"
        "                               NAME.tokens.json beside NAME.npy)\n"
        "  --causal                     keys after their query are masked (drawn hatched)\n"
        "\n"
        "The window opens on the teaching model: every dimension of X, Q, K and V has a name and\n"
        "W_Q … W_O are written by named rules (Projections: Random gives untrained weights).\n"
        "\n"
        "Commands:\n"
        "  export                       write an image (PNG, SVG, PDF) or data (CSV, JSON) without a\n"
        "                               window or a display; see attnviz export --help\n"
        "                               example: attnviz export --text \"The cat is sitting\" -o cat.png\n"
        "  cost                         the cost lab's quadratic wall: time and peak memory of the\n"
        "                               attention kernels against n, as CSV or log-log charts (PNG,\n"
        "                               SVG, PDF); see attnviz cost --help\n"
        "                               example: attnviz cost --kernels naive,flash,linear --n 64..16384 -o cost.csv\n"
        "\n"
        "Other options:\n"
        "  -h, --help                   this help\n"
        "  -v, --version                the program's version\n"
        "\n"
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
        "\n"
        "Input (exactly one):\n"
        "  --text SENTENCE        the sentence            example: --text \"Le chat est assis\"\n"
        "  --text-file FILE       a UTF-8 text file, - for standard input\n"
        "                                                 example: --text-file sentence.txt\n"
        "  --session FILE         a saved .attnviz session (settings and view); the options below\n"
        "                         replace its settings    example: --session lesson.attnviz --causal\n"
        "\n"
        "Settings (default: the window's, never its remembered ones: the teaching model, d_model 20,\n"
        "1 head, no mask, T 1, scaling on, positions on). --d-model or --seed without --projections,\n"
        "and --weights, start from random projections instead (d_model 8, seed 42):\n"
        "  --projections NAME     teaching (default): the window's model, whose 20 dimensions have\n"
        "                         names (d_model 20; heads must divide 20); random: seeded,\n"
        "                         untrained (the caption says so); identity: Q, K, V are slices of X;\n"
        "                         teaching-heads: the teaching model in 4 heads with one role each\n"
        "                         (coreference, previous token, determiner -> noun, negation -> verb;\n"
        "                         d_model 24, 4 heads)\n"
        "                                                 example: --projections random\n"
        "  --causal               causal mask: key j visible from query i only if j <= i\n"
        "                                                 example: --causal\n"
        "  --window W             sliding window: |i - j| < W (W >= 1)\n"
        "                                                 example: --window 3\n"
        "  --global I,J           global tokens of the window: token positions, counted from 0 as\n"
        "                         the token chips show them, separated by commas\n"
        "                                                 example: --window 2 --global 0,5\n"
        "  --d-model N            embedding size (random projections unless --projections says\n"
        "                         otherwise)              example: --d-model 16\n"
        "  --heads H              number of heads; must divide d_model (d_k = d_model / H)\n"
        "                                                 example: --heads 2\n"
        "  --temperature T        scores are divided by sqrt(d_k)·T (T >= 0.001)\n"
        "                                                 example: --temperature 0.5\n"
        "  --no-scale             do not divide by sqrt(d_k) (only by T)\n"
        "                                                 example: --no-scale\n"
        "  --no-positions         no positional encoding  example: --no-positions\n"
        "  --seed S               seed of the random embeddings and W matrices (0 … 2^64-1; random\n"
        "                         projections unless --projections says otherwise)\n"
        "                                                 example: --seed 7\n"
        "  --weights FILE         W_Q, W_K, W_V, W_O from a weights JSON file, a folder of\n"
        "                         W_Q.npy … W_O.npy, or one of those .npy files; d_model is theirs\n"
        "                         (a session on the teaching model keeps its X when sizes match)\n"
        "                                                 example: --weights trained.json\n"
        "\n"
        "A trained model (GPT-2 family; README, \"Real models\"):\n"
        "  --model DIR            the model folder: config.json, model.safetensors, and vocab.json +\n"
        "                         merges.txt or tokenizer.json; its tokens, its layer's X, Q, K, V,\n"
        "                         W_O. The settings above are its own: --projections, --weights,\n"
        "                         --d-model, --heads, --seed, --window, --global, --temperature,\n"
        "                         --no-scale, --no-positions and --session cannot be used with it\n"
        "                                                 example: --model ~/models/gpt2\n"
        "  --layer L              the layer, counted from 1 (default 1); also with --attention\n"
        "                                                 example: --layer 5\n"
        "\n"
        "Attention weights computed elsewhere (README, \"Attention from any model\"):\n"
        "  --attention FILE       a .npy of shape (layers, heads, n, n), (layers, 1, heads, n, n),\n"
        "                         (heads, n, n) or (n, n), float32 or float64; or a JSON file\n"
        "                         {\"tokens\": [...], \"attentions\": [...], \"causal\": true|false}.\n"
        "                         Each unmasked row must sum to 1. Only the weights can be shown\n"
        "                         (--step weights): there are no Q and K. The settings above cannot\n"
        "                         be used with it       example: --attention run.npy --layer 5 --head 3\n"
        "  --tokens FILE          the tokens of a .npy: a JSON list of strings (default:\n"
        "                         NAME.tokens.json beside NAME.npy)\n"
        "                                                 example: --tokens run.tokens.json\n"
        "  --causal               with --attention: keys after their query are masked (drawn\n"
        "                         hatched); otherwise only when the file says so\n"
        "\n"
        "What to show:\n"
        "  --step NAME            x, q, k, v, scores, scaled, masked, weights (default), context,\n"
        "                         output                  example: --step scores\n"
        "  --head H|mean          head number, counted from 1 (default 1), or mean: the mean of the\n"
        "                         heads' weights (for q, k, v, context: all heads side by side)\n"
        "                                                 example: --head mean\n"
        "  --view NAME            heatmap (default): one head's matrix; model: every layer × head\n"
        "                         as small heatmaps (CSV, JSON: one row per head with its entropy,\n"
        "                         distance, previous, first and same-token shares); head: the head\n"
        "                         view (PNG, SVG, PDF)    example: --view model\n"
        "\n"
        "Images (PNG, SVG, PDF):\n"
        "  --colormap NAME        Blues (default for weights), viridis, cividis, RdBu_r (default for\n"
        "                         signed values: scores, Q, K, V, …)\n"
        "                                                 example: --colormap viridis\n"
        "  --scale K              PNG pixels per figure pixel (1 = 96 dpi); default 2 (192 dpi),\n"
        "                         lowered for a very large figure so that it stays within 2048 px\n"
        "                                                 example: --scale 3\n"
        "  --dpi D                PNG resolution, same as --scale D/96\n"
        "                                                 example: --dpi 300\n"
        "  --title TEXT           the figure's title (default e.g. \"Attention weights — head 1\")\n"
        "                                                 example: --title \"Figure 2\"\n"
        "  --colour-range R       what the weights' colours span: 0-1 (default); data, their\n"
        "                         smallest to largest value (rows that see one key left out), as\n"
        "                         the chapter's seaborn heatmap; or row, each row against its own\n"
        "                         largest weight (for long causal heatmaps)\n"
        "                                                 example: --colour-range row\n"
        "  --values, --no-values  numbers in the cells when they fit (default: on)\n"
        "                                                 example: --no-values\n"
        "  SVG and PDF are vector (text stays text); --scale and --dpi only change PNG. Titles,\n"
        "  captions and numbers are in English (0.83) whatever the system's language.\n"
        "\n"
        "Output:\n"
        "  -o, --output FILE      the file to write; replaced atomically, never left half-written\n"
        "                                                 example: -o weights.png\n"
        "  --format NAME          png, svg, pdf, csv (the chosen step's matrix), json (the whole\n"
        "                         trace), attnviz (a session); default: from the extension\n"
        "                                                 example: -o out.dat --format csv\n"
        "  -h, --help             this help\n"
        "\n"
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
