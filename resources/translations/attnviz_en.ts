<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>attnviz::ui::CellExplainer</name>
    <message numerus="yes">
        <source>&lt;tr&gt;&lt;td colspan=&quot;5&quot;&gt;… %n more row(s)&lt;/td&gt;&lt;/tr&gt;</source>
        <translation>
            <numerusform>&lt;tr&gt;&lt;td colspan=&quot;5&quot;&gt;… %n more row&lt;/td&gt;&lt;/tr&gt;</numerusform>
            <numerusform>&lt;tr&gt;&lt;td colspan=&quot;5&quot;&gt;… %n more rows&lt;/td&gt;&lt;/tr&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;%n dimension(s) where q and k are both 0 left out.&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;%n dimension where q and k are both 0 left out.&lt;/p&gt;</numerusform>
            <numerusform>&lt;p&gt;%n dimensions where q and k are both 0 left out.&lt;/p&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;+ %n other term(s), whose weights add up to %1.&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;+ %n other term, whose weight is %1.&lt;/p&gt;</numerusform>
            <numerusform>&lt;p&gt;+ %n other terms, whose weights add up to %1.&lt;/p&gt;</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>attnviz::ui::ControlsPanel</name>
    <message numerus="yes">
        <source>%n cell(s) masked by hand</source>
        <translation>
            <numerusform>%n cell masked by hand</numerusform>
            <numerusform>%n cells masked by hand</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>attnviz::ui::ExportDialog</name>
    <message numerus="yes">
        <source>every matrix of the %n token(s)</source>
        <translation>
            <numerusform>every matrix of the %n token</numerusform>
            <numerusform>every matrix of the %n tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n head(s)</source>
        <translation>
            <numerusform>%n head</numerusform>
            <numerusform>%n heads</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>attnviz::ui::FigureRenderer</name>
    <message numerus="yes">
        <source>%n head(s)</source>
        <translation>
            <numerusform>%n head</numerusform>
            <numerusform>%n heads</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cell(s) masked by hand</source>
        <translation>
            <numerusform>%n cell masked by hand</numerusform>
            <numerusform>%n cells masked by hand</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>attnviz::ui::MainWindow</name>
    <message numerus="yes">
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n token</numerusform>
            <numerusform>%n tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · d_model %1 · %n head(s)</source>
        <translation>
            <numerusform> · d_model %1 · %n head</numerusform>
            <numerusform> · d_model %1 · %n heads</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>attnviz::ui::PredictActions</name>
    <message numerus="yes">
        <source>No guess: “%1” attends most to “%2” and %n other key(s) alike (%3).</source>
        <translation>
            <numerusform>No guess: “%1” attends most to “%2” and %n other key alike (%3).</numerusform>
            <numerusform>No guess: “%1” attends most to “%2” and %n other keys alike (%3).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Right! “%1” attends most to “%2”, and as much to %n other key(s) (%3).</source>
        <translation>
            <numerusform>Right! “%1” attends most to “%2”, and as much to %n other key (%3).</numerusform>
            <numerusform>Right! “%1” attends most to “%2”, and as much to %n other keys (%3).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>“%1” attends most to “%2” and %n other key(s) alike (%3).</source>
        <translation>
            <numerusform>“%1” attends most to “%2” and %n other key alike (%3).</numerusform>
            <numerusform>“%1” attends most to “%2” and %n other keys alike (%3).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>attnviz::ui::StepperView</name>
    <message numerus="yes">
        <source>%n cell(s) masked by hand</source>
        <translation>
            <numerusform>%n cell masked by hand</numerusform>
            <numerusform>%n cells masked by hand</numerusform>
        </translation>
    </message>
</context>
</TS>
