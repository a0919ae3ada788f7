// AppSettings: the keys and values earlier versions wrote are read the same way (a user's
// remembered settings survive the update), defaults where nothing or something damaged is kept,
// and what Reset to Defaults forgets.
#include <QLocale>
#include <QSettings>
#include <QStandardPaths>

#include <gtest/gtest.h>

#include "core/model/TeachingConfig.h"
#include "tests/support/ClassroomTestSupport.h"
#include "ui/i18n/Language.h"
#include "ui/shell/AppSettings.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

TEST(AppSettingsTest, NothingRememberedGivesTheDefaults) {
    ClassroomReset reset;
    const AppSettings settings;
    EXPECT_TRUE(settings.windowGeometry().isEmpty());
    EXPECT_TRUE(settings.windowState().isEmpty());
    EXPECT_EQ(settings.pointSize(13.0), 13.0);
    EXPECT_EQ(settings.language(), languageForLocale(QLocale::system()));
    EXPECT_EQ(settings.theme(), Theme::System);
    const ViewSettings defaults{1, QStringLiteral("cividis"), WeightsRange::Data};
    EXPECT_EQ(settings.view(defaults), defaults);
    EXPECT_TRUE(settings.sentence().isEmpty());
    EXPECT_FALSE(settings.config().has_value());
    EXPECT_TRUE(settings.recentSessions().isEmpty());
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    EXPECT_EQ(settings.sessionFolder(), documents);
    EXPECT_EQ(settings.weightsFolder(), documents);
}

TEST(AppSettingsTest, ReadsTheKeysAndValuesEarlierVersionsWrote) {
    ClassroomReset reset;
    {
        QSettings written;  // as written before AppSettings existed
        written.setValue(QStringLiteral("window/pointSize"), 17.5);
        written.setValue(QStringLiteral("view/language"), QStringLiteral("fr"));
        written.setValue(QStringLiteral("view/theme"), QStringLiteral("dark"));
        written.setValue(QStringLiteral("view/head"), -1);
        written.setValue(QStringLiteral("view/colorMap"), QStringLiteral("viridis"));
        written.setValue(QStringLiteral("view/weightsRange"), QStringLiteral("data"));
        written.setValue(QStringLiteral("session/sentence"), QStringLiteral("Le chat est assis"));
        written.setValue(QStringLiteral("session/config"), QStringLiteral(R"({"d_model": 12, "heads": 3})"));
        written.setValue(QStringLiteral("session/recentFiles"), QStringList{QStringLiteral("/a/b.attnviz")});
        written.setValue(QStringLiteral("session/lastFolder"), QStringLiteral("/a"));
        written.setValue(QStringLiteral("weights/lastFolder"), QStringLiteral("/w"));
    }
    const AppSettings settings;
    EXPECT_EQ(settings.pointSize(13.0), 17.5);
    EXPECT_EQ(settings.language(), QStringLiteral("fr"));
    EXPECT_EQ(settings.theme(), Theme::Dark);
    const ViewSettings view = settings.view(ViewSettings{});
    EXPECT_EQ(view.head, kAllHeads);
    EXPECT_EQ(view.colorMap, QStringLiteral("viridis"));
    EXPECT_EQ(view.weightsRange, WeightsRange::Data);
    EXPECT_EQ(settings.sentence(), QStringLiteral("Le chat est assis"));
    ASSERT_TRUE(settings.config().has_value());
    EXPECT_EQ(settings.config()->dModel, 12);
    EXPECT_EQ(settings.config()->heads, 3);
    EXPECT_EQ(settings.recentSessions(), QStringList{QStringLiteral("/a/b.attnviz")});
    EXPECT_EQ(settings.sessionFolder(), QStringLiteral("/a"));
    EXPECT_EQ(settings.weightsFolder(), QStringLiteral("/w"));
}

