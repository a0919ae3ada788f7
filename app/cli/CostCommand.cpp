#include "app/cli/CostCommand.h"

#include <QApplication>
#include <QFileInfo>
#include <QLocale>

#include <unistd.h>

#include <climits>
#include <cstdio>
#include <iomanip>
#include <optional>
#include <vector>

#include "app/cli/OptionTable.h"
#include "core/base/Errors.h"
#include "core/costlab/CostCsv.h"
#include "core/costlab/CostFit.h"
#include "core/costlab/CostMemory.h"
#include "core/costlab/CostSweep.h"
#include "ui/costlab/CostWallCharts.h"
#include "ui/export/FilePath.h"
#include "ui/i18n/Language.h"

namespace attnviz::app {
namespace {

constexpr int kFailure = 1;
/// The exported charts' size in figure units (1/96 in): two charts and the formulas side by side.
constexpr int kFigureWidth = 1500;
constexpr int kFigureHeight = 760;

QString hint() { return QStringLiteral(" (see attnviz cost --help)"); }

/// A whole number of at least 1, or nullopt.
std::optional<long long> positive(const QString& text) {
    bool ok = false;
    const long long value = text.trimmed().toLongLong(&ok, 10);
    if (!ok || value < 1) return std::nullopt;
    return value;
}

/// A refusal of the command: its one line.
struct Refusal {
    std::string message;
};

std::vector<CostKernel> parseKernels(const QString& text) {
    std::vector<CostKernel> kernels;
    for (const QString& name : text.split(QLatin1Char(','))) {
        const CostKernel kernel = parseCostKernel(name.trimmed().toStdString());  // ConfigError for another word
        if (std::find(kernels.begin(), kernels.end(), kernel) == kernels.end()) kernels.push_back(kernel);
    }
    return kernels;
}

/// Qt's own chatter ("XDG_RUNTIME_DIR not set") is not the user's business; critical messages
/// still reach standard error.
void quietMessages(QtMsgType type, const QMessageLogContext&, const QString& message) {
    if (type == QtCriticalMsg || type == QtFatalMsg) {
        const QByteArray line = "attnviz cost: " + message.toLocal8Bit() + "\n";
        std::fwrite(line.constData(), 1, static_cast<std::size_t>(line.size()), stderr);
    }
}

/// Figures need fonts and widgets (Qt Charts): an application on the offscreen platform, in
/// English with C-locale numbers, as `attnviz export` draws its figures.
void writeCharts(const CostPlan& plan, const std::vector<CostPoint>& points, const QString& path,
                 const char* programPath) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    qInstallMessageHandler(quietMessages);
    int argc = 1;
    char* argv[] = {const_cast<char*>(programPath), nullptr};
    QApplication application(argc, argv);
    ui::setLanguage(QStringLiteral("en"));
    QLocale::setDefault(QLocale::c());
    ui::CostWallCharts charts;
    charts.setAttribute(Qt::WA_DontShowOnScreen);
    charts.resize(kFigureWidth, kFigureHeight);
    charts.show();
    charts.setPlan(plan);
    charts.setPoints(points);
    QApplication::processEvents();
    charts.exportImage(path);
}

/// "\rattnviz cost: 3/9 points, flash at n = 1,024: 2.31 ms" on a terminal, else nothing.
class Progress {
public:
    explicit Progress(std::size_t total) : total_(total), shown_(::isatty(STDERR_FILENO) == 1) {}
    ~Progress() {
        if (shown_ && done_ > 0) std::fputc('\n', stderr);
    }
    void pointDone(const CostPoint& point) {
        ++done_;
        if (!shown_) return;
        std::fprintf(stderr, "\rattnviz cost: %zu/%zu points, %s at n = %s: %.3g ms\033[K", done_, total_,
                     costKernelName(point.kernel), groupedThousands(point.n).c_str(), point.medianMs);
        std::fflush(stderr);
    }
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

private:
    std::size_t total_;
    std::size_t done_ = 0;
    bool shown_;
};

void printSlopes(const std::vector<CostPoint>& points, const std::vector<CostKernel>& kernels, std::ostream& output) {
    const auto text = [](const std::optional<double>& slope) {
        if (!slope) return std::string("-");
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.2f", *slope);
        return std::string(buffer);
    };
    for (const CostKernel kernel : kernels) {
        const CostSlopes slopes = costSlopes(points, kernel);
        output << costKernelName(kernel) << ": time slope " << text(slopes.time) << " (" << costTimeFormula(kernel)
               << "), memory slope " << text(slopes.memory) << " (" << costMemoryFormula(kernel) << "), fitted over n >= "
               << slopes.fromN << '\n';
    }
}

}  // namespace

std::optional<std::vector<int>> parseCostSizes(const QString& text) {
    const QStringList ends = text.split(QStringLiteral(".."));
    if (ends.size() > 2) return std::nullopt;
    const std::optional<long long> from = positive(ends.front());
    const std::optional<long long> to = ends.size() == 2 ? positive(ends.back()) : from;
    if (!from || !to || *from > *to || *to > INT_MAX) return std::nullopt;
    return costSizes(static_cast<int>(*from), static_cast<int>(*to));
}

