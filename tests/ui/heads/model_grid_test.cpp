// The model view ("All heads"): a click or Enter opens that head in the heatmap, the steps and
// the explainer, with the controls following; thumbnails coloured as the main heatmap colours the
// same weights (read pixels); sorting and outlining by a measure; masked cells hatched.
#include <QComboBox>
#include <QImage>
#include <QTabWidget>
#include <QTest>

#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <memory>
#include <vector>

#include "core/heads/AttentionStack.h"
#include "core/heads/HeadSummary.h"
#include "core/model/TeachingConfig.h"
#include "tests/support/FileBytes.h"
#include "tests/support/PixelColours.h"
#include "tests/support/TempFolder.h"
#include "tests/support/WindowTestSupport.h"
#include "ui/export/ExportDialog.h"
#include "ui/heads/HeadThumbnails.h"
#include "ui/heads/ModelGridCanvas.h"
#include "ui/heads/ModelGridView.h"
#include "ui/heatmap/HeatmapPainter.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/i18n/Language.h"
#include "ui/panels/ControlsPanel.h"
#include "ui/shell/MainWindow.h"

namespace attnviz::ui {
namespace {

using namespace attnviz::ui::testing;
using attnviz::testing::channelDistance;

/// One layer of heads with the given weights (each n × n, rows summing to 1).
std::shared_ptr<const AttentionStack> stackOf(std::vector<Eigen::MatrixXf> heads, bool causal) {
    auto imported = std::make_shared<ImportedWeights>();
    const auto n = heads.front().rows();
    for (Eigen::Index i = 0; i < n; ++i) imported->tokens.push_back(std::to_string(i));
    imported->layers = 1;
    imported->heads = static_cast<int>(heads.size());
    imported->causal = causal;
    imported->weights = std::move(heads);
    return std::make_shared<const AttentionStack>(AttentionStack::fromImported(imported));
}

/// n × n: every row on key `key(i)`, a little left for the others.
Eigen::MatrixXf focused(int n, const std::function<int(int)>& key) {
    Eigen::MatrixXf w = Eigen::MatrixXf::Constant(n, n, 0.1f / static_cast<float>(n - 1));
    for (int i = 0; i < n; ++i) w(i, key(i)) = 0.9f;
    return w;
}

/// The window on the teaching model with four heads, the model view's thumbnails made.
::testing::AssertionResult showsFourHeads(MainWindow& window, AttentionConfig& config) {
    if (auto opened = opensOnTheDefaultExample(window); !opened) return opened;
    config = teachingConfig();
    config.heads = 4;
    window.setConfig(config);
    if (!waitForResult(window, window.sentence(), config)) return ::testing::AssertionFailure() << "no 4-head result";
    window.tabs()->setCurrentWidget(window.modelGrid());
    const ModelGridCanvas* canvas = window.modelGrid()->canvas();
    if (!waitUntil([&] {
            return !canvas->hasPendingThumbnails() && canvas->stack() == window.currentStack() &&
                   !canvas->thumbnailRect(0, 3).isEmpty();
        }))
        return ::testing::AssertionFailure() << "the thumbnails are never made";
    return ::testing::AssertionSuccess();
}

TEST(ModelGrid, ClickOpensTheHeadInEveryViewAndTheControls) {
    MainWindow window;
    AttentionConfig config;
    ASSERT_TRUE(showsFourHeads(window, config));
    EXPECT_EQ(window.currentStack()->heads(), 4);
    ASSERT_TRUE(window.currentStack()->hasSummaries()) << "a small stack's summaries come with the result";
    EXPECT_EQ(window.currentStack()->summaries().size(), 4u);
    ModelGridCanvas* canvas = window.modelGrid()->canvas();
    QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->thumbnailRect(0, 2).center().toPoint());
    ASSERT_TRUE(waitUntil([&] { return !window.isBusy() && window.currentSource(Step::Weights)->head() == 2; }));
    EXPECT_EQ(window.tabs()->currentWidget(), window.heatmap());
    EXPECT_EQ(window.controls()->viewSettings().head, 2);
    EXPECT_EQ(window.currentHead(), 2) << "the selection the explainer and the steps follow";
    EXPECT_EQ(window.currentSource(Step::Q)->head(), 2);
}

TEST(ModelGrid, TheFourHeadTeachingModelsHeadsAreLabelledWithTheirRoles) {
    MainWindow window;
    ASSERT_TRUE(opensOnTheDefaultExample(window));
    const AttentionConfig config = withTeachingHeads(teachingConfig());
    window.setConfig(config);
    ASSERT_TRUE(waitForResult(window, window.sentence(), config));
    const auto stack = window.currentStack();
    ASSERT_EQ(stack->heads(), 4);
    const std::vector<std::string> roles = teachingHeadRoles(config, currentLanguage().toStdString());
    ASSERT_EQ(roles.size(), 4u);
    for (int head = 0; head < 4; ++head) {
        EXPECT_FALSE(roles[static_cast<std::size_t>(head)].empty());
        EXPECT_EQ(stack->headRole(0, head), roles[static_cast<std::size_t>(head)]);
    }
}

TEST(ModelGrid, ArrowKeysMoveTheFocusAndEnterOpens) {
    MainWindow window;
    AttentionConfig config;
    ASSERT_TRUE(showsFourHeads(window, config));
    ModelGridCanvas* canvas = window.modelGrid()->canvas();
    canvas->setFocus();
    EXPECT_EQ(canvas->focusHead(), 0);
    QTest::keyClick(canvas, Qt::Key_Right);
    QTest::keyClick(canvas, Qt::Key_Right);
    QTest::keyClick(canvas, Qt::Key_Right);
    QTest::keyClick(canvas, Qt::Key_Left);
    EXPECT_EQ(canvas->focusHead(), 2);
    QTest::keyClick(canvas, Qt::Key_Return);
    ASSERT_TRUE(waitUntil([&] { return !window.isBusy() && window.currentSource(Step::Weights)->head() == 2; }));
    EXPECT_EQ(window.tabs()->currentWidget(), window.heatmap());
}

TEST(ModelGrid, ThumbnailsAreColouredAsTheMainHeatmap) {
    MainWindow window;
    AttentionConfig config;
    ASSERT_TRUE(showsFourHeads(window, config));
    ModelGridCanvas* canvas = window.modelGrid()->canvas();
    const QImage grid = canvas->grab().toImage();
    ViewSettings view = window.viewSettings();
    view.head = 1;
    window.setViewSettings(view);
    window.tabs()->setCurrentWidget(window.heatmap());
    ASSERT_TRUE(waitUntil([&] { return !window.isBusy() && window.currentSource(Step::Weights)->head() == 1; }));
    QTest::qWait(50);
    const QImage main = window.heatmap()->viewport()->grab().toImage();
    const QRectF thumb = canvas->thumbnailRect(0, 1);
    const int n = window.currentTrace()->size();
    const double cell = thumb.width() / n;
    int compared = 0;
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            const QRect mainCell = window.heatmap()->cellRect(i, j);
            // The selected cell's frame reaches into its neighbours.
            const bool nearSelection = std::abs(i - window.selectedQuery()) <= 1 && std::abs(j - window.selectedKey()) <= 1;
            if (!main.rect().contains(mainCell) || nearSelection) continue;
            // Near the cell's corner: its number is written in the middle.
            const QRgb expected = main.pixel(mainCell.topLeft() + QPoint(2, 2));
            const QPoint at(static_cast<int>(thumb.left() + (j + 0.5) * cell), static_cast<int>(thumb.top() + (i + 0.5) * cell));
            EXPECT_LE(channelDistance(grid.pixel(at), expected), 2) << "cell " << i << ", " << j;
            ++compared;
        }
    }
    EXPECT_GT(compared, n);
}