TEST(AppSettingsTest, WritesTheSameKeysAndValues) {
    ClassroomReset reset;
    AppSettings settings;
    settings.setWindow(QByteArray("geometry"), QByteArray("state"), 15.0);
    settings.setTheme(Theme::Light);
    settings.setLanguage(QStringLiteral("fr"));
    settings.setView({1, QStringLiteral("cividis"), WeightsRange::Fixed});
    settings.setSession(QStringLiteral("The cat"), teachingConfig());
    const QSettings read;
    EXPECT_EQ(read.value(QStringLiteral("window/geometry")).toByteArray(), QByteArray("geometry"));
    EXPECT_EQ(read.value(QStringLiteral("window/state")).toByteArray(), QByteArray("state"));
    EXPECT_EQ(read.value(QStringLiteral("window/pointSize")).toDouble(), 15.0);
    EXPECT_EQ(read.value(QStringLiteral("view/theme")).toString(), QStringLiteral("light"));
    EXPECT_EQ(read.value(QStringLiteral("view/language")).toString(), QStringLiteral("fr"));
    EXPECT_EQ(read.value(QStringLiteral("view/head")).toInt(), 1);
    EXPECT_EQ(read.value(QStringLiteral("view/colorMap")).toString(), QStringLiteral("cividis"));
    EXPECT_EQ(read.value(QStringLiteral("view/weightsRange")).toString(), QStringLiteral("0 to 1"));
    EXPECT_EQ(read.value(QStringLiteral("session/sentence")).toString(), QStringLiteral("The cat"));
    ASSERT_TRUE(settings.config().has_value());
    EXPECT_TRUE(*settings.config() == teachingConfig()) << "the config survives its JSON text";
}

TEST(AppSettingsTest, DamagedEntriesGiveTheDefaults) {
    ClassroomReset reset;
    {
        QSettings written;
        written.setValue(QStringLiteral("session/config"), QStringLiteral("{not json"));
        written.setValue(QStringLiteral("view/theme"), QStringLiteral("purple"));
        written.setValue(QStringLiteral("view/language"), QStringLiteral("tlh"));
        written.setValue(QStringLiteral("view/weightsRange"), QStringLiteral("sideways"));
    }
    const AppSettings settings;
    EXPECT_FALSE(settings.config().has_value());
    EXPECT_EQ(settings.theme(), Theme::System);
    EXPECT_EQ(settings.language(), languageForLocale(QLocale::system()));
    EXPECT_EQ(settings.view(ViewSettings{}).weightsRange, WeightsRange::Fixed);
}

TEST(AppSettingsTest, ResetForgetsTheWindowViewAndSessionButNotRecentFilesOrFolders) {
    ClassroomReset reset;
    AppSettings settings;
    settings.setWindow(QByteArray("geometry"), QByteArray("state"), 15.0);
    settings.setTheme(Theme::Dark);
    settings.setView({1, QStringLiteral("viridis"), WeightsRange::Data});
    settings.setSession(QStringLiteral("The cat"), AttentionConfig{});
    settings.setRecentSessions({QStringLiteral("/a/b.attnviz")});
    settings.setSessionFolder(QStringLiteral("/a"));
    settings.setWeightsFolder(QStringLiteral("/w"));

    settings.forgetForReset();
    EXPECT_TRUE(settings.windowState().isEmpty());
    EXPECT_EQ(settings.pointSize(13.0), 13.0);
    EXPECT_EQ(settings.theme(), Theme::System);
    EXPECT_EQ(settings.view(ViewSettings{}), ViewSettings{});
    EXPECT_TRUE(settings.sentence().isEmpty());
    EXPECT_FALSE(settings.config().has_value());
    EXPECT_EQ(settings.recentSessions(), QStringList{QStringLiteral("/a/b.attnviz")});
    EXPECT_EQ(settings.sessionFolder(), QStringLiteral("/a"));
    EXPECT_EQ(settings.weightsFolder(), QStringLiteral("/w"));

    settings.forgetRecentSessions();
    EXPECT_TRUE(settings.recentSessions().isEmpty());
}

}  // namespace
}  // namespace attnviz::ui
