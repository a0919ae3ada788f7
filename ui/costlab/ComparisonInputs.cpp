#include "ui/costlab/ComparisonInputs.h"

#include <QFile>

#include "core/base/Heads.h"

namespace attnviz::ui {

ComparisonInput comparisonInput(const AttentionTrace& trace, int head) {
    const int shown = head >= 0 && head < trace.heads() ? head : 0;
    const int dK = trace.dK();
    const auto dV = static_cast<int>(trace.v().cols()) / trace.heads();
    ComparisonInput input;
    input.q = trace.q().middleCols(shown * dK, dK);
    input.k = trace.k().middleCols(shown * dK, dK);
    input.v = trace.v().middleCols(shown * dV, dV);
    for (const Token& token : trace.tokens()) input.tokens << QString::fromStdString(token.text);
    const MaskConfig& mask = trace.config().mask;
    if (mask.causal) {
        input.mask = CostMask::Causal;
    } else if (trace.realTokenCount() < trace.size()) {
        input.mask = CostMask::Padded;
        input.realKeys = trace.realTokenCount();
    }
    return input;
}

QString longExampleText() {
    QFile file(QStringLiteral(":/costlab/long_text_fr.txt"));
    // A resource compiled into the program: it opens, or the build is broken.
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(file.readAll()).trimmed();
}

}  // namespace attnviz::ui
