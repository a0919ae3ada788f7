#include "ui/i18n/CoreMessages.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <functional>
#include <vector>

namespace attnviz::ui {
namespace {

// Only for tr(): the translations live in this context of the .ts files.
class CoreMessages {
    Q_DECLARE_TR_FUNCTIONS(attnviz::ui::CoreMessages)

public:
    // "1, 2, 4 or 8" (the core's list of divisors) with "or" in the interface's language.
    static QString list(QString items) {
        const qsizetype last = items.lastIndexOf(QStringLiteral(" or "));
        if (last >= 0) items.replace(last, 4, tr(" or ", "the last separator of a list: 1, 2, 4 or 8"));
        return items;
    }

    struct Known {
        QRegularExpression pattern;  ///< the core's wording, its numbers captured
        std::function<QString(const QRegularExpressionMatch&)> translate;
    };

    static const std::vector<Known>& known() {
        static const std::vector<Known> messages = [] {
            const auto re = [](const char* pattern) {
                return QRegularExpression(QStringLiteral("^%1$").arg(QString::fromUtf8(pattern)));
            };
            std::vector<Known> all;
            // core/attention/AttentionTrace.cpp, core/text/Tokenizer.cpp
            all.push_back({re("the sentence is empty: type at least one word"), [](const auto&) {
                               return tr("the sentence is empty: type at least one word");
                           }});
            all.push_back({re("the sentence has (\\d+) tokens, more than the limit of (\\d+)"), [](const auto& m) {
                               return tr("the sentence has %1 tokens, more than the limit of %2")
                                   .arg(m.captured(1), m.captured(2));
                           }});
            all.push_back({re("the sentence has more than (\\d+) tokens \\(limit (\\d+)\\)"), [](const auto& m) {
                               return tr("the sentence has more than %1 tokens (limit %2)")
                                   .arg(m.captured(1), m.captured(2));
                           }});
            all.push_back({re("the sentence is too long \\((\\d+) bytes; limit (\\d+)\\)"), [](const auto& m) {
                               return tr("the sentence is too long (%1 bytes; limit %2)")
                                   .arg(m.captured(1), m.captured(2));
                           }});
            // core/model/AttentionConfig.cpp
            all.push_back({re("(\\d+) heads do not divide d_model = (\\d+): d_k = d_model / heads must be a whole number"),
                           [](const auto& m) {
                               return tr("%1 heads do not divide d_model = %2: d_k = d_model / heads must be a whole "
                                         "number")
                                   .arg(m.captured(1), m.captured(2));
                           }});
            all.push_back({re("(\\d+) heads do not divide the teaching model's (\\d+) dimensions: choose (.+) heads"),
                           [](const auto& m) {
                               return tr("%1 heads do not divide the teaching model's %2 dimensions: choose %3 heads")
                                   .arg(m.captured(1), m.captured(2), list(m.captured(3)));
                           }});
            all.push_back({re("the teaching model has (\\d+) dimensions: d_model must be (\\d+) \\(it is (\\d+)\\)"),
                           [](const auto& m) {
                               return tr("the teaching model has %1 dimensions: d_model must be %1 (it is %2)")
                                   .arg(m.captured(1), m.captured(3));
                           }});
            all.push_back({re("d_model must be at most (\\d+) \\(it is (\\d+)\\)"), [](const auto& m) {
                               return tr("d_model must be at most %1 (it is %2)").arg(m.captured(1), m.captured(2));
                           }});
            all.push_back({re("the temperature T must be a finite number greater than 0"), [](const auto&) {
                               return tr("the temperature T must be a finite number greater than 0");
                           }});
            return all;
        }();
        return messages;
    }
};

}  // namespace

QString translatedCoreMessage(const QString& message) {
    for (const auto& known : CoreMessages::known()) {
        const QRegularExpressionMatch match = known.pattern.match(message);
        if (match.hasMatch()) return known.translate(match);
    }
    return message;
}

}  // namespace attnviz::ui