TEST(ModelGrid, SortingByPreviousTokenSharePutsThePreviousTokenHeadFirstAndOutlinesIt) {
    const int n = 6;
    const auto stack = stackOf({focused(n, [](int) { return 0; }),                          // first token
                                focused(n, [](int i) { return i; }),                          // same token
                                focused(n, [](int i) { return i > 0 ? i - 1 : 0; })},        // previous token
                               false);
    ModelGridView view;
    view.resize(1200, 700);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    view.setStack(stack);
    view.canvas()->makeThumbnailsNow();
    EXPECT_EQ(view.canvas()->order(), (std::vector<int>{0, 1, 2}));
    view.setMeasure(HeadMeasure::PreviousToken);
    view.setSorted(true);
    ASSERT_EQ(view.canvas()->order().front(), 2);
    EXPECT_EQ(view.canvas()->thumbnailRect(0, 2), view.canvas()->gridLayout().thumbnail(0));
    // The top head (a tenth of three heads: one) outlined in orange just outside its thumbnail.
    const QImage image = view.canvas()->grab().toImage();
    const QColor outline = ModelGridOptions{}.outline;
    const auto leftOf = [&](int head) {
        const QRectF r = view.canvas()->thumbnailRect(0, head);
        return image.pixel(QPoint(static_cast<int>(r.left()) - 2, static_cast<int>(r.center().y())));
    };
    EXPECT_LE(channelDistance(leftOf(2), outline.rgb()), 2);
    EXPECT_GT(channelDistance(leftOf(0), outline.rgb()), 60);
    EXPECT_GT(channelDistance(leftOf(1), outline.rgb()), 60);
}

