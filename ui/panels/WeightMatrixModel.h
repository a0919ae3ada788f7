#pragma once
#include <QAbstractTableModel>
#include <QFont>
#include <QStringList>

#include <Eigen/Core>

namespace attnviz::ui {

/// One projection matrix (W_Q, W_K, W_V or W_O) as an editable table: rows and columns named
/// (the teaching model's dimensions, or "0", "1", … counting from 0 as numpy does). Only finite
/// numbers are accepted: anything else leaves the matrix unchanged.
class WeightMatrixModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit WeightMatrixModel(QObject* parent = nullptr);

    /// Replaces the matrix and the headers (reset). Empty names: numbered headers; explanations
    /// (same length as the names, or empty) become the headers' tooltips.
    void setMatrix(Eigen::MatrixXd matrix, const QStringList& rowNames = {}, const QStringList& columnNames = {},
                   const QStringList& rowExplanations = {}, const QStringList& columnExplanations = {});
    [[nodiscard]] const Eigen::MatrixXd& matrix() const { return matrix_; }
    /// How a value is shown in a cell: 4 decimals, as in the explainer (every digit when edited
    /// and in the tooltip), in the interface's language ("0,5000" in French).
    [[nodiscard]] static QString displayText(double value);
    /// The longest displayText of the matrix (sizes the columns).
    [[nodiscard]] QString widestText() const;

    /// The number a cell's text stands for: "0.5", "-2", "1e-3", "0,5" (a decimal comma) and
    /// "−2" (U+2212, as the window writes it).
    /// *ok is false (and 0 returned) for anything that is not a finite number.
    [[nodiscard]] static double parseNumber(const QString& text, bool* ok);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    [[nodiscard]] Qt::ItemFlags flags(const QModelIndex& index) const override;
    /// Accepts a double or a text parseNumber understands; refuses (false) anything else.
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

signals:
    /// A cell was changed by setData (not by setMatrix).
    void valueEdited(int row, int column, double value);

private:
    Eigen::MatrixXd matrix_;
    QFont bold_;  ///< non-zero entries (FontRole), made once: a QFont per cell is slow
    QStringList rowNames_, columnNames_, rowExplanations_, columnExplanations_;
};

}  // namespace attnviz::ui
