#pragma once
// The cost lab's "What each technique keeps": exact attention's weights beside those of Flash,
// sliding window + global tokens, block-sparse or linear attention, their difference, and a table
// of every technique's numbers with a sentence on what each trades, for the window's sentence
// or the lab's long example text.
//
// Wiring (MainWindow): add it as a page of the cost lab's tab, then on every finished computation
//     comparison->setTrace(result->trace, result->head);
// (it recomputes only while visible, from the trace's Q, K, V: never the window's heatmap).
#include <QWidget>

#include <atomic>
#include <exception>
#include <memory>
#include <optional>

#include "core/attention/AttentionTrace.h"
#include "core/costlab/CostComparison.h"
#include "ui/costlab/ComparisonInputs.h"
#include "ui/jobs/LatestJob.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace attnviz::ui {

class ComparisonCanvas;

class TechniqueComparisonView : public QWidget {
    Q_OBJECT
public:
    /// What is compared: the window's sentence, or the long example text under the sentence's
    /// settings (the same model, head and mask).
    enum class Text { Sentence, LongText };

    /// Each text's technique settings, changed with the controls. The defaults drop cells of both:
    /// on a sentence of 10 tokens w = 2 and blocks of 3 keep about half of them.
    struct Settings {
        int window = 2;
        QString globalTokens = QStringLiteral("0");
        int blockSize = 3;
        int globalBlocks = 1;
        int randomBlocks = 1;
    };
    [[nodiscard]] static Settings defaultSettings(Text text);

    explicit TechniqueComparisonView(QWidget* parent = nullptr);
    ~TechniqueComparisonView() override;

    /// The window's sentence and the head it shows (kAllHeads: head 0): compared with the
    /// trace's Q, K, V; the long text is computed with the trace's configuration.
    void setTrace(std::shared_ptr<const AttentionTrace> trace, int head);
    /// Q, K, V given directly (instead of a trace's) for the sentence; the long text then needs a trace.
    void setInput(ComparisonInput input);
    void setText(Text text);
    [[nodiscard]] Text text() const { return text_; }
    /// One of kComparedTechniques.
    void setTechnique(CostKernel technique);
    [[nodiscard]] CostKernel technique() const { return technique_; }
    /// The shown text's settings (the controls follow).
    void setSettings(const Settings& settings);
    [[nodiscard]] Settings settings() const;

    /// The comparison shown (null before the first one is made).
    [[nodiscard]] const std::shared_ptr<const CostComparison>& comparison() const { return comparison_; }
    /// The tokens of the comparison shown.
    [[nodiscard]] const QStringList& tokens() const { return tokens_; }
    /// True while a comparison is being made on the worker.
    [[nodiscard]] bool isBusy() const { return busy_; }
    /// The comparison, made now on this thread (tests, screenshots, exports without a display).
    void compareNow();

    [[nodiscard]] QTableWidget* table() const { return table_; }
    [[nodiscard]] QLabel* status() const { return status_; }
    [[nodiscard]] QWidget* canvas() const;

    /// Writes the figure (the maps, every technique's numbers and what each trades) to path: PNG
    /// (at twice its size), SVG or PDF, by the suffix; atomically. Throws Error.
    void exportFigure(const QString& path) const;

signals:
    /// A new comparison is shown (or its refusal written in the status line).
    void comparisonShown();

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    struct Made {
        std::shared_ptr<const CostComparison> comparison;
        QStringList tokens;
        std::exception_ptr failure;
    };
    struct Request {
        std::optional<ComparisonInput> input;  ///< the sentence's, or nothing: the long text's, made from trace
        std::shared_ptr<const AttentionTrace> trace;
        int head = 0;
        CostOptions options;
    };
    [[nodiscard]] static Made make(const Request& request, const std::atomic<bool>* cancel);
    /// The request for the current text and settings; nothing (a message shown) when it cannot be made.
    [[nodiscard]] std::optional<Request> request();
    void restart();
    void display(Made made);
    void showTable();
    void showTrade();
    void retranslateUi();
    void readControls();
    void writeControls();
    void exportWithDialog();

    Text text_ = Text::Sentence;
    CostKernel technique_ = CostKernel::Window;
    Settings settings_[2];
    std::shared_ptr<const AttentionTrace> trace_;
    int head_ = 0;
    std::optional<ComparisonInput> input_;

    std::shared_ptr<const CostComparison> comparison_;
    QStringList tokens_;
    bool busy_ = false;
    bool stale_ = false;  ///< the inputs changed while hidden: compare when shown
    bool writingControls_ = false;

    QLabel* textLabel_ = nullptr;
    QComboBox* textChoice_ = nullptr;
    QLabel* techniqueLabel_ = nullptr;
    QComboBox* techniqueChoice_ = nullptr;
    QLabel* windowLabel_ = nullptr;
    QSpinBox* window_ = nullptr;
    QLabel* globalsLabel_ = nullptr;
    QLineEdit* globals_ = nullptr;
    QLabel* blockLabel_ = nullptr;
    QSpinBox* blockSize_ = nullptr;
    QLabel* globalBlocksLabel_ = nullptr;
    QSpinBox* globalBlocks_ = nullptr;
    QLabel* randomBlocksLabel_ = nullptr;
    QSpinBox* randomBlocks_ = nullptr;
    QPushButton* export_ = nullptr;
    QLabel* status_ = nullptr;
    QLabel* trade_ = nullptr;  ///< the chosen technique's sentence, in full
    ComparisonCanvas* canvas_ = nullptr;
    QTableWidget* table_ = nullptr;
    /// Last, so that it is destroyed first: it cancels the comparison and waits for it.
    LatestJob<Made> comparing_{this};
};

}  // namespace attnviz::ui
