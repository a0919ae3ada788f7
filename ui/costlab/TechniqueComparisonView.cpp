#include "ui/costlab/TechniqueComparisonView.h"

#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QScrollBar>
#include <QVBoxLayout>

#include <utility>

#include "core/base/Errors.h"
#include "core/base/Limits.h"
#include "core/base/SettingParsers.h"
#include "core/io/AtomicFile.h"
#include "ui/costlab/ComparisonCanvas.h"
#include "ui/costlab/TechniqueText.h"
#include "ui/export/ExportFormat.h"
#include "ui/export/FigureExporter.h"
#include "ui/export/FilePath.h"
#include "ui/i18n/CoreMessages.h"
#include "ui/style/FigureFont.h"
#include "ui/style/ScrollableRow.h"
#include "ui/style/Theme.h"

namespace attnviz::ui {

namespace {

int index(TechniqueComparisonView::Text text) { return text == TechniqueComparisonView::Text::Sentence ? 0 : 1; }

/// The table's rows: exact, then each technique.
std::vector<const TechniqueComparison*> rowsOf(const CostComparison& comparison) {
    std::vector<const TechniqueComparison*> rows = {&comparison.exact};
    for (const TechniqueComparison& technique : comparison.techniques) rows.push_back(&technique);
    return rows;
}

}  // namespace

TechniqueComparisonView::Settings TechniqueComparisonView::defaultSettings(Text text) {
    if (text == Text::Sentence) return {};
    // A few hundred tokens: a window and blocks of a few dozen keep a band that is seen as one.
    return {16, QStringLiteral("0"), 32, 1, 2};
}

TechniqueComparisonView::TechniqueComparisonView(QWidget* parent) : QWidget(parent) {
    settings_[0] = defaultSettings(Text::Sentence);
    settings_[1] = defaultSettings(Text::LongText);

    textLabel_ = new QLabel(this);
    textChoice_ = new QComboBox(this);
    textChoice_->addItems({QString(), QString()});
    techniqueLabel_ = new QLabel(this);
    techniqueChoice_ = new QComboBox(this);
    for (const CostKernel kernel : kComparedTechniques)
        techniqueChoice_->addItem(QString(), static_cast<int>(kernel));
    techniqueChoice_->setCurrentIndex(1);  // the window: the technique that visibly drops cells
    export_ = new QPushButton(this);
    auto* choices = new QHBoxLayout;
    choices->addWidget(textLabel_);
    choices->addWidget(textChoice_);
    choices->addSpacing(12);
    choices->addWidget(techniqueLabel_);
    choices->addWidget(techniqueChoice_);
    choices->addStretch(1);
    choices->addWidget(export_);

    const auto spin = [this](int least, int most) {
        auto* box = new QSpinBox(this);
        box->setRange(least, most);
        return box;
    };
    windowLabel_ = new QLabel(this);
    window_ = spin(1, limits::kMaxComparisonTokens);
    globalsLabel_ = new QLabel(this);
    globals_ = new QLineEdit(this);
    globals_->setMaximumWidth(fontMetrics().horizontalAdvance(QStringLiteral("0, 00, 000")) * 2);
    blockLabel_ = new QLabel(this);
    blockSize_ = spin(1, limits::kMaxComparisonTokens);
    globalBlocksLabel_ = new QLabel(this);
    globalBlocks_ = spin(0, limits::kMaxComparisonTokens);
    randomBlocksLabel_ = new QLabel(this);
    randomBlocks_ = spin(0, limits::kMaxComparisonTokens);
    windowLabel_->setBuddy(window_);
    globalsLabel_->setBuddy(globals_);
    blockLabel_->setBuddy(blockSize_);
    globalBlocksLabel_->setBuddy(globalBlocks_);
    randomBlocksLabel_->setBuddy(randomBlocks_);
    auto* controls = new QHBoxLayout;
    for (QWidget* widget : std::initializer_list<QWidget*>{windowLabel_, window_, globalsLabel_, globals_, blockLabel_,
                                                          blockSize_, globalBlocksLabel_, globalBlocks_,
                                                          randomBlocksLabel_, randomBlocks_})
        controls->addWidget(widget);
    controls->addStretch(1);

    status_ = new QLabel(this);
    status_->setWordWrap(true);
    canvas_ = new ComparisonCanvas(this);
    table_ = new QTableWidget(0, 8, this);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    // One line per technique, so that the maps keep the height: the chosen technique's sentence is
    // written in full under the maps (trade_), every row's in its tooltip.
    table_->setWordWrap(false);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    // As tall as its rows; its width never pushes the window's docks aside (it scrolls instead).
    table_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    trade_ = new QLabel(this);
    trade_->setWordWrap(true);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(scrollableRow(choices));
    layout->addWidget(scrollableRow(controls));
    layout->addWidget(status_);
    layout->addWidget(canvas_, 1);
    layout->addWidget(trade_);
    layout->addWidget(table_);
    layout->addStretch(0);  // what the maps do not need at this width (the canvas grows first)

    connect(textChoice_, &QComboBox::currentIndexChanged, this,
            [this](int chosen) { setText(chosen == 0 ? Text::Sentence : Text::LongText); });
    connect(techniqueChoice_, &QComboBox::currentIndexChanged, this,
            [this](int) {
                if (!writingControls_) setTechnique(static_cast<CostKernel>(techniqueChoice_->currentData().toInt()));
            });
    for (QSpinBox* box : {window_, blockSize_, globalBlocks_, randomBlocks_})
        connect(box, &QSpinBox::valueChanged, this, [this] { readControls(); });
    connect(globals_, &QLineEdit::textEdited, this, [this] { readControls(); });
    connect(export_, &QPushButton::clicked, this, &TechniqueComparisonView::exportWithDialog);
    connect(table_, &QTableWidget::cellClicked, this, [this](int row, int) {
        // Row 0 is exact itself; rows 1 … 4 the techniques, in kComparedTechniques' order.
        if (row >= 1 && row <= static_cast<int>(std::size(kComparedTechniques)))
            setTechnique(kComparedTechniques[row - 1]);
    });

    writeControls();
    retranslateUi();
}

TechniqueComparisonView::~TechniqueComparisonView() = default;

QWidget* TechniqueComparisonView::canvas() const { return canvas_; }

void TechniqueComparisonView::setTrace(std::shared_ptr<const AttentionTrace> trace, int head) {
    trace_ = std::move(trace);
    head_ = head;
    input_ = trace_ ? std::optional<ComparisonInput>(comparisonInput(*trace_, head)) : std::nullopt;
    restart();
}

void TechniqueComparisonView::setInput(ComparisonInput input) {
    input_ = std::move(input);
    restart();
}

void TechniqueComparisonView::setText(Text text) {
    if (text == text_) return;
    text_ = text;
    writeControls();
    restart();
}

void TechniqueComparisonView::setTechnique(CostKernel technique) {
    technique_ = technique;
    writingControls_ = true;
    techniqueChoice_->setCurrentIndex(techniqueChoice_->findData(static_cast<int>(technique)));
    writingControls_ = false;
    canvas_->setComparison(comparison_, tokens_, technique_);
    if (comparison_) table_->selectRow(techniqueChoice_->currentIndex() + 1);
    showTrade();
}

void TechniqueComparisonView::showTrade() {
    trade_->setText(QStringLiteral("<b>%1</b>: %2")
                        .arg(TechniqueText::name(technique_).toHtmlEscaped(), TechniqueText::trade(technique_).toHtmlEscaped()));
}

void TechniqueComparisonView::setSettings(const Settings& settings) {
    settings_[index(text_)] = settings;
    writeControls();
    restart();
}

TechniqueComparisonView::Settings TechniqueComparisonView::settings() const { return settings_[index(text_)]; }

void TechniqueComparisonView::readControls() {
    if (writingControls_) return;
    Settings& settings = settings_[index(text_)];
    settings.window = window_->value();
    settings.globalTokens = globals_->text();
    settings.blockSize = blockSize_->value();
    settings.globalBlocks = globalBlocks_->value();
    settings.randomBlocks = randomBlocks_->value();
    restart();
}

void TechniqueComparisonView::writeControls() {
    writingControls_ = true;
    const Settings& settings = settings_[index(text_)];
    textChoice_->setCurrentIndex(index(text_));
    window_->setValue(settings.window);
    globals_->setText(settings.globalTokens);
    blockSize_->setValue(settings.blockSize);
    globalBlocks_->setValue(settings.globalBlocks);
    randomBlocks_->setValue(settings.randomBlocks);
    writingControls_ = false;
}

std::optional<TechniqueComparisonView::Request> TechniqueComparisonView::request() {
    const Settings& settings = settings_[index(text_)];
    const std::optional<std::vector<int>> globals = parseTokenPositions(settings.globalTokens.toStdString());
    if (!globals) {
        status_->setText(tr("Global tokens: write positions from 0, separated by commas (\"0, 5\")."));
        return std::nullopt;
    }
    Request request;
    request.options.window = settings.window;
    request.options.globalTokens = *globals;
    request.options.blockSize = settings.blockSize;
    request.options.globalBlocks = settings.globalBlocks;
    request.options.randomBlocks = settings.randomBlocks;
    request.head = head_;
    if (text_ == Text::Sentence) {
        if (!input_) {
            status_->setText(tr("Type a sentence: its attention is compared here."));
            return std::nullopt;
        }
        request.input = input_;
        return request;
    }
    if (!trace_) {
        status_->setText(tr("The long text is computed with the sentence's settings: type a sentence first."));
        return std::nullopt;
    }
    request.trace = trace_;
    return request;
}

void TechniqueComparisonView::restart() {
    comparing_.cancel();  // an older comparison still running is not shown
    if (!isVisible()) {
        stale_ = true;
        return;
    }
    stale_ = false;
    std::optional<Request> made = request();
    if (!made) {
        busy_ = false;
        emit comparisonShown();
        return;
    }
    busy_ = true;
    status_->setText(tr("Comparing…"));
    comparing_.start([request = std::move(*made)](const JobControl& control) { return make(request, &control.cancelFlag()); },
                     [this](Made result) { display(std::move(result)); });
}

void TechniqueComparisonView::compareNow() {
    comparing_.cancel();
    const std::optional<Request> made = request();
    if (!made) return;
    display(make(*made, nullptr));
}

TechniqueComparisonView::Made TechniqueComparisonView::make(const Request& request, const std::atomic<bool>* cancel) {
    Made made;
    try {
        ComparisonInput input;
        if (request.input) {
            input = *request.input;
        } else {
            // The long text under the sentence's configuration: same model, head and mask.
            const AttentionTrace trace =
                AttentionTrace::compute(longExampleText().toStdString(), request.trace->config(), cancel);
            input = comparisonInput(trace, request.head);
        }
        CostOptions options = request.options;
        options.mask = input.mask;
        options.realKeys = input.realKeys;
        made.comparison = std::make_shared<const CostComparison>(
            compareCostTechniques(input.q, input.k, input.v, options, cancel));
        made.tokens = std::move(input.tokens);
    } catch (const Cancelled&) {
        // superseded: LatestJob drops what a cancelled job returns
    } catch (...) {
        made.failure = std::current_exception();
    }
    return made;
}

void TechniqueComparisonView::display(Made made) {
    busy_ = false;
    if (made.failure) {
        try {
            std::rethrow_exception(made.failure);
        } catch (const std::exception& failure) {
            status_->setText(translatedFailure(failure));
        }
        emit comparisonShown();
        return;
    }
    comparison_ = std::move(made.comparison);
    tokens_ = std::move(made.tokens);
    status_->setText(tr("n = %1. Hover a cell for its three numbers; click a row of the table to show that technique.")
                         .arg(locale().toString(comparison_->n)));
    canvas_->setComparison(comparison_, tokens_, technique_);
    showTable();
    emit comparisonShown();
}

void TechniqueComparisonView::showTable() {
    if (!comparison_) return;
    const QLocale numbers = locale();
    const std::vector<const TechniqueComparison*> rows = rowsOf(*comparison_);
    table_->setRowCount(static_cast<int>(rows.size()));
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
        const TechniqueComparison& row = *rows[static_cast<std::size_t>(r)];
        const QString cells[] = {TechniqueText::name(row.kernel),
                                 TechniqueText::outputError(row.maxOutputError, numbers),
                                 TechniqueText::bits(row.meanKlBits, numbers),
                                 TechniqueText::percent(row.meanDroppedMass, numbers),
                                 TechniqueText::percent(row.keptShare(), numbers),
                                 TechniqueText::flops(row.flops, numbers),
                                 TechniqueText::bytes(row.memoryBeyondInputs(), numbers),
                                 TechniqueText::trade(row.kernel)};
        for (int c = 0; c < 8; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c >= 1 && c <= 6) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            item->setToolTip(cells[7]);
            table_->setItem(r, c, item);
        }
    }
    // The numbers as wide as they need; the sentences take the rest, on one line.
    for (int c = 0; c < 8; ++c) table_->resizeColumnToContents(c);
    table_->resizeRowsToContents();
    int height = table_->horizontalHeader()->height() + table_->horizontalScrollBar()->sizeHint().height() +
                 2 * table_->frameWidth();
    for (int r = 0; r < table_->rowCount(); ++r) height += table_->rowHeight(r);
    table_->setFixedHeight(height);
    table_->selectRow(techniqueChoice_->currentIndex() + 1);
    showTrade();
}

