// The command line as a library (app/cli/CommandLine): every option of the window and of
// `attnviz export` understood, and every usage error answered with its one line, without
// starting the program.
#include <gtest/gtest.h>

#include <initializer_list>
#include <ostream>
#include <string>
#include <vector>

#include "app/cli/CommandLine.h"
#include "core/base/Heads.h"
#include "core/model/TeachingConfig.h"

using namespace attnviz;
using namespace attnviz::app;
using Action = CommandLine::Action;

namespace {

CommandLine parse(std::initializer_list<const char*> arguments) {
    QStringList list{QStringLiteral("attnviz")};
    for (const char* argument : arguments) list << QString::fromUtf8(argument);
    return parseCommandLine(list);
}

/// `attnviz export --text "Le chat" -o out.png` and the extra arguments, understood.
ExportOptions exportWith(const std::vector<const char*>& extra) {
    QStringList list = {QStringLiteral("attnviz"), QStringLiteral("export"), QStringLiteral("--text"),
                        QStringLiteral("Le chat"), QStringLiteral("-o"), QStringLiteral("out.png")};
    for (const char* argument : extra) list << QString::fromUtf8(argument);
    const CommandLine command = parseCommandLine(list);
    EXPECT_EQ(command.action, Action::Export) << command.error.toStdString();
    return command.exportOptions;
}

}  // namespace

TEST(CommandLineWindow, NoArgumentsOpenTheWindowOnTheDefaultExample) {
    const CommandLine command = parse({});
    EXPECT_EQ(command.action, Action::OpenWindow);
    EXPECT_TRUE(command.window.sessionPath.isEmpty());
    EXPECT_FALSE(command.window.text.has_value());
    EXPECT_TRUE(command.window.weightsPath.isEmpty());
}

TEST(CommandLineWindow, ASessionFileATextAndWeights) {
    EXPECT_EQ(parse({"lesson.attnviz"}).window.sessionPath, QStringLiteral("lesson.attnviz"));
    const CommandLine text = parse({"--text", "Le chat est assis", "--weights", "trained.json"});
    EXPECT_EQ(text.action, Action::OpenWindow);
    EXPECT_EQ(text.window.text, QStringLiteral("Le chat est assis"));
    EXPECT_EQ(text.window.weightsPath, QStringLiteral("trained.json"));
}

TEST(CommandLineWindow, AModelFolderOpensTheWindowOnIt) {
    const CommandLine model = parse({"--model", "/models/gpt2", "--text", "The cat"});
    EXPECT_EQ(model.action, Action::OpenWindow);
    EXPECT_EQ(model.window.modelFolder, QStringLiteral("/models/gpt2"));
    EXPECT_EQ(model.window.text, QStringLiteral("The cat"));
    const CommandLine withWeights = parse({"--model", "/models/gpt2", "--weights", "trained.json"});
    EXPECT_EQ(withWeights.action, Action::UsageError);
    EXPECT_TRUE(withWeights.error.startsWith(QStringLiteral("--weights cannot be used with --model"))) << withWeights.error.toStdString();
    EXPECT_EQ(parse({"--model", ""}).action, Action::UsageError);
}

TEST(CommandLineWindow, HelpAndVersionInEitherSpelling) {
    EXPECT_EQ(parse({"--help"}).action, Action::ShowHelp);
    EXPECT_EQ(parse({"-h"}).action, Action::ShowHelp);
    EXPECT_EQ(parse({"--version"}).action, Action::ShowVersion);
    EXPECT_EQ(parse({"-v"}).action, Action::ShowVersion);
    EXPECT_EQ(parse({"export", "--help"}).action, Action::ShowExportHelp);
    EXPECT_EQ(parse({"export", "-h"}).action, Action::ShowExportHelp);
}

TEST(CommandLineWindow, QtsOwnOptionsAreLeftToQApplication) {
    const CommandLine command = parse({"-platform", "offscreen", "-style", "fusion", "-reverse", "lesson.attnviz"});
    EXPECT_EQ(command.action, Action::OpenWindow) << command.error.toStdString();
    EXPECT_EQ(command.window.sessionPath, QStringLiteral("lesson.attnviz"))
        << "the values of -platform and -style are not files";
}

