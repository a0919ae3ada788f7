// File → Export…: the preview follows the choices, every format is written and read back equal
// to the trace, a failed write is reported and leaves the old file alone, Copy fills the clipboard.
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QMimeData>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <memory>

#include "core/attention/AttentionTrace.h"
#include "core/formats/MatrixCsv.h"
#include "core/formats/TraceJson.h"
#include "core/io/AtomicFile.h"
#include "core/model/TeachingConfig.h"
#include "tests/support/BitIdentical.h"
#include "ui/export/ExportDialog.h"
#include "ui/i18n/Language.h"

using namespace attnviz;
using namespace attnviz::ui;
using attnviz::testing::bitIdentical;

namespace {

std::shared_ptr<const AttentionTrace> makeTrace() {
    AttentionConfig config;
    config.heads = 2;
    config.mask.causal = true;
    return std::make_shared<const AttentionTrace>(AttentionTrace::compute("The cat is sitting on the mat", config));
}

bool waitForPreview(const ExportDialog& dialog) {
    for (int i = 0; i < 4000 && dialog.isPreviewPending(); ++i) QTest::qWait(5);
    return !dialog.isPreviewPending();
}

}  // namespace

TEST(ExportDialog, PreviewFollowsTheChoices) {
    ExportDialog dialog(makeTrace());
    dialog.setInteractive(false);
    dialog.show();
    ASSERT_TRUE(waitForPreview(dialog)) << "no preview";
    const QImage first = dialog.previewImage();
    ASSERT_FALSE(first.isNull());
    EXPECT_FALSE(dialog.figureSize().isEmpty());

    dialog.stepBox()->setFocus();
    dialog.stepBox()->setCurrentIndex(dialog.stepBox()->findData(static_cast<int>(Step::Scores)));
    ASSERT_TRUE(waitForPreview(dialog));
    EXPECT_NE(dialog.previewImage(), first) << "changing the step did not redraw the preview";
    EXPECT_EQ(dialog.step(), Step::Scores);

    dialog.setFormat(ExportFormat::Json);
    EXPECT_FALSE(dialog.stepBox()->isEnabled()) << "JSON holds every step";
    EXPECT_FALSE(dialog.dpiBox()->isEnabled());
    dialog.setFormat(ExportFormat::Svg);
    EXPECT_FALSE(dialog.dpiBox()->isEnabled()) << "resolution is for PNG only";
    dialog.setFormat(ExportFormat::Png);
    EXPECT_TRUE(dialog.dpiBox()->isEnabled());
}

TEST(ExportDialog, WritesEveryFormat) {
    const auto trace = makeTrace();
    ExportDialog dialog(trace);
    dialog.setInteractive(false);
    QTemporaryDir folder;
    dialog.setStep(Step::Weights);
    dialog.setHead(1);
    dialog.titleEdit()->setText(QStringLiteral("My figure"));

    dialog.setFormat(ExportFormat::Png);
    dialog.dpiBox()->setValue(300);
    const QString png = folder.filePath(QStringLiteral("f.png"));
    ASSERT_TRUE(dialog.exportTo(png)) << dialog.lastError().toStdString();
    QImage image(png);
    ASSERT_FALSE(image.isNull());
    EXPECT_NEAR(image.dotsPerMeterX() * 0.0254, 300, 0.5);

    dialog.setFormat(ExportFormat::Svg);
    const QString svg = folder.filePath(QStringLiteral("f.svg"));
    ASSERT_TRUE(dialog.exportTo(svg)) << dialog.lastError().toStdString();
    EXPECT_NE(readFileBytes(svg.toStdString()).find(">My figure</text>"), std::string::npos);

    dialog.setFormat(ExportFormat::Pdf);
    const QString pdf = folder.filePath(QStringLiteral("f.pdf"));
    ASSERT_TRUE(dialog.exportTo(pdf)) << dialog.lastError().toStdString();
    EXPECT_EQ(readFileBytes(pdf.toStdString()).substr(0, 5), "%PDF-");

    dialog.setFormat(ExportFormat::Csv);
    const QString csv = folder.filePath(QStringLiteral("f.csv"));
    ASSERT_TRUE(dialog.exportTo(csv)) << dialog.lastError().toStdString();
    EXPECT_TRUE(bitIdentical(readMatrixCsv(readFileBytes(csv.toStdString())).values, trace->matrix(Step::Weights, 1)));

    dialog.setFormat(ExportFormat::Json);
    const QString json = folder.filePath(QStringLiteral("f.json"));
    ASSERT_TRUE(dialog.exportTo(json)) << dialog.lastError().toStdString();
    const TraceDocument doc = loadTraceJson(json.toStdString());
    EXPECT_TRUE(bitIdentical(doc.heads.at(1).weights, trace->matrix(Step::Weights, 1)));
    EXPECT_TRUE(bitIdentical(doc.output, trace->output()));
}

