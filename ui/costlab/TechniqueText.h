#pragma once
// How "What each technique keeps" names each technique, says in one sentence what it trades (in
// the chapter's terms) and writes its numbers, the same in the view's table and in an export.
#include <QCoreApplication>
#include <QLocale>
#include <QString>

#include "core/costlab/CostKernel.h"

namespace attnviz::ui {

class TechniqueText {
    Q_DECLARE_TR_FUNCTIONS(attnviz::ui::TechniqueText)

public:
    /// "Exact (the chapter's code)" for Naive, "Flash", "Sliding window + global", "Sparse
    /// (blocks)", "Linear (φ = elu + 1)".
    [[nodiscard]] static QString name(CostKernel kernel);
    /// One sentence: what the technique keeps and what it gives up.
    [[nodiscard]] static QString trade(CostKernel kernel);
    /// The settings the technique ran with: "w = 2, global tokens 0", "blocks of 3, 1 global, 1
    /// random"; empty for the others.
    [[nodiscard]] static QString settings(CostKernel kernel, const CostOptions& options, const QLocale& locale);

    /// The largest |output error|: "0" for exactly 0, "3.1e-16" under 0.001, else 3 significant digits.
    [[nodiscard]] static QString outputError(double value, const QLocale& locale);
    /// A divergence: "0.42 bits" (2 decimals; "< 0.01 bits" from 1e-9 to 0.005, "0.00 bits" below:
    /// rounding).
    [[nodiscard]] static QString bits(double value, const QLocale& locale);
    /// A share as a percentage with no decimal ("31 %"), "< 1 %" / "> 99 %" near the ends.
    [[nodiscard]] static QString percent(double share, const QLocale& locale);
    /// Operations with a prefix: "720", "4.2 k", "16 k", "1.6 M", "3.4 G".
    [[nodiscard]] static QString flops(double value, const QLocale& locale);
    /// Bytes in binary units: "72 bytes", "1.5 KiB" (the locale's own units).
    [[nodiscard]] static QString bytes(double value, const QLocale& locale);
};

}  // namespace attnviz::ui
