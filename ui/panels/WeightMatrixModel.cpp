#include "ui/panels/WeightMatrixModel.h"

#include <QFont>
#include <QLocale>

#include <cmath>

#include "ui/heatmap/HeatmapGeometry.h"
#include "ui/i18n/Language.h"

namespace attnviz::ui {

WeightMatrixModel::WeightMatrixModel(QObject* parent) : QAbstractTableModel(parent) {
    bold_.setBold(true);  // only the weight is set: the view's font gives the rest
}

void WeightMatrixModel::setMatrix(Eigen::MatrixXd matrix, const QStringList& rowNames,
                                  const QStringList& columnNames, const QStringList& rowExplanations,
                                  const QStringList& columnExplanations) {
    beginResetModel();
    matrix_ = std::move(matrix);  // a d_model of 1,260 is 12.7 MB: moved in, not copied
    rowNames_ = rowNames;
    columnNames_ = columnNames;
    rowExplanations_ = rowExplanations;
    columnExplanations_ = columnExplanations;
    endResetModel();
}

double WeightMatrixModel::parseNumber(const QString& text, bool* ok) {
    QString plain = text.trimmed();
    plain.replace(QLatin1Char(','), QLatin1Char('.'));
    plain.replace(QChar(0x2212), QLatin1Char('-'));
    bool parsed = false;
    const double value = QLocale::c().toDouble(plain, &parsed);
    *ok = parsed && std::isfinite(value);
    return *ok ? value : 0.0;
}

int WeightMatrixModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(matrix_.rows());
}

int WeightMatrixModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(matrix_.cols());
}

QString WeightMatrixModel::displayText(double value) { return formatValue(value, 4, numberLocale()); }

QString WeightMatrixModel::widestText() const {
    // With a fixed number of decimals the longest text is that of the largest magnitude, with a
    // minus sign if any value has one (no text is made per value: 1,024² of them take a second).
    if (matrix_.size() == 0) return displayText(0);
    const double largest = matrix_.cwiseAbs().maxCoeff();
    return displayText((matrix_.array() < 0).any() ? -largest : largest);
}

QVariant WeightMatrixModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const double value = matrix_(index.row(), index.column());
    switch (role) {
        case Qt::DisplayRole: return displayText(value);
        case Qt::EditRole: return formatExactValue(value, numberLocale());  // every digit: editing keeps the value
        case Qt::TextAlignmentRole: return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        case Qt::FontRole: return value != 0 ? QVariant(bold_) : QVariant();
        case Qt::ToolTipRole: {
            const QString row = headerData(index.row(), Qt::Vertical).toString();
            const QString column = headerData(index.column(), Qt::Horizontal).toString();
            return tr("Row %1 «\u00a0%2\u00a0», column %3 «\u00a0%4\u00a0»: %5")
                .arg(index.row())
                .arg(row)
                .arg(index.column())
                .arg(column, formatExactValue(value, numberLocale()));
        }
        default: return {};
    }
}

QVariant WeightMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const {
    const QStringList& names = orientation == Qt::Horizontal ? columnNames_ : rowNames_;
    const QStringList& explanations = orientation == Qt::Horizontal ? columnExplanations_ : rowExplanations_;
    if (role == Qt::DisplayRole) return section < names.size() ? names[section] : QString::number(section);
    if (role == Qt::ToolTipRole && section < explanations.size()) return explanations[section];
    return QAbstractTableModel::headerData(section, orientation, role);
}

Qt::ItemFlags WeightMatrixModel::flags(const QModelIndex& index) const {
    return index.isValid() ? QAbstractTableModel::flags(index) | Qt::ItemIsEditable : Qt::NoItemFlags;
}

bool WeightMatrixModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!index.isValid() || role != Qt::EditRole) return false;
    bool ok = false;
    double number = 0;
    if (value.typeId() == QMetaType::Double) {
        number = value.toDouble();
        ok = std::isfinite(number);
    } else {
        number = parseNumber(value.toString(), &ok);
    }
    if (!ok) return false;
    if (matrix_(index.row(), index.column()) == number) return true;
    matrix_(index.row(), index.column()) = number;
    emit dataChanged(index, index);
    emit valueEdited(index.row(), index.column(), number);
    return true;
}

}  // namespace attnviz::ui
