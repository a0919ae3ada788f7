#include "app/cli/OptionTable.h"

#include <QCommandLineOption>

#include <algorithm>
#include <set>
#include <stdexcept>
#include <string>

namespace attnviz::app {
namespace {

constexpr unsigned kWindow = static_cast<unsigned>(Command::Window);
constexpr unsigned kExport = static_cast<unsigned>(Command::Export);
constexpr unsigned kCost = static_cast<unsigned>(Command::Cost);

// Why an option cannot go with a source that brings its own numbers.
constexpr std::string_view kModelComputes = "the model computes its own attention (causal, scaled by sqrt(d_k))";
constexpr std::string_view kFileShown = "the file's weights are shown as they are (only --causal marks masked cells)";
constexpr std::string_view kFileTokens = "the file gives the tokens (a .npy: --tokens or NAME.tokens.json)";
constexpr std::string_view kCheckpointWeights = "the model's checkpoint gives its weights";

// clang-format off
constexpr OptionSection kSections[] = {
    {"window", kWindow,
     "Opening the window:\n"
     "  attnviz                      the window on the default example sentence\n"
     "  attnviz FILE.attnviz         the window on a saved session\n"
     "                               example: attnviz lesson.attnviz",
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
     "                               example: attnviz cost --kernels naive,flash,linear --n 64..16384 -o cost.csv"},
    {"window-other", kWindow, "Other options:", ""},
    {"input", kExport, "Input (exactly one):", ""},
    {"settings", kExport,
     "Settings (default: the window's, never its remembered ones: the teaching model, d_model 20,\n"
     "1 head, no mask, T 1, scaling on, positions on). --d-model or --seed without --projections,\n"
     "and --weights, start from random projections instead (d_model 8, seed 42):", ""},
    {"model", kExport, "A trained model (GPT-2 family; README, \"Real models\"):", ""},
    {"attention", kExport, "Attention weights computed elsewhere (README, \"Attention from any model\"):", ""},
    {"show", kExport, "What to show:", ""},
    {"images", kExport, "Images (PNG, SVG, PDF):",
     "  SVG and PDF are vector (text stays text); --scale and --dpi only change PNG. Titles,\n"
     "  captions and numbers are in English (0.83) whatever the system's language."},
    {"output", kExport, "Output:", ""},
    {"cost", kCost, "Options:", ""},
};

constexpr OptionSpec kOptions[] = {
    // attnviz (the window)
    {"text", "", "SENTENCE", kWindow, "window", "the window on this sentence",
     "attnviz --text \"Le chat est assis\""},
    {"weights", "", "FILE", kWindow, "window",
     "use W_Q, W_K, W_V, W_O from a weights JSON file, a folder of\n"
     "W_Q.npy … W_O.npy, or one of those .npy files",
     "attnviz --weights trained.json", "give a file"},
    {"model", "", "DIR", kWindow, "window",
     "a trained GPT-2-family model folder (config.json,\n"
     "model.safetensors, vocab.json + merges.txt or tokenizer.json)",
     "attnviz --model ~/models/gpt2 --text \"The cat\"", "give a model folder"},
    {"projections", "", "NAME", kWindow, "window",
     "teaching, teaching-heads (the teaching model in 4 heads,\n"
     "one role each), random or identity",
     "attnviz --projections teaching-heads"},
    {"attention", "", "FILE", kWindow, "window",
     "attention weights computed elsewhere: a .npy of shape\n"
     "(layers, heads, n, n), (layers, 1, heads, n, n), (heads, n, n)\n"
     "or (n, n), or a JSON file {\"tokens\", \"attentions\", \"causal\"}",
     "attnviz --attention run.npy", "give a .npy or .json file"},
    {"tokens", "", "FILE", kWindow, "window",
     "the tokens of a .npy (a JSON list of strings; default:\n"
     "NAME.tokens.json beside NAME.npy)"},
    {"causal", "", "", kWindow, "window", "keys after their query are masked (drawn hatched)"},
    {"help", "h", "", kWindow, "window-other", "this help"},
    {"version", "v", "", kWindow, "window-other", "the program's version"},

    // attnviz export
    {"text", "", "SENTENCE", kExport, "input", "the sentence", "--text \"Le chat est assis\"", "", "",
     kFileTokens},
    {"text-file", "", "FILE", kExport, "input", "a UTF-8 text file, - for standard input",
     "--text-file sentence.txt", "", "", kFileTokens},
    {"session", "", "FILE", kExport, "input",
     "a saved .attnviz session (settings and view); the options below\n"
     "replace its settings",
     "--session lesson.attnviz --causal", "", "give the sentence with --text or --text-file",
     "the file gives the tokens and the weights"},
    {"projections", "", "NAME", kExport, "settings",
     "teaching (default): the window's model, whose 20 dimensions have\n"
     "names (d_model 20; heads must divide 20); random: seeded,\n"
     "untrained (the caption says so); identity: Q, K, V are slices of X;\n"
     "teaching-heads: the teaching model in 4 heads with one role each\n"
     "(coreference, previous token, determiner -> noun, negation -> verb;\n"
     "d_model 24, 4 heads)",
     "--projections random", "", kCheckpointWeights, "imported weights have no projections"},
    {"causal", "", "", kExport, "settings", "causal mask: key j visible from query i only if j <= i", "--causal"},
    {"window", "", "W", kExport, "settings", "sliding window: |i - j| < W (W >= 1)", "--window 3", "",
     kModelComputes, kFileShown},
    {"global", "", "I,J", kExport, "settings",
     "global tokens of the window: token positions, counted from 0 as\n"
     "the token chips show them, separated by commas",
     "--window 2 --global 0,5", "", kModelComputes, kFileShown},
    {"d-model", "", "N", kExport, "settings",
     "embedding size (random projections unless --projections says\n"
     "otherwise)",
     "--d-model 16", "", "the model's config.json gives d_model (n_embd)", "imported weights have no d_model"},
    {"heads", "", "H", kExport, "settings", "number of heads; must divide d_model (d_k = d_model / H)", "--heads 2",
     "", "the model's config.json gives the heads (n_head)", "the file gives the heads"},
    {"temperature", "", "T", kExport, "settings", "scores are divided by sqrt(d_k)·T (T >= 0.001)",
     "--temperature 0.5", "", kModelComputes, kFileShown},
    {"no-scale", "", "", kExport, "settings", "do not divide by sqrt(d_k) (only by T)", "--no-scale", "",
     kModelComputes, kFileShown},
    {"no-positions", "", "", kExport, "settings", "no positional encoding", "--no-positions", "",
     "the model adds its own position embeddings", kFileShown},
    {"seed", "", "S", kExport, "settings",
     "seed of the random embeddings and W matrices (0 … 2^64-1; random\n"
     "projections unless --projections says otherwise)",
     "--seed 7", "", "nothing of a model is random", "nothing of imported weights is random"},
    {"weights", "", "FILE", kExport, "settings",
     "W_Q, W_K, W_V, W_O from a weights JSON file, a folder of\n"
     "W_Q.npy … W_O.npy, or one of those .npy files; d_model is theirs\n"
     "(a session on the teaching model keeps its X when sizes match)",
     "--weights trained.json", "give a file", kCheckpointWeights, "imported weights have no projections"},
    {"model", "", "DIR", kExport, "model",
     "the model folder: config.json, model.safetensors, and vocab.json +\n"
     "merges.txt or tokenizer.json; its tokens, its layer's X, Q, K, V,\n"
     "W_O. The settings above are its own: --projections, --weights,\n"
     "--d-model, --heads, --seed, --window, --global, --temperature,\n"
     "--no-scale, --no-positions and --session cannot be used with it",
     "--model ~/models/gpt2", "give a model folder", "", "the file holds weights a model has already computed"},
    {"layer", "", "L", kExport, "model", "the layer, counted from 1 (default 1); also with --attention",
     "--layer 5"},
    {"attention", "", "FILE", kExport, "attention",
     "a .npy of shape (layers, heads, n, n), (layers, 1, heads, n, n),\n"
     "(heads, n, n) or (n, n), float32 or float64; or a JSON file\n"
     "{\"tokens\": [...], \"attentions\": [...], \"causal\": true|false}.\n"
     "Each unmasked row must sum to 1. Only the weights can be shown\n"
     "(--step weights): there are no Q and K. The settings above cannot\n"
     "be used with it",
     "--attention run.npy --layer 5 --head 3", "give a .npy or .json file"},
    {"tokens", "", "FILE", kExport, "attention",
     "the tokens of a .npy: a JSON list of strings (default:\n"
     "NAME.tokens.json beside NAME.npy)",
     "--tokens run.tokens.json"},
    {"causal", "", "", kExport, "attention",
     "with --attention: keys after their query are masked (drawn\n"
     "hatched); otherwise only when the file says so"},
    {"step", "", "NAME", kExport, "show",
     "x, q, k, v, scores, scaled, masked, weights (default), context,\n"
     "output",
     "--step scores"},
    {"head", "", "H|mean", kExport, "show",
     "head number, counted from 1 (default 1), or mean: the mean of the\n"
     "heads' weights (for q, k, v, context: all heads side by side)",
     "--head mean"},
    {"view", "", "NAME", kExport, "show",
     "heatmap (default): one head's matrix; model: every layer × head\n"
     "as small heatmaps (CSV, JSON: one row per head with its entropy,\n"
     "distance, previous, first and same-token shares); head: the head\n"
     "view (PNG, SVG, PDF)",
     "--view model"},
    {"colormap", "", "NAME", kExport, "images",
     "Blues (default for weights), viridis, cividis, RdBu_r (default for\n"
     "signed values: scores, Q, K, V, …)",
     "--colormap viridis"},
    {"scale", "", "K", kExport, "images",
     "PNG pixels per figure pixel (1 = 96 dpi); default 2 (192 dpi),\n"
     "lowered for a very large figure so that it stays within 2048 px",
     "--scale 3"},
    {"dpi", "", "D", kExport, "images", "PNG resolution, same as --scale D/96", "--dpi 300"},
    {"title", "", "TEXT", kExport, "images", "the figure's title (default e.g. \"Attention weights — head 1\")",
     "--title \"Figure 2\""},
    {"colour-range", "", "R", kExport, "images",
     "what the weights' colours span: 0-1 (default); data, their\n"
     "smallest to largest value (rows that see one key left out), as\n"
     "the chapter's seaborn heatmap; or row, each row against its own\n"
     "largest weight (for long causal heatmaps)",
     "--colour-range row"},
    {"values", "", "", kExport, "images", "numbers in the cells when they fit (default: on)", "--no-values", "", "",
     "", "--values, --no-values"},
    {"no-values", "", "", kExport, "", ""},  // listed with --values
    {"output", "o", "FILE", kExport, "output", "the file to write; replaced atomically, never left half-written",
     "-o weights.png"},
    {"format", "", "NAME", kExport, "output",
     "png, svg, pdf, csv (the chosen step's matrix), json (the whole\n"
     "trace), attnviz (a session); default: from the extension",
     "-o out.dat --format csv"},
    {"help", "h", "", kExport, "output", "this help"},

    // attnviz cost
    {"kernels", "", "K1,K2,…", kCost, "cost",
     "naive (the chapter's code: the whole n × n score matrix), exact (the\n"
     "program's kernel), flash (tiles, online softmax), window (sliding\n"
     "window + global tokens), sparse (BigBird blocks), linear\n"
     "(elu(x) + 1); default naive,flash,linear",
     "--kernels naive,flash,window"},
    {"n", "", "N", kCost, "cost",
     "one size, or a range: A, the powers of two between, and B\n"
     "(64..16384: 64, 128, … 16384; 100..1000: 100, 128, 256, 512,\n"
     "1000); any n >= 1; default 64..4096",
     "--n 64..16384", "", "", "", "--n N | A..B"},
    {"d", "", "D", kCost, "cost", "d_k = d_v (default 64)", "--d 128"},
    {"repeats", "", "R", kCost, "cost", "timed runs per point, their median kept (default 3)", "--repeats 5"},
    {"causal", "", "", kCost, "cost", "causal mask: key j visible from query i only if j <= i"},
    {"window", "", "W", kCost, "cost",
     "the window kernel's w: query i sees keys with |i - j| < W\n"
     "(default 256)",
     "--window 128"},
    {"output", "o", "FILE", kCost, "cost",
     ".csv: one row per kernel and n, columns\n"
     "kernel,n,d,median_ms,peak_extra_bytes (-1: not measured);\n"
     ".png, .svg, .pdf: the time and memory charts, log-log, with the\n"
     "fitted slopes and the chapter's formulas. Replaced atomically.",
     "-o cost.csv"},
    {"format", "", "NAME", kCost, "cost", "csv, png, svg or pdf; default: from the extension"},
    {"help", "h", "", kCost, "cost", "this help"},
};
// clang-format on

QString text(std::string_view view) { return QString::fromUtf8(view.data(), static_cast<qsizetype>(view.size())); }

bool accepts(const OptionSpec& spec, Command command) { return (spec.commands & static_cast<unsigned>(command)) != 0; }

/// "  --name VALUE", "  -o, --output FILE", or the row's own spelling.
QString shownName(const OptionSpec& spec) {
    if (!spec.shownAs.empty()) return QStringLiteral("  ") + text(spec.shownAs);
    QString shown = QStringLiteral("  ");
    if (!spec.shortName.empty()) shown += QLatin1Char('-') + text(spec.shortName) + QStringLiteral(", ");
    shown += QStringLiteral("--") + text(spec.name);
    if (!spec.value.empty()) shown += QLatin1Char(' ') + text(spec.value);
    return shown;
}

/// The window's help has whole commands as examples, on lines of their own; the others' short
/// examples sit at the right of the help when they fit.
struct HelpColumns {
    int help;
    int example;
    bool exampleOnItsOwnLine;
};

HelpColumns columnsOf(Command command) {
    if (command == Command::Window) return {31, 31, true};
    return {25, 49, false};
}

void appendOption(QString& out, const OptionSpec& spec, const HelpColumns& columns) {
    const QString indent(columns.help, QLatin1Char(' '));
    QStringList lines = text(spec.help).split(QLatin1Char('\n'));
    QString first = shownName(spec);
    first = first.size() + 1 <= columns.help ? first.leftJustified(columns.help) : first + QLatin1Char('\n') + indent;
    for (qsizetype i = 0; i < lines.size(); ++i) lines[i] = (i == 0 ? first : indent) + lines[i];
    if (!spec.example.empty()) {
        const QString example = QStringLiteral("example: ") + text(spec.example);
        QString& last = lines.back();
        if (!columns.exampleOnItsOwnLine && last.size() + 2 <= columns.example)
            last = last.leftJustified(columns.example) + example;
        else
            lines << QString(columns.example, QLatin1Char(' ')) + example;
    }
    out += lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

}  // namespace

std::span<const OptionSpec> optionTable() { return kOptions; }
std::span<const OptionSection> optionSections() { return kSections; }

const OptionSpec& optionSpec(Command command, std::string_view name) {
    for (const OptionSpec& spec : kOptions)
        if ((spec.name == name || (!spec.shortName.empty() && spec.shortName == name)) && accepts(spec, command))
            return spec;
    throw std::logic_error("no option --" + std::string(name) + " in the option table for this command");
}

QString optionsHelp(Command command) {
    const HelpColumns columns = columnsOf(command);
    QString out;
    for (const OptionSection& section : kSections) {
        if ((section.commands & static_cast<unsigned>(command)) == 0) continue;
        if (!out.isEmpty()) out += QLatin1Char('\n');
        out += text(section.heading) + QLatin1Char('\n');
        for (const OptionSpec& spec : kOptions)
            if (accepts(spec, command) && spec.section == section.key) appendOption(out, spec, columns);
        if (!section.footer.empty()) out += text(section.footer) + QLatin1Char('\n');
    }
    return out;
}

ParsedOptions::ParsedOptions(Command command, const QStringList& arguments) {
    parser_.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    std::set<std::string_view> added;  // an option listed in two sections of the help is one option
    for (const OptionSpec& spec : kOptions) {
        if (!accepts(spec, command) || !added.insert(spec.name).second) continue;
        QStringList names{text(spec.name)};
        if (!spec.shortName.empty()) names.prepend(text(spec.shortName));
        parser_.addOption(spec.value.empty() ? QCommandLineOption(names)
                                             : QCommandLineOption(names, QString(), text(spec.value)));
    }
    if (!parser_.parse(arguments)) throw UsageProblemText{parser_.errorText()};
    if (isSet("help")) return;  // the help is shown whatever else is given
    // Every option once: a second value would silently win otherwise.
    const QStringList given = parser_.optionNames();
    for (const QString& name : given)
        if (given.count(name) > 1) throw UsageProblemText{QStringLiteral("--%1 is given more than once").arg(name)};
    for (const QString& name : given) {
        const OptionSpec& spec = optionSpec(command, name.toStdString());
        if (!spec.emptyValue.empty() && parser_.value(name).isEmpty())
            throw UsageProblemText{QStringLiteral("--%1: %2").arg(text(spec.name), text(spec.emptyValue))};
    }
}

bool ParsedOptions::isSet(std::string_view name) const { return parser_.isSet(text(name)); }

QString ParsedOptions::value(std::string_view name) const { return parser_.value(text(name)); }

std::string_view ParsedOptions::firstGiven(std::initializer_list<std::string_view> names) const {
    for (std::string_view name : names)
        if (isSet(name)) return name;
    return {};
}

}  // namespace attnviz::app