void TechniqueComparisonView::retranslateUi() {
    textLabel_->setText(tr("&Text:"));
    textLabel_->setBuddy(textChoice_);
    textChoice_->setItemText(0, tr("the sentence"));
    textChoice_->setItemText(1, tr("the long example text"));
    techniqueLabel_->setText(tr("T&echnique:"));
    techniqueLabel_->setBuddy(techniqueChoice_);
    for (int i = 0; i < techniqueChoice_->count(); ++i)
        techniqueChoice_->setItemText(i, TechniqueText::name(static_cast<CostKernel>(techniqueChoice_->itemData(i).toInt())));
    windowLabel_->setText(tr("&w:"));
    window_->setToolTip(tr("The window: each token sees the keys less than w positions away"));
    globalsLabel_->setText(tr("&Global tokens:"));
    globals_->setToolTip(tr("Positions from 0 that see every key and that every query sees"));
    blockLabel_->setText(tr("&Block size:"));
    globalBlocksLabel_->setText(tr("Global b&locks:"));
    randomBlocksLabel_->setText(tr("&Random blocks:"));
    export_->setText(tr("E&xport…"));
    table_->setHorizontalHeaderLabels({tr("Technique"), tr("Max |output error|"), tr("Mean KL (bits)"),
                                       tr("Exact weight dropped"), tr("Cells kept"), tr("FLOPs"),
                                       tr("Memory beyond Q, K, V"), tr("What it trades")});
    table_->horizontalHeaderItem(2)->setToolTip(
        tr("KL(technique ‖ exact) per row, in bits: −log₂ of the share of exact's weight a window or sparse "
           "row keeps"));
    showTable();
    canvas_->update();
}