TEST(CommandLineExport, TheSentenceComesFromTextATextFileOrASession) {
    ExportOptions options = exportWith({});
    EXPECT_EQ(options.input, InputKind::Text);
    EXPECT_EQ(options.text, QStringLiteral("Le chat"));

    CommandLine command = parse({"export", "--text-file", "-", "-o", "out.csv"});
    ASSERT_EQ(command.action, Action::Export) << command.error.toStdString();
    EXPECT_EQ(command.exportOptions.input, InputKind::TextFile);
    EXPECT_EQ(command.exportOptions.inputPath, QStringLiteral("-"));

    command = parse({"export", "--session", "lesson.attnviz", "-o", "out.csv"});
    ASSERT_EQ(command.action, Action::Export) << command.error.toStdString();
    EXPECT_EQ(command.exportOptions.input, InputKind::Session);
    EXPECT_EQ(command.exportOptions.inputPath, QStringLiteral("lesson.attnviz"));
}

TEST(CommandLineExport, NoSettingGivenChangesNothing) {
    const ExportOptions options = exportWith({});
    AttentionConfig config;
    config.mask.window = 3;
    const AttentionConfig before = config;
    options.overrides.applyTo(config);
    EXPECT_TRUE(config == before) << "nothing given, nothing replaced";
    EXPECT_FALSE(options.step || options.head || options.colormap || options.scale || options.dpi || options.title ||
                 options.values || options.weightsRange);
    EXPECT_TRUE(options.weightsPath.isEmpty());
}

TEST(CommandLineExport, EverySettingReplacesTheSessions) {
    const ExportOptions options = exportWith({"--causal", "--window", "3", "--global", "0,5", "--d-model", "16",
                                              "--heads", "4", "--temperature", "0.5", "--no-scale", "--no-positions",
                                              "--seed", "18446744073709551615", "--projections", "Identity"});
    AttentionConfig config;  // random projections, no mask, d_model 8, 1 head, T 1, scaled, positions, seed 42
    options.overrides.applyTo(config);
    EXPECT_TRUE(config.mask.causal);
    EXPECT_EQ(config.mask.window, 3);
    EXPECT_EQ(config.mask.globalTokens, (std::vector<int>{0, 5}));
    EXPECT_EQ(config.dModel, 16);
    EXPECT_EQ(config.heads, 4);
    EXPECT_EQ(config.temperature, 0.5);
    EXPECT_FALSE(config.scaleBySqrtDk);
    EXPECT_FALSE(config.positionalEncoding);
    EXPECT_EQ(config.seed, 18446744073709551615ull);
    EXPECT_EQ(config.preset, ProjectionPreset::Identity);
}

TEST(CommandLineExport, GlobalTokensAreSeparatedAsInTheWindow) {
    for (const char* spelling : {"0,5", "0, 5", "0;5", "0 5"})
        EXPECT_EQ(exportWith({"--global", spelling}).overrides.globalTokens, (std::vector<int>{0, 5})) << spelling;
    EXPECT_EQ(exportWith({"--global", ""}).overrides.globalTokens, std::vector<int>{})
        << "nothing given: no global token (replaces a session's)";
}

