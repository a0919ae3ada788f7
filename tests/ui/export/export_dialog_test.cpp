// File → Export…: the preview follows the choices, every format is written and read back equal
// to the trace, a failed write is reported and leaves the old file alone, Copy fills the clipboard.
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QMimeData>
#include <QSignalSpy>
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

    QSignalSpy ready(&dialog, &ExportDialog::previewReady);
    dialog.stepBox()->setFocus();
    dialog.stepBox()->setCurrentIndex(dialog.stepBox()->findData(static_cast<int>(Step::Scores)));
    ASSERT_TRUE(waitForPreview(dialog));
    EXPECT_GE(ready.count(), 1) << "changing the step did not redraw the preview";
    EXPECT_NE(dialog.previewImage(), first);
    EXPECT_EQ(dialog.step(), Step::Scores);

    dialog.setFormat(ExportDialog::Format::Json);
    EXPECT_FALSE(dialog.stepBox()->isEnabled()) << "JSON holds every step";
    EXPECT_FALSE(dialog.dpiBox()->isEnabled());
    dialog.setFormat(ExportDialog::Format::Svg);
    EXPECT_FALSE(dialog.dpiBox()->isEnabled()) << "resolution is for PNG only";
    dialog.setFormat(ExportDialog::Format::Png);
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

    dialog.setFormat(ExportDialog::Format::Png);
    dialog.dpiBox()->setValue(300);
    const QString png = folder.filePath(QStringLiteral("f.png"));
    ASSERT_TRUE(dialog.exportTo(png)) << dialog.lastError().toStdString();
    QImage image(png);
    ASSERT_FALSE(image.isNull());
    EXPECT_NEAR(image.dotsPerMeterX() * 0.0254, 300, 0.5);

    dialog.setFormat(ExportDialog::Format::Svg);
    const QString svg = folder.filePath(QStringLiteral("f.svg"));
    ASSERT_TRUE(dialog.exportTo(svg)) << dialog.lastError().toStdString();
    EXPECT_NE(readFileBytes(svg.toStdString()).find(">My figure</text>"), std::string::npos);

    dialog.setFormat(ExportDialog::Format::Pdf);
    const QString pdf = folder.filePath(QStringLiteral("f.pdf"));
    ASSERT_TRUE(dialog.exportTo(pdf)) << dialog.lastError().toStdString();
    EXPECT_EQ(readFileBytes(pdf.toStdString()).substr(0, 5), "%PDF-");

    dialog.setFormat(ExportDialog::Format::Csv);
    const QString csv = folder.filePath(QStringLiteral("f.csv"));
    ASSERT_TRUE(dialog.exportTo(csv)) << dialog.lastError().toStdString();
    EXPECT_TRUE(bitIdentical(readMatrixCsv(readFileBytes(csv.toStdString())).values, trace->matrix(Step::Weights, 1)));

    dialog.setFormat(ExportDialog::Format::Json);
    const QString json = folder.filePath(QStringLiteral("f.json"));
    ASSERT_TRUE(dialog.exportTo(json)) << dialog.lastError().toStdString();
    const TraceDocument doc = loadTraceJson(json.toStdString());
    EXPECT_TRUE(bitIdentical(doc.heads.at(1).weights, trace->matrix(Step::Weights, 1)));
    EXPECT_TRUE(bitIdentical(doc.output, trace->output()));
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
        dialog.setFormat(ExportDialog::Format::Svg);
        ASSERT_TRUE(dialog.exportTo(svg)) << dialog.lastError().toStdString();
        dialog.setFormat(ExportDialog::Format::Csv);
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
    QSignalSpy exported(&dialog, &ExportDialog::exported);
    EXPECT_FALSE(dialog.exportTo(blocked));
    EXPECT_TRUE(dialog.lastError().contains(blocked)) << dialog.lastError().toStdString();
    EXPECT_EQ(readFileBytes(existing.toStdString()), "old bytes");
    EXPECT_EQ(exported.count(), 0);
    EXPECT_EQ(QDir(folder.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries | QDir::Hidden),
              QStringList{QStringLiteral("keep.png")});
}

TEST(ExportDialog, CopyPutsTheImageOrTheNumbersOnTheClipboard) {
    const auto trace = makeTrace();
    ExportDialog dialog(trace);
    dialog.setInteractive(false);
    dialog.setFormat(ExportDialog::Format::Png);
    ASSERT_TRUE(dialog.copyToClipboard()) << dialog.lastError().toStdString();
    EXPECT_FALSE(QApplication::clipboard()->image().isNull());

    dialog.setFormat(ExportDialog::Format::Csv);
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