TEST(ModelGrid, MaskedCellsAreHatched) {
    const int n = 4;
    Eigen::MatrixXf causal = Eigen::MatrixXf::Zero(n, n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j <= i; ++j) causal(i, j) = 1.0f / static_cast<float>(i + 1);
    const auto stack = stackOf({causal}, true);
    const ThumbnailLook look = ThumbnailLook::of(QStringLiteral("Blues"), false);
    const HeadImages images = makeHeadImages(*stack, look);
    const int side = 160, cell = side / n;
    const QImage thumb = scaledThumbnail(images.images[0], side, hatchOverlay(images, side, look.masked));
    const auto count = [&](int row, int col, const QColor& colour, int within) {
        int found = 0;
        for (int y = row * cell; y < (row + 1) * cell; ++y)
            for (int x = col * cell; x < (col + 1) * cell; ++x) found += channelDistance(thumb.pixel(x, y), colour.rgb()) <= within;
        return found;
    };
    // Row 0, key 3 is masked: grey with darker diagonals, as HeatmapPainter hatches the main heatmap.
    EXPECT_GT(count(0, 3, look.masked.fill, 0), cell * cell / 3);
    EXPECT_GT(count(0, 3, look.masked.line, 30), cell);
    // Row 3, key 0 is visible: its weight's colour only, no hatching.
    const QColor quarter = look.colorMap.colorAt(look.colorMap.position(0.25, 0, 1));
    EXPECT_EQ(count(3, 0, quarter, 0), cell * cell);
    EXPECT_EQ(count(3, 0, look.masked.line, 30), 0);
}

TEST(ModelGrid, TheExportDialogOffersEveryHeadAsAPicture) {
    AttentionConfig config = teachingConfig();
    config.heads = 2;
    const auto trace = std::make_shared<const AttentionTrace>(AttentionTrace::compute("Le chat est assis", config));
    ExportDialog dialog(trace);
    dialog.setInteractive(false);
    EXPECT_TRUE(dialog.viewBox()->isHidden()) << "without a stack: the heatmap only";
    dialog.setStack(std::make_shared<const AttentionStack>(AttentionStack::fromTrace(trace)));
    EXPECT_FALSE(dialog.viewBox()->isHidden());
    dialog.setView(ExportView::Model);
    dialog.setFormat(ExportFormat::Svg);
    EXPECT_EQ(dialog.request().view, ExportView::Model);
    EXPECT_FALSE(dialog.stepBox()->isEnabled()) << "every head's weights: no step to choose";
    const attnviz::testing::TempFolder folder;
    ASSERT_TRUE(dialog.exportTo(QString::fromStdString(folder.file("heads.svg")))) << dialog.lastError().toStdString();
    const std::string svg = attnviz::testing::readFile(folder.path() / "heads.svg");
    EXPECT_NE(svg.find("layer 1 · head 2"), std::string::npos);
}

}  // namespace
}  // namespace attnviz::ui
