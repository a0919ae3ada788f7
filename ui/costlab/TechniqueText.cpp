#include "ui/costlab/TechniqueText.h"

#include <QStringList>

#include <cmath>

namespace attnviz::ui {

QString TechniqueText::name(CostKernel kernel) {
    switch (kernel) {
    case CostKernel::Naive: return tr("Exact (the chapter's code)");
    case CostKernel::Exact: return tr("Exact (fused)");
    case CostKernel::Flash: return tr("Flash");
    case CostKernel::Window: return tr("Sliding window + global");
    case CostKernel::Sparse: return tr("Sparse (blocks)");
    case CostKernel::Linear: return tr("Linear (φ = elu + 1)");
    }
    return {};
}

QString TechniqueText::trade(CostKernel kernel) {
    switch (kernel) {
    case CostKernel::Naive:
        return tr("Stores the whole n × n score matrix, then masks and softmaxes it: time O(n²·d), memory O(n²).");
    case CostKernel::Exact: return tr("Exact, a block of rows at a time.");
    case CostKernel::Flash:
        return tr("Exact, same numbers: reads the keys tile by tile with a running softmax and never stores the "
                  "n × n matrix (memory O(n·d)).");
    case CostKernel::Window:
        return tr("Each token sees its neighbours less than w positions away and the global tokens: long-range "
                  "links are dropped, time O(n·w·d).");
    case CostKernel::Sparse:
        return tr("Local, global and a few random blocks: the cells outside them are dropped, the rest is exact "
                  "attention renormalised.");
    case CostKernel::Linear:
        return tr("Never forms the softmax: φ(q)·φ(k) spreads the weight more evenly, time O(n·d²) instead of "
                  "O(n²·d).");
    }
    return {};
}

QString TechniqueText::settings(CostKernel kernel, const CostOptions& options, const QLocale& locale) {
    if (kernel == CostKernel::Window) {
        QStringList globals;
        for (const int position : options.globalTokens) globals << locale.toString(position);
        if (globals.isEmpty()) return tr("w = %1, no global token").arg(locale.toString(options.window));
        return tr("w = %1, global tokens %2").arg(locale.toString(options.window), globals.join(QStringLiteral(", ")));
    }
    if (kernel == CostKernel::Sparse)
        return tr("blocks of %1, %2 global, %3 random")
            .arg(locale.toString(options.blockSize), locale.toString(options.globalBlocks),
                 locale.toString(options.randomBlocks));
    return {};
}

QString TechniqueText::outputError(double value, const QLocale& locale) {
    if (value == 0) return locale.toString(0);
    if (value < 1e-3) return locale.toString(value, 'e', 1);
    return locale.toString(value, 'g', 3);
}

QString TechniqueText::bits(double value, const QLocale& locale) {
    // Below 1e-9 is float64's rounding where a technique is exact (Flash; exact against itself).
    if (value >= 1e-9 && value < 0.005) return tr("< %1 bits").arg(locale.toString(0.01, 'f', 2));
    if (value < 1e-9) value = 0;
    return tr("%1 bits").arg(locale.toString(value, 'f', 2));
}

QString TechniqueText::percent(double share, const QLocale& locale) {
    const double rounded = std::round(share * 100);
    if (share > 0 && rounded < 1) return tr("< 1 %");
    if (share < 1 && rounded > 99) return tr("> 99 %");
    return tr("%1 %").arg(locale.toString(static_cast<int>(rounded)));
}

QString TechniqueText::flops(double value, const QLocale& locale) {
    static const char* const kPrefixes[] = {"", " k", " M", " G", " T", " P"};
    int prefix = 0;
    while (value >= 1000 && prefix < 5) {
        value /= 1000;
        ++prefix;
    }
    // Past 1,000: two significant digits under 10 ("4.2 k"), whole numbers above ("16 k", "160 k").
    const QString number = locale.toString(value, 'f', prefix > 0 && value < 10 ? 1 : 0);
    return number + QString::fromLatin1(kPrefixes[prefix]);
}

QString TechniqueText::bytes(double value, const QLocale& locale) {
    return locale.formattedDataSize(static_cast<qint64>(std::llround(value)), 1, QLocale::DataSizeIecFormat);
}

}  // namespace attnviz::ui
