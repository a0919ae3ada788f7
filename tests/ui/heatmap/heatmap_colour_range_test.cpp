// The weights' colour ranges with a causal mask: "0 to 1", "smallest to largest" (which leaves out
// the rows that see a single key: the causal mask's first row always weighs 1) and "each row
// against its largest weight"; the colour bar's labels and the caption that name them.
#include <QImage>
#include <QPainter>

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "core/attention/AttentionTrace.h"
#include "tests/support/PixelColours.h"
#include "tests/support/RepeatedWords.h"
#include "ui/export/FigureRenderer.h"
#include "ui/heatmap/HeatmapPainter.h"

namespace attnviz::ui {
namespace {

using attnviz::testing::channelDistance;

constexpr int kTokens = 295;

/// "mot0 mot1 … mot36 mot0 …" (295 words): one token per word.
std::string longSentence() { return attnviz::testing::repeatedWords(kTokens); }

/// W_Q = W_K = 0: every score is 0, so row i of the causal mask weighs 1/(i+1) on each of its
/// i+1 visible keys, by hand.
std::shared_ptr<const AttentionTrace> uniformCausal() {
    AttentionConfig config;
    config.preset = ProjectionPreset::Supplied;
    const Eigen::MatrixXd zero = Eigen::MatrixXd::Zero(config.dModel, config.dModel);
    const Eigen::MatrixXd identity = Eigen::MatrixXd::Identity(config.dModel, config.dModel);
    config.supplied = {zero, zero, identity, identity};
    config.mask.causal = true;
    return std::make_shared<const AttentionTrace>(AttentionTrace::compute(longSentence(), config));
}

std::shared_ptr<const AttentionTrace> randomCausal() {
    AttentionConfig config;
    config.mask.causal = true;
    return std::make_shared<const AttentionTrace>(AttentionTrace::compute(longSentence(), config));
}

MatrixSource weightsIn(const std::shared_ptr<const AttentionTrace>& trace, WeightsRange range) {
    return {trace, Step::Weights, 0, SourceOptions{{}, range}};
}

QStringList strings(std::initializer_list<const char*> utf8) {
    QStringList out;
    for (const char* text : utf8) out << QString::fromUtf8(text);
    return out;
}

QStringList texts(const std::vector<ColorBarTick>& ticks) {
    QStringList out;
    for (const ColorBarTick& tick : ticks) out << tick.text;
    return out;
}

TEST(ColourRange, SmallestToLargestLeavesOutTheRowsThatSeeOneKey) {
    const auto trace = uniformCausal();
    ASSERT_EQ(trace->size(), kTokens);
    const MatrixSource fixed = weightsIn(trace, WeightsRange::Fixed);
    EXPECT_EQ(fixed.scaleMin(), 0.0);
    EXPECT_EQ(fixed.scaleMax(), 1.0);
    const MatrixSource data = weightsIn(trace, WeightsRange::Data);
    // Rows 1 … 294 weigh 1/2 … 1/295; row 0 (weight 1, one key) and the masked zeros do not count.
    EXPECT_EQ(data.weightsRange(), WeightsRange::Data);
    EXPECT_NEAR(data.scaleMax(), 1.0 / 2, 1e-15) << "row 1: two keys of 1/2";
    EXPECT_NEAR(data.scaleMin(), 1.0 / kTokens, 1e-15) << "row 294: 295 keys of 1/295";
}

TEST(ColourRange, ACausal295TokenMatrixSpansLessThanOneUnderSmallestToLargest) {
    const auto trace = randomCausal();
    const Eigen::MatrixXd weights = trace->matrix(Step::Weights, 0);
    double smallest = 1, largest = 0;
    for (int i = 1; i < kTokens; ++i)  // row 0 sees one key only
        for (int j = 0; j <= i; ++j) {
            smallest = std::min(smallest, weights(i, j));
            largest = std::max(largest, weights(i, j));
        }
    const MatrixSource data = weightsIn(trace, WeightsRange::Data);
    EXPECT_EQ(data.scaleMax(), largest);
    EXPECT_EQ(data.scaleMin(), smallest);
    EXPECT_LT(data.scaleMax(), 1.0) << "not row 0's 1";
    EXPECT_GT(data.scaleMin(), 0.0) << "not a masked cell's 0";
}

TEST(ColourRange, EachRowIsColouredAgainstItsOwnLargestWeight) {
    const auto uniform = uniformCausal();
    const MatrixSource rows = weightsIn(uniform, WeightsRange::PerRow);
    ASSERT_TRUE(rows.coloursPerRow());
    EXPECT_EQ(rows.scaleMin(), 0.0);
    EXPECT_EQ(rows.scaleMax(), 1.0);
    for (const int i : {0, 1, 9, 294}) EXPECT_NEAR(rows.rowScaleMax(i), 1.0 / (i + 1), 1e-15) << "row " << i;
    const HeatmapPainter uniformPainter(rows, HeatmapPainter::defaultStyle(rows));
    // Every visible cell of a uniform row is its row's largest: the top of the map, row 294 too,
    // where 0 … 1 would give 1/295 (nearly white).
    EXPECT_NEAR(uniformPainter.positionOf(1.0 / kTokens, 294), 1.0, 1e-12);
    EXPECT_NEAR(uniformPainter.positionOf(1.0 / 2, 1), 1.0, 1e-12);

    // Random weights: w_ij / max_k w_ik, the maximum found here by a loop over the core's row.
    const auto trace = randomCausal();
    const MatrixSource source = weightsIn(trace, WeightsRange::PerRow);
    HeatmapStyle style = HeatmapPainter::defaultStyle(source);
    style.showValues = false;
    style.cellGap = 0;
    const HeatmapPainter painter(source, style);
    constexpr int kCell = 3;
    QImage image(kTokens * kCell, kTokens * kCell, QImage::Format_RGB32);
    image.fill(Qt::magenta);
    {
        QPainter p(&image);
        painter.paintCells(p, CellRange{0, kTokens, 0, kTokens}, QPointF(0, 0), QSizeF(kCell, kCell));
    }
    for (const int i : {1, 2, 50, 150, 294}) {
        double rowLargest = 0;
        for (int j = 0; j <= i; ++j) rowLargest = std::max(rowLargest, trace->weight(0, i, j));
        EXPECT_EQ(source.rowScaleMax(i), rowLargest) << "row " << i;
        for (const int j : {0, i / 2, i}) {
            const double expected = trace->weight(0, i, j) / rowLargest;
            EXPECT_NEAR(painter.positionOf(trace->weight(0, i, j), i), expected, 1e-12) << i << ", " << j;
            const QRgb colour = image.pixel(j * kCell + 1, i * kCell + 1);
            EXPECT_LE(channelDistance(colour, style.colorMap.colorAt(expected).rgb()), 2)
                << "cell (" << i << ", " << j << ")";
        }
    }
    EXPECT_EQ(trace->weight(0, 150, 3), source.value(150, 3)) << "the numbers stay the weights";
}

TEST(ColourRange, TheColourBarLabelsBothEndsOfEveryRange) {
    // 0 to 1: the round ticks, both ends among them.
    EXPECT_EQ(texts(HeatmapPainter::colorBarTicks({0, 1}, 400, 17)),
              strings({"0.0", "0.2", "0.4", "0.6", "0.8", "1.0"}));
    // 0.0312 … 0.3087: steps of 0.1; 0.30 sits (0.3087 − 0.30) / 0.2775 · 400 = 12.5 px under the
    // top's label, closer than a 17 px line: left out. The ends with two decimals, as every label.
    EXPECT_EQ(texts(HeatmapPainter::colorBarTicks({0.0312, 0.3087}, 400, 17)),
              strings({"0.03", "0.10", "0.20", "0.31"}));
    const std::vector<ColorBarTick> data = HeatmapPainter::colorBarTicks({0.0312, 0.3087}, 400, 17);
    EXPECT_NEAR(data[1].position, (0.1 - 0.0312) / 0.2775, 1e-12) << "0.10 at its place on the bar";
    // Scores ±5.37: steps of 2.5; −5 and 5 are 0.37 / 10.74 · 340 = 11.7 px from the ends: left out.
    EXPECT_EQ(texts(HeatmapPainter::colorBarTicks({-5.37, 5.37}, 340, 17)),
              strings({"−5.37", "−2.50", "0.00", "2.50", "5.37"}));
    // Each row against its largest: 0, then words.
    ColorBarScale perRow;
    perRow.perRow = true;
    EXPECT_EQ(texts(HeatmapPainter::colorBarTicks(perRow, 400, 17)), strings({"0", "row's largest"}));
    // In French, with a comma.
    EXPECT_EQ(texts(HeatmapPainter::colorBarTicks({0.0312, 0.3087, QLocale(QLocale::French)}, 400, 17)),
              strings({"0,03", "0,10", "0,20", "0,31"}));
}

TEST(ColourRange, TheCaptionNamesTheRange) {
    const auto trace = uniformCausal();
    EXPECT_EQ(FigureRenderer::colourRangeCaption(weightsIn(trace, WeightsRange::Fixed)),
              QStringLiteral("colours: 0 to 1"));
    // 1/295 = 0.0034 and 1/2, with two decimals.
    EXPECT_EQ(FigureRenderer::colourRangeCaption(weightsIn(trace, WeightsRange::Data)),
              QStringLiteral("colours: smallest to largest weight (0.00 to 0.50)"));
    EXPECT_EQ(FigureRenderer::colourRangeCaption(weightsIn(trace, WeightsRange::Data), QLocale(QLocale::French)),
              QStringLiteral("colours: smallest to largest weight (0,00 to 0,50)"));
    EXPECT_EQ(FigureRenderer::colourRangeCaption(weightsIn(trace, WeightsRange::PerRow)),
              QStringLiteral("colours: each row against its largest weight"));
    EXPECT_EQ(FigureRenderer::colourRangeCaption(MatrixSource(trace, Step::Scores, 0)), QString())
        << "signed matrices: the bar says it";

    const MatrixSource data = weightsIn(trace, WeightsRange::Data);
    const FigureRenderer figure(data, FigureOptions{});
    EXPECT_TRUE(figure.caption().contains(QStringLiteral("colours: smallest to largest weight (0.00 to 0.50)")))
        << figure.caption().toStdString();
    EXPECT_TRUE(figure.caption().startsWith(QStringLiteral("n = 295"))) << "after every other setting";
}

TEST(ColourRange, ARangeWithNothingToSpreadShowsZeroToOne) {
    // One token: a single weight of 1; nothing to spread the colours over.
    const auto one = std::make_shared<const AttentionTrace>(AttentionTrace::compute("chat", AttentionConfig{}));
    const MatrixSource data(one, Step::Weights, 0, SourceOptions{{}, WeightsRange::Data});
    EXPECT_EQ(data.scaleMin(), 0.0);
    EXPECT_EQ(data.scaleMax(), 1.0);
    EXPECT_EQ(data.weightsRange(), WeightsRange::Fixed) << "what the bar and the caption then say";
    EXPECT_EQ(FigureRenderer::colourRangeCaption(data), QStringLiteral("colours: 0 to 1"));
}

}  // namespace
}  // namespace attnviz::ui
