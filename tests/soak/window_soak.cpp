// Soak: the window offscreen takes thousands of random, seeded edits through its real widgets
// (typing, the mask, scaling and position toggles, d_model, heads, the head shown, the steps and
// tabs, the models of the preset box, the colour map and temperature) with an export after every
// tenth edit (PNG, SVG, PDF, CSV, JSON in turn), and checks that memory does not grow: the
// resident size at the end must stay within a margin of the one after a warm-up. Built under the
// asan preset, LeakSanitizer checks at exit that nothing was leaked.
//
// Not a unit test (minutes, not seconds): ctest label "soak", left out of the release test
// preset. Usage: window_soak [--edits N] [--seed S] [--margin-mib M]
#include <malloc.h>

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QFile>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "ui/export/ExportFormat.h"
#include "ui/export/ExportRequest.h"
#include "ui/export/FilePath.h"
#include "ui/panels/ControlsPanel.h"
#include "ui/panels/StepperView.h"
#include "ui/shell/MainWindow.h"
#include "ui/shell/RecoveryCopy.h"

namespace {

using attnviz::ui::MainWindow;

struct Options {
    int edits = 10000;
    std::uint64_t seed = 20261202;
    /// Allowed growth of the resident size from the warm-up to the end. Why 16 MiB: the heap is
    /// trimmed before each reading, but glibc keeps a heap arena per worker thread and Qt keeps
    /// bounded caches (glyphs, pixmaps: QPixmapCache holds up to 10 MiB) that fill at their own
    /// pace; a leak of one small trace per edit (≥ 2 KiB × 9,000 edits after the warm-up) is
    /// larger, and LeakSanitizer sees smaller ones.
    double marginMiB = 16.0;
};

/// The resident size of this process in MiB, after handing free heap pages back to the system
/// (so that what the allocator merely keeps does not count).
double residentMiB() {
    malloc_trim(0);
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmRSS:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
    }
    return -1.0;
}

/// Waits until no computation is pending (at most 20 s: a hang detector).
bool waitIdle(const MainWindow& window) {
    const QDeadlineTimer deadline(20000);
    while (window.isBusy()) {
        if (deadline.hasExpired()) return false;
        QTest::qWait(2);
    }
    return true;
}

const std::array<const char*, 12> kWords = {"le", "chat", "est", "assis", "sur", "tapis", "the", "cat",
                                            "sat", "on", "mat", "dort"};

/// One random edit through the widgets a user touches.
void edit(MainWindow& window, std::mt19937_64& random) {
    auto pick = [&](int count) { return static_cast<int>(random() % static_cast<std::uint64_t>(count)); };
    attnviz::ui::ControlsPanel* controls = window.controls();
    switch (pick(10)) {
        case 0:
        case 1: {  // typing: a word, a deletion, or a new short sentence when it grew long
            QPlainTextEdit* text = window.sentenceEdit();
            text->setFocus();
            text->moveCursor(QTextCursor::End);
            if (text->toPlainText().size() > 60) {
                text->selectAll();
                QTest::keyClicks(text, QStringLiteral("le chat"));
            } else if (pick(4) == 0) {
                QTest::keyClick(text, Qt::Key_Backspace);
            } else {
                QTest::keyClicks(text, QLatin1Char(' ') + QLatin1String(kWords[static_cast<std::size_t>(pick(kWords.size()))]));
            }
            break;
        }
        case 2: {  // toggles
            const std::array<QCheckBox*, 3> boxes = {controls->causalBox(), controls->scalingBox(), controls->positionsBox()};
            QCheckBox* box = boxes[static_cast<std::size_t>(pick(3))];
            if (box->isEnabled()) box->click();
            break;
        }
        case 3:  // heads (some do not divide d_model: the message bar's path)
            controls->headsBox()->setValue(1 + pick(4));
            break;
        case 4:  // d_model
            controls->dModelBox()->setValue(controls->dModelBox()->minimum() + 2 * pick(4));
            break;
        case 5: {  // the head shown
            QComboBox* head = controls->headBox();
            if (head->count() > 0) head->setCurrentIndex(pick(head->count()));
            break;
        }
        case 6:  // steps, and the tabs (not the cost lab: it measures for seconds)
            if (pick(2) == 0) {
                window.tabs()->setCurrentIndex(pick(4));
            } else if (pick(2) == 0) {
                window.stepper()->next();
            } else {
                window.stepper()->previous();
            }
            break;
        case 7: {  // models: the preset box (teaching, random, …)
            QComboBox* preset = controls->presetBox();
            preset->setCurrentIndex(pick(preset->count()));
            break;
        }
        case 8: {
            QComboBox* map = controls->colorMapBox();
            map->setCurrentIndex(pick(map->count()));
            break;
        }
        default: {
            QSlider* temperature = controls->temperatureSlider();
            temperature->setValue(temperature->minimum() + pick(temperature->maximum() - temperature->minimum() + 1));
            break;
        }
    }
}