TEST(CommandLineExport, ASentenceStartsFromTheWindowsTeachingModelUnlessRandomIsAskedFor) {
    const AttentionConfig teaching = startingConfig(exportWith({}).overrides, false);
    EXPECT_EQ(teaching.preset, ProjectionPreset::Teaching) << "the window's default";
    EXPECT_EQ(teaching.dModel, 20);
    EXPECT_EQ(teaching.heads, 1);
    EXPECT_FALSE(teaching.mask.causal);
    for (const std::vector<const char*>& given : std::vector<std::vector<const char*>>{
             {"--causal"}, {"--heads", "2"}, {"--no-positions"}, {"--temperature", "2"}, {"--projections", "teaching"},
             {"--projections", "teaching", "--seed", "7"}})
        EXPECT_EQ(startingConfig(exportWith(given).overrides, false).preset, ProjectionPreset::Teaching) << given[0];
    // Sizes and seeds belong to random projections; so do weights read from a file.
    for (const std::vector<const char*>& given : std::vector<std::vector<const char*>>{
             {"--d-model", "16"}, {"--seed", "7"}, {"--projections", "random"}, {"--projections", "identity"}}) {
        const AttentionConfig random = startingConfig(exportWith(given).overrides, false);
        EXPECT_EQ(random.preset, ProjectionPreset::Random) << given[0];
        EXPECT_EQ(random.dModel, 8) << given[0];
    }
    EXPECT_EQ(startingConfig(exportWith({}).overrides, true).preset, ProjectionPreset::Random) << "--weights";
}

TEST(CommandLineExport, ProjectionsByName) {
    AttentionConfig config;
    exportWith({"--projections", "teaching"}).overrides.applyTo(config);
    EXPECT_EQ(config.preset, ProjectionPreset::Teaching);
    EXPECT_EQ(config.dModel, 20) << "the teaching model's 20 named dimensions";
    exportWith({"--projections", "RANDOM"}).overrides.applyTo(config);
    EXPECT_EQ(config.preset, ProjectionPreset::Random);
}

TEST(CommandLineExport, TeachingHeadsIsTheFourHeadModelWithItsSizes) {
    const ExportOptions options = exportWith({"--projections", "teaching-heads"});
    AttentionConfig config = startingConfig(options.overrides, false);
    options.overrides.applyTo(config);
    EXPECT_TRUE(attnviz::usesTeachingHeads(config));
    EXPECT_EQ(config.dModel, 24) << "4 heads × d_k 6";
    EXPECT_EQ(config.heads, 4);
    // --heads still wins (and the roles then name no slice), as for the one-head model.
    AttentionConfig two = startingConfig(options.overrides, false);
    exportWith({"--projections", "teaching-heads", "--heads", "2"}).overrides.applyTo(two);
    EXPECT_EQ(two.heads, 2);
    EXPECT_TRUE(attnviz::teachingHeadRoles(two, "en").empty());
    // Back to the one-head model: its 20 dimensions.
    exportWith({"--projections", "teaching"}).overrides.applyTo(config);
    EXPECT_FALSE(attnviz::usesTeachingHeads(config));
    EXPECT_EQ(config.dModel, 20);
}

TEST(CommandLineWindow, ProjectionsChooseTheFourHeadTeachingModel) {
    const CommandLine line = parse({"--projections", "teaching-heads"});
    ASSERT_EQ(line.action, CommandLine::Action::OpenWindow);
    AttentionConfig config = attnviz::teachingConfig();
    line.window.projections.applyTo(config);
    EXPECT_TRUE(attnviz::usesTeachingHeads(config));
    const CommandLine wrong = parse({"--projections", "trained"});
    EXPECT_EQ(wrong.action, CommandLine::Action::UsageError);
    EXPECT_EQ(wrong.error, QStringLiteral("--projections: \"trained\" is not one of teaching, teaching-heads, random, "
                                          "identity (see attnviz --help)"));
}

TEST(CommandLineExport, WeightsFile) {
    EXPECT_EQ(exportWith({"--weights", "trained.json"}).weightsPath, QStringLiteral("trained.json"));
}

TEST(CommandLineExport, EveryStepByName) {
    for (int s = 0; s < kStepCount; ++s) {
        const auto step = static_cast<Step>(s);
        EXPECT_EQ(exportWith({"--step", stepName(step)}).step, step) << stepName(step);
    }
    EXPECT_EQ(exportWith({"--step", "Scores"}).step, Step::Scores) << "any case";
}

TEST(CommandLineExport, HeadsAreCountedFromOne) {
    EXPECT_EQ(exportWith({"--head", "1"}).head, 0) << "--head 1 is the first head (index 0)";
    EXPECT_EQ(exportWith({"--head", "4"}).head, 3);
    EXPECT_EQ(exportWith({"--head", "mean"}).head, kAllHeads);
}

