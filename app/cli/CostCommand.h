#pragma once
// `attnviz cost`: the cost lab's quadratic wall from the command line, as a CSV of measurements
// or the lab's two log–log charts (PNG, SVG, PDF), without a window or a display.
#include <QString>
#include <QStringList>

#include <iostream>
#include <optional>

#include "ui/export/ExportFormat.h"

namespace attnviz::app {

/// The options of `attnviz cost`, as given. --kernels and --n are checked when the command runs
/// (a refusal, exit 1); everything else when it is parsed (a usage error, exit 2).
struct CostArguments {
    QString kernels = QStringLiteral("naive,flash,linear");  ///< --kernels: names separated by commas
    QString sizes = QStringLiteral("64..4096");              ///< --n: N or A..B
    int d = 64;                                              ///< --d
    int repeats = 3;                                         ///< --repeats
    bool causal = false;                                     ///< --causal
    std::optional<int> window;                               ///< --window (the window kernel's w)
    QString output;                                          ///< -o
    ui::ExportFormat format = ui::ExportFormat::Csv;         ///< csv, png, svg or pdf
};

/// What parsing `attnviz cost …` (arguments after "cost") gave.
struct CostParse {
    bool help = false;
    QString error;  ///< a usage problem on one line, ending with a hint to `attnviz cost --help`; empty: none
    CostArguments arguments;
};
[[nodiscard]] CostParse parseCostArguments(const QStringList& arguments);

/// --n's text as sizes: "N" (one size) or "A..B" (A, the powers of two strictly between, B;
/// costSizes). nullopt when it is neither or names an n below 1 or above 2^31 − 1.
[[nodiscard]] std::optional<std::vector<int>> parseCostSizes(const QString& text);

/// Runs `attnviz cost`: refusals (an unknown kernel, a bad --n, a point beyond the memory limit)
/// on one line before any work, then the sweep (a progress line on standard error when it is a
/// terminal), then the file, written atomically, and each kernel's slopes on standard output.
/// Returns the exit status: 0 success, 1 refusal or failure.
[[nodiscard]] int runCost(const CostArguments& arguments, const char* programPath, std::ostream& errors = std::cerr,
                          std::ostream& output = std::cout);

[[nodiscard]] QString costHelpText();

}  // namespace attnviz::app
