#pragma once
#include <QWidget>

#include <array>
#include <cstdint>
#include <memory>
#include <optional>

#include "core/formats/WeightsFile.h"
#include "core/model/AttentionConfig.h"
#include "core/model/Projections.h"

class QLabel;
class QPushButton;
class QTabWidget;
class QTableView;

namespace attnviz::ui {

class WeightMatrixModel;

/// W_Q, W_K, W_V and W_O as editable tables, one tab each, rows and columns named by the teaching
/// model when it is in use. Double-click a number, type another, Enter: weightsEdited carries the
/// four matrices (the window recomputes with them). Only finite numbers are accepted. Reset asks
/// for the matrices the edits started from: the preset's own (teaching model, seeded, identity)
/// or those of the file or session they came from. Holds no config of its own beyond that.
class WeightEditor : public QWidget {
    Q_OBJECT
public:
    enum Matrix { WQ = 0, WK = 1, WV = 2, WO = 3 };

    explicit WeightEditor(QWidget* parent = nullptr);

    /// Shows the matrices config uses (the tables are rebuilt only when they change; while the
    /// editor is hidden, the last config waits until it is shown). A config whose matrices are not
    /// this editor's last edit becomes what Reset goes back to.
    void showConfig(const AttentionConfig& config);
    /// current with the matrices Reset goes back to (preset, d_model and supplied matrices).
    [[nodiscard]] AttentionConfig resetConfig(const AttentionConfig& current) const;
    /// True when the matrices shown differ from those Reset goes back to.
    [[nodiscard]] bool isEdited() const;
    /// The four matrices shown.
    [[nodiscard]] Weights weights() const;

    [[nodiscard]] QTabWidget* tabs() const { return tabs_; }
    [[nodiscard]] QTableView* table(Matrix matrix) const { return tables_[matrix]; }
    [[nodiscard]] WeightMatrixModel* model(Matrix matrix) const { return models_[matrix]; }
    [[nodiscard]] QPushButton* resetButton() const { return reset_; }

signals:
    /// A number was changed in a table: the four matrices, the edit included.
    void weightsEdited(const attnviz::Weights& weights);
    /// Reset was clicked: the window should use resetConfig(its config).
    void resetRequested();

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    /// What decides the matrices of a config (so other settings do not rebuild the tables).
    struct Source {
        ProjectionPreset preset = ProjectionPreset::Random;
        int dModel = 0;
        std::uint64_t seed = 0;
        SuppliedProjections supplied;
        std::shared_ptr<const TeachingModel> teachingModel;
    };
    [[nodiscard]] static bool sameSource(const Source& a, const Source& b);
    [[nodiscard]] static bool sameMatrices(const Projections& a, const Projections& b);
    void onValueEdited();
    void retranslateUi();
    /// Puts matrix in table m, headed by namesFrom_'s dimensions in the current language (or numbered).
    void showMatrix(int m, Eigen::MatrixXd matrix);
    /// Matrix m of what Reset goes back to.
    [[nodiscard]] const Eigen::MatrixXd& pristineMatrix(int m) const;
    void updateStatus();

    std::array<WeightMatrixModel*, 4> models_{};
    std::array<QTableView*, 4> tables_{};
    QTabWidget* tabs_ = nullptr;
    QLabel* help_ = nullptr;
    QLabel* status_ = nullptr;
    QPushButton* reset_ = nullptr;

    bool hasSource_ = false;
    std::optional<AttentionConfig> pending_;  ///< the config to show once visible
    Source shown_;
    const TeachingModel* namesFrom_ = nullptr;  ///< the model naming the headers; null: numbered
    QString namesLanguage_;                     ///< the language of those names
    ProjectionPreset pristinePreset_ = ProjectionPreset::Random;
    int pristineDModel_ = 0;
    SuppliedProjections pristineSupplied_;
    /// What Reset goes back to, but for supplied matrices (pristineSupplied_ holds them, shared):
    /// the teaching model's, or the seeded or identity ones.
    Projections pristineMatrices_;
    /// Changed in a table since the last config that was not this editor's own edit. Until then
    /// the tables hold what Reset goes back to (but edited teaching weights, which are compared).
    bool edited_ = false;
    Projections lastEdit_;          ///< the matrices of the last weightsEdited
};

}  // namespace attnviz::ui
