// Not a check: writes screenshots of the head view for people to look at. Runs only when
// ATTNVIZ_SCREENSHOT_DIR names a folder; skipped otherwise. Run it under xvfb-run with
// `ATTNVIZ_SCREENSHOTS=HeadViewScreenshots scripts/screenshots.sh DIR`.
#include <QDir>
#include <QTabWidget>

#include <gtest/gtest.h>

#include <sstream>

#include "core/model/TeachingConfig.h"
#include "tests/support/ClassroomTestSupport.h"
#include "tests/support/HeadStacks.h"
#include "tests/support/ScreenshotSupport.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/export/ExportRequest.h"
#include "ui/heads/HeadLinesView.h"
#include "ui/shell/ClassroomActions.h"
#include "ui/shell/PresentationMode.h"
#include "ui/style/Theme.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;

int tokenIndex(const HeadLinesView& view, const QString& text) {
    const auto& tokens = view.linesPainter()->tokens();
    for (std::size_t i = 0; i < tokens.size(); ++i)
        if (tokens[i] == text) return static_cast<int>(i);
    return 0;
}

TEST(HeadViewScreenshots, WritesPngsOfTheHeadView) {
    ATTNVIZ_SCREENSHOT_FOLDER_OR_SKIP(folder, dir);
    ClassroomReset reset;

    MainWindow window;
    window.setGeometry(0, 0, 1920, 1080);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(waitForResult(window, examples().constFirst().sentence, teachingConfig()));
    window.tabs()->setCurrentWidget(window.headView());
    saveScreenshot(window, dir, QStringLiteral("head_01_teaching_model.png"));

    HeadLinesView* view = window.headView();
    const int il = tokenIndex(*view, QStringLiteral("il"));
    view->setPinnedToken(TokenRef{TokenSide::Query, il});
    saveScreenshot(window, dir, QStringLiteral("head_02_teaching_model_il_pinned.png"));
    view->setPinnedToken(std::nullopt);

    // Twelve heads with a pattern each (previous, same, first, two back, next, broad), on the
    // chapter's tokens: what a 12-head layer looks like, a head turned off, a key hovered.
    std::vector<std::string> tokens;
    for (const QString& token : view->linesPainter()->tokens()) tokens.push_back(token.toStdString());
    HeadLinesView twelve;
    twelve.resize(1600, 1000);
    twelve.setStack(attnviz::testing::patternedStack(tokens, 2, 12, false));
    twelve.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&twelve));
    saveScreenshot(twelve, dir, QStringLiteral("head_03_twelve_heads.png"));
    twelve.hideAllHeads();
    for (int head : {0, 2}) twelve.setHeadVisible(head, true);
    saveScreenshot(twelve, dir, QStringLiteral("head_04_previous_and_first_token_heads.png"));
    twelve.showAllHeads();
    twelve.setPinnedToken(TokenRef{TokenSide::Key, 1});
    saveScreenshot(twelve, dir, QStringLiteral("head_05_twelve_heads_key_pinned.png"));
    twelve.hide();

    applyTheme(Theme::Dark);
    saveScreenshot(window, dir, QStringLiteral("head_06_dark_theme.png"));
    applyTheme(Theme::Light);

    window.classroom()->presentation()->enter();
    saveScreenshot(window, dir, QStringLiteral("head_07_presentation.png"), 800);
    view->setPinnedToken(TokenRef{TokenSide::Query, il});
    saveScreenshot(window, dir, QStringLiteral("head_08_presentation_il_pinned.png"));
    window.classroom()->presentation()->leave();

    ExportRequest request;
    request.view = ExportView::Head;
    request.stack = attnviz::testing::patternedStack(tokens, 1, 6, true);
    request.format = ExportFormat::Png;
    request.path = dir.filePath(QStringLiteral("head_09_figure_six_heads_causal.png")).toStdString();
    exportFile(request);
    std::printf("wrote %s\n", request.path.c_str());
}

}  // namespace
}  // namespace attnviz::ui