TEST(ExportDialog, HeadsAreCountedFromOneAsInTheWindow) {
    ExportDialog dialog(makeTrace());
    dialog.setInteractive(false);
    ASSERT_EQ(dialog.headBox()->count(), 3) << "two heads and their mean";
    EXPECT_EQ(dialog.headBox()->itemText(0), QStringLiteral("Head 1"));
    EXPECT_EQ(dialog.headBox()->itemText(1), QStringLiteral("Head 2"));
    dialog.setHead(1);
    EXPECT_EQ(dialog.head(), 1) << "the core's index of the second head";
    EXPECT_EQ(dialog.titleEdit()->placeholderText(), QStringLiteral("Attention weights — head 2"));

    QTemporaryDir folder;
    const QString svg = folder.filePath(QStringLiteral("second.svg"));
    dialog.setFormat(ExportFormat::Svg);
    ASSERT_TRUE(dialog.exportTo(svg)) << dialog.lastError().toStdString();
    const std::string text = readFileBytes(svg.toStdString());
    EXPECT_NE(text.find(">Attention weights — head 2</text>"), std::string::npos) << "the figure's title";
    EXPECT_NE(text.find("2 heads (head 2 shown)"), std::string::npos) << "the figure's caption";
}

TEST(ExportDialog, AFiguresDimensionNamesFollowTheInterfacesLanguageButCsvKeepsTheModels) {
    const auto trace = std::make_shared<const AttentionTrace>(AttentionTrace::compute("Le chat est assis", teachingConfig()));
    QTemporaryDir folder;
    const QString svg = folder.filePath(QStringLiteral("q.svg")), csv = folder.filePath(QStringLiteral("q.csv"));
    ASSERT_TRUE(setLanguage(QStringLiteral("fr")));
    {
        ExportDialog dialog(trace);
        dialog.setInteractive(false);
        dialog.setStep(Step::Q);
        dialog.setFormat(ExportFormat::Svg);
        ASSERT_TRUE(dialog.exportTo(svg)) << dialog.lastError().toStdString();
        dialog.setFormat(ExportFormat::Csv);
        ASSERT_TRUE(dialog.exportTo(csv)) << dialog.lastError().toStdString();
    }
    ASSERT_TRUE(setLanguage(QStringLiteral("en")));
    const std::string image = readFileBytes(svg.toStdString());
    EXPECT_NE(image.find("cherche un être vivant"), std::string::npos) << "the French name of Q's column 1";
    EXPECT_EQ(image.find("looks for a living being"), std::string::npos);
    const std::string data = readFileBytes(csv.toStdString());
    EXPECT_NE(data.find("looks for a living being"), std::string::npos) << "CSV headers are the model's names";
}

TEST(ExportDialog, FailedWriteIsReportedAndTheOldFileStays) {
    ExportDialog dialog(makeTrace());
    dialog.setInteractive(false);
    QTemporaryDir folder;
    const QString existing = folder.filePath(QStringLiteral("keep.png"));
    writeFileAtomically(existing.toStdString(), std::string_view("old bytes"));
    const QString blocked = existing + QStringLiteral("/inside.png");
    EXPECT_FALSE(dialog.exportTo(blocked));
    EXPECT_TRUE(dialog.lastError().contains(blocked)) << dialog.lastError().toStdString();
    EXPECT_EQ(readFileBytes(existing.toStdString()), "old bytes");
    EXPECT_EQ(QDir(folder.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries | QDir::Hidden),
              QStringList{QStringLiteral("keep.png")});
}

TEST(ExportDialog, CopyPutsTheImageOrTheNumbersOnTheClipboard) {
    const auto trace = makeTrace();
    ExportDialog dialog(trace);
    dialog.setInteractive(false);
    dialog.setFormat(ExportFormat::Png);
    ASSERT_TRUE(dialog.copyToClipboard()) << dialog.lastError().toStdString();
    EXPECT_FALSE(QApplication::clipboard()->image().isNull());

    dialog.setFormat(ExportFormat::Csv);
    dialog.setStep(Step::Scaled);
    dialog.setHead(0);
    ASSERT_TRUE(dialog.copyToClipboard()) << dialog.lastError().toStdString();
    const QString text = QApplication::clipboard()->text();
    EXPECT_TRUE(bitIdentical(readMatrixCsv(text.toStdString()).values, trace->matrix(Step::Scaled, 0)));
}

// Not a check: writes 06_export_dialog.png into ATTNVIZ_SCREENSHOT_DIR (scripts/screenshots.sh).
TEST(ExportDialog, Screenshot) {
    const QString folder = qEnvironmentVariable("ATTNVIZ_SCREENSHOT_DIR");
    if (folder.isEmpty()) GTEST_SKIP() << "set ATTNVIZ_SCREENSHOT_DIR to write screenshots";
    ExportDialog dialog(makeTrace());
    dialog.setInteractive(false);
    dialog.resize(1100, 620);
    dialog.show();
    ASSERT_TRUE(waitForPreview(dialog));
    EXPECT_TRUE(dialog.grab().save(QDir(folder).filePath(QStringLiteral("06_export_dialog.png"))));
}
