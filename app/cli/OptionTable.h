#pragma once
// Every option of the command line, in one table: its name, what it takes, which commands accept
// it, its help, and the usage errors that depend on it alone (an empty value, an option that
// cannot go with --model or --attention). Parsing (ParsedOptions), the commands' --help
// (optionsHelp) and those usage errors all come from it, so that a new option is one row.
#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <span>
#include <string_view>

namespace attnviz::app {

/// The commands, as bits of OptionSpec::commands.
enum class Command : unsigned { Window = 1u << 0, Export = 1u << 1, Cost = 1u << 2 };

/// One row of the table. An option whose meaning differs between commands (--causal, --window)
/// has one row per meaning.
struct OptionSpec {
    std::string_view name = {};       ///< given as --name
    std::string_view shortName = {};  ///< given as -s too ("o", "h"); empty: none
    std::string_view value = {};      ///< what it takes, as --help writes it ("SENTENCE"); empty: a flag
    unsigned commands = 0;       ///< the Command bits of the commands that accept it
    std::string_view section = {};    ///< the --help section it is listed under (OptionSection::key)
    std::string_view help = {};       ///< its help, one line per "\n"
    std::string_view example = {};    ///< written after "example: "; empty: none
    /// The usage error when its value is empty ("give a file" → "--weights: give a file"); empty:
    /// an empty value is the option's own business.
    std::string_view emptyValue = {};
    /// Why it cannot be used with --model / with --attention (export); empty: it can.
    std::string_view notWithModel = {};
    std::string_view notWithAttention = {};
    /// The name --help writes instead of "--name VALUE" ("--values, --no-values"); empty: that.
    std::string_view shownAs = {};
};

/// A heading of a command's --help, with what follows its options.
struct OptionSection {
    std::string_view key = {};
    unsigned commands = 0;
    std::string_view heading = {};  ///< "Input (exactly one):"; may hold several lines
    std::string_view footer = {};   ///< lines after its options; empty: none
};

[[nodiscard]] std::span<const OptionSpec> optionTable();
[[nodiscard]] std::span<const OptionSection> optionSections();
/// The row of name (or short name) for command; a defect (std::logic_error) when there is none.
[[nodiscard]] const OptionSpec& optionSpec(Command command, std::string_view name);

/// The sections of command's --help, each heading, its options and its footer, a blank line
/// between sections: the column of option names, then their help at a fixed column, each example
/// at the right when it fits on the help's last line, else on a line of its own.
[[nodiscard]] QString optionsHelp(Command command);

/// One command's arguments parsed against the table: only its options, each at most once, no
/// empty value where the table refuses one.
class ParsedOptions {
public:
    /// arguments[0] is the program; the command's own word, if any, already removed. Throws
    /// UsageProblemText (the message, without the --help hint) on a usage problem.
    ParsedOptions(Command command, const QStringList& arguments);

    [[nodiscard]] bool isSet(std::string_view name) const;
    /// The value given; empty when not given.
    [[nodiscard]] QString value(std::string_view name) const;
    [[nodiscard]] QStringList positional() const { return parser_.positionalArguments(); }
    /// Of names, the first that is given; empty when none.
    [[nodiscard]] std::string_view firstGiven(std::initializer_list<std::string_view> names) const;

private:
    QCommandLineParser parser_;
};

/// A usage problem found by ParsedOptions: the one line, without the --help hint.
struct UsageProblemText {
    QString message;
};

}  // namespace attnviz::app
