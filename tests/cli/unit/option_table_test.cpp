// The command line's one table of options (app/cli/OptionTable): each command's --help lists
// every option it accepts, and the usage errors the table states are what a user gets: an option
// given twice, an empty value, an option of another command, an option that cannot go with
// --model or --attention, each in its one line.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "app/cli/CommandLine.h"
#include "app/cli/CostCommand.h"
#include "app/cli/OptionTable.h"

using namespace attnviz::app;
using Action = CommandLine::Action;

namespace {

QString text(std::string_view view) { return QString::fromUtf8(view.data(), static_cast<qsizetype>(view.size())); }

bool accepts(const OptionSpec& spec, Command command) { return (spec.commands & static_cast<unsigned>(command)) != 0; }

QString helpOf(Command command) {
    switch (command) {
        case Command::Window: return mainHelpText();
        case Command::Export: return exportHelpText();
        case Command::Cost: return costHelpText();
    }
    return {};
}

/// The usage error of `attnviz [command] arguments…`, or "(accepted)".
std::string usageError(const QStringList& arguments) {
    const CommandLine parsed = parseCommandLine(QStringList{QStringLiteral("attnviz")} + arguments);
    if (parsed.action == Action::UsageError) return parsed.error.toStdString();
    if (parsed.action == Action::Cost || parsed.action == Action::ShowCostHelp) {
        const CostParse cost = parseCostArguments(arguments.mid(1));
        if (!cost.error.isEmpty()) return cost.error.toStdString();
    }
    return "(accepted)";
}

/// --name, and a value when the option takes one ("x": a value no option refuses as empty).
QStringList given(const OptionSpec& spec) {
    QStringList arguments{QStringLiteral("--") + text(spec.name)};
    if (!spec.value.empty()) arguments << QStringLiteral("x");
    return arguments;
}

constexpr Command kCommands[] = {Command::Window, Command::Export, Command::Cost};

}  // namespace

TEST(OptionTable, EachCommandsHelpListsEveryOptionItAccepts) {
    for (const Command command : kCommands) {
        const QString help = helpOf(command);
        for (const OptionSpec& spec : optionTable()) {
            if (!accepts(spec, command)) continue;
            EXPECT_TRUE(help.contains(QStringLiteral("--") + text(spec.name)))
                << "--" << spec.name << " is missing from the help of command " << static_cast<unsigned>(command);
            if (!spec.section.empty() && !spec.help.empty()) {
                const QString firstLine = text(spec.help).section(QLatin1Char('\n'), 0, 0);
                EXPECT_TRUE(help.contains(firstLine)) << "--" << spec.name << "'s help: " << firstLine.toStdString();
            }
        }
    }
}

TEST(OptionTable, EveryRowIsListedUnderASectionOfItsOwnCommand) {
    for (const OptionSpec& spec : optionTable()) {
        if (spec.section.empty()) continue;  // listed with another row (--no-values with --values)
        bool found = false;
        for (const OptionSection& section : optionSections())
            found = found || (section.key == spec.section && (section.commands & spec.commands) == spec.commands);
        EXPECT_TRUE(found) << "--" << spec.name << " is in section \"" << spec.section << "\", of another command";
    }
}

TEST(OptionTable, AnOptionGivenTwiceIsRefusedNamingIt) {
    for (const OptionSpec& spec : optionTable()) {
        if (spec.name == "help" || spec.name == "version") continue;
        if (!accepts(spec, Command::Export)) continue;
        QStringList arguments{QStringLiteral("export")};
        arguments << given(spec) << given(spec);
        EXPECT_EQ(usageError(arguments), "--" + std::string(spec.name) + " is given more than once (see attnviz export --help)");
    }
    EXPECT_EQ(usageError({QStringLiteral("--text"), QStringLiteral("a"), QStringLiteral("--text"), QStringLiteral("b")}),
              "--text is given more than once (see attnviz --help)")
        << "the window too: a second sentence would silently win";
    EXPECT_EQ(usageError({QStringLiteral("cost"), QStringLiteral("--d"), QStringLiteral("8"), QStringLiteral("--d"),
                          QStringLiteral("16"), QStringLiteral("-o"), QStringLiteral("c.csv")}),
              "--d is given more than once (see attnviz cost --help)");
}

TEST(OptionTable, AnEmptyValueIsRefusedWhereTheTableSaysSo) {
    int checked = 0;
    for (const Command command : {Command::Window, Command::Export}) {
        for (const OptionSpec& spec : optionTable()) {
            if (!accepts(spec, command) || spec.emptyValue.empty()) continue;
            QStringList arguments;
            if (command == Command::Export) arguments << QStringLiteral("export");
            arguments << QStringLiteral("--") + text(spec.name) << QString();
            const std::string hint = command == Command::Export ? " (see attnviz export --help)" : " (see attnviz --help)";
            EXPECT_EQ(usageError(arguments), "--" + std::string(spec.name) + ": " + std::string(spec.emptyValue) + hint);
            ++checked;
        }
    }
    EXPECT_EQ(checked, 6) << "--weights, --model, --attention, for the window and for export";
}

TEST(OptionTable, AnOptionOfAnotherCommandIsUnknownThere) {
    EXPECT_EQ(usageError({QStringLiteral("export"), QStringLiteral("--kernels"), QStringLiteral("flash")}),
              "Unknown option 'kernels'. (see attnviz export --help)");
    EXPECT_EQ(usageError({QStringLiteral("cost"), QStringLiteral("--text"), QStringLiteral("Le chat")}),
              "Unknown option 'text'. (see attnviz cost --help)");
    EXPECT_EQ(usageError({QStringLiteral("--step"), QStringLiteral("q")}), "Unknown option 'step'. (see attnviz --help)");
}

// A trained model's numbers are its own, imported weights are shown as they are: each option the
// table says cannot go with them is refused with the table's reason.
TEST(OptionTable, WhatCannotGoWithAModelOrImportedWeightsIsRefusedWithItsReason) {
    int checked = 0;
    for (const OptionSpec& spec : optionTable()) {
        if (!accepts(spec, Command::Export)) continue;
        if (!spec.notWithModel.empty()) {
            QStringList arguments{QStringLiteral("export"), QStringLiteral("--model"), QStringLiteral("/m")};
            if (spec.name != "text" && spec.name != "session") arguments << QStringLiteral("--text") << QStringLiteral("t");
            arguments << given(spec) << QStringLiteral("-o") << QStringLiteral("o.png");
            EXPECT_EQ(usageError(arguments), "--" + std::string(spec.name) + " cannot be used with --model: " +
                                                 std::string(spec.notWithModel) + " (see attnviz export --help)");
            ++checked;
        }
        if (!spec.notWithAttention.empty()) {
            QStringList arguments{QStringLiteral("export"), QStringLiteral("--attention"), QStringLiteral("a.npy")};
            arguments << given(spec) << QStringLiteral("-o") << QStringLiteral("o.png");
            EXPECT_EQ(usageError(arguments), "--" + std::string(spec.name) + " cannot be used with --attention: " +
                                                 std::string(spec.notWithAttention) + " (see attnviz export --help)");
            ++checked;
        }
    }
    EXPECT_EQ(checked, 25) << "11 options refused with --model, 14 with --attention";
}