CostParse parseCostArguments(const QStringList& arguments) {
    CostParse result;
    const auto fail = [&](const QString& message) {
        result.error = message + hint();
        return result;
    };
    std::optional<ParsedOptions> given;
    try {
        given.emplace(Command::Cost, QStringList{QStringLiteral("attnviz cost")} + arguments);
    } catch (const UsageProblemText& problem) {
        return fail(problem.message);
    }
    const ParsedOptions& parser = *given;
    if (parser.isSet("help")) {
        result.help = true;
        return result;
    }
    if (!parser.positional().isEmpty())
        return fail(QStringLiteral("unexpected argument \"%1\"").arg(parser.positional().front()));

    CostArguments& parsed = result.arguments;
    if (parser.isSet("kernels")) parsed.kernels = parser.value("kernels");
    if (parser.isSet("n")) parsed.sizes = parser.value("n");
    for (auto [name, target] : {std::pair{"d", &parsed.d}, std::pair{"repeats", &parsed.repeats}}) {
        if (!parser.isSet(name)) continue;
        const std::optional<long long> value = positive(parser.value(name));
        if (!value || *value > INT_MAX)
            return fail(QStringLiteral("--%1: expected an integer of at least 1, got \"%2\"")
                            .arg(QString::fromLatin1(name), parser.value(name)));
        *target = static_cast<int>(*value);
    }
    if (parser.isSet("window")) {
        const std::optional<long long> value = positive(parser.value("window"));
        if (!value || *value > INT_MAX)
            return fail(QStringLiteral("--window: expected an integer of at least 1, got \"%1\"").arg(parser.value("window")));
        parsed.window = static_cast<int>(*value);
    }
    parsed.causal = parser.isSet("causal");
    if (!parser.isSet("output") || parser.value("output").isEmpty())
        return fail(QStringLiteral("give the file to write with -o FILE (.csv, .png, .svg or .pdf)"));
    parsed.output = parser.value("output");
    const QString formatName = parser.isSet("format") ? parser.value("format") : QFileInfo(parsed.output).suffix();
    const std::optional<ui::ExportFormat> chosen = ui::exportFormatFromName(formatName);
    if (!chosen || *chosen == ui::ExportFormat::Json)
        return fail(parser.isSet("format")
                        ? QStringLiteral("--format: expected csv, png, svg or pdf, got \"%1\"").arg(formatName)
                        : QStringLiteral("cannot tell the format of \"%1\": end it with .csv, .png, .svg or .pdf, or "
                                         "give --format")
                              .arg(parsed.output));
    parsed.format = *chosen;
    return result;
}

int runCost(const CostArguments& arguments, const char* programPath, std::ostream& errors, std::ostream& output) {
    CostPlan plan;
    try {
        plan.kernels = parseKernels(arguments.kernels);
        const std::optional<std::vector<int>> sizes = parseCostSizes(arguments.sizes);
        if (!sizes)
            throw Refusal{"--n: expected a size n >= 1 or a range A..B with 1 <= A <= B, got \"" +
                          arguments.sizes.toStdString() + "\""};
        plan.sizes = *sizes;
        plan.d = arguments.d;
        plan.repeats = arguments.repeats;
        plan.options.mask = arguments.causal ? CostMask::Causal : CostMask::Full;
        if (arguments.window) plan.options.window = *arguments.window;
        checkCostPlan(plan);  // every point, before any work
    } catch (const Refusal& refusal) {
        errors << "attnviz cost: " << refusal.message << '\n';
        return kFailure;
    } catch (const Error& error) {
        errors << "attnviz cost: " << error.what() << '\n';
        return kFailure;
    }
    try {
        std::vector<CostPoint> points;
        {
            Progress progress(plan.kernels.size() * plan.sizes.size());
            points = runCostSweep(plan, [&](const CostPoint& point) { progress.pointDone(point); });
        }
        if (arguments.format == ui::ExportFormat::Csv)
            writeCostCsv(ui::toPath(arguments.output), points);
        else
            writeCharts(plan, points, arguments.output, programPath);
        printSlopes(points, plan.kernels, output);
    } catch (const std::exception& error) {
        errors << "attnviz cost: " << error.what() << '\n';
        return kFailure;
    }
    return 0;
}

QString costHelpText() {
    return QStringLiteral(
        "Usage: attnviz cost [--kernels K1,K2,…] [--n N | --n A..B] [--d D] [--repeats R] [--causal]\n"
        "                    [--window W] -o OUT\n"
        "\n"
        "The cost lab's quadratic wall: times each attention kernel (the median of R runs) and\n"
        "measures its peak extra memory (one more run, read from the process) at each n, on the same\n"
        "random Q, K, V (n × D, float32), and writes the measurements (CSV) or the two log-log charts\n"
        "with each curve's fitted slope (PNG, SVG, PDF). Needs no display.\n"
        "\n") +
           optionsHelp(Command::Cost) +
           QStringLiteral("\n"
        "Each kernel's fitted slopes (least squares of log time and log memory against log n, over\n"
        "the upper half of the sizes) are printed on standard output; on a terminal, a progress\n"
        "line on standard error.\n"
        "\n"
        "Refused before any work, with exit status 1 and one line: an unknown kernel, a bad --n, and\n"
        "any point that would need more than 2 GiB (\"naive at n = 32,768 needs 4 GiB for one score\n"
        "matrix (limit 2 GiB)\").\n"
        "\n"
        "Examples:\n"
        "  attnviz cost --kernels naive,flash,linear --n 64..16384 -o cost.csv\n"
        "  attnviz cost --kernels naive,exact,flash,window,linear --n 64..8192 -o wall.png\n"
        "  attnviz cost --kernels flash --n 65536 --causal --repeats 1 -o flash.csv\n"
        "\n"
        "Exit status: 0 success, 1 refusal or failure (an existing OUT is left unchanged), 2 bad usage.\n");
}

}  // namespace attnviz::app
