<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
    <context>
        <name>attnviz::ui::CellExplainer</name>
        <message>
            <source>&lt;p&gt;Click a cell of the heatmap to see how its weight is computed.&lt;/p&gt;</source>
            <translation>&lt;p&gt;Click a cell of the heatmap to see how its weight is computed.&lt;/p&gt;</translation>
        </message>
        <message>
            <source>&lt;h3&gt;Weight %1: query %2 «&amp;nbsp;%3&amp;nbsp;» → key %4 «&amp;nbsp;%5&amp;nbsp;»&lt;/h3&gt;</source>
            <translation>&lt;h3&gt;Weight %1: query %2 «&amp;nbsp;%3&amp;nbsp;» → key %4 «&amp;nbsp;%5&amp;nbsp;»&lt;/h3&gt;</translation>
        </message>
        <message>
            <source>&lt;p&gt;The heatmap shows the mean over the %1 heads:&lt;/p&gt;</source>
            <translation>&lt;p&gt;The heatmap shows the mean over the %1 heads:&lt;/p&gt;</translation>
        </message>
        <message>
            <source>mean %1 = (%2) / %3 = &lt;b&gt;%4&lt;/b&gt;</source>
            <translation>mean %1 = (%2) / %3 = &lt;b&gt;%4&lt;/b&gt;</translation>
        </message>
        <message>
            <source>&lt;p&gt;Below, head 1 in detail.&lt;/p&gt;</source>
            <translation>&lt;p&gt;Below, head 1 in detail.&lt;/p&gt;</translation>
        </message>
        <message>
            <source>&lt;p&gt;Head %1 of %2 (its own slice of d_k = %3 columns of Q and K).&lt;/p&gt;</source>
            <translation>&lt;p&gt;Head %1 of %2 (its own slice of d_k = %3 columns of Q and K).&lt;/p&gt;</translation>
        </message>
        <message>
            <source>&lt;p&gt;&lt;b&gt;1. The query of «&amp;nbsp;%1&amp;nbsp;» and the key of «&amp;nbsp;%2&amp;nbsp;»&lt;/b&gt; (d_k = %3 numbers each)&lt;/p&gt;</source>
            <translation>&lt;p&gt;&lt;b&gt;1. The query of «&amp;nbsp;%1&amp;nbsp;» and the key of «&amp;nbsp;%2&amp;nbsp;»&lt;/b&gt; (d_k = %3 numbers each)&lt;/p&gt;</translation>
        </message>
        <message>
            <source>dimension: query ↔ key</source>
            <translation>dimension: query ↔ key</translation>
        </message>
        <message>
            <source>&lt;tr&gt;&lt;td colspan="5"&gt;… %1 more rows&lt;/td&gt;&lt;/tr&gt;</source>
            <translation>&lt;tr&gt;&lt;td colspan="5"&gt;… %1 more rows&lt;/td&gt;&lt;/tr&gt;</translation>
        </message>
        <message>
            <source>&lt;p&gt;1 dimension where q and k are both 0 is left out.&lt;/p&gt;</source>
            <translation>&lt;p&gt;1 dimension where q and k are both 0 is left out.&lt;/p&gt;</translation>
        </message>
        <message>
            <source>&lt;p&gt;%1 dimensions where q and k are both 0 are left out.&lt;/p&gt;</source>
            <translation>&lt;p&gt;%1 dimensions where q and k are both 0 are left out.&lt;/p&gt;</translation>
        </message>
        <message>
            <source>«&amp;nbsp;%1&amp;nbsp;» × «&amp;nbsp;%2&amp;nbsp;» = %3 × %4 = &lt;b&gt;%5&lt;/b&gt;</source>
            <translation>«&amp;nbsp;%1&amp;nbsp;» × «&amp;nbsp;%2&amp;nbsp;» = %3 × %4 = &lt;b&gt;%5&lt;/b&gt;</translation>
        </message>
        <message>
            <source>&lt;p&gt;The largest products (highlighted below):&lt;/p&gt;</source>
            <translation>&lt;p&gt;The largest products (highlighted below):&lt;/p&gt;</translation>
        </message>
        <message>
            <source>&lt;p&gt;The largest products are highlighted.&lt;/p&gt;</source>
            <translation>&lt;p&gt;The largest products are highlighted.&lt;/p&gt;</translation>
        </message>
        <message>
            <source>… (%1 terms)</source>
            <translation>… (%1 terms)</translation>
        </message>
        <message>
            <source>0 (every product is 0)</source>
            <translation>0 (every product is 0)</translation>
        </message>
        <message>
            <source>(%1 products of 0)</source>
            <translation>(%1 products of 0)</translation>
        </message>
        <message>
            <source>&lt;p&gt;&lt;b&gt;2. Score: the dot product&lt;/b&gt;&lt;/p&gt;</source>
            <translation>&lt;p&gt;&lt;b&gt;2. Score: the dot product&lt;/b&gt;&lt;/p&gt;</translation>
        </message>
        <message>
            <source>÷ √d_k = ÷ √%1 = ÷ %2</source>
            <translation>÷ √d_k = ÷ √%1 = ÷ %2</translation>
        </message>
        <message>
            <source>÷ (√d_k · T) = ÷ (√%1 × %2) = ÷ %3</source>
            <translation>÷ (√d_k · T) = ÷ (√%1 × %2) = ÷ %3</translation>
        </message>
        <message>
            <source>÷ T = ÷ %1 (scaling by √d_k is off)</source>
            <translation>÷ T = ÷ %1 (scaling by √d_k is off)</translation>
        </message>
        <message>
            <source>&lt;p&gt;&lt;b&gt;3. Scaled score&lt;/b&gt; %1&lt;/p&gt;</source>
            <translation>&lt;p&gt;&lt;b&gt;3. Scaled score&lt;/b&gt; %1&lt;/p&gt;</translation>
        </message>
        <message>
            <source>scaled = %1 ÷ %2 = &lt;b&gt;%3&lt;/b&gt;</source>
            <translation>scaled = %1 ÷ %2 = &lt;b&gt;%3&lt;/b&gt;</translation>
        </message>
        <message>
            <source>&lt;p&gt;&lt;b&gt;4. Mask:&lt;/b&gt; &lt;span class="masked"&gt;key %1 is hidden from query %2&lt;/span&gt;: its masked score is −∞, so exp(−∞) = 0 and its weight is 0.&lt;/p&gt;</source>
            <translation>&lt;p&gt;&lt;b&gt;4. Mask:&lt;/b&gt; &lt;span class="masked"&gt;key %1 is hidden from query %2&lt;/span&gt;: its masked score is −∞, so exp(−∞) = 0 and its weight is 0.&lt;/p&gt;</translation>
        </message>
        <message>
            <source>&lt;p&gt;&lt;b&gt;4. Mask:&lt;/b&gt; key %1 is visible from query %2: the masked score stays %3.&lt;/p&gt;</source>
            <translation>&lt;p&gt;&lt;b&gt;4. Mask:&lt;/b&gt; key %1 is visible from query %2: the masked score stays %3.&lt;/p&gt;</translation>
        </message>
        <message>
            <source>&lt;p&gt;&lt;b&gt;5. Softmax:&lt;/b&gt; &lt;span class="masked"&gt;every key of row %1 is masked&lt;/span&gt;: the chapter's masked_fill + softmax would give NaN; here every weight of the row is 0.&lt;/p&gt;</source>
            <translation>&lt;p&gt;&lt;b&gt;5. Softmax:&lt;/b&gt; &lt;span class="masked"&gt;every key of row %1 is masked&lt;/span&gt;: the chapter's masked_fill + softmax would give NaN; here every weight of the row is 0.&lt;/p&gt;</translation>
        </message>
        <message>
            <source>&lt;p&gt;&lt;b&gt;5. Softmax, numerator&lt;/b&gt; (the row's largest visible scaled score is subtracted first, so exp never overflows)&lt;/p&gt;</source>
            <translation>&lt;p&gt;&lt;b&gt;5. Softmax, numerator&lt;/b&gt; (the row's largest visible scaled score is subtracted first, so exp never overflows)&lt;/p&gt;</translation>
        </message>
        <message>
            <source>exp(−∞ − %1) = &lt;b&gt;0&lt;/b&gt;</source>
            <translation>exp(−∞ − %1) = &lt;b&gt;0&lt;/b&gt;</translation>
        </message>
        <message>
            <source>exp(scaled − row max) = exp(%1 − %2) = &lt;b&gt;%3&lt;/b&gt;</source>
            <translation>exp(scaled − row max) = exp(%1 − %2) = &lt;b&gt;%3&lt;/b&gt;</translation>
        </message>
        <message>
            <source>&lt;p&gt;&lt;b&gt;6. Row sum&lt;/b&gt; over the visible keys of row %1&lt;/p&gt;</source>
            <translation>&lt;p&gt;&lt;b&gt;6. Row sum&lt;/b&gt; over the visible keys of row %1&lt;/p&gt;</translation>
        </message>
        <message>
            <source>&lt;p&gt;&lt;b&gt;7. Weight&lt;/b&gt;&lt;/p&gt;</source>
            <translation>&lt;p&gt;&lt;b&gt;7. Weight&lt;/b&gt;&lt;/p&gt;</translation>
        </message>
        <message>
            <source>&lt;h3&gt;Context of query %1: context%2 = Σ&lt;sub&gt;j&lt;/sub&gt; w%3 · v%4&lt;/h3&gt;</source>
            <translation>&lt;h3&gt;Context of query %1: context%2 = Σ&lt;sub&gt;j&lt;/sub&gt; w%3 · v%4&lt;/h3&gt;</translation>
        </message>
        <message>
            <source>&lt;p&gt;The %1 largest weights of row %2:&lt;/p&gt;</source>
            <translation>&lt;p&gt;The %1 largest weights of row %2:&lt;/p&gt;</translation>
        </message>
        <message>
            <source>&lt;table&gt;&lt;tr&gt;&lt;th&gt;j&lt;/th&gt;&lt;th&gt;token&lt;/th&gt;&lt;th&gt;w&lt;sub&gt;%1,j&lt;/sub&gt;&lt;/th&gt;&lt;th&gt;v&lt;sub&gt;j&lt;/sub&gt;&lt;/th&gt;&lt;th&gt;w&lt;sub&gt;%1,j&lt;/sub&gt; · v&lt;sub&gt;j&lt;/sub&gt;&lt;/th&gt;&lt;/tr&gt;</source>
            <translation>&lt;table&gt;&lt;tr&gt;&lt;th&gt;j&lt;/th&gt;&lt;th&gt;token&lt;/th&gt;&lt;th&gt;w&lt;sub&gt;%1,j&lt;/sub&gt;&lt;/th&gt;&lt;th&gt;v&lt;sub&gt;j&lt;/sub&gt;&lt;/th&gt;&lt;th&gt;w&lt;sub&gt;%1,j&lt;/sub&gt; · v&lt;sub&gt;j&lt;/sub&gt;&lt;/th&gt;&lt;/tr&gt;</translation>
        </message>
        <message>
            <source>&lt;p&gt;+ 1 other term, whose weight is %1.&lt;/p&gt;</source>
            <translation>&lt;p&gt;+ 1 other term, whose weight is %1.&lt;/p&gt;</translation>
        </message>
        <message>
            <source>&lt;p&gt;+ %1 other terms, whose weights add up to %2.&lt;/p&gt;</source>
            <translation>&lt;p&gt;+ %1 other terms, whose weights add up to %2.&lt;/p&gt;</translation>
        </message>
        <message>
            <source>context%1 = &lt;b&gt;%2&lt;/b&gt;</source>
            <translation>context%1 = &lt;b&gt;%2&lt;/b&gt;</translation>
        </message>
    </context>
    <context>
        <name>attnviz::ui::ClassroomActions</name>
        <message>
            <source>Reset to Defaults</source>
            <translation>Reset to Defaults</translation>
        </message>
        <message>
            <source>Go back to the default sentence, settings, colours, language, theme, text size and window layout? What AttnViz remembers is forgotten; your session files are kept.</source>
            <translation>Go back to the default sentence, settings, colours, language, theme, text size and window layout? What AttnViz remembers is forgotten; your session files are kept.</translation>
        </message>
        <message>
            <source>Export the √d_k Charts</source>
            <translation>Export the √d_k Charts</translation>
        </message>
        <message>
            <source>The charts are still being measured; try again in a moment.</source>
            <translation>The charts are still being measured; try again in a moment.</translation>
        </message>
        <message>
            <source>Images (*.png *.svg *.pdf)</source>
            <translation>Images (*.png *.svg *.pdf)</translation>
        </message>
        <message>
            <source>Cannot export the charts</source>
            <translation>Cannot export the charts</translation>
        </message>
        <message>
            <source>&amp;Presentation Mode</source>
            <translation>&amp;Presentation Mode</translation>
        </message>
        <message>
            <source>Full screen with large text, for a projector: only the sentence, the heatmap, the steps and the explanation. →/← or Page Down/Page Up: next/previous step; Esc: leave (F11)</source>
            <translation>Full screen with large text, for a projector: only the sentence, the heatmap, the steps and the explanation. →/← or Page Down/Page Up: next/previous step; Esc: leave (F11)</translation>
        </message>
        <message>
            <source>Why √d_&amp;k?</source>
            <translation>Why √d_&amp;k?</translation>
        </message>
        <message>
            <source>Why √d_k?</source>
            <translation>Why √d_k?</translation>
        </message>
        <message>
            <source>Why the scores are divided by √d_k: the variance of q·k and the softmax's largest weight against d_k, with and without the scaling.</source>
            <translation>Why the scores are divided by √d_k: the variance of q·k and the softmax's largest weight against d_k, with and without the scaling.</translation>
        </message>
        <message>
            <source>Lan&amp;guage</source>
            <translation>Lan&amp;guage</translation>
        </message>
        <message>
            <source>&amp;Theme</source>
            <translation>&amp;Theme</translation>
        </message>
        <message>
            <source>&amp;System</source>
            <translation>&amp;System</translation>
        </message>
        <message>
            <source>&amp;Light</source>
            <translation>&amp;Light</translation>
        </message>
        <message>
            <source>&amp;Dark</source>
            <translation>&amp;Dark</translation>
        </message>
        <message>
            <source>&amp;Reset to Defaults…</source>
            <translation>&amp;Reset to Defaults…</translation>
        </message>
        <message>
            <source>Export the √d_k C&amp;harts…</source>
            <translation>Export the √d_k C&amp;harts…</translation>
        </message>
        <message>
            <source>Classroom</source>
            <translation>Classroom</translation>
        </message>
    </context>
    <context>
        <name>attnviz::ui::ComputeController</name>
        <message>
            <source>not enough memory for this computation</source>
            <translation>not enough memory for this computation</translation>
        </message>
    </context>
    <context>
        <name>attnviz::ui::ControlsPanel</name>
        <message>
            <source>T = %1</source>
            <translation>T = %1</translation>
        </message>
        <message>
            <source>Mean of the %1 heads</source>
            <translation>Mean of the %1 heads</translation>
        </message>
        <message>
            <source>Head %1 of %2</source>
            <translation>Head %1 of %2</translation>
        </message>
        <message>
            <source>Supplied (edited or from a file)</source>
            <translation>Supplied (edited or from a file)</translation>
        </message>
        <message>
            <source>Mask</source>
            <translation>Mask</translation>
        </message>
        <message>
            <source>Masks hide keys from queries: a hidden score becomes −∞ before the softmax, so its weight is 0. Masks compose: a key is visible only if every active mask allows it.</source>
            <translation>Masks hide keys from queries: a hidden score becomes −∞ before the softmax, so its weight is 0. Masks compose: a key is visible only if every active mask allows it.</translation>
        </message>
        <message>
            <source>Causal mask (tril)</source>
            <translation>Causal mask (tril)</translation>
        </message>
        <message>
            <source>Causal attention: position i may only attend to positions j ≤ i, as in the chapter's torch.tril(torch.ones(n, n)). A language model must not look at future tokens. Composes with the window and the custom mask.</source>
            <translation>Causal attention: position i may only attend to positions j ≤ i, as in the chapter's torch.tril(torch.ones(n, n)). A language model must not look at future tokens. Composes with the window and the custom mask.</translation>
        </message>
        <message>
            <source>off</source>
            <translation>off</translation>
        </message>
        <message>
            <source>Sliding window w: query i sees key j only when |i − j| &lt; w (local attention). Global tokens see every key and are seen by every query. 0 turns it off.</source>
            <translation>Sliding window w: query i sees key j only when |i − j| &lt; w (local attention). Global tokens see every key and are seen by every query. 0 turns it off.</translation>
        </message>
        <message>
            <source>Sliding window w</source>
            <translation>Sliding window w</translation>
        </message>
        <message>
            <source>e.g. 0,5</source>
            <translation>e.g. 0,5</translation>
        </message>
        <message>
            <source>Global tokens of the sliding window: positions (0-based) separated by commas. They attend to all positions and all positions attend to them.</source>
            <translation>Global tokens of the sliding window: positions (0-based) separated by commas. They attend to all positions and all positions attend to them.</translation>
        </message>
        <message>
            <source>Global tokens</source>
            <translation>Global tokens</translation>
        </message>
        <message>
            <source>Edit mask: click cells</source>
            <translation>Edit mask: click cells</translation>
        </message>
        <message>
            <source>Custom mask: while this is on, clicking a heatmap cell (query i, key j) hides that key from that query, or shows it again (the chapter's mask argument).</source>
            <translation>Custom mask: while this is on, clicking a heatmap cell (query i, key j) hides that key from that query, or shows it again (the chapter's mask argument).</translation>
        </message>
        <message>
            <source>Clear</source>
            <translation>Clear</translation>
        </message>
        <message>
            <source>Remove every cell masked by hand.</source>
            <translation>Remove every cell masked by hand.</translation>
        </message>
        <message>
            <source>Scaling</source>
            <translation>Scaling</translation>
        </message>
        <message>
            <source>Divide the scores by √d_k</source>
            <translation>Divide the scores by √d_k</translation>
        </message>
        <message>
            <source>Step 2 of the chapter: scaled = QKᵀ / √d_k. Without scaling, for a large d_k the dot products grow large and push the softmax into regions with extremely small gradients; dividing by √d_k keeps the variance stable.</source>
            <translation>Step 2 of the chapter: scaled = QKᵀ / √d_k. Without scaling, for a large d_k the dot products grow large and push the softmax into regions with extremely small gradients; dividing by √d_k keeps the variance stable.</translation>
        </message>
        <message>
            <source>Temperature T: the scores are also divided by T before the softmax. T &lt; 1 sharpens the weights (towards one key), T &gt; 1 flattens them (towards equal weights). Log scale from 0.05 to 20; T = 1 is the chapter's formula.</source>
            <translation>Temperature T: the scores are also divided by T before the softmax. T &lt; 1 sharpens the weights (towards one key), T &gt; 1 flattens them (towards equal weights). Log scale from 0.05 to 20; T = 1 is the chapter's formula.</translation>
        </message>
        <message>
            <source>Temperature</source>
            <translation>Temperature</translation>
        </message>
        <message>
            <source>Model</source>
            <translation>Model</translation>
        </message>
        <message>
            <source>d_model: each token is a vector of d_model numbers (X ∈ ℝ^{n×d_model}).</source>
            <translation>d_model: each token is a vector of d_model numbers (X ∈ ℝ^{n×d_model}).</translation>
        </message>
        <message>
            <source>d_model</source>
            <translation>d_model</translation>
        </message>
        <message>
            <source>Number of heads h: W_Q, W_K, W_V are cut into h slices of d_k = d_model / h columns; each head computes its own attention (multi-head attention, next chapter).</source>
            <translation>Number of heads h: W_Q, W_K, W_V are cut into h slices of d_k = d_model / h columns; each head computes its own attention (multi-head attention, next chapter).</translation>
        </message>
        <message>
            <source>Heads h</source>
            <translation>Heads h</translation>
        </message>
        <message>
            <source>d_k: the length of each query and key vector, the √d_k of the scaling.</source>
            <translation>d_k: the length of each query and key vector, the √d_k of the scaling.</translation>
        </message>
        <message>
            <source>d_k = d_model / h</source>
            <translation>d_k = d_model / h</translation>
        </message>
        <message>
            <source>Seed of the random embeddings and projections: the same seed gives the same numbers, on every computer.</source>
            <translation>Seed of the random embeddings and projections: the same seed gives the same numbers, on every computer.</translation>
        </message>
        <message>
            <source>Seed</source>
            <translation>Seed</translation>
        </message>
        <message>
            <source>Positional encoding</source>
            <translation>Positional encoding</translation>
        </message>
        <message>
            <source>Adds sin/cos positional encodings to the embeddings, so X depends on where a word is: without it, the same word at two places gets the same row of X.</source>
            <translation>Adds sin/cos positional encodings to the embeddings, so X depends on where a word is: without it, the same word at two places gets the same row of X.</translation>
        </message>
        <message>
            <source>Random (seeded)</source>
            <translation>Random (seeded)</translation>
        </message>
        <message>
            <source>Identity</source>
            <translation>Identity</translation>
        </message>
        <message>
            <source>Teaching model</source>
            <translation>Teaching model</translation>
        </message>
        <message>
            <source>Interpretable: every dimension of X, Q, K, V has a name (pronoun, living being, …) and W_Q, W_K, W_V, W_O are written by named rules. Sets d_model to the model's dimensions.</source>
            <translation>Interpretable: every dimension of X, Q, K, V has a name (pronoun, living being, …) and W_Q, W_K, W_V, W_O are written by named rules. Sets d_model to the model's dimensions.</translation>
        </message>
        <message>
            <source>Projections W_Q, W_K, W_V, W_O. Random: seeded values, as an untrained model. Identity: Q = K = V = X, so the score of (i, j) is the dot product of the two tokens' vectors.</source>
            <translation>Projections W_Q, W_K, W_V, W_O. Random: seeded values, as an untrained model. Identity: Q = K = V = X, so the score of (i, j) is the dot product of the two tokens' vectors.</translation>
        </message>
        <message>
            <source>Projections</source>
            <translation>Projections</translation>
        </message>
        <message>
            <source>View</source>
            <translation>View</translation>
        </message>
        <message>
            <source>Which head the views show: one head, or the mean of the heads' weights.</source>
            <translation>Which head the views show: one head, or the mean of the heads' weights.</translation>
        </message>
        <message>
            <source>Head</source>
            <translation>Head</translation>
        </message>
        <message>
            <source>Colours of the weights (0 → 1). Blues is the chapter's heatmap; viridis and cividis are easier to read for colour-blind viewers. Signed matrices use blue–red.</source>
            <translation>Colours of the weights (0 → 1). Blues is the chapter's heatmap; viridis and cividis are easier to read for colour-blind viewers. Signed matrices use blue–red.</translation>
        </message>
        <message>
            <source>Colours</source>
            <translation>Colours</translation>
        </message>
        <message>
            <source>Global tokens: “%1” is not a list of positions (write numbers separated by commas, e.g. 0,5).</source>
            <translation>Global tokens: “%1” is not a list of positions (write numbers separated by commas, e.g. 0,5).</translation>
        </message>
        <message>
            <source>Seed: write a whole number from 0 to 18446744073709551615.</source>
            <translation>Seed: write a whole number from 0 to 18446744073709551615.</translation>
        </message>
        <message>
            <source>%1 / %2 = %3</source>
            <translation>%1 / %2 = %3</translation>
        </message>
        <message>
            <source>%1 / %2 is not a whole number: the number of heads must divide d_model (try %3)</source>
            <translation>%1 / %2 is not a whole number: the number of heads must divide d_model (try %3)</translation>
        </message>
        <message>
            <source>No cell masked by hand</source>
            <translation>No cell masked by hand</translation>
        </message>
        <message>
            <source>1 cell masked by hand</source>
            <translation>1 cell masked by hand</translation>
        </message>
        <message>
            <source>%1 cells masked by hand</source>
            <translation>%1 cells masked by hand</translation>
        </message>
        <message>
            <source>0 to 1</source>
            <translation>0 to 1</translation>
        </message>
        <message>
            <source>smallest to largest</source>
            <translation>smallest to largest</translation>
        </message>
        <message>
            <source>What the weights' colours span. 0 to 1: every figure reads the same. Smallest to largest weight: as the chapter's seaborn heatmap; with a long sentence, whose weights are all small, the differences stay visible.</source>
            <translation>What the weights' colours span. 0 to 1: every figure reads the same. Smallest to largest weight: as the chapter's seaborn heatmap; with a long sentence, whose weights are all small, the differences stay visible.</translation>
        </message>
        <message>
            <source>Colour range</source>
            <translation>Colour range</translation>
        </message>
    </context>
    <context>
        <name>attnviz::ui::CoreMessages</name>
        <message>
            <source> or </source>
            <comment>the last separator of a list: 1, 2, 4 or 8</comment>
            <translation> or </translation>
        </message>
        <message>
            <source>the sentence is empty: type at least one word</source>
            <translation>the sentence is empty: type at least one word</translation>
        </message>
        <message>
            <source>the sentence has %1 tokens, more than the limit of %2</source>
            <translation>the sentence has %1 tokens, more than the limit of %2</translation>
        </message>
        <message>
            <source>the sentence has more than %1 tokens (limit %2)</source>
            <translation>the sentence has more than %1 tokens (limit %2)</translation>
        </message>
        <message>
            <source>the sentence is too long (%1 bytes; limit %2)</source>
            <translation>the sentence is too long (%1 bytes; limit %2)</translation>
        </message>
        <message>
            <source>%1 heads do not divide d_model = %2: d_k = d_model / heads must be a whole number</source>
            <translation>%1 heads do not divide d_model = %2: d_k = d_model / heads must be a whole number</translation>
        </message>
        <message>
            <source>%1 heads do not divide the teaching model's %2 dimensions: choose %3 heads</source>
            <translation>%1 heads do not divide the teaching model's %2 dimensions: choose %3 heads</translation>
        </message>
        <message>
            <source>the teaching model has %1 dimensions: d_model must be %1 (it is %2)</source>
            <translation>the teaching model has %1 dimensions: d_model must be %1 (it is %2)</translation>
        </message>
        <message>
            <source>d_model must be at most %1 (it is %2)</source>
            <translation>d_model must be at most %1 (it is %2)</translation>
        </message>
        <message>
            <source>the temperature T must be a finite number greater than 0</source>
            <translation>the temperature T must be a finite number greater than 0</translation>
        </message>
    </context>
    <context>
        <name>attnviz::ui::ExportDialog</name>
        <message>
            <source>X — embeddings + positions</source>
            <translation>X — embeddings + positions</translation>
        </message>
        <message>
            <source>Q — queries</source>
            <translation>Q — queries</translation>
        </message>
        <message>
            <source>K — keys</source>
            <translation>K — keys</translation>
        </message>
        <message>
            <source>V — values</source>
            <translation>V — values</translation>
        </message>
        <message>
            <source>Scores QKᵀ</source>
            <translation>Scores QKᵀ</translation>
        </message>
        <message>
            <source>Scaled scores</source>
            <translation>Scaled scores</translation>
        </message>
        <message>
            <source>Masked scores</source>
            <translation>Masked scores</translation>
        </message>
        <message>
            <source>Attention weights (softmax)</source>
            <translation>Attention weights (softmax)</translation>
        </message>
        <message>
            <source>Context — weights · V</source>
            <translation>Context — weights · V</translation>
        </message>
        <message>
            <source>Output — context · W_O</source>
            <translation>Output — context · W_O</translation>
        </message>
        <message>
            <source>Export</source>
            <translation>Export</translation>
        </message>
        <message>
            <source>PNG image</source>
            <translation>PNG image</translation>
        </message>
        <message>
            <source>SVG vector image</source>
            <translation>SVG vector image</translation>
        </message>
        <message>
            <source>PDF document (one page)</source>
            <translation>PDF document (one page)</translation>
        </message>
        <message>
            <source>CSV — this matrix</source>
            <translation>CSV — this matrix</translation>
        </message>
        <message>
            <source>JSON — the whole trace</source>
            <translation>JSON — the whole trace</translation>
        </message>
        <message>
            <source>Head %1</source>
            <translation>Head %1</translation>
        </message>
        <message>
            <source>All heads (mean for n × n steps)</source>
            <translation>All heads (mean for n × n steps)</translation>
        </message>
        <message>
            <source>Automatic (as in the window for weights, RdBu_r for signed values)</source>
            <translation>Automatic (as in the window for weights, RdBu_r for signed values)</translation>
        </message>
        <message>
            <source>Values in cells (where they fit)</source>
            <translation>Values in cells (where they fit)</translation>
        </message>
        <message>
            <source>Caption with the settings</source>
            <translation>Caption with the settings</translation>
        </message>
        <message>
            <source> dpi</source>
            <translation> dpi</translation>
        </message>
        <message>
            <source>96 dpi is the size on screen; 300 dpi is sharp in print.</source>
            <translation>96 dpi is the size on screen; 300 dpi is sharp in print.</translation>
        </message>
        <message>
            <source>&amp;Format:</source>
            <translation>&amp;Format:</translation>
        </message>
        <message>
            <source>&amp;Step:</source>
            <translation>&amp;Step:</translation>
        </message>
        <message>
            <source>&amp;Head:</source>
            <translation>&amp;Head:</translation>
        </message>
        <message>
            <source>&amp;Title:</source>
            <translation>&amp;Title:</translation>
        </message>
        <message>
            <source>&amp;Colour map:</source>
            <translation>&amp;Colour map:</translation>
        </message>
        <message>
            <source>&amp;Resolution:</source>
            <translation>&amp;Resolution:</translation>
        </message>
        <message>
            <source>Size:</source>
            <translation>Size:</translation>
        </message>
        <message>
            <source>&amp;Export…</source>
            <translation>&amp;Export…</translation>
        </message>
        <message>
            <source>&amp;Copy</source>
            <translation>&amp;Copy</translation>
        </message>
        <message>
            <source>%1 × %2 pixels</source>
            <translation>%1 × %2 pixels</translation>
        </message>
        <message>
            <source>%1 × %2 cm</source>
            <translation>%1 × %2 cm</translation>
        </message>
        <message>
            <source>%1 rows × %2 values</source>
            <translation>%1 rows × %2 values</translation>
        </message>
        <message numerus="yes">
            <source>every matrix of the %n token(s)</source>
            <translation>
                <numerusform>every matrix of the %n token</numerusform>
                <numerusform>every matrix of the %n tokens</numerusform>
            </translation>
        </message>
        <message>
            <source>%1 × %2 values: too many to preview.</source>
            <translation>%1 × %2 values: too many to preview.</translation>
        </message>
        <message>
            <source>The whole trace as JSON: the tokens, every setting, X, W_Q, W_K, W_V, W_O, and for each head Q, K, V, the scores, scaled scores, masked scores, weights, context, row maxima and sums; the mean weights and the output. Read back exactly (every double round-trips).</source>
            <translation>The whole trace as JSON: the tokens, every setting, X, W_Q, W_K, W_V, W_O, and for each head Q, K, V, the scores, scaled scores, masked scores, weights, context, row maxima and sums; the mean weights and the output. Read back exactly (every double round-trips).</translation>
        </message>
        <message>
            <source>Export failed</source>
            <translation>Export failed</translation>
        </message>
        <message>
            <source>%1 files (*.%2)</source>
            <translation>%1 files (*.%2)</translation>
        </message>
    </context>
    <context>
        <name>attnviz::ui::FigureRenderer</name>
        <message>
            <source>Input X (embeddings + positions)</source>
            <translation>Input X (embeddings + positions)</translation>
        </message>
        <message>
            <source>Output (context · W_O)</source>
            <translation>Output (context · W_O)</translation>
        </message>
        <message>
            <source>Queries Q</source>
            <translation>Queries Q</translation>
        </message>
        <message>
            <source>Keys K</source>
            <translation>Keys K</translation>
        </message>
        <message>
            <source>Values V</source>
            <translation>Values V</translation>
        </message>
        <message>
            <source>Scores QKᵀ</source>
            <translation>Scores QKᵀ</translation>
        </message>
        <message>
            <source>Scaled scores</source>
            <translation>Scaled scores</translation>
        </message>
        <message>
            <source>Masked scores</source>
            <translation>Masked scores</translation>
        </message>
        <message>
            <source>Attention weights</source>
            <translation>Attention weights</translation>
        </message>
        <message>
            <source>Context (weights · V)</source>
            <translation>Context (weights · V)</translation>
        </message>
        <message>
            <source>%1 — head %2</source>
            <translation>%1 — head %2</translation>
        </message>
        <message>
            <source>%1 — head 0</source>
            <translation>%1 — head 0</translation>
        </message>
        <message>
            <source>%1 — mean of %2 heads</source>
            <translation>%1 — mean of %2 heads</translation>
        </message>
        <message>
            <source>%1 — all %2 heads</source>
            <translation>%1 — all %2 heads</translation>
        </message>
        <message>
            <source>n = %1 (%2 padding)</source>
            <translation>n = %1 (%2 padding)</translation>
        </message>
        <message>
            <source>n = %1</source>
            <translation>n = %1</translation>
        </message>
        <message>
            <source>d_model = %1</source>
            <translation>d_model = %1</translation>
        </message>
        <message>
            <source>1 head</source>
            <translation>1 head</translation>
        </message>
        <message>
            <source>%1 heads</source>
            <translation>%1 heads</translation>
        </message>
        <message>
            <source> (head %1 shown)</source>
            <translation> (head %1 shown)</translation>
        </message>
        <message>
            <source> (mean shown)</source>
            <translation> (mean shown)</translation>
        </message>
        <message>
            <source> (all shown)</source>
            <translation> (all shown)</translation>
        </message>
        <message>
            <source>d_k = %1</source>
            <translation>d_k = %1</translation>
        </message>
        <message>
            <source>scaled by √d_k</source>
            <translation>scaled by √d_k</translation>
        </message>
        <message>
            <source>not scaled by √d_k</source>
            <translation>not scaled by √d_k</translation>
        </message>
        <message>
            <source>T = %1</source>
            <translation>T = %1</translation>
        </message>
        <message>
            <source>causal</source>
            <translation>causal</translation>
        </message>
        <message>
            <source>window %1</source>
            <translation>window %1</translation>
        </message>
        <message>
            <source> (global %1)</source>
            <translation> (global %1)</translation>
        </message>
        <message>
            <source>padding to %1</source>
            <translation>padding to %1</translation>
        </message>
        <message>
            <source>1 cell masked by hand</source>
            <translation>1 cell masked by hand</translation>
        </message>
        <message>
            <source>%1 cells masked by hand</source>
            <translation>%1 cells masked by hand</translation>
        </message>
        <message>
            <source>no mask</source>
            <translation>no mask</translation>
        </message>
        <message>
            <source>mask: %1</source>
            <translation>mask: %1</translation>
        </message>
        <message>
            <source>positions on</source>
            <translation>positions on</translation>
        </message>
        <message>
            <source>positions off</source>
            <translation>positions off</translation>
        </message>
        <message>
            <source>random W</source>
            <translation>random W</translation>
        </message>
        <message>
            <source>identity W</source>
            <translation>identity W</translation>
        </message>
        <message>
            <source>supplied W</source>
            <translation>supplied W</translation>
        </message>
        <message>
            <source>teaching model</source>
            <translation>teaching model</translation>
        </message>
        <message>
            <source>seed %1</source>
            <translation>seed %1</translation>
        </message>
    </context>
    <context>
        <name>attnviz::ui::HeatmapPainter</name>
        <message>
            <source>Queries</source>
            <translation>Queries</translation>
        </message>
        <message>
            <source>Keys</source>
            <translation>Keys</translation>
        </message>
        <message>
            <source>Tokens</source>
            <translation>Tokens</translation>
        </message>
        <message>
            <source>Dimensions</source>
            <translation>Dimensions</translation>
        </message>
        <message>
            <source>masked</source>
            <translation>masked</translation>
        </message>
    </context>
    <context>
        <name>attnviz::ui::HeatmapView</name>
        <message>
            <source>masked</source>
            <translation>masked</translation>
        </message>
        <message>
            <source>Weight</source>
            <translation>Weight</translation>
        </message>
        <message>
            <source>Score</source>
            <translation>Score</translation>
        </message>
        <message>
            <source>Scaled score</source>
            <translation>Scaled score</translation>
        </message>
        <message>
            <source>Masked score</source>
            <translation>Masked score</translation>
        </message>
        <message>
            <source>Value</source>
            <translation>Value</translation>
        </message>
        <message>
            <source>Queries</source>
            <translation>Queries</translation>
        </message>
        <message>
            <source>Keys</source>
            <translation>Keys</translation>
        </message>
        <message>
            <source>%1: %2 (position %3)</source>
            <translation>%1: %2 (position %3)</translation>
        </message>
        <message>
            <source>Query</source>
            <translation>Query</translation>
        </message>
        <message>
            <source>Token</source>
            <translation>Token</translation>
        </message>
        <message>
            <source>Key</source>
            <translation>Key</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1: %2</translation>
        </message>
        <message>
            <source>Dimension</source>
            <translation>Dimension</translation>
        </message>
        <message>
            <source>masked: %1</source>
            <translation>masked: %1</translation>
        </message>
        <message>
            <source>No matrix to show</source>
            <translation>No matrix to show</translation>
        </message>
        <message>
            <source>Heatmap</source>
            <translation>Heatmap</translation>
        </message>
        <message>
            <source>%1 rows, %2 columns; no cell selected</source>
            <translation>%1 rows, %2 columns; no cell selected</translation>
        </message>
        <message>
            <source>Heatmap, selected cell: %1, %2</source>
            <translation>Heatmap, selected cell: %1, %2</translation>
        </message>
    </context>
    <context>
        <name>attnviz::ui::MainWindow</name>
        <message>
            <source>AttnViz</source>
            <translation>AttnViz</translation>
        </message>
        <message>
            <source>Mask editing: click a cell to hide that key from that query, click again to show it.</source>
            <translation>Mask editing: click a cell to hide that key from that query, click again to show it.</translation>
        </message>
        <message>
            <source>The last result stays shown.</source>
            <translation>The last result stays shown.</translation>
        </message>
        <message>
            <source>Computation cancelled. %1</source>
            <translation>Computation cancelled. %1</translation>
        </message>
        <message>
            <source>This text cannot be used: %1. %2</source>
            <translation>This text cannot be used: %1. %2</translation>
        </message>
        <message>
            <source>These settings cannot be used: %1. %2</source>
            <translation>These settings cannot be used: %1. %2</translation>
        </message>
        <message>
            <source>The computation failed: %1. %2</source>
            <translation>The computation failed: %1. %2</translation>
        </message>
        <message>
            <source>✕</source>
            <translation>✕</translation>
        </message>
        <message>
            <source>Hide this message</source>
            <translation>Hide this message</translation>
        </message>
        <message>
            <source>&amp;Sentence</source>
            <translation>&amp;Sentence</translation>
        </message>
        <message>
            <source>Type a sentence: the attention is recomputed as you type.</source>
            <translation>Type a sentence: the attention is recomputed as you type.</translation>
        </message>
        <message>
            <source>The input: n tokens, each becomes a row of X ∈ ℝ^(n × d_model). Up to %1 tokens.</source>
            <translation>The input: n tokens, each becomes a row of X ∈ ℝ^(n × d_model). Up to %1 tokens.</translation>
        </message>
        <message>
            <source>Attention weights</source>
            <translation>Attention weights</translation>
        </message>
        <message>
            <source>softmax(QKᵀ/√d_k + mask): row i = query i, column j = key j; each row sums to 1.</source>
            <translation>softmax(QKᵀ/√d_k + mask): row i = query i, column j = key j; each row sums to 1.</translation>
        </message>
        <message>
            <source>Step by step</source>
            <translation>Step by step</translation>
        </message>
        <message>
            <source>Every matrix of the computation, from X to the output, with its formula and shape.</source>
            <translation>Every matrix of the computation, from X to the output, with its formula and shape.</translation>
        </message>
        <message>
            <source>Controls</source>
            <translation>Controls</translation>
        </message>
        <message>
            <source>Row of weights</source>
            <translation>Row of weights</translation>
        </message>
        <message>
            <source>How the weight is computed</source>
            <translation>How the weight is computed</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>&amp;File</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>&amp;Quit</translation>
        </message>
        <message>
            <source>&amp;Examples</source>
            <translation>&amp;Examples</translation>
        </message>
        <message>
            <source>French</source>
            <translation>French</translation>
        </message>
        <message>
            <source>English</source>
            <translation>English</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1: %2</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>&amp;View</translation>
        </message>
        <message>
            <source>Attention &amp;weights</source>
            <translation>Attention &amp;weights</translation>
        </message>
        <message>
            <source>&amp;Step by step</source>
            <translation>&amp;Step by step</translation>
        </message>
        <message>
            <source>&amp;Larger text</source>
            <translation>&amp;Larger text</translation>
        </message>
        <message>
            <source>S&amp;maller text</source>
            <translation>S&amp;maller text</translation>
        </message>
        <message>
            <source>Computing on a worker thread: the window stays usable.</source>
            <translation>Computing on a worker thread: the window stays usable.</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Cancel</translation>
        </message>
        <message>
            <source>Stop this computation; the last result stays shown.</source>
            <translation>Stop this computation; the last result stays shown.</translation>
        </message>
        <message>
            <source>1 token</source>
            <translation>1 token</translation>
        </message>
        <message>
            <source>%1 tokens</source>
            <translation>%1 tokens</translation>
        </message>
        <message>
            <source> · d_model %1 · 1 head</source>
            <translation> · d_model %1 · 1 head</translation>
        </message>
        <message>
            <source> · d_model %1 · %2 heads</source>
            <translation> · d_model %1 · %2 heads</translation>
        </message>
        <message>
            <source> · d_k %1 · computed in %2</source>
            <translation> · d_k %1 · computed in %2</translation>
        </message>
        <message>
            <source>under 1 ms</source>
            <translation>under 1 ms</translation>
        </message>
        <message>
            <source>%1 ms</source>
            <translation>%1 ms</translation>
        </message>
        <message>
            <source>These weights cannot be used: %1.</source>
            <translation>These weights cannot be used: %1.</translation>
        </message>
        <message>
            <source>&lt;b&gt;Untrained weights.&lt;/b&gt; W_Q, W_K and W_V are random numbers: the patterns below carry no linguistic meaning. For attention that means something, use the teaching model.</source>
            <translation>&lt;b&gt;Untrained weights.&lt;/b&gt; W_Q, W_K and W_V are random numbers: the patterns below carry no linguistic meaning. For attention that means something, use the teaching model.</translation>
        </message>
        <message>
            <source>Use the teaching model</source>
            <translation>Use the teaching model</translation>
        </message>
        <message>
            <source>Projections: Teaching model (its named dimensions and rules)</source>
            <translation>Projections: Teaching model (its named dimensions and rules)</translation>
        </message>
        <message>
            <source>Weights</source>
            <translation>Weights</translation>
        </message>
    </context>
    <context>
        <name>attnviz::ui::RowChart</name>
        <message>
            <source>weight</source>
            <translation>weight</translation>
        </message>
        <message>
            <source>keys j</source>
            <translation>keys j</translation>
        </message>
        <message>
            <source>The selected query's row of weights: how much it attends to each key. The bars add up to 1 (softmax), masked keys get 0.</source>
            <translation>The selected query's row of weights: how much it attends to each key. The bars add up to 1 (softmax), masked keys get 0.</translation>
        </message>
        <message>
            <source>Click a cell or a token to chart its row of weights</source>
            <translation>Click a cell or a token to chart its row of weights</translation>
        </message>
        <message>
            <source>mean of %1 heads</source>
            <translation>mean of %1 heads</translation>
        </message>
        <message>
            <source>head %1</source>
            <translation>head %1</translation>
        </message>
        <message>
            <source>Query %1 « %2 », %3: top %4 of %5 keys</source>
            <translation>Query %1 « %2 », %3: top %4 of %5 keys</translation>
        </message>
        <message>
            <source>Query %1 « %2 », %3: its weights over the keys</source>
            <translation>Query %1 « %2 », %3: its weights over the keys</translation>
        </message>
    </context>
    <context>
        <name>attnviz::ui::SessionActions</name>
        <message>
            <source>AttnViz sessions (*.attnviz)</source>
            <translation>AttnViz sessions (*.attnviz)</translation>
        </message>
        <message>
            <source>&amp;Open Session…</source>
            <translation>&amp;Open Session…</translation>
        </message>
        <message>
            <source>Open &amp;Recent</source>
            <translation>Open &amp;Recent</translation>
        </message>
        <message>
            <source>&amp;Save Session</source>
            <translation>&amp;Save Session</translation>
        </message>
        <message>
            <source>Save Session &amp;As…</source>
            <translation>Save Session &amp;As…</translation>
        </message>
        <message>
            <source>&amp;Export…</source>
            <translation>&amp;Export…</translation>
        </message>
        <message>
            <source>Save a figure (PNG, SVG, PDF) or the numbers (CSV, JSON)</source>
            <translation>Save a figure (PNG, SVG, PDF) or the numbers (CSV, JSON)</translation>
        </message>
        <message>
            <source>Copy &amp;Image</source>
            <translation>Copy &amp;Image</translation>
        </message>
        <message>
            <source>Copy Weights as &amp;CSV</source>
            <translation>Copy Weights as &amp;CSV</translation>
        </message>
        <message>
            <source>Cannot open the session</source>
            <translation>Cannot open the session</translation>
        </message>
        <message>
            <source>Cannot save the session</source>
            <translation>Cannot save the session</translation>
        </message>
        <message>
            <source>Cannot copy the image</source>
            <translation>Cannot copy the image</translation>
        </message>
        <message>
            <source>Cannot copy the numbers</source>
            <translation>Cannot copy the numbers</translation>
        </message>
        <message>
            <source>&amp;Clear List</source>
            <translation>&amp;Clear List</translation>
        </message>
        <message>
            <source>Open Session</source>
            <translation>Open Session</translation>
        </message>
        <message>
            <source>Save Session</source>
            <translation>Save Session</translation>
        </message>
        <message>
            <source>Nothing to export</source>
            <translation>Nothing to export</translation>
        </message>
        <message>
            <source>There is no result yet: type a sentence first.</source>
            <translation>There is no result yet: type a sentence first.</translation>
        </message>
        <message>
            <source>%1[*] — AttnViz</source>
            <translation>%1[*] — AttnViz</translation>
        </message>
    </context>
    <context>
        <name>attnviz::ui::StepperView</name>
        <message>
            <source>causal (key j ≤ query i)</source>
            <translation>causal (key j ≤ query i)</translation>
        </message>
        <message>
            <source>sliding window w = %1 (|i − j| &lt; %1)</source>
            <translation>sliding window w = %1 (|i − j| &lt; %1)</translation>
        </message>
        <message>
            <source> with global tokens %1</source>
            <translation> with global tokens %1</translation>
        </message>
        <message>
            <source>padding keys hidden</source>
            <translation>padding keys hidden</translation>
        </message>
        <message>
            <source>1 cell masked by hand</source>
            <translation>1 cell masked by hand</translation>
        </message>
        <message>
            <source>%1 cells masked by hand</source>
            <translation>%1 cells masked by hand</translation>
        </message>
        <message>
            <source>No mask is active: masked = scaled.</source>
            <translation>No mask is active: masked = scaled.</translation>
        </message>
        <message>
            <source>Active masks: %1. Hidden cells are hatched.</source>
            <translation>Active masks: %1. Hidden cells are hatched.</translation>
        </message>
        <message>
            <source> Shown: the mean over the %1 heads.</source>
            <translation> Shown: the mean over the %1 heads.</translation>
        </message>
        <message>
            <source> Shown: head %1 of %2.</source>
            <translation> Shown: head %1 of %2.</translation>
        </message>
        <message>
            <source> Shown: the %1 heads side by side (d_k = %2 columns each).</source>
            <translation> Shown: the %1 heads side by side (d_k = %2 columns each).</translation>
        </message>
        <message>
            <source> Shown: head %1, its d_k = %2 columns.</source>
            <translation> Shown: head %1, its d_k = %2 columns.</translation>
        </message>
        <message>
            <source>%1 = X · W_%1</source>
            <translation>%1 = X · W_%1</translation>
        </message>
        <message>
            <source>X (%1) · W_%2 (%3) = %2 (%1); per head n × d_k = %4.</source>
            <translation>X (%1) · W_%2 (%3) = %2 (%1); per head n × d_k = %4.</translation>
        </message>
        <message>
            <source>Tokens → X</source>
            <translation>Tokens → X</translation>
        </message>
        <message>
            <source>Each token becomes a vector of d_model = %1 named features, read from the teaching model's lexicon (an unknown word gets 0s)%2.</source>
            <translation>Each token becomes a vector of d_model = %1 named features, read from the teaching model's lexicon (an unknown word gets 0s)%2.</translation>
        </message>
        <message>
            <source> plus position features</source>
            <translation> plus position features</translation>
        </message>
        <message>
            <source>X = lexicon features(tokens) + position features</source>
            <translation>X = lexicon features(tokens) + position features</translation>
        </message>
        <message>
            <source>X ∈ ℝ^(n × d_model): %1 tokens × %2 = %3.</source>
            <translation>X ∈ ℝ^(n × d_model): %1 tokens × %2 = %3.</translation>
        </message>
        <message>
            <source>Each token becomes a vector of d_model = %1 numbers: its embedding (the same word always gets the same vector)%2.</source>
            <translation>Each token becomes a vector of d_model = %1 numbers: its embedding (the same word always gets the same vector)%2.</translation>
        </message>
        <message>
            <source> plus its position (PE)</source>
            <translation> plus its position (PE)</translation>
        </message>
        <message>
            <source>; positional encoding is off</source>
            <translation>; positional encoding is off</translation>
        </message>
        <message>
            <source>X = embedding(tokens) + PE</source>
            <translation>X = embedding(tokens) + PE</translation>
        </message>
        <message>
            <source>X = embedding(tokens)</source>
            <translation>X = embedding(tokens)</translation>
        </message>
        <message>
            <source>Query — &lt;b&gt;what we look for&lt;/b&gt; (like a search query).</source>
            <translation>Query — &lt;b&gt;what we look for&lt;/b&gt; (like a search query).</translation>
        </message>
        <message>
            <source>Key — &lt;b&gt;what each position offers&lt;/b&gt; (like the entries of an index).</source>
            <translation>Key — &lt;b&gt;what each position offers&lt;/b&gt; (like the entries of an index).</translation>
        </message>
        <message>
            <source>Value — &lt;b&gt;the content&lt;/b&gt; itself (like the documents).</source>
            <translation>Value — &lt;b&gt;the content&lt;/b&gt; itself (like the documents).</translation>
        </message>
        <message>
            <source>Scores QKᵀ</source>
            <translation>Scores QKᵀ</translation>
        </message>
        <message>
            <source>Entry (i, j): how much position i should attend to position j — the dot product of query i and key j.</source>
            <translation>Entry (i, j): how much position i should attend to position j — the dot product of query i and key j.</translation>
        </message>
        <message>
            <source>Q (%1) · Kᵀ (%2) = scores (%3).</source>
            <translation>Q (%1) · Kᵀ (%2) = scores (%3).</translation>
        </message>
        <message>
            <source>scaled = Q·K&lt;sup&gt;T&lt;/sup&gt; / √d&lt;sub&gt;k&lt;/sub&gt; = Q·K&lt;sup&gt;T&lt;/sup&gt; / √%1 = Q·K&lt;sup&gt;T&lt;/sup&gt; / %2</source>
            <translation>scaled = Q·K&lt;sup&gt;T&lt;/sup&gt; / √d&lt;sub&gt;k&lt;/sub&gt; = Q·K&lt;sup&gt;T&lt;/sup&gt; / √%1 = Q·K&lt;sup&gt;T&lt;/sup&gt; / %2</translation>
        </message>
        <message>
            <source>scaled = Q·K&lt;sup&gt;T&lt;/sup&gt; / (√d&lt;sub&gt;k&lt;/sub&gt; · T) = Q·K&lt;sup&gt;T&lt;/sup&gt; / (√%1 × %2) = Q·K&lt;sup&gt;T&lt;/sup&gt; / %3</source>
            <translation>scaled = Q·K&lt;sup&gt;T&lt;/sup&gt; / (√d&lt;sub&gt;k&lt;/sub&gt; · T) = Q·K&lt;sup&gt;T&lt;/sup&gt; / (√%1 × %2) = Q·K&lt;sup&gt;T&lt;/sup&gt; / %3</translation>
        </message>
        <message>
            <source>scaled = Q·K&lt;sup&gt;T&lt;/sup&gt; / T = Q·K&lt;sup&gt;T&lt;/sup&gt; / %1 (scaling by √d&lt;sub&gt;k&lt;/sub&gt; is off)</source>
            <translation>scaled = Q·K&lt;sup&gt;T&lt;/sup&gt; / T = Q·K&lt;sup&gt;T&lt;/sup&gt; / %1 (scaling by √d&lt;sub&gt;k&lt;/sub&gt; is off)</translation>
        </message>
        <message>
            <source>Scaled by √d_k</source>
            <translation>Scaled by √d_k</translation>
        </message>
        <message>
            <source>Why scale? For a large d_k the dot products grow large and push the softmax into regions with extremely small gradients; dividing by √d_k keeps the variance stable.</source>
            <translation>Why scale? For a large d_k the dot products grow large and push the softmax into regions with extremely small gradients; dividing by √d_k keeps the variance stable.</translation>
        </message>
        <message>
            <source>scaled: %1.</source>
            <translation>scaled: %1.</translation>
        </message>
        <message>
            <source>Masked</source>
            <translation>Masked</translation>
        </message>
        <message>
            <source>masked&lt;sub&gt;ij&lt;/sub&gt; = scaled&lt;sub&gt;ij&lt;/sub&gt; where the mask lets query i see key j, −∞ elsewhere</source>
            <translation>masked&lt;sub&gt;ij&lt;/sub&gt; = scaled&lt;sub&gt;ij&lt;/sub&gt; where the mask lets query i see key j, −∞ elsewhere</translation>
        </message>
        <message>
            <source>masked: %1.</source>
            <translation>masked: %1.</translation>
        </message>
        <message>
            <source>Softmax weights</source>
            <translation>Softmax weights</translation>
        </message>
        <message>
            <source>Each row sums to 1: how much query i attends to each key. Masked keys get 0.</source>
            <translation>Each row sums to 1: how much query i attends to each key. Masked keys get 0.</translation>
        </message>
        <message>
            <source>w&lt;sub&gt;ij&lt;/sub&gt; = exp(m&lt;sub&gt;ij&lt;/sub&gt; − max&lt;sub&gt;j&lt;/sub&gt; m&lt;sub&gt;ij&lt;/sub&gt;) / Σ&lt;sub&gt;j&lt;/sub&gt; exp(m&lt;sub&gt;ij&lt;/sub&gt; − max&lt;sub&gt;j&lt;/sub&gt; m&lt;sub&gt;ij&lt;/sub&gt;)</source>
            <translation>w&lt;sub&gt;ij&lt;/sub&gt; = exp(m&lt;sub&gt;ij&lt;/sub&gt; − max&lt;sub&gt;j&lt;/sub&gt; m&lt;sub&gt;ij&lt;/sub&gt;) / Σ&lt;sub&gt;j&lt;/sub&gt; exp(m&lt;sub&gt;ij&lt;/sub&gt; − max&lt;sub&gt;j&lt;/sub&gt; m&lt;sub&gt;ij&lt;/sub&gt;)</translation>
        </message>
        <message>
            <source>weights: %1.</source>
            <translation>weights: %1.</translation>
        </message>
        <message>
            <source>Context = weights · V</source>
            <translation>Context = weights · V</translation>
        </message>
        <message>
            <source>Row i is a weighted sum of the values: what position i gathers from the others.</source>
            <translation>Row i is a weighted sum of the values: what position i gathers from the others.</translation>
        </message>
        <message>
            <source>context&lt;sub&gt;i&lt;/sub&gt; = Σ&lt;sub&gt;j&lt;/sub&gt; w&lt;sub&gt;ij&lt;/sub&gt; · v&lt;sub&gt;j&lt;/sub&gt;, that is context = weights · V</source>
            <translation>context&lt;sub&gt;i&lt;/sub&gt; = Σ&lt;sub&gt;j&lt;/sub&gt; w&lt;sub&gt;ij&lt;/sub&gt; · v&lt;sub&gt;j&lt;/sub&gt;, that is context = weights · V</translation>
        </message>
        <message>
            <source>weights (%1) · V (%2) = context (%2).</source>
            <translation>weights (%1) · V (%2) = context (%2).</translation>
        </message>
        <message>
            <source>Output = context · W_O</source>
            <translation>Output = context · W_O</translation>
        </message>
        <message>
            <source>The output projection W_O mixes the heads' contexts back into d_model numbers per token.</source>
            <translation>The output projection W_O mixes the heads' contexts back into d_model numbers per token.</translation>
        </message>
        <message>
            <source>output = concat(context&lt;sub&gt;1&lt;/sub&gt; … context&lt;sub&gt;h&lt;/sub&gt;) · W&lt;sub&gt;O&lt;/sub&gt;</source>
            <translation>output = concat(context&lt;sub&gt;1&lt;/sub&gt; … context&lt;sub&gt;h&lt;/sub&gt;) · W&lt;sub&gt;O&lt;/sub&gt;</translation>
        </message>
        <message>
            <source>context (%1) · W_O (%2) = output (%1).</source>
            <translation>context (%1) · W_O (%2) = output (%1).</translation>
        </message>
        <message>
            <source>◀ Previous</source>
            <translation>◀ Previous</translation>
        </message>
        <message>
            <source>Previous step (← or Page Up; Home: first step)</source>
            <translation>Previous step (← or Page Up; Home: first step)</translation>
        </message>
        <message>
            <source>Next ▶</source>
            <translation>Next ▶</translation>
        </message>
        <message>
            <source>Next step (→ or Page Down; End: last step)</source>
            <translation>Next step (→ or Page Down; End: last step)</translation>
        </message>
        <message>
            <source>1 X</source>
            <translation>1 X</translation>
        </message>
        <message>
            <source>2 Q</source>
            <translation>2 Q</translation>
        </message>
        <message>
            <source>3 K</source>
            <translation>3 K</translation>
        </message>
        <message>
            <source>4 V</source>
            <translation>4 V</translation>
        </message>
        <message>
            <source>5 QKᵀ</source>
            <translation>5 QKᵀ</translation>
        </message>
        <message>
            <source>6 ÷√d_k</source>
            <translation>6 ÷√d_k</translation>
        </message>
        <message>
            <source>7 mask</source>
            <translation>7 mask</translation>
        </message>
        <message>
            <source>8 softmax</source>
            <translation>8 softmax</translation>
        </message>
        <message>
            <source>9 ·V</source>
            <translation>9 ·V</translation>
        </message>
        <message>
            <source>10 W_O</source>
            <translation>10 W_O</translation>
        </message>
        <message>
            <source>Step %1 of %2</source>
            <translation>Step %1 of %2</translation>
        </message>
        <message>
            <source>Type a sentence to see this step.</source>
            <translation>Type a sentence to see this step.</translation>
        </message>
        <message>
            <source>Step %1 of %2 — %3</source>
            <translation>Step %1 of %2 — %3</translation>
        </message>
    </context>
    <context>
        <name>attnviz::ui::TokenStrip</name>
        <message>
            <source>The tokens of the sentence, in order. Click one (or use ← and →) to select its row (its query).</source>
            <translation>The tokens of the sentence, in order. Click one (or use ← and →) to select its row (its query).</translation>
        </message>
        <message>
            <source>Token %1: padding [PAD], not in the sentence (masked as a key)</source>
            <translation>Token %1: padding [PAD], not in the sentence (masked as a key)</translation>
        </message>
        <message>
            <source>Token %1 « %2 »: bytes %3–%4 of the sentence (UTF-8)</source>
            <translation>Token %1 « %2 »: bytes %3–%4 of the sentence (UTF-8)</translation>
        </message>
        <message>
            <source>Not in the %1 lexicon: neutral features (every lexical feature is 0)</source>
            <translation>Not in the %1 lexicon: neutral features (every lexical feature is 0)</translation>
        </message>
    </context>
    <context>
        <name>attnviz::ui::WeightEditor</name>
        <message>
            <source>Q = X·W_Q, K = X·W_K, V = X·W_V, output = context·W_O. Rows: the dimensions coming in; columns: the dimensions going out. Double-click a number, type another, press Enter: everything is recomputed.</source>
            <translation>Q = X·W_Q, K = X·W_K, V = X·W_V, output = context·W_O. Rows: the dimensions coming in; columns: the dimensions going out. Double-click a number, type another, press Enter: everything is recomputed.</translation>
        </message>
        <message>
            <source>W_Q makes each token's query: what it looks for.</source>
            <translation>W_Q makes each token's query: what it looks for.</translation>
        </message>
        <message>
            <source>W_K makes each token's key: what it offers to the queries.</source>
            <translation>W_K makes each token's key: what it offers to the queries.</translation>
        </message>
        <message>
            <source>W_V makes each token's value: what it passes on when attended to.</source>
            <translation>W_V makes each token's value: what it passes on when attended to.</translation>
        </message>
        <message>
            <source>W_O mixes the heads' contexts into the output.</source>
            <translation>W_O mixes the heads' contexts into the output.</translation>
        </message>
        <message>
            <source>Reset</source>
            <translation>Reset</translation>
        </message>
        <message>
            <source>the teaching model's matrices</source>
            <translation>the teaching model's matrices</translation>
        </message>
        <message>
            <source>the random (seeded) matrices</source>
            <translation>the random (seeded) matrices</translation>
        </message>
        <message>
            <source>the identity matrices</source>
            <translation>the identity matrices</translation>
        </message>
        <message>
            <source>the matrices loaded from the file or session</source>
            <translation>the matrices loaded from the file or session</translation>
        </message>
        <message>
            <source>Edited. Reset goes back to %1.</source>
            <translation>Edited. Reset goes back to %1.</translation>
        </message>
        <message>
            <source>Not edited: %1.</source>
            <translation>Not edited: %1.</translation>
        </message>
    </context>
    <context>
        <name>attnviz::ui::WeightMatrixModel</name>
        <message>
            <source>Row %1 « %2 », column %3 « %4 »: %5</source>
            <translation>Row %1 « %2 », column %3 « %4 »: %5</translation>
        </message>
    </context>
    <context>
        <name>attnviz::ui::WeightsActions</name>
        <message>
            <source>Load &amp;Weights…</source>
            <translation>Load &amp;Weights…</translation>
        </message>
        <message>
            <source>Use W_Q, W_K, W_V and W_O from a weights JSON file or from .npy files (numpy)</source>
            <translation>Use W_Q, W_K, W_V and W_O from a weights JSON file or from .npy files (numpy)</translation>
        </message>
        <message>
            <source>Save W&amp;eights…</source>
            <translation>Save W&amp;eights…</translation>
        </message>
        <message>
            <source>Save the W_Q, W_K, W_V and W_O in use as a weights JSON file</source>
            <translation>Save the W_Q, W_K, W_V and W_O in use as a weights JSON file</translation>
        </message>
        <message>
            <source>Cannot load the weights</source>
            <translation>Cannot load the weights</translation>
        </message>
        <message>
            <source>Cannot save the weights</source>
            <translation>Cannot save the weights</translation>
        </message>
        <message>
            <source>Load Weights</source>
            <translation>Load Weights</translation>
        </message>
        <message>
            <source>Weights (*.json *.npy);;Weights JSON (*.json);;NumPy W_Q.npy … W_O.npy (*.npy)</source>
            <translation>Weights (*.json *.npy);;Weights JSON (*.json);;NumPy W_Q.npy … W_O.npy (*.npy)</translation>
        </message>
        <message>
            <source>Save Weights</source>
            <translation>Save Weights</translation>
        </message>
        <message>
            <source>Weights JSON (*.json)</source>
            <translation>Weights JSON (*.json)</translation>
        </message>
    </context>
    <context>
        <name>attnviz::ui::WhyScaleChart</name>
        <message>
            <source>&lt;p&gt;&lt;b&gt;Why scale by √d&lt;sub&gt;k&lt;/sub&gt;?&lt;/b&gt; Take a query q and a key k whose d&lt;sub&gt;k&lt;/sub&gt; entries are independent, of mean 0 and variance 1. Their dot product q·k = Σ&lt;sub&gt;m&lt;/sub&gt; q&lt;sub&gt;m&lt;/sub&gt;k&lt;sub&gt;m&lt;/sub&gt; then has variance d&lt;sub&gt;k&lt;/sub&gt;: the larger d&lt;sub&gt;k&lt;/sub&gt;, the larger the scores in magnitude (left). Without scaling, the softmax of a row of %1 scores then puts almost all the weight on one key — its largest weight goes to 1 (right) — and softmax is pushed into regions with extremely small gradients. Dividing by √d&lt;sub&gt;k&lt;/sub&gt; brings the variance back to 1: the scaling by √d&lt;sub&gt;k&lt;/sub&gt; keeps the variance stable, and the weights stay spread out.&lt;/p&gt;</source>
            <translation>&lt;p&gt;&lt;b&gt;Why scale by √d&lt;sub&gt;k&lt;/sub&gt;?&lt;/b&gt; Take a query q and a key k whose d&lt;sub&gt;k&lt;/sub&gt; entries are independent, of mean 0 and variance 1. Their dot product q·k = Σ&lt;sub&gt;m&lt;/sub&gt; q&lt;sub&gt;m&lt;/sub&gt;k&lt;sub&gt;m&lt;/sub&gt; then has variance d&lt;sub&gt;k&lt;/sub&gt;: the larger d&lt;sub&gt;k&lt;/sub&gt;, the larger the scores in magnitude (left). Without scaling, the softmax of a row of %1 scores then puts almost all the weight on one key — its largest weight goes to 1 (right) — and softmax is pushed into regions with extremely small gradients. Dividing by √d&lt;sub&gt;k&lt;/sub&gt; brings the variance back to 1: the scaling by √d&lt;sub&gt;k&lt;/sub&gt; keeps the variance stable, and the weights stay spread out.&lt;/p&gt;</translation>
        </message>
        <message>
            <source>Variance of the scores q·k</source>
            <translation>Variance of the scores q·k</translation>
        </message>
        <message>
            <source>without scaling</source>
            <translation>without scaling</translation>
        </message>
        <message>
            <source>Export Image…</source>
            <translation>Export Image…</translation>
        </message>
        <message>
            <source>Save both charts as PNG, SVG or PDF</source>
            <translation>Save both charts as PNG, SVG or PDF</translation>
        </message>
        <message>
            <source>Measured on %1 random queries and keys (entries uniform, mean 0, variance 1; seed %2) for each d_k.</source>
            <translation>Measured on %1 random queries and keys (entries uniform, mean 0, variance 1; seed %2) for each d_k.</translation>
        </message>
        <message>
            <source>Measuring…</source>
            <translation>Measuring…</translation>
        </message>
        <message>
            <source>Export the √d_k Charts</source>
            <translation>Export the √d_k Charts</translation>
        </message>
        <message>
            <source>Images (*.png *.svg *.pdf)</source>
            <translation>Images (*.png *.svg *.pdf)</translation>
        </message>
        <message>
            <source>Cannot export the charts</source>
            <translation>Cannot export the charts</translation>
        </message>
        <message>
            <source>without scaling (≈ d_k)</source>
            <translation>without scaling (≈ d_k)</translation>
        </message>
        <message>
            <source>with ÷√d_k (≈ 1)</source>
            <translation>with ÷√d_k (≈ 1)</translation>
        </message>
        <message>
            <source>with ÷√d_k</source>
            <translation>with ÷√d_k</translation>
        </message>
        <message>
            <source>equal weights 1/n</source>
            <translation>equal weights 1/n</translation>
        </message>
        <message>
            <source>largest weight</source>
            <translation>largest weight</translation>
        </message>
        <message>
            <source>d_k (log)</source>
            <translation>d_k (log)</translation>
        </message>
        <message>
            <source>variance (log)</source>
            <translation>variance (log)</translation>
        </message>
        <message>
            <source>Largest softmax weight (n = %1)</source>
            <translation>Largest softmax weight (n = %1)</translation>
        </message>
    </context>
</TS>
