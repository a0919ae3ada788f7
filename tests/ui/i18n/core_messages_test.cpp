// The window says the core's refusals by their code: every code has a template, and each
// argument lands in its place, in English (word for word the core's) and in French.
#include <QRegularExpression>
#include <QSet>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/base/Errors.h"
#include "ui/i18n/CoreMessages.h"
#include "ui/i18n/Language.h"

namespace attnviz::ui {
namespace {

/// Leaves the interface in English, as the other tests expect it.
struct EnglishAfterwards {
    EnglishAfterwards() = default;
    EnglishAfterwards(const EnglishAfterwards&) = delete;
    EnglishAfterwards& operator=(const EnglishAfterwards&) = delete;
    ~EnglishAfterwards() { setLanguage(QStringLiteral("en")); }
};

/// The placeholders a template uses: {1, 2} for "%1 heads do not divide d_model = %2".
QSet<int> placeholders(const QString& text) {
    QSet<int> found;
    static const QRegularExpression placeholder(QStringLiteral("%([1-9])"));
    for (auto it = placeholder.globalMatch(text); it.hasNext();) found.insert(it.next().captured(1).toInt());
    return found;
}

/// A message of code whose every argument is distinct and says which it is: "<1>", "<2>" …
ErrorMessage sample(ErrorCode code) {
    ErrorMessage message{code, {}, "session.config", std::nullopt};
    const QSet<int> used = placeholders(QString::fromUtf8(englishTemplate(code)));
    int last = 0;
    for (const int n : used) last = std::max(last, n);
    for (int n = 1; n <= last; ++n) message.args.push_back(QStringLiteral("<%1>").arg(n).toStdString());
    return message;
}

TEST(CoreMessages, EveryCodeHasATemplateAndEnglishIsTheCoresWordForWord) {
    const EnglishAfterwards reset;
    ASSERT_TRUE(setLanguage(QStringLiteral("en")));
    for (int c = 0; c < kErrorCodeCount; ++c) {
        const auto code = static_cast<ErrorCode>(c);
        EXPECT_FALSE(coreMessageTemplate(code).isEmpty()) << errorCodeName(code);
        // Arguments in their places: the window's English line is the core's what().
        ErrorMessage message = sample(code);
        EXPECT_EQ(translatedCoreMessage(message).toStdString(), englishText(message)) << errorCodeName(code);
        message.detail = ErrorCode::GotNull;
        EXPECT_EQ(translatedCoreMessage(message).toStdString(), englishText(message)) << errorCodeName(code);
    }
}

/// The message in the current language, as UTF-8 (so that a failure prints it readably).
std::string said(const Error& error) { return translatedCoreMessage(error).toStdString(); }

TEST(CoreMessages, TheSameArgumentsLandInTheirPlacesInFrench) {
    const EnglishAfterwards reset;
    ASSERT_TRUE(setLanguage(QStringLiteral("fr")));
    // French puts a no-break space (U+00A0) between a number and its unit and before a colon.
    EXPECT_EQ(said(ConfigError(ErrorCode::HeadsDoNotDivide, {"3", "8"}, "session.config")),
              "session.config: 3\u00a0têtes ne divisent pas d_model = 8\u00a0: d_k = d_model / têtes doit être un "
              "nombre entier");
    EXPECT_EQ(said(InputError(ErrorCode::TooManyTokens, {"5000", "4096"})),
              "la phrase a 5000\u00a0tokens, plus que la limite de 4096");
    // The teaching model's head counts: a list whose last item follows the language's "or".
    EXPECT_EQ(said(ConfigError(ErrorCode::TeachingHeadsDoNotDivide, {"3", "20", "1, 2, 4, 5, 10", "20"})),
              "3\u00a0têtes ne divisent pas les 20\u00a0dimensions du modèle pédagogique\u00a0: choisissez 1, 2, 4, "
              "5, 10 ou 20\u00a0têtes");
    // A template whose argument comes twice.
    EXPECT_EQ(said(ConfigError(ErrorCode::TeachingDModel, {"20", "8"})),
              "le modèle pédagogique a 20\u00a0dimensions\u00a0: d_model doit valoir 20 (il vaut 8)");
}

TEST(CoreMessages, PlacesAndMessagesWordedElsewhereAreShownAsWritten) {
    const EnglishAfterwards reset;
    ASSERT_TRUE(setLanguage(QStringLiteral("fr")));
    EXPECT_EQ(said(Error("the image scale must be a number greater than 0")),
              "the image scale must be a number greater than 0");
    // An argument holding a placeholder is not filled in again.
    EXPECT_EQ(said(ConfigError(ErrorCode::TooManyTokens, {"%2", "9"})), "la phrase a %2\u00a0tokens, plus que la limite de 9");
}

}  // namespace
}  // namespace attnviz::ui