TEST(CommandLineExport, HowTheFigureLooks) {
    const ExportOptions options = exportWith({"--colormap", "viridis", "--scale", "3", "--title", "Figure 2 — le chat",
                                              "--colour-range", "data", "--no-values"});
    EXPECT_EQ(options.colormap, QStringLiteral("viridis"));
    EXPECT_EQ(options.scale, 3.0);
    EXPECT_FALSE(options.dpi);
    EXPECT_EQ(options.title, QStringLiteral("Figure 2 — le chat"));
    EXPECT_EQ(options.weightsRange, WeightsRange::Data);
    EXPECT_EQ(options.values, false);
    EXPECT_EQ(exportWith({"--dpi", "300"}).dpi, 300.0);
    EXPECT_EQ(exportWith({"--values"}).values, true);
    EXPECT_EQ(exportWith({"--colour-range", "0-1"}).weightsRange, WeightsRange::Fixed);
    EXPECT_EQ(exportWith({"--colour-range", "row"}).weightsRange, WeightsRange::PerRow) << "each row against its largest";
    EXPECT_EQ(exportWith({"--colour-range", "ROW"}).weightsRange, WeightsRange::PerRow) << "in any case";
    EXPECT_EQ(exportWith({"--scale", "32"}).scale, 32.0) << "the largest scale";
    EXPECT_EQ(exportWith({"--dpi", "2400"}).dpi, 2400.0) << "the largest resolution";
}

TEST(CommandLineExport, TheFormatComesFromTheSuffixOrFromFormat) {
    const std::vector<std::pair<const char*, ui::ExportFormat>> suffixes = {
        {"a.png", ui::ExportFormat::Png}, {"a.SVG", ui::ExportFormat::Svg}, {"a.pdf", ui::ExportFormat::Pdf},
        {"a.csv", ui::ExportFormat::Csv}, {"a.json", ui::ExportFormat::Json}};
    for (const auto& [file, format] : suffixes) {
        const CommandLine command = parse({"export", "--text", "Le chat", "-o", file});
        ASSERT_EQ(command.action, Action::Export) << file << ": " << command.error.toStdString();
        EXPECT_EQ(command.exportOptions.format, format) << file;
        EXPECT_FALSE(command.exportOptions.writesSession) << file;
        EXPECT_EQ(command.exportOptions.output, QString::fromUtf8(file));
    }
    const CommandLine session = parse({"export", "--text", "Le chat", "--output", "lesson.attnviz"});
    ASSERT_EQ(session.action, Action::Export) << session.error.toStdString();
    EXPECT_TRUE(session.exportOptions.writesSession);

    const ExportOptions csv = exportWith({"--format", "csv"});  // -o out.png
    EXPECT_EQ(csv.format, ui::ExportFormat::Csv) << "--format wins over the suffix";
    EXPECT_FALSE(csv.writesSession);
    EXPECT_TRUE(exportWith({"--format", "attnviz"}).writesSession);
    EXPECT_TRUE(exportWith({"--format", "session"}).writesSession);
}

TEST(CommandLineModel, TheModelFolderLayerAndHeadCountedFromOne) {
    const ExportOptions options = exportWith({"--model", "models/gpt2", "--layer", "3", "--head", "5", "--causal"});
    EXPECT_EQ(options.modelPath, QStringLiteral("models/gpt2"));
    EXPECT_EQ(options.layer, 2);
    EXPECT_EQ(options.head, 4);
    EXPECT_FALSE(exportWith({"--model", "gpt2"}).layer.has_value()) << "the default layer (1) is the exporter's";
    EXPECT_EQ(exportWith({"--model", "gpt2", "--head", "mean"}).head, kAllHeads);
}

struct UsageCase {
    std::string name;
    std::vector<const char*> arguments;  ///< after "attnviz"
    std::string message;                 ///< the whole line, without "attnviz: "
};

