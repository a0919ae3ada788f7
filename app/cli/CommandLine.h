#pragma once
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

#include "app/cli/CostCommand.h"
#include "core/attention/AttentionTrace.h"
#include "core/formats/WeightsRange.h"
#include "core/model/AttentionConfig.h"
#include "ui/export/ExportFormat.h"
#include "ui/export/ExportRequest.h"

namespace attnviz::app {

/// Settings given on the command line. They replace the session's (or the default) settings;
/// what is not given is left as it was.
struct ConfigOverrides {
    std::optional<bool> causal;
    std::optional<int> window;
    std::optional<std::vector<int>> globalTokens;
    std::optional<int> dModel;
    std::optional<int> heads;
    std::optional<double> temperature;
    std::optional<bool> scale;
    std::optional<bool> positions;
    std::optional<std::uint64_t> seed;
    std::optional<ProjectionPreset> projections;  ///< teaching, random or identity
    bool teachingHeads = false;  ///< --projections teaching-heads: Teaching on the four-head model

    void applyTo(AttentionConfig& config) const;
};

/// The settings a sentence given with --text or --text-file starts from, before the overrides:
/// the window's default (the teaching model, teachingConfig()), unless the command line asks for
/// other projections: --projections random|identity, --weights, or --d-model or --seed without
/// --projections (sizes and seeds belong to random projections) start from AttentionConfig{}
/// (random, d_model 8). Never the window's remembered settings.
[[nodiscard]] AttentionConfig startingConfig(const ConfigOverrides& overrides, bool hasWeights);

/// Where the sentence comes from: exactly one of them.
enum class InputKind { Text, TextFile, Session, Attention };

/// --attention FILE [--tokens FILE] [--causal]: weights computed elsewhere (a .npy or .json file,
/// core/formats/ImportedAttention.h), for export and for the window.
struct AttentionInput {
    QString path;        ///< empty: none
    QString tokensPath;  ///< --tokens (empty: NAME.tokens.json beside a .npy)
    bool causal = false; ///< --causal: keys after their query are masked
};

struct ExportOptions {
    InputKind input = InputKind::Text;
    QString text;         ///< --text
    QString inputPath;    ///< --text-file ("-": standard input) or --session
    AttentionInput attention;  ///< InputKind::Attention: the file, its tokens, --causal
    ConfigOverrides overrides;
    QString weightsPath;  ///< --weights: W_Q … W_O from a weights JSON file or .npy files (empty: none)
    /// --model: a GPT-2-family model folder (empty: none). Its checkpoint gives the weights and
    /// sizes, so the options that set them are usage errors with it.
    QString modelPath;
    std::optional<int> layer;      ///< --layer, 0-based (--layer 1 is 0); with --model or --attention; default 0
    /// --view: the heatmap (default), the model view (every layer × head; CSV and JSON: every
    /// head's summaries) or the head view.
    ui::ExportView view = ui::ExportView::Heatmap;
    std::optional<Step> step;      ///< default: the session's view, else weights
    std::optional<int> head;       ///< 0-based (--head 1 is 0) or kAllHeads; default: the session's view, else 0
    std::optional<QString> colormap;
    std::optional<double> scale;   ///< PNG pixels per figure unit (1 unit = 1/96 in)
    std::optional<double> dpi;     ///< PNG resolution; same as scale = dpi / 96
    std::optional<QString> title;
    std::optional<bool> values;    ///< numbers in the cells (when they fit)
    std::optional<WeightsRange> weightsRange;  ///< --colour-range 0-1, data or row
    QString output;
    /// The format of OUT, from --format or its suffix: an export of the trace (ui::exportFile)…
    ui::ExportFormat format = ui::ExportFormat::Png;
    /// …or, for "attnviz" (also "session"), the session itself: the window's document of sentence,
    /// settings and view, not a view of a trace, so it stays here rather than in ui/export.
    bool writesSession = false;
};

struct WindowOptions {
    QString sessionPath;         ///< attnviz FILE.attnviz
    std::optional<QString> text; ///< attnviz --text "…"
    QString weightsPath;         ///< attnviz --weights FILE (empty: none)
    QString modelFolder;         ///< attnviz --model FOLDER: a trained model (empty: none)
    /// attnviz --projections NAME (only its projections are set): e.g. teaching-heads
    ConfigOverrides projections;
    AttentionInput attention;    ///< attnviz --attention FILE: imported weights (empty path: none)
};

/// The command line, understood. Nothing here needs a QCoreApplication.
struct CommandLine {
    enum class Action { ShowHelp, ShowExportHelp, ShowCostHelp, ShowVersion, OpenWindow, Export, Cost, UsageError };
    Action action = Action::OpenWindow;
    QString error;  ///< UsageError: one line, ends with a hint to the right --help
    WindowOptions window;
    ExportOptions exportOptions;
    CostArguments cost;  ///< Action::Cost: `attnviz cost`'s options
};

/// Parses argv (arguments[0] is the program). Qt's own window options (-platform, -style, …) are
/// skipped here: QApplication reads them.
[[nodiscard]] CommandLine parseCommandLine(const QStringList& arguments);
/// The same from main's argv (read as the system's encoding), after checking the bytes of
/// --text: invalid UTF-8 is a usage error naming its offset, not U+FFFD tokens.
[[nodiscard]] CommandLine parseCommandLine(int argc, const char* const* argv);

[[nodiscard]] QString mainHelpText();
[[nodiscard]] QString exportHelpText();

}  // namespace attnviz::app