void TechniqueComparisonView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        showTable();
        canvas_->update();
    }
    QWidget::changeEvent(event);
}

void TechniqueComparisonView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (stale_ || (!comparison_ && !busy_)) restart();
}

void TechniqueComparisonView::exportFigure(const QString& path) const {
    if (!comparison_) throw Error(tr("nothing to export yet: the comparison is not made").toStdString());
    ComparisonLook look;
    look.font = figureFont(13);
    look.locale = locale();
    const ComparisonFigure figure(comparison_, tokens_, technique_, look);
    const PaintedFigure painted(figure.figureSize(), figure.figureTitle(),
                                [&figure](QPainter& painter) { figure.paintFigure(painter); });
    ExportFormat format = exportFormatFromName(QFileInfo(path).suffix()).value_or(ExportFormat::Png);
    if (!isFigureFormat(format)) format = ExportFormat::Png;
    const QByteArray bytes = encodeFigure(painted, format);
    writeFileAtomically(toPath(path), std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
}

void TechniqueComparisonView::exportWithDialog() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the Comparison"),
                                                      QStringLiteral("what_each_technique_keeps.png"),
                                                      tr("Images (*.png *.svg *.pdf)"));
    if (path.isEmpty()) return;
    try {
        exportFigure(path);
    } catch (const std::exception& error) {
        QMessageBox::warning(this, tr("Cannot export the comparison"), translatedFailure(error));
    }
}

}  // namespace attnviz::ui
