#pragma once
#include <QDialog>
#include <QImage>
#include <QString>
#include <QTimer>

#include <memory>

#include "core/attention/AttentionTrace.h"
#include "ui/export/ExportRequest.h"
#include "ui/heatmap/MatrixSource.h"
#include "ui/jobs/LatestJob.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QStackedWidget;

namespace attnviz::ui {

/// File → Export…: choose what (step, head) and how (PNG at a resolution, SVG, PDF, CSV of the
/// matrix, JSON of the whole trace, title, colour map, values, caption), see a preview, then
/// write the file (atomically, through exportFile) or copy it to the clipboard. The preview is
/// drawn on a worker thread; the latest choice wins.
class ExportDialog : public QDialog {
    Q_OBJECT
public:
    ExportDialog(std::shared_ptr<const AttentionTrace> trace, QWidget* parent = nullptr);
    ~ExportDialog() override;

    void setStep(Step step);
    void setHead(int head);  ///< 0 … h−1 or kAllHeads
    /// The map "Automatic" uses for weights (the window's); signed steps always get RdBu_r.
    void setAutomaticWeightsColorMap(const QString& name);
    /// The weights' colour range of the figures (the window's; WeightsRange::Fixed by default).
    void setWeightsRange(WeightsRange range);
    void setFormat(ExportFormat format);
    /// Every layer and head of the sentence: offers the picture "All heads" (the model view) beside
    /// the heatmap. Null: the heatmap only.
    void setStack(std::shared_ptr<const AttentionStack> stack);
    /// The picture: the heatmap, or every head (ExportView::Model).
    void setView(ExportView view);
    [[nodiscard]] ExportView view() const;
    [[nodiscard]] Step step() const;
    [[nodiscard]] int head() const;  ///< 0 … h−1 or kAllHeads (the box shows heads counted from 1)
    [[nodiscard]] ExportFormat format() const;
    /// The export as chosen, without a path: the interface's language for the dimension names,
    /// the resolution as the PNG scale (dpi / 96), an empty title for the default one.
    [[nodiscard]] ExportRequest request() const;

    /// Writes the chosen file to path. False on failure: lastError() says why (and a message box
    /// shows it when interactive); an existing file is then left byte-identical.
    bool exportTo(const QString& path);
    /// Copies the chosen image (PNG/SVG/PDF formats) or the matrix as CSV text (CSV, JSON).
    bool copyToClipboard();
    [[nodiscard]] QString lastError() const { return lastError_; }
    void setInteractive(bool interactive) { interactive_ = interactive; }

    /// The preview as last drawn (null before the first one), and whether one is being drawn.
    [[nodiscard]] QImage previewImage() const { return preview_; }
    [[nodiscard]] bool isPreviewPending() const;
    /// The size of the figure as exported (figure units), for the chosen step and head.
    [[nodiscard]] QSizeF figureSize() const { return figureSize_; }

    [[nodiscard]] QComboBox* viewBox() const { return view_; }
    [[nodiscard]] QComboBox* stepBox() const { return step_; }
    [[nodiscard]] QComboBox* headBox() const { return head_; }
    [[nodiscard]] QLineEdit* titleEdit() const { return title_; }
    [[nodiscard]] QSpinBox* dpiBox() const { return dpi_; }

private:
    struct PreviewResult {
        QImage image;
        QSizeF figureSize;
        QString text;  ///< CSV and JSON formats: what the file will hold
        QString error;
    };

    void chooseFileAndExport();
    void schedulePreview();
    void startPreview();
    void showPreview(const PreviewResult& result);
    /// The model view's preview: the figure scaled into the preview's area, or the summaries' text.
    static void previewModel(const ExportRequest& chosen, PreviewResult& result);
    void updateEnabledState();
    void updateSizeText();
    void fail(const QString& message);

    std::shared_ptr<const AttentionTrace> trace_;
    std::shared_ptr<const AttentionStack> stack_;
    QString weightsColorMap_;
    WeightsRange weightsRange_ = WeightsRange::Fixed;
    QComboBox* format_ = nullptr;
    QComboBox* view_ = nullptr;
    QLabel* viewLabel_ = nullptr;
    QComboBox* step_ = nullptr;
    QComboBox* head_ = nullptr;
    QComboBox* colorMap_ = nullptr;
    QLineEdit* title_ = nullptr;
    QCheckBox* values_ = nullptr;
    QCheckBox* caption_ = nullptr;
    QSpinBox* dpi_ = nullptr;
    QLabel* sizeText_ = nullptr;
    QStackedWidget* previewStack_ = nullptr;
    QLabel* previewLabel_ = nullptr;
    QPlainTextEdit* textPreview_ = nullptr;
    QPushButton* exportButton_ = nullptr;
    QPushButton* copyButton_ = nullptr;

    QTimer previewDelay_;
    bool previewPending_ = false;
    QImage preview_;
    QSizeF figureSize_;
    QString lastError_;
    QString lastFolder_;
    bool interactive_ = true;
    /// Last, so that it is destroyed first (it waits for the preview being drawn).
    LatestJob<PreviewResult> previewJob_{this};
};

}  // namespace attnviz::ui