void PrintTo(const UsageCase& c, std::ostream* out) { *out << c.name; }

class CommandLineUsageError : public ::testing::TestWithParam<UsageCase> {};

TEST_P(CommandLineUsageError, IsOneLineWithAHint) {
    const UsageCase& c = GetParam();
    QStringList arguments{QStringLiteral("attnviz")};
    for (const char* argument : c.arguments) arguments << QString::fromUtf8(argument);
    const CommandLine command = parseCommandLine(arguments);
    EXPECT_EQ(command.action, Action::UsageError);
    EXPECT_EQ(command.error.toStdString(), c.message);
    EXPECT_FALSE(command.error.contains(QLatin1Char('\n')));
}

// Every bad usage of the window's command line and of `attnviz export` that is found before
// anything is read (exit 2). The export's last arguments: "-o", "x.png" where not said otherwise.
const std::string kExportHint = " (see attnviz export --help)";
const std::string kMainHint = " (see attnviz --help)";

INSTANTIATE_TEST_SUITE_P(
    Cases, CommandLineUsageError,
    ::testing::Values(
        UsageCase{"UnknownWindowOption", {"--bogus"}, "Unknown option 'bogus'." + kMainHint},
        UsageCase{"TextWithoutASentence", {"--text"}, "Missing value after '--text'." + kMainHint},
        UsageCase{"TwoSessionFiles", {"a.attnviz", "b.attnviz"}, "give at most one session file, got 2" + kMainHint},
        UsageCase{"SessionAndText", {"--text", "x", "s.attnviz"},
                  "give either a session file or --text, not both" + kMainHint},
        UsageCase{"WindowWeightsTwice", {"--weights", "a.json", "--weights", "b.json"},
                  "--weights is given more than once" + kMainHint},
        UsageCase{"WindowWeightsEmpty", {"--weights", ""}, "--weights: give a file" + kMainHint},
        UsageCase{"UnknownExportOption", {"export", "--text", "Le chat", "--bogus", "-o", "x.png"},
                  "Unknown option 'bogus'." + kExportHint},
        UsageCase{"MissingValue", {"export", "--text", "Le chat", "-o", "x.png", "--window"},
                  "Missing value after '--window'." + kExportHint},
        UsageCase{"ExtraArgument", {"export", "--text", "Le chat", "extra", "-o", "x.png"},
                  "unexpected argument \"extra\"" + kExportHint},
        UsageCase{"OptionTwice", {"export", "--text", "Le chat", "-o", "x.png", "--causal", "--causal"},
                  "--causal is given more than once" + kExportHint},
        UsageCase{"NoInput", {"export", "-o", "x.png"},
                  "give the sentence with --text, --text-file or --session (or weights with --attention)" + kExportHint},
        UsageCase{"TwoInputs", {"export", "--text", "a", "--session", "b", "-o", "x.png"},
                  "give only one of --text, --text-file and --session" + kExportHint},
        UsageCase{"WindowNotANumber", {"export", "--text", "Le chat", "-o", "x.png", "--window", "x"},
                  "--window: expected an integer of at least 1, got \"x\"" + kExportHint},
        UsageCase{"WindowZero", {"export", "--text", "Le chat", "-o", "x.png", "--window", "0"},
                  "--window: expected an integer of at least 1, got \"0\"" + kExportHint},
        UsageCase{"GlobalNotAPosition", {"export", "--text", "Le chat", "-o", "x.png", "--global", "0,a"},
                  "--global: expected token positions (0, 1, 2, …) separated by commas, got \"0,a\"" + kExportHint},
        UsageCase{"GlobalNegative", {"export", "--text", "Le chat", "-o", "x.png", "--global", "-1"},
                  "--global: expected token positions (0, 1, 2, …) separated by commas, got \"-1\"" + kExportHint},
        UsageCase{"DModelZero", {"export", "--text", "Le chat", "-o", "x.png", "--d-model", "0"},
                  "--d-model: expected an integer of at least 1, got \"0\"" + kExportHint},
        UsageCase{"HeadsZero", {"export", "--text", "Le chat", "-o", "x.png", "--heads", "0"},
                  "--heads: expected an integer of at least 1, got \"0\"" + kExportHint},
        UsageCase{"NegativeTemperature", {"export", "--text", "Le chat", "-o", "x.png", "--temperature", "-1"},
                  "--temperature: expected a number greater than 0, got \"-1\"" + kExportHint},
        UsageCase{"TemperatureNotANumber", {"export", "--text", "Le chat", "-o", "x.png", "--temperature", "nan"},
                  "--temperature: expected a number greater than 0, got \"nan\"" + kExportHint},
        UsageCase{"NegativeSeed", {"export", "--text", "Le chat", "-o", "x.png", "--seed", "-3"},
                  "--seed: expected an integer from 0 to 18446744073709551615, got \"-3\"" + kExportHint},
        UsageCase{"SeedTooLarge", {"export", "--text", "Le chat", "-o", "x.png", "--seed", "18446744073709551616"},
                  "--seed: expected an integer from 0 to 18446744073709551615, got \"18446744073709551616\"" + kExportHint},
        UsageCase{"UnknownProjections", {"export", "--text", "Le chat", "-o", "x.png", "--projections", "trained"},
                  "--projections: \"trained\" is not one of teaching, teaching-heads, random, identity" + kExportHint},
        UsageCase{"WeightsEmpty", {"export", "--text", "Le chat", "-o", "x.png", "--weights", ""},
                  "--weights: give a file" + kExportHint},
        UsageCase{"UnknownStep", {"export", "--text", "Le chat", "-o", "x.png", "--step", "softmax"},
                  "--step: \"softmax\" is not one of x, q, k, v, scores, scaled, masked, weights, context, output" + kExportHint},
        UsageCase{"HeadZero", {"export", "--text", "Le chat", "-o", "x.png", "--head", "0"},
                  "--head 0: heads count from 1 (the first head is --head 1)" + kExportHint},
        UsageCase{"HeadNotANumber", {"export", "--text", "Le chat", "-o", "x.png", "--head", "x"},
                  "--head: expected a head number (1, 2, …) or \"mean\", got \"x\"" + kExportHint},
        UsageCase{"HeadNegative", {"export", "--text", "Le chat", "-o", "x.png", "--head", "-1"},
                  "--head: expected a head number (1, 2, …) or \"mean\", got \"-1\"" + kExportHint},
        UsageCase{"ScaleAndDpi", {"export", "--text", "Le chat", "-o", "x.png", "--scale", "2", "--dpi", "300"},
                  "give either --scale or --dpi, not both" + kExportHint},
        UsageCase{"ZeroScale", {"export", "--text", "Le chat", "-o", "x.png", "--scale", "0"},
                  "--scale: expected a number greater than 0, got \"0\"" + kExportHint},
        UsageCase{"ScaleTooLarge", {"export", "--text", "Le chat", "-o", "x.png", "--scale", "33"},
                  "--scale: at most 32, got 33" + kExportHint},
        UsageCase{"DpiNotANumber", {"export", "--text", "Le chat", "-o", "x.png", "--dpi", "abc"},
                  "--dpi: expected a number greater than 0, got \"abc\"" + kExportHint},
        UsageCase{"DpiTooLarge", {"export", "--text", "Le chat", "-o", "x.png", "--dpi", "2401"},
                  "--dpi: at most 2400, got 2401" + kExportHint},
        UsageCase{"ValuesAndNoValues", {"export", "--text", "Le chat", "-o", "x.png", "--values", "--no-values"},
                  "give either --values or --no-values, not both" + kExportHint},
        UsageCase{"UnknownColourRange", {"export", "--text", "Le chat", "-o", "x.png", "--colour-range", "auto"},
                  "--colour-range: \"auto\" is not 0-1, data or row" + kExportHint},
        UsageCase{"NoOutput", {"export", "--text", "Le chat"}, "give the output file with -o FILE" + kExportHint},
        UsageCase{"EmptyOutput", {"export", "--text", "Le chat", "-o", ""},
                  "give the output file with -o FILE" + kExportHint},
        UsageCase{"UnknownFormat", {"export", "--text", "Le chat", "-o", "x.png", "--format", "gif"},
                  "--format: \"gif\" is not one of png, svg, pdf, csv, json, attnviz" + kExportHint},
        UsageCase{"UnknownExtension", {"export", "--text", "Le chat", "-o", "x.bmp"},
                  "cannot tell the format from \"x.bmp\": end the name with .png, .svg, .pdf, .csv, .json or .attnviz, or give --format" + kExportHint},
        UsageCase{"ModelEmpty", {"export", "--text", "Le chat", "-o", "x.png", "--model", ""},
                  "--model: give a model folder" + kExportHint},
        UsageCase{"ModelAndProjections", {"export", "--text", "Le chat", "-o", "x.png", "--model", "gpt2", "--projections", "random"},
                  "--projections cannot be used with --model: the model's checkpoint gives its weights" + kExportHint},
        UsageCase{"ModelAndWeights", {"export", "--text", "Le chat", "-o", "x.png", "--model", "gpt2", "--weights", "w.json"},
                  "--weights cannot be used with --model: the model's checkpoint gives its weights" + kExportHint},
        UsageCase{"ModelAndDModel", {"export", "--text", "Le chat", "-o", "x.png", "--model", "gpt2", "--d-model", "8"},
                  "--d-model cannot be used with --model: the model's config.json gives d_model (n_embd)" + kExportHint},
        UsageCase{"ModelAndHeads", {"export", "--text", "Le chat", "-o", "x.png", "--model", "gpt2", "--heads", "2"},
                  "--heads cannot be used with --model: the model's config.json gives the heads (n_head)" + kExportHint},
        UsageCase{"ModelAndSeed", {"export", "--text", "Le chat", "-o", "x.png", "--model", "gpt2", "--seed", "7"},
                  "--seed cannot be used with --model: nothing of a model is random" + kExportHint},
        UsageCase{"ModelAndWindow", {"export", "--text", "Le chat", "-o", "x.png", "--model", "gpt2", "--window", "2"},
                  "--window cannot be used with --model: the model computes its own attention (causal, scaled by sqrt(d_k))" + kExportHint},
        UsageCase{"ModelAndSession", {"export", "--session", "s.attnviz", "-o", "x.png", "--model", "gpt2"},
                  "--session cannot be used with --model: give the sentence with --text or --text-file" + kExportHint},
        UsageCase{"ModelSessionOutput", {"export", "--text", "Le chat", "-o", "x.attnviz", "--model", "gpt2"},
                  "a session of a model is saved from the window (File → Save Session), not by export" + kExportHint},
        UsageCase{"ProjectionsModel", {"export", "--text", "Le chat", "-o", "x.png", "--projections", "model"},
                  "--projections model: a model's projections come from its folder: give --model DIR" + kExportHint},
        UsageCase{"LayerWithoutModel", {"export", "--text", "Le chat", "-o", "x.png", "--layer", "2"},
                  "--layer needs --model or --attention: only they have layers" + kExportHint},
        UsageCase{"LayerZero", {"export", "--text", "Le chat", "-o", "x.png", "--model", "gpt2", "--layer", "0"},
                  "--layer 0: layers count from 1 (the first layer is --layer 1)" + kExportHint}),
    [](const ::testing::TestParamInfo<UsageCase>& param) { return param.param.name; });

TEST(CommandLineHelp, TheExportHelpCountsHeadsFromOne) {
    const QString help = exportHelpText();
    EXPECT_TRUE(help.contains(QStringLiteral("head number, counted from 1 (default 1)"))) << help.toStdString();
    EXPECT_TRUE(help.contains(QStringLiteral("\"Attention weights — head 1\"")));
    EXPECT_FALSE(help.contains(QStringLiteral("head 0"))) << "no 0-based head is left in the help";
}