/// The result on screen to a file of folder, in one of the five formats.
void exportOnce(const MainWindow& window, int index, const QString& folder) {
    const std::array<attnviz::ui::ExportFormat, 5> formats = {
        attnviz::ui::ExportFormat::Png, attnviz::ui::ExportFormat::Svg, attnviz::ui::ExportFormat::Csv,
        attnviz::ui::ExportFormat::Json, attnviz::ui::ExportFormat::Pdf};
    attnviz::ui::ExportRequest request;
    request.trace = window.currentTrace();
    if (!request.trace) return;
    request.format = formats[static_cast<std::size_t>(index) % formats.size()];
    request.head = window.currentHead();
    if (request.head != attnviz::kAllHeads && request.head >= request.trace->config().heads) request.head = 0;
    request.path = attnviz::ui::toPath(folder + QStringLiteral("/export.") + attnviz::ui::exportFormatSuffix(request.format));
    attnviz::ui::exportFile(request);
}

Options parse(int argc, char** argv) {
    Options options;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string name = argv[i];
        if (name == "--edits") options.edits = std::atoi(argv[i + 1]);
        else if (name == "--seed") options.seed = std::strtoull(argv[i + 1], nullptr, 10);
        else if (name == "--margin-mib") options.marginMiB = std::atof(argv[i + 1]);
    }
    return options;
}

}  // namespace

int main(int argc, char** argv) {
    const Options options = parse(argc, argv);
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);  // never the user's settings
    const QTemporaryDir folder;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, folder.path());
    QCoreApplication::setOrganizationName(QStringLiteral("AttnVizSoak"));
    QApplication application(argc, argv);

    MainWindow window;
    window.resize(1600, 960);
    window.show();
    // The program's recovery copy too: it is written after the edits' pauses.
    auto* recovery = new attnviz::ui::RecoveryCopy(&window, folder.path() + QStringLiteral("/recovery"));
    (void)recovery;
    if (!waitIdle(window)) {
        std::fprintf(stderr, "window_soak: the first result never came\n");
        return 1;
    }

    std::mt19937_64 random(options.seed);
    const int warmUp = options.edits / 10;
    const int curveStep = std::max(1, options.edits / 10);
    double warm = -1.0;
    int exports = 0;
    QElapsedTimer clock;
    clock.start();
    std::printf("window_soak: %d edits, an export every 10th, seed %llu\n", options.edits,
                static_cast<unsigned long long>(options.seed));
    std::printf("  start: RSS %.1f MiB\n", residentMiB());
    for (int i = 1; i <= options.edits; ++i) {
        edit(window, random);
        QCoreApplication::processEvents();
        if (i % 10 == 0) {  // the result of the edits so far, then an export of it
            window.recomputeNow();
            if (!waitIdle(window)) {
                std::fprintf(stderr, "window_soak: edit %d: the computation never ended\n", i);
                return 1;
            }
            try {
                exportOnce(window, exports, folder.path());
                ++exports;
            } catch (const std::exception& failure) {
                std::fprintf(stderr, "window_soak: export %d failed: %s\n", exports, failure.what());
                return 1;
            }
        }
        if (i == warmUp) warm = residentMiB();
        if (i % curveStep == 0)
            std::printf("  edits %5d, exports %4d: RSS %.1f MiB (%.0f s)\n", i, exports, residentMiB(),
                        static_cast<double>(clock.elapsed()) / 1000.0);
    }
    std::fflush(stdout);
    const double end = residentMiB();
    const bool grew = end > warm + options.marginMiB;
    std::printf("window_soak: RSS after the warm-up (%d edits) %.1f MiB, at the end %.1f MiB: %+.1f MiB "
                "(margin %.0f MiB) in %.0f s: %s\n",
                warmUp, warm, end, end - warm, options.marginMiB, static_cast<double>(clock.elapsed()) / 1000.0,
                grew ? "MEMORY GREW" : "ok");
    return grew ? 1 : 0;
}
