<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr" sourcelanguage="en">
<context>
    <name>attnviz::ui::AttentionActions</name>
    <message>
        <source>Open &amp;Attention…</source>
        <translation>Ouvrir des poids d’&amp;attention…</translation>
    </message>
    <message>
        <source>Open attention weights computed elsewhere: a .npy (layers, heads, n, n) with its tokens, or a JSON file</source>
        <translation>Ouvrir des poids d’attention calculés ailleurs&#xa0;: un .npy (couches, têtes, n, n) avec ses tokens, ou un fichier JSON</translation>
    </message>
    <message>
        <source>Close A&amp;ttention</source>
        <translation>Fermer les poids d’a&amp;ttention</translation>
    </message>
    <message>
        <source>Back to the teaching model</source>
        <translation>Retour au modèle pédagogique</translation>
    </message>
    <message>
        <source>not enough memory to open these weights</source>
        <translation>pas assez de mémoire pour ouvrir ces poids</translation>
    </message>
    <message>
        <source>These attention weights cannot be opened: %1. The window keeps what it had.</source>
        <translation>Ces poids d’attention ne peuvent pas être ouverts&#xa0;: %1. La fenêtre garde ce qu’elle avait.</translation>
    </message>
    <message>
        <source>Cannot tell the format of %1: end its name with .png, .svg, .pdf, .csv or .json.</source>
        <translation>Impossible de reconnaître le format de %1&#xa0;: terminez son nom par .png, .svg, .pdf, .csv ou .json.</translation>
    </message>
    <message>
        <source>The export failed: %1</source>
        <translation>L’export a échoué&#xa0;: %1</translation>
    </message>
    <message>
        <source>Export Imported Weights</source>
        <translation>Exporter les poids importés</translation>
    </message>
    <message>
        <source>Images (*.png *.svg *.pdf);;Data (*.csv *.json)</source>
        <translation>Images (*.png *.svg *.pdf);;Données (*.csv *.json)</translation>
    </message>
    <message>
        <source>Open Attention Weights</source>
        <translation>Ouvrir des poids d’attention</translation>
    </message>
    <message>
        <source>Attention weights (*.npy *.json);;NumPy arrays (*.npy);;JSON (*.json)</source>
        <translation>Poids d’attention (*.npy *.json);;Tableaux NumPy (*.npy);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Opening the attention weights was cancelled; the window keeps what it had.</source>
        <translation>Ouverture des poids d’attention annulée&#xa0;; la fenêtre garde ce qu’elle avait.</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>Ouverture de %1…</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::CellExplainer</name>
    <message>
        <source>&lt;p&gt;Click a cell of the heatmap to see how its weight is computed.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Cliquez sur une case de la carte de chaleur pour voir comment son poids est calculé.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The heatmap shows the mean over the %1 heads:&lt;/p&gt;</source>
        <translation>&lt;p&gt;La carte de chaleur montre la moyenne sur les %1 têtes&#xa0;:&lt;/p&gt;</translation>
    </message>
    <message>
        <source>mean %1 = (%2) / %3 = &lt;b&gt;%4&lt;/b&gt;</source>
        <translation>moyenne %1 = (%2) / %3 = &lt;b&gt;%4&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Below, head 1 in detail.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Ci-dessous, la tête 1 en détail.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Head %1 of %2 (its own slice of d_k = %3 columns of Q and K).&lt;/p&gt;</source>
        <translation>&lt;p&gt;Tête %1 sur %2 (sa propre tranche de d_k = %3 colonnes de Q et de K).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>dimension: query ↔ key</source>
        <translation>dimension&#xa0;: requête ↔ clé</translation>
    </message>
    <message>
        <source>&lt;p&gt;The largest products (highlighted below):&lt;/p&gt;</source>
        <translation>&lt;p&gt;Les plus grands produits (surlignés ci-dessous)&#xa0;:&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The largest products are highlighted.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Les plus grands produits sont surlignés.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>… (%1 terms)</source>
        <translation>… (%1 termes)</translation>
    </message>
    <message>
        <source>0 (every product is 0)</source>
        <translation>0 (tous les produits valent 0)</translation>
    </message>
    <message>
        <source>(%1 products of 0)</source>
        <translation>(%1 produits nuls)</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;2. Score: the dot product&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;2. Score&#xa0;: le produit scalaire&lt;/b&gt;&lt;/p&gt;</translation>
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
        <translation>÷ T = ÷ %1 (la mise à l’échelle par √d_k est désactivée)</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;3. Scaled score&lt;/b&gt; %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;3. Score mis à l’échelle&lt;/b&gt; %1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>scaled = %1 ÷ %2 = &lt;b&gt;%3&lt;/b&gt;</source>
        <translation>mis à l’échelle = %1 ÷ %2 = &lt;b&gt;%3&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;4. Mask:&lt;/b&gt; &lt;span class=&quot;masked&quot;&gt;key %1 is hidden from query %2&lt;/span&gt;: its masked score is −∞, so exp(−∞) = 0 and its weight is 0.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;4. Masque&#xa0;:&lt;/b&gt; &lt;span class=&quot;masked&quot;&gt;la clé %1 est cachée à la requête %2&lt;/span&gt;&#xa0;: son score masqué vaut −∞, donc exp(−∞) = 0 et son poids est 0.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;4. Mask:&lt;/b&gt; key %1 is visible from query %2: the masked score stays %3.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;4. Masque&#xa0;:&lt;/b&gt; la clé %1 est visible depuis la requête %2&#xa0;: le score masqué reste %3.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;5. Softmax:&lt;/b&gt; &lt;span class=&quot;masked&quot;&gt;every key of row %1 is masked&lt;/span&gt;: the chapter&apos;s masked_fill + softmax would give NaN; here every weight of the row is 0.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;5. Softmax&#xa0;:&lt;/b&gt; &lt;span class=&quot;masked&quot;&gt;toutes les clés de la ligne %1 sont masquées&lt;/span&gt;&#xa0;: le masked_fill + softmax du chapitre donnerait NaN&#xa0;; ici, tous les poids de la ligne valent 0.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;5. Softmax, numerator&lt;/b&gt; (the row&apos;s largest visible scaled score is subtracted first, so exp never overflows)&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;5. Softmax, numérateur&lt;/b&gt; (on soustrait d’abord le plus grand score mis à l’échelle visible de la ligne, pour que exp ne déborde jamais)&lt;/p&gt;</translation>
    </message>
    <message>
        <source>exp(−∞ − %1) = &lt;b&gt;0&lt;/b&gt;</source>
        <translation>exp(−∞ − %1) = &lt;b&gt;0&lt;/b&gt;</translation>
    </message>
    <message>
        <source>exp(scaled − row max) = exp(%1 − %2) = &lt;b&gt;%3&lt;/b&gt;</source>
        <translation>exp(mis à l’échelle − max de la ligne) = exp(%1 − %2) = &lt;b&gt;%3&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;6. Row sum&lt;/b&gt; over the visible keys of row %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;6. Somme de la ligne&lt;/b&gt; sur les clés visibles de la ligne %1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;7. Weight&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;7. Poids&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Context of query %1: context%2 = Σ&lt;sub&gt;j&lt;/sub&gt; w%3 · v%4&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;Contexte de la requête %1&#xa0;: contexte%2 = Σ&lt;sub&gt;j&lt;/sub&gt; w%3 · v%4&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The %1 largest weights of row %2:&lt;/p&gt;</source>
        <translation>&lt;p&gt;Les %1 plus grands poids de la ligne %2&#xa0;:&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;table&gt;&lt;tr&gt;&lt;th&gt;j&lt;/th&gt;&lt;th&gt;token&lt;/th&gt;&lt;th&gt;w&lt;sub&gt;%1,j&lt;/sub&gt;&lt;/th&gt;&lt;th&gt;v&lt;sub&gt;j&lt;/sub&gt;&lt;/th&gt;&lt;th&gt;w&lt;sub&gt;%1,j&lt;/sub&gt; · v&lt;sub&gt;j&lt;/sub&gt;&lt;/th&gt;&lt;/tr&gt;</source>
        <translation>&lt;table&gt;&lt;tr&gt;&lt;th&gt;j&lt;/th&gt;&lt;th&gt;token&lt;/th&gt;&lt;th&gt;w&lt;sub&gt;%1,j&lt;/sub&gt;&lt;/th&gt;&lt;th&gt;v&lt;sub&gt;j&lt;/sub&gt;&lt;/th&gt;&lt;th&gt;w&lt;sub&gt;%1,j&lt;/sub&gt; · v&lt;sub&gt;j&lt;/sub&gt;&lt;/th&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>context%1 = &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>contexte%1 = &lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <source>&lt;tr&gt;&lt;td colspan=&quot;5&quot;&gt;… %n more row(s)&lt;/td&gt;&lt;/tr&gt;</source>
        <translation>
            <numerusform>&lt;tr&gt;&lt;td colspan=&quot;5&quot;&gt;… %n ligne de plus&lt;/td&gt;&lt;/tr&gt;</numerusform>
            <numerusform>&lt;tr&gt;&lt;td colspan=&quot;5&quot;&gt;… %n lignes de plus&lt;/td&gt;&lt;/tr&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;%n dimension(s) where q and k are both 0 left out.&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;%n dimension où q et k valent tous deux 0 est omise.&lt;/p&gt;</numerusform>
            <numerusform>&lt;p&gt;%n dimensions où q et k valent tous deux 0 sont omises.&lt;/p&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;+ %n other term(s), whose weights add up to %1.&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;+ %n autre terme, dont le poids vaut %1.&lt;/p&gt;</numerusform>
            <numerusform>&lt;p&gt;+ %n autres termes, dont les poids totalisent %1.&lt;/p&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;p&gt;The weights of “%1” stay hidden until the guess is revealed: what do you think it attends to most?&lt;/p&gt;</source>
        <translation>&lt;p&gt;Les poids de «&#xa0;%1&#xa0;» restent cachés jusqu’à ce que la réponse soit révélée&#xa0;: à quelle clé, selon vous, prête-t-il le plus attention&#xa0;?&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Weight %1: query %2 %3 → key %4 %5&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;Poids %1&#xa0;: requête %2 %3 → clé %4 %5&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;1. The query of %1 and the key of %2&lt;/b&gt; (d_k = %3 numbers each)&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;1. La requête de %1 et la clé de %2&lt;/b&gt; (d_k = %3 nombres chacune)&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1 × %2 = %3 × %4 = &lt;b&gt;%5&lt;/b&gt;</source>
        <translation>%1 × %2 = %3 × %4 = &lt;b&gt;%5&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::ClassroomActions</name>
    <message>
        <source>Reset to Defaults</source>
        <translation>Rétablir les réglages par défaut</translation>
    </message>
    <message>
        <source>Go back to the default sentence, settings, colours, language, theme, text size and window layout? What AttnViz remembers is forgotten; your session files are kept.</source>
        <translation>Revenir à la phrase, aux réglages, aux couleurs, à la langue, au thème, à la taille du texte et à la disposition de la fenêtre par défaut&#xa0;? Ce dont AttnViz se souvient est oublié&#xa0;; vos fichiers de session sont conservés.</translation>
    </message>
    <message>
        <source>Export the √d_k Charts</source>
        <translation>Exporter les graphiques √d_k</translation>
    </message>
    <message>
        <source>The charts are still being measured; try again in a moment.</source>
        <translation>Les graphiques sont encore en cours de mesure&#xa0;; réessayez dans un instant.</translation>
    </message>
    <message>
        <source>Images (*.png *.svg *.pdf)</source>
        <translation>Images (*.png *.svg *.pdf)</translation>
    </message>
    <message>
        <source>Cannot export the charts</source>
        <translation>Impossible d’exporter les graphiques</translation>
    </message>
    <message>
        <source>&amp;Presentation Mode</source>
        <translation>&amp;Mode présentation</translation>
    </message>
    <message>
        <source>Full screen with large text, for a projector: only the sentence, the heatmap, the steps and the explanation. →/← or Page Down/Page Up: next/previous step; Esc: leave (F11)</source>
        <translation>Plein écran et grand texte, pour le vidéoprojecteur&#xa0;: seulement la phrase, la carte de chaleur, les étapes et l’explication. →/← ou Page suivante/Page précédente&#xa0;: étape suivante/précédente&#xa0;; Échap&#xa0;: quitter (F11)</translation>
    </message>
    <message>
        <source>Why √d_&amp;k?</source>
        <translation>Pourquoi √d_&amp;k&#xa0;?</translation>
    </message>
    <message>
        <source>Why √d_k?</source>
        <translation>Pourquoi √d_k&#xa0;?</translation>
    </message>
    <message>
        <source>Why the scores are divided by √d_k: the variance of q·k and the softmax&apos;s largest weight against d_k, with and without the scaling.</source>
        <translation>Pourquoi les scores sont divisés par √d_k&#xa0;: la variance de q·k et le plus grand poids du softmax en fonction de d_k, avec et sans mise à l’échelle.</translation>
    </message>
    <message>
        <source>Lan&amp;guage</source>
        <translation>&amp;Langue</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Thème</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>&amp;Système</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Clair</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>S&amp;ombre</translation>
    </message>
    <message>
        <source>&amp;Reset to Defaults…</source>
        <translation>&amp;Rétablir les réglages par défaut…</translation>
    </message>
    <message>
        <source>Export the √d_k C&amp;harts…</source>
        <translation>Exporter les &amp;graphiques √d_k…</translation>
    </message>
    <message>
        <source>Classroom</source>
        <translation>En classe</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::ComparisonCanvas</name>
    <message>
        <source>%1 → %2
exact: %3
%4: %5
difference: %6</source>
        <translation>%1 → %2
exact&#xa0;: %3
%4&#xa0;: %5
différence&#xa0;: %6</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::ComparisonFigure</name>
    <message>
        <source>no mask</source>
        <translation>sans masque</translation>
    </message>
    <message>
        <source>causal</source>
        <translation>causal</translation>
    </message>
    <message>
        <source>padded</source>
        <translation>avec remplissage</translation>
    </message>
    <message>
        <source>Difference: %1 − exact</source>
        <translation>Différence&#xa0;: %1 − exacte</translation>
    </message>
    <message>
        <source>n = %1, %2</source>
        <translation>n = %1, %2</translation>
    </message>
    <message>
        <source>keeps %1 of the cells</source>
        <translation>garde %1 des cases</translation>
    </message>
    <message>
        <source>red: more weight than exact, blue: less</source>
        <translation>rouge&#xa0;: plus de poids qu’en attention exacte, bleu&#xa0;: moins</translation>
    </message>
    <message>
        <source>What each technique keeps: %1, n = %2</source>
        <translation>Ce que garde chaque technique&#xa0;: %1, n = %2</translation>
    </message>
    <message>
        <source>not kept (weight 0)</source>
        <translation>non gardée (poids 0)</translation>
    </message>
    <message>
        <source>technique</source>
        <translation>technique</translation>
    </message>
    <message>
        <source>max |output error|</source>
        <translation>max |erreur de sortie|</translation>
    </message>
    <message>
        <source>mean KL(technique ‖ exact)</source>
        <translation>KL(technique ‖ exacte) moyenne</translation>
    </message>
    <message>
        <source>exact weight dropped</source>
        <translation>poids exact perdu</translation>
    </message>
    <message>
        <source>cells kept</source>
        <translation>cases gardées</translation>
    </message>
    <message>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <source>memory beyond Q, K, V</source>
        <translation>mémoire en plus de Q, K, V</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::ComputeController</name>
    <message>
        <source>not enough memory for this computation</source>
        <translation>pas assez de mémoire pour ce calcul</translation>
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
        <translation>Moyenne des %1 têtes</translation>
    </message>
    <message>
        <source>Head %1 of %2</source>
        <translation>Tête %1 sur %2</translation>
    </message>
    <message>
        <source>Supplied (edited or from a file)</source>
        <translation>Fournies (modifiées ou depuis un fichier)</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>Masque</translation>
    </message>
    <message>
        <source>Masks hide keys from queries: a hidden score becomes −∞ before the softmax, so its weight is 0. Masks compose: a key is visible only if every active mask allows it.</source>
        <translation>Les masques cachent des clés aux requêtes&#xa0;: un score caché devient −∞ avant le softmax, son poids vaut donc 0. Les masques se combinent&#xa0;: une clé n’est visible que si tous les masques actifs l’autorisent.</translation>
    </message>
    <message>
        <source>Causal mask (tril)</source>
        <translation>Masque causal (tril)</translation>
    </message>
    <message>
        <source>Causal attention: position i may only attend to positions j ≤ i, as in the chapter&apos;s torch.tril(torch.ones(n, n)). A language model must not look at future tokens. Composes with the window and the custom mask.</source>
        <translation>Attention causale&#xa0;: la position i ne peut porter son attention que sur les positions j ≤ i, comme le torch.tril(torch.ones(n, n)) du chapitre. Un modèle de langage ne doit pas regarder les tokens futurs. Se combine avec la fenêtre et le masque personnalisé.</translation>
    </message>
    <message>
        <source>off</source>
        <translation>désactivée</translation>
    </message>
    <message>
        <source>Sliding window w: query i sees key j only when |i − j| &lt; w (local attention). Global tokens see every key and are seen by every query. 0 turns it off.</source>
        <translation>Fenêtre glissante w&#xa0;: la requête i ne voit la clé j que si |i − j| &lt; w (attention locale). Les tokens globaux voient toutes les clés et sont vus par toutes les requêtes. 0 la désactive.</translation>
    </message>
    <message>
        <source>Sliding window w</source>
        <translation>Fenêtre glissante w</translation>
    </message>
    <message>
        <source>e.g. 0,5</source>
        <translation>ex. 0,5</translation>
    </message>
    <message>
        <source>Global tokens of the sliding window: positions (0-based) separated by commas. They attend to all positions and all positions attend to them.</source>
        <translation>Tokens globaux de la fenêtre glissante&#xa0;: positions (à partir de 0) séparées par des virgules. Ils portent leur attention sur toutes les positions, et toutes les positions sur eux.</translation>
    </message>
    <message>
        <source>Global tokens</source>
        <translation>Tokens globaux</translation>
    </message>
    <message>
        <source>Edit mask: click cells</source>
        <translation>Modifier le masque</translation>
    </message>
    <message>
        <source>Custom mask: while this is on, clicking a heatmap cell (query i, key j) hides that key from that query, or shows it again (the chapter&apos;s mask argument).</source>
        <translation>Masque personnalisé&#xa0;: tant que ce bouton est enfoncé, cliquer une case de la carte de chaleur (requête i, clé j) cache cette clé à cette requête, ou la montre de nouveau (l’argument mask du chapitre).</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Effacer</translation>
    </message>
    <message>
        <source>Remove every cell masked by hand.</source>
        <translation>Retirer toutes les cases masquées à la main.</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation>Mise à l’échelle</translation>
    </message>
    <message>
        <source>Divide the scores by √d_k</source>
        <translation>Diviser les scores par √d_k</translation>
    </message>
    <message>
        <source>Step 2 of the chapter: scaled = QKᵀ / √d_k. Without scaling, for a large d_k the dot products grow large and push the softmax into regions with extremely small gradients; dividing by √d_k keeps the variance stable.</source>
        <translation>Étape 2 du chapitre&#xa0;: scores mis à l’échelle = QKᵀ / √d_k. Sans mise à l’échelle, pour un grand d_k, les produits scalaires deviennent très grands et poussent le softmax dans des régions aux gradients extrêmement petits&#xa0;; diviser par √d_k maintient la variance stable.</translation>
    </message>
    <message>
        <source>Temperature T: the scores are also divided by T before the softmax. T &lt; 1 sharpens the weights (towards one key), T &gt; 1 flattens them (towards equal weights). Log scale from 0.05 to 20; T = 1 is the chapter&apos;s formula.</source>
        <translation>Température T&#xa0;: les scores sont aussi divisés par T avant le softmax. T &lt; 1 rend les poids plus nets (vers une seule clé), T &gt; 1 les aplatit (vers des poids égaux). Échelle logarithmique de 0.05 à 20&#xa0;; T = 1 donne la formule du chapitre.</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Température</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>d_model: each token is a vector of d_model numbers (X ∈ ℝ^{n×d_model}).</source>
        <translation>d_model&#xa0;: chaque token est un vecteur de d_model nombres (X ∈ ℝ^{n×d_model}).</translation>
    </message>
    <message>
        <source>d_model</source>
        <translation>d_model</translation>
    </message>
    <message>
        <source>Number of heads h: W_Q, W_K, W_V are cut into h slices of d_k = d_model / h columns; each head computes its own attention (multi-head attention, next chapter).</source>
        <translation>Nombre de têtes h&#xa0;: W_Q, W_K, W_V sont découpées en h tranches de d_k = d_model / h colonnes&#xa0;; chaque tête calcule sa propre attention (attention multi-tête, chapitre suivant).</translation>
    </message>
    <message>
        <source>Heads h</source>
        <translation>Têtes h</translation>
    </message>
    <message>
        <source>d_k: the length of each query and key vector, the √d_k of the scaling.</source>
        <translation>d_k&#xa0;: la longueur de chaque vecteur requête et clé, le √d_k de la mise à l’échelle.</translation>
    </message>
    <message>
        <source>d_k = d_model / h</source>
        <translation>d_k = d_model / h</translation>
    </message>
    <message>
        <source>Seed of the random embeddings and projections: the same seed gives the same numbers, on every computer.</source>
        <translation>Graine des plongements et des projections aléatoires&#xa0;: la même graine donne les mêmes nombres, sur tous les ordinateurs.</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Graine</translation>
    </message>
    <message>
        <source>Positional encoding</source>
        <translation>Encodage positionnel</translation>
    </message>
    <message>
        <source>Adds sin/cos positional encodings to the embeddings, so X depends on where a word is: without it, the same word at two places gets the same row of X.</source>
        <translation>Ajoute aux plongements des encodages positionnels sin/cos, pour que X dépende de la place d’un mot&#xa0;: sans eux, le même mot à deux endroits donne la même ligne de X.</translation>
    </message>
    <message>
        <source>Random (seeded)</source>
        <translation>Aléatoires (graine)</translation>
    </message>
    <message>
        <source>Identity</source>
        <translation>Identité</translation>
    </message>
    <message>
        <source>Teaching model</source>
        <translation>Modèle pédagogique</translation>
    </message>
    <message>
        <source>Interpretable: every dimension of X, Q, K, V has a name (pronoun, living being, …) and W_Q, W_K, W_V, W_O are written by named rules. Sets d_model to the model&apos;s dimensions.</source>
        <translation>Interprétable&#xa0;: chaque dimension de X, Q, K, V a un nom (pronom, être vivant, …) et W_Q, W_K, W_V, W_O sont écrites par des règles nommées. Fixe d_model au nombre de dimensions du modèle.</translation>
    </message>
    <message>
        <source>Projections W_Q, W_K, W_V, W_O. Random: seeded values, as an untrained model. Identity: Q = K = V = X, so the score of (i, j) is the dot product of the two tokens&apos; vectors.</source>
        <translation>Projections W_Q, W_K, W_V, W_O. Aléatoires&#xa0;: valeurs tirées d’une graine, comme un modèle non entraîné. Identité&#xa0;: Q = K = V = X, le score de (i, j) est alors le produit scalaire des vecteurs des deux tokens.</translation>
    </message>
    <message>
        <source>Projections</source>
        <translation>Projections</translation>
    </message>
    <message>
        <source>View</source>
        <translation>Affichage</translation>
    </message>
    <message>
        <source>Which head the views show: one head, or the mean of the heads&apos; weights.</source>
        <translation>La tête que montrent les vues&#xa0;: une seule tête, ou la moyenne des poids des têtes.</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Tête</translation>
    </message>
    <message>
        <source>Colours of the weights (0 → 1). Blues is the chapter&apos;s heatmap; viridis and cividis are easier to read for colour-blind viewers. Signed matrices use blue–red.</source>
        <translation>Couleurs des poids (0 → 1). Blues est la carte de chaleur du chapitre&#xa0;; viridis et cividis se lisent mieux pour les personnes daltoniennes. Les matrices signées utilisent bleu–rouge.</translation>
    </message>
    <message>
        <source>Colours</source>
        <translation>Couleurs</translation>
    </message>
    <message>
        <source>Global tokens: “%1” is not a list of positions (write numbers separated by commas, e.g. 0,5).</source>
        <translation>Tokens globaux&#xa0;: «&#xa0;%1&#xa0;» n’est pas une liste de positions (écrivez des nombres séparés par des virgules, ex. 0,5).</translation>
    </message>
    <message>
        <source>Seed: write a whole number from 0 to 18446744073709551615.</source>
        <translation>Graine&#xa0;: écrivez un nombre entier de 0 à 18446744073709551615.</translation>
    </message>
    <message>
        <source>%1 / %2 = %3</source>
        <translation>%1 / %2 = %3</translation>
    </message>
    <message>
        <source>%1 / %2 is not a whole number: the number of heads must divide d_model (try %3)</source>
        <translation>%1 / %2 n’est pas un nombre entier&#xa0;: le nombre de têtes doit diviser d_model (essayez %3)</translation>
    </message>
    <message>
        <source>No cell masked by hand</source>
        <translation>Aucune case masquée à la main</translation>
    </message>
    <message>
        <source>0 to 1</source>
        <translation>0 à 1</translation>
    </message>
    <message>
        <source>smallest to largest</source>
        <translation>du plus petit au plus grand</translation>
    </message>
    <message>
        <source>Colour range</source>
        <translation>Plage des couleurs</translation>
    </message>
    <message numerus="yes">
        <source>%n cell(s) masked by hand</source>
        <translation>
            <numerusform>%n case masquée à la main</numerusform>
            <numerusform>%n cases masquées à la main</numerusform>
        </translation>
    </message>
    <message>
        <source>each row: 0 to its largest</source>
        <translation>chaque ligne&#xa0;: 0 à son maximum</translation>
    </message>
    <message>
        <source>What the weights&apos; colours span. 0 to 1: every figure reads the same. Smallest to largest weight: as the chapter&apos;s seaborn heatmap; with a long sentence, whose weights are all small, the differences stay visible (rows that see a single key, always 1, are left out). Each row against its largest weight: every row shows where it looks most, even in a long causal heatmap; the numbers stay the weights.</source>
        <translation>Ce que couvrent les couleurs des poids. 0 à 1&#xa0;: toutes les figures se lisent de la même façon. Du plus petit au plus grand poids&#xa0;: comme la carte seaborn du chapitre&#xa0;; avec une longue phrase, dont tous les poids sont petits, les différences restent visibles (les lignes qui ne voient qu’une clé, toujours 1, sont laissées de côté). Chaque ligne par rapport à son plus grand poids&#xa0;: chaque ligne montre où elle regarde le plus, même dans une longue carte causale&#xa0;; les nombres restent les poids.</translation>
    </message>
    <message>
        <source>The model&apos;s own (its checkpoint)</source>
        <translation>Celles du modèle (son checkpoint)</translation>
    </message>
    <message>
        <source>Trained model</source>
        <translation>Modèle entraîné</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Couche</translation>
    </message>
    <message>
        <source>Which of the model&apos;s layers the views show: each layer has its own heads, its own X (ln_1 of the residual stream), W_Q, W_K, W_V and W_O.</source>
        <translation>La couche du modèle que montrent les vues : chaque couche a ses propres têtes, son propre X (ln_1 du flux résiduel), W_Q, W_K, W_V et W_O.</translation>
    </message>
    <message>
        <source>Close model</source>
        <translation>Fermer le modèle</translation>
    </message>
    <message>
        <source>Back to the teaching model; the sentence stays.</source>
        <translation>Retour au modèle pédagogique ; la phrase reste.</translation>
    </message>
    <message>
        <source>Layer %1 of %2</source>
        <translation>Couche %1 sur %2</translation>
    </message>
    <message>
        <source>%1 layers · %2 heads · d_model %3 · %4 tokens in its vocabulary · up to %5 tokens a sentence</source>
        <translation>%1 couches · %2 têtes · d_model %3 · %4 tokens dans son vocabulaire · jusqu’à %5 tokens par phrase</translation>
    </message>
    <message>
        <source>Set by the model %1: it computes with its own weights, sizes, causal mask and √d_k. Close the model to change this.</source>
        <translation>Fixé par le modèle %1 : il calcule avec ses propres poids, tailles, masque causal et √d_k. Fermez le modèle pour changer ceci.</translation>
    </message>
    <message>
        <source>Head %1 — %2</source>
        <translation>Tête %1 — %2</translation>
    </message>
    <message>
        <source>Teaching model, 4 heads</source>
        <translation>Modèle pédagogique, 4 têtes</translation>
    </message>
    <message>
        <source>The teaching model in four heads with one role each: coreference, previous token, determiner → noun, negation → verb. Their contexts are concatenated and mixed by W_O. Sets d_model to 24 and the heads to 4.</source>
        <translation>Le modèle pédagogique en quatre têtes, chacune avec un rôle&#xa0;: coréférence, mot précédent, déterminant → nom, négation → verbe. Leurs contextes sont concaténés et mélangés par W_O. Fixe d_model à 24 et le nombre de têtes à 4.</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::CoreMessages</name>
    <message>
        <source> or </source>
        <comment>the last separator of a list: 1, 2, 4 or 8</comment>
        <translation> ou </translation>
    </message>
    <message>
        <source>the sentence is empty: type at least one word</source>
        <translation>la phrase est vide&#xa0;: tapez au moins un mot</translation>
    </message>
    <message>
        <source>the sentence has %1 tokens, more than the limit of %2</source>
        <translation>la phrase a %1&#xa0;tokens, plus que la limite de %2</translation>
    </message>
    <message>
        <source>the sentence has more than %1 tokens (limit %2)</source>
        <translation>la phrase a plus de %1&#xa0;tokens (limite&#xa0;: %2)</translation>
    </message>
    <message>
        <source>the sentence is too long (%1 bytes; limit %2)</source>
        <translation>la phrase est trop longue (%1&#xa0;octets&#xa0;; limite&#xa0;: %2)</translation>
    </message>
    <message>
        <source>%1 heads do not divide d_model = %2: d_k = d_model / heads must be a whole number</source>
        <translation>%1&#xa0;têtes ne divisent pas d_model = %2&#xa0;: d_k = d_model / têtes doit être un nombre entier</translation>
    </message>
    <message>
        <source>%1 heads do not divide the teaching model&apos;s %2 dimensions: choose %3 heads</source>
        <translation>%1&#xa0;têtes ne divisent pas les %2&#xa0;dimensions du modèle pédagogique&#xa0;: choisissez %3&#xa0;têtes</translation>
    </message>
    <message>
        <source>the teaching model has %1 dimensions: d_model must be %1 (it is %2)</source>
        <translation>le modèle pédagogique a %1&#xa0;dimensions&#xa0;: d_model doit valoir %1 (il vaut %2)</translation>
    </message>
    <message>
        <source>d_model must be at most %1 (it is %2)</source>
        <translation>d_model doit valoir au plus %1 (il vaut %2)</translation>
    </message>
    <message>
        <source>the temperature T must be a finite number greater than 0</source>
        <translation>la température T doit être un nombre fini supérieur à 0</translation>
    </message>
    <message>
        <source>computation cancelled</source>
        <translation>calcul annulé</translation>
    </message>
    <message>
        <source>(got null)</source>
        <translation>(la valeur est null)</translation>
    </message>
    <message>
        <source>(got a boolean)</source>
        <translation>(la valeur est un booléen)</translation>
    </message>
    <message>
        <source>(got a string)</source>
        <translation>(la valeur est une chaîne de caractères)</translation>
    </message>
    <message>
        <source>(got an array)</source>
        <translation>(la valeur est un tableau)</translation>
    </message>
    <message>
        <source>(got an object)</source>
        <translation>(la valeur est un objet)</translation>
    </message>
    <message>
        <source>(got a fractional number)</source>
        <translation>(la valeur est un nombre non entier)</translation>
    </message>
    <message>
        <source>(got a negative integer)</source>
        <translation>(la valeur est un entier négatif)</translation>
    </message>
    <message>
        <source>(got an integer)</source>
        <translation>(la valeur est un entier)</translation>
    </message>
    <message>
        <source>invalid UTF-8 at byte %1 (0x%2): continuation byte without a lead byte</source>
        <translation>UTF-8 invalide à l’octet %1 (0x%2)&#xa0;: octet de continuation sans octet de tête</translation>
    </message>
    <message>
        <source>invalid UTF-8 at byte %1 (0x%2): overlong encoding</source>
        <translation>UTF-8 invalide à l’octet %1 (0x%2)&#xa0;: encodage plus long que nécessaire</translation>
    </message>
    <message>
        <source>invalid UTF-8 at byte %1 (0x%2): code point above U+10FFFF</source>
        <translation>UTF-8 invalide à l’octet %1 (0x%2)&#xa0;: point de code au-delà de U+10FFFF</translation>
    </message>
    <message>
        <source>invalid UTF-8 at byte %1 (0x%2): sequence truncated by the end of the text</source>
        <translation>UTF-8 invalide à l’octet %1 (0x%2)&#xa0;: séquence coupée par la fin du texte</translation>
    </message>
    <message>
        <source>invalid UTF-8 at byte %1 (0x%2): truncated sequence</source>
        <translation>UTF-8 invalide à l’octet %1 (0x%2)&#xa0;: séquence tronquée</translation>
    </message>
    <message>
        <source>invalid UTF-8 at byte %1 (0x%2): UTF-16 surrogate code point</source>
        <translation>UTF-8 invalide à l’octet %1 (0x%2)&#xa0;: point de code réservé aux paires de substitution UTF-16</translation>
    </message>
    <message>
        <source>cannot create the ICU word break iterator: %1</source>
        <translation>impossible de créer l’itérateur de découpage en mots d’ICU&#xa0;: %1</translation>
    </message>
    <message>
        <source>ICU cannot open the sentence: %1</source>
        <translation>ICU ne peut pas ouvrir la phrase&#xa0;: %1</translation>
    </message>
    <message>
        <source>ICU cannot segment the sentence: %1</source>
        <translation>ICU ne peut pas découper la phrase&#xa0;: %1</translation>
    </message>
    <message>
        <source>d_model must be at least 1 (it is %1)</source>
        <translation>d_model doit valoir au moins 1 (il vaut %1)</translation>
    </message>
    <message>
        <source>the number of heads must be at least 1 (it is %1)</source>
        <translation>le nombre de têtes doit valoir au moins 1 (il vaut %1)</translation>
    </message>
    <message>
        <source>the sliding window must be at least 1 (0 turns it off)</source>
        <translation>la fenêtre glissante doit valoir au moins 1 (0 la désactive)</translation>
    </message>
    <message>
        <source>a global token position cannot be negative (%1)</source>
        <translation>la position d’un token global ne peut pas être négative (%1)</translation>
    </message>
    <message>
        <source>pad-to length cannot be negative</source>
        <translation>la longueur de remplissage ne peut pas être négative</translation>
    </message>
    <message>
        <source>pad-to length must be at most %1 (it is %2)</source>
        <translation>la longueur de remplissage doit valoir au plus %1 (elle vaut %2)</translation>
    </message>
    <message>
        <source>a custom-masked cell cannot have a negative position</source>
        <translation>une case masquée à la main ne peut pas avoir de position négative</translation>
    </message>
    <message>
        <source>the token limit must be at least 1</source>
        <translation>la limite de tokens doit valoir au moins 1</translation>
    </message>
    <message>
        <source>the token limit must be at most %1 (it is %2)</source>
        <translation>la limite de tokens doit valoir au plus %1 (elle vaut %2)</translation>
    </message>
    <message>
        <source>%1 must be %2×%2 (d_model × d_model), it is %3×%4</source>
        <translation>%1 doit être de taille %2×%2 (d_model × d_model)&#xa0;; sa taille est %3×%4</translation>
    </message>
    <message>
        <source>%1 holds a NaN or infinite value</source>
        <translation>%1 contient une valeur NaN ou infinie</translation>
    </message>
    <message>
        <source>head %1 does not exist (there are %2)</source>
        <translation>la tête %1 n’existe pas (il y en a %2)</translation>
    </message>
    <message>
        <source>block outside the %1 matrix</source>
        <translation>bloc hors de la matrice %1</translation>
    </message>
    <message>
        <source>cell (%1, %2) is outside the %3×%3 matrix</source>
        <translation>la case (%1, %2) est hors de la matrice %3×%3</translation>
    </message>
    <message>
        <source>attention inputs disagree: Q is %1×%2, K is %3×%4, V has %5 rows, the mask %6</source>
        <translation>les entrées de l’attention ne concordent pas&#xa0;: Q est de taille %1×%2, K de taille %3×%4, V a %5&#xa0;lignes, le masque %6</translation>
    </message>
    <message>
        <source>cannot open %1: no such file</source>
        <translation>impossible d’ouvrir %1&#xa0;: ce fichier n’existe pas</translation>
    </message>
    <message>
        <source>cannot open %1: permission denied</source>
        <translation>impossible d’ouvrir %1&#xa0;: permission refusée</translation>
    </message>
    <message>
        <source>cannot open %1: it is a folder</source>
        <translation>impossible d’ouvrir %1&#xa0;: c’est un dossier</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>impossible d’ouvrir %1&#xa0;: %2</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>impossible de lire %1&#xa0;: %2</translation>
    </message>
    <message>
        <source>cannot write %1: not a file name</source>
        <translation>impossible d’écrire %1&#xa0;: ce n’est pas un nom de fichier</translation>
    </message>
    <message>
        <source>cannot write %1: %2 is not a folder</source>
        <translation>impossible d’écrire %1&#xa0;: %2 n’est pas un dossier</translation>
    </message>
    <message>
        <source>cannot write %1: the folder %2 does not exist</source>
        <translation>impossible d’écrire %1&#xa0;: le dossier %2 n’existe pas</translation>
    </message>
    <message>
        <source>cannot write %1: permission denied for the folder %2</source>
        <translation>impossible d’écrire %1&#xa0;: permission refusée pour le dossier %2</translation>
    </message>
    <message>
        <source>cannot write %1: %2: %3</source>
        <translation>impossible d’écrire %1&#xa0;: %2&#xa0;: %3</translation>
    </message>
    <message>
        <source>cannot write %1: the folder cannot be used</source>
        <translation>impossible d’écrire %1&#xa0;: le dossier est inutilisable</translation>
    </message>
    <message>
        <source>cannot write %1: disk full or file size limit reached</source>
        <translation>impossible d’écrire %1&#xa0;: disque plein ou taille maximale de fichier atteinte</translation>
    </message>
    <message>
        <source>cannot write %1: permission denied</source>
        <translation>impossible d’écrire %1&#xa0;: permission refusée</translation>
    </message>
    <message>
        <source>cannot write %1: the file system is read-only</source>
        <translation>impossible d’écrire %1&#xa0;: le système de fichiers est en lecture seule</translation>
    </message>
    <message>
        <source>cannot write %1: the file name is too long</source>
        <translation>impossible d’écrire %1&#xa0;: le nom de fichier est trop long</translation>
    </message>
    <message>
        <source>cannot write %1: it is a folder</source>
        <translation>impossible d’écrire %1&#xa0;: c’est un dossier</translation>
    </message>
    <message>
        <source>cannot write %1: the output stream failed</source>
        <translation>impossible d’écrire %1&#xa0;: le flux de sortie a échoué</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>impossible d’écrire %1&#xa0;: %2</translation>
    </message>
    <message>
        <source>expected an object</source>
        <translation>on attend un objet</translation>
    </message>
    <message>
        <source>expected an array</source>
        <translation>on attend un tableau</translation>
    </message>
    <message>
        <source>expected a string</source>
        <translation>on attend une chaîne de caractères</translation>
    </message>
    <message>
        <source>expected true or false</source>
        <translation>on attend true ou false</translation>
    </message>
    <message>
        <source>expected a number</source>
        <translation>on attend un nombre</translation>
    </message>
    <message>
        <source>expected an integer</source>
        <translation>on attend un entier</translation>
    </message>
    <message>
        <source>expected a non-negative integer</source>
        <translation>on attend un entier positif ou nul</translation>
    </message>
    <message>
        <source>expected a positive integer</source>
        <translation>on attend un entier strictement positif</translation>
    </message>
    <message>
        <source>the field &quot;%1&quot; is missing</source>
        <translation>le champ «&#xa0;%1&#xa0;» est absent</translation>
    </message>
    <message>
        <source>unknown field &quot;%1&quot;</source>
        <translation>champ inconnu «&#xa0;%1&#xa0;»</translation>
    </message>
    <message>
        <source>%1 is too large</source>
        <translation>%1 est trop grand</translation>
    </message>
    <message>
        <source>%1 is out of range</source>
        <translation>%1 sort de la plage autorisée</translation>
    </message>
    <message>
        <source>the number is too large</source>
        <translation>le nombre est trop grand</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not one of %2</source>
        <translation>&quot;%1&quot; ne fait pas partie des valeurs %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not &quot;%2&quot; or &quot;%3&quot;</source>
        <translation>&quot;%1&quot; n’est ni &quot;%2&quot; ni &quot;%3&quot;</translation>
    </message>
    <message>
        <source>expected an array of rows</source>
        <translation>on attend un tableau de lignes</translation>
    </message>
    <message>
        <source>expected an array of numbers</source>
        <translation>on attend un tableau de nombres</translation>
    </message>
    <message>
        <source>has %1 numbers, expected %2 like row 0</source>
        <translation>compte %1&#xa0;nombres au lieu de %2 comme la ligne 0</translation>
    </message>
    <message>
        <source>has %1 numbers, expected %2</source>
        <translation>compte %1&#xa0;nombres au lieu de %2</translation>
    </message>
    <message>
        <source>is %1 × %2, expected %3 × %4</source>
        <translation>est de taille %1 × %2 au lieu de %3 × %4</translation>
    </message>
    <message>
        <source>damaged session: %1</source>
        <translation>session endommagée&#xa0;: %1</translation>
    </message>
    <message>
        <source>damaged session: the file is empty</source>
        <translation>session endommagée&#xa0;: le fichier est vide</translation>
    </message>
    <message>
        <source>not an AttnViz session: expected a JSON object</source>
        <translation>ce n’est pas une session AttnViz&#xa0;: on attend un objet JSON</translation>
    </message>
    <message>
        <source>not an AttnViz session: the field &quot;format&quot; is missing</source>
        <translation>ce n’est pas une session AttnViz&#xa0;: le champ «&#xa0;format&#xa0;» est absent</translation>
    </message>
    <message>
        <source>not an AttnViz session: format is %1, expected &quot;%2&quot;</source>
        <translation>ce n’est pas une session AttnViz&#xa0;: le format est %1 au lieu de &quot;%2&quot;</translation>
    </message>
    <message>
        <source>session version %1 is newer than this program understands (%2)</source>
        <translation>la version %1 de la session est trop récente pour ce programme, qui comprend jusqu’à la version %2</translation>
    </message>
    <message>
        <source>session version %1 is not a valid version</source>
        <translation>la version %1 de la session n’est pas une version valide</translation>
    </message>
    <message>
        <source>cannot write the session: %1</source>
        <translation>impossible d’écrire la session&#xa0;: %1</translation>
    </message>
    <message>
        <source>%1 is not a head index: the config has %2 heads (indices 0 to %3)</source>
        <translation>%1 n’est pas un indice de tête&#xa0;: la configuration a %2&#xa0;têtes (indices 0 à %3)</translation>
    </message>
    <message>
        <source>expected a head number or &quot;mean&quot;</source>
        <translation>on attend un numéro de tête ou «&#xa0;mean&#xa0;»</translation>
    </message>
    <message>
        <source>expected a non-negative integer or a string of digits</source>
        <translation>on attend un entier positif ou nul, ou une chaîne de chiffres</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a decimal integer</source>
        <translation>«&#xa0;%1&#xa0;» n’est pas un entier décimal</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is larger than %2</source>
        <translation>«&#xa0;%1&#xa0;» est plus grand que %2</translation>
    </message>
    <message>
        <source>expected a [query, key] pair</source>
        <translation>on attend une paire [requête, clé]</translation>
    </message>
    <message>
        <source>damaged trace JSON: %1</source>
        <translation>trace JSON endommagée&#xa0;: %1</translation>
    </message>
    <message>
        <source>damaged trace JSON: the text is empty</source>
        <translation>trace JSON endommagée&#xa0;: le texte est vide</translation>
    </message>
    <message>
        <source>not an AttnViz trace: expected a JSON object</source>
        <translation>ce n’est pas une trace AttnViz&#xa0;: on attend un objet JSON</translation>
    </message>
    <message>
        <source>not an AttnViz trace: the field &quot;format&quot; is missing</source>
        <translation>ce n’est pas une trace AttnViz&#xa0;: le champ «&#xa0;format&#xa0;» est absent</translation>
    </message>
    <message>
        <source>not an AttnViz trace: format is %1, expected &quot;%2&quot;</source>
        <translation>ce n’est pas une trace AttnViz&#xa0;: le format est %1 au lieu de &quot;%2&quot;</translation>
    </message>
    <message>
        <source>trace version %1 is newer than this program understands (%2)</source>
        <translation>la version %1 de la trace est trop récente pour ce programme, qui comprend jusqu’à la version %2</translation>
    </message>
    <message>
        <source>trace version %1 is not a valid version</source>
        <translation>la version %1 de la trace n’est pas une version valide</translation>
    </message>
    <message>
        <source>cannot write the trace as JSON: %1</source>
        <translation>impossible d’écrire la trace en JSON&#xa0;: %1</translation>
    </message>
    <message>
        <source>cannot write the trace as JSON: %1 is not a finite number</source>
        <translation>impossible d’écrire la trace en JSON&#xa0;: %1 n’est pas un nombre fini</translation>
    </message>
    <message>
        <source>end is before begin</source>
        <translation>la fin (end) est avant le début (begin)</translation>
    </message>
    <message>
        <source>%1 is more than the %2 tokens</source>
        <translation>%1 dépasse le nombre de tokens (%2)</translation>
    </message>
    <message>
        <source>d_model %1 and heads %2 do not describe a computed trace</source>
        <translation>d_model %1 et %2&#xa0;têtes ne décrivent pas une trace calculée</translation>
    </message>
    <message>
        <source>is %1 but the rest of the trace says %2</source>
        <translation>vaut %1, mais le reste de la trace indique %2</translation>
    </message>
    <message>
        <source>has %1 entries, expected %2 (config.heads)</source>
        <translation>compte %1&#xa0;éléments au lieu de %2 (config.heads)</translation>
    </message>
    <message>
        <source>row %1 does not exist</source>
        <translation>la ligne %1 n’existe pas</translation>
    </message>
    <message>
        <source>damaged weights file: %1</source>
        <translation>fichier de poids endommagé&#xa0;: %1</translation>
    </message>
    <message>
        <source>damaged weights file: the file is empty</source>
        <translation>fichier de poids endommagé&#xa0;: le fichier est vide</translation>
    </message>
    <message>
        <source>not an AttnViz weights file: expected a JSON object</source>
        <translation>ce n’est pas un fichier de poids AttnViz&#xa0;: on attend un objet JSON</translation>
    </message>
    <message>
        <source>not an AttnViz weights file: the field &quot;format&quot; is missing</source>
        <translation>ce n’est pas un fichier de poids AttnViz&#xa0;: le champ «&#xa0;format&#xa0;» est absent</translation>
    </message>
    <message>
        <source>not an AttnViz weights file: format is %1, expected &quot;%2&quot;</source>
        <translation>ce n’est pas un fichier de poids AttnViz&#xa0;: le format est %1 au lieu de &quot;%2&quot;</translation>
    </message>
    <message>
        <source>weights version %1 is newer than this program understands (%2)</source>
        <translation>la version %1 du fichier de poids est trop récente pour ce programme, qui comprend jusqu’à la version %2</translation>
    </message>
    <message>
        <source>weights version %1 is not a valid version</source>
        <translation>la version %1 du fichier de poids n’est pas une version valide</translation>
    </message>
    <message>
        <source>cannot write the weights: %1</source>
        <translation>impossible d’écrire les poids&#xa0;: %1</translation>
    </message>
    <message>
        <source>the matrix &quot;%1&quot; is missing</source>
        <translation>la matrice «&#xa0;%1&#xa0;» est absente</translation>
    </message>
    <message>
        <source>d_model must be between 1 and %1 (it is %2)</source>
        <translation>d_model doit être compris entre 1 et %1 (il vaut %2)</translation>
    </message>
    <message>
        <source>expected %1×%1, the file holds %2×%3</source>
        <translation>on attend %1×%1, le fichier contient %2×%3</translation>
    </message>
    <message>
        <source>expected a square d_model × d_model matrix, the file holds %1×%2</source>
        <translation>on attend une matrice carrée d_model × d_model, le fichier contient %1×%2</translation>
    </message>
    <message>
        <source>row %1 is not an array of numbers</source>
        <translation>la ligne %1 n’est pas un tableau de nombres</translation>
    </message>
    <message>
        <source>row %1 has %2 numbers, row 0 has %3</source>
        <translation>la ligne %1 compte %2&#xa0;nombres, la ligne 0 en compte %3</translation>
    </message>
    <message>
        <source>value at row %1, column %2 is not a number</source>
        <translation>la valeur en ligne %1, colonne %2 n’est pas un nombre</translation>
    </message>
    <message>
        <source>value at row %1, column %2 is NaN</source>
        <translation>la valeur en ligne %1, colonne %2 est NaN</translation>
    </message>
    <message>
        <source>value at row %1, column %2 is infinite</source>
        <translation>la valeur en ligne %1, colonne %2 est infinie</translation>
    </message>
    <message>
        <source>not a NumPy .npy file (it does not start with \x93NUMPY)</source>
        <translation>ce n’est pas un fichier NumPy .npy (il ne commence pas par \x93NUMPY)</translation>
    </message>
    <message>
        <source>truncated: the file ends inside the header</source>
        <translation>fichier tronqué&#xa0;: il s’arrête au milieu de l’en-tête</translation>
    </message>
    <message>
        <source>.npy version %1.%2 is not supported (1.0, 2.0 and 3.0 are)</source>
        <translation>la version .npy %1.%2 n’est pas prise en charge (seules 1.0, 2.0 et 3.0 le sont)</translation>
    </message>
    <message>
        <source>truncated: the header announces %1 bytes, the file ends before</source>
        <translation>fichier tronqué&#xa0;: l’en-tête annonce %1&#xa0;octets, mais le fichier s’arrête avant</translation>
    </message>
    <message>
        <source>damaged header: it is not ASCII</source>
        <translation>en-tête endommagé&#xa0;: il n’est pas en ASCII</translation>
    </message>
    <message>
        <source>damaged header: %1 at character %2 of &quot;%3&quot;</source>
        <translation>en-tête endommagé&#xa0;: %1 au caractère %2 de «&#xa0;%3&#xa0;»</translation>
    </message>
    <message>
        <source>damaged header: unknown key &apos;%1&apos;</source>
        <translation>en-tête endommagé&#xa0;: clé inconnue &apos;%1&apos;</translation>
    </message>
    <message>
        <source>damaged header: it needs the keys &apos;descr&apos;, &apos;fortran_order&apos; and &apos;shape&apos;</source>
        <translation>en-tête endommagé&#xa0;: il lui faut les clés &apos;descr&apos;, &apos;fortran_order&apos; et &apos;shape&apos;</translation>
    </message>
    <message>
        <source>damaged header: &apos;descr&apos; is not a string</source>
        <translation>en-tête endommagé&#xa0;: &apos;descr&apos; n’est pas une chaîne de caractères</translation>
    </message>
    <message>
        <source>damaged header: &apos;fortran_order&apos; is not True or False</source>
        <translation>en-tête endommagé&#xa0;: &apos;fortran_order&apos; ne vaut ni True ni False</translation>
    </message>
    <message>
        <source>damaged header: &apos;shape&apos; is not a tuple</source>
        <translation>en-tête endommagé&#xa0;: &apos;shape&apos; n’est pas un tuple</translation>
    </message>
    <message>
        <source>dtype %1 (a structured type) is not float32 or float64</source>
        <translation>le dtype %1 (un type structuré) n’est ni float32 ni float64</translation>
    </message>
    <message>
        <source>dtype %1 is not float32 or float64</source>
        <translation>le dtype %1 n’est ni float32 ni float64</translation>
    </message>
    <message>
        <source>expected a 2-D matrix, the file holds a %1-D array of shape %2</source>
        <translation>on attend une matrice 2D, le fichier contient un tableau %1D de forme %2</translation>
    </message>
    <message>
        <source>truncated: the header announces %1×%2 float%3 values, the file holds %4 bytes of data</source>
        <translation>fichier tronqué&#xa0;: l’en-tête annonce %1×%2 valeurs float%3, le fichier ne contient que %4&#xa0;octets de données</translation>
    </message>
    <message>
        <source>%1 bytes after the data (%2×%3 float%4 values take %5 bytes)</source>
        <translation>%1&#xa0;octets en trop après les données (%2×%3 valeurs float%4 occupent %5&#xa0;octets)</translation>
    </message>
    <message>
        <source>the CSV is empty</source>
        <translation>le CSV est vide</translation>
    </message>
    <message>
        <source>CSV row %1: has %2 fields, expected %3 like row 1</source>
        <translation>CSV, ligne %1&#xa0;: %2&#xa0;champs au lieu de %3 comme la ligne 1</translation>
    </message>
    <message>
        <source>CSV row %1, column %2: a quoted field is never closed</source>
        <translation>CSV, ligne %1, colonne %2&#xa0;: un champ entre guillemets n’est jamais fermé</translation>
    </message>
    <message>
        <source>CSV row %1, column %2: unexpected character after a closing quote</source>
        <translation>CSV, ligne %1, colonne %2&#xa0;: caractère inattendu après un guillemet fermant</translation>
    </message>
    <message>
        <source>CSV row %1, column %2: a quote inside an unquoted field</source>
        <translation>CSV, ligne %1, colonne %2&#xa0;: un guillemet dans un champ qui n’est pas entre guillemets</translation>
    </message>
    <message>
        <source>CSV row %1, column %2: empty cell, expected a number</source>
        <translation>CSV, ligne %1, colonne %2&#xa0;: cellule vide au lieu d’un nombre</translation>
    </message>
    <message>
        <source>CSV row %1, column %2: &quot;%3&quot; is out of the range of a double</source>
        <translation>CSV, ligne %1, colonne %2&#xa0;: «&#xa0;%3&#xa0;» sort de la plage d’un double</translation>
    </message>
    <message>
        <source>CSV row %1, column %2: &quot;%3&quot; is not a number</source>
        <translation>CSV, ligne %1, colonne %2&#xa0;: «&#xa0;%3&#xa0;» n’est pas un nombre</translation>
    </message>
    <message>
        <source>damaged JSON: %1</source>
        <translation>JSON endommagé&#xa0;: %1</translation>
    </message>
    <message>
        <source>damaged JSON: the file is empty</source>
        <translation>JSON endommagé&#xa0;: le fichier est vide</translation>
    </message>
    <message>
        <source>expected a JSON object</source>
        <translation>on attend un objet JSON</translation>
    </message>
    <message>
        <source>not an AttnViz teaching model (expected &quot;format&quot;: &quot;%2&quot;)</source>
        <translation>ce n’est pas un modèle pédagogique AttnViz (on attend &quot;format&quot;: &quot;%2&quot;)</translation>
    </message>
    <message>
        <source>teaching model version %1 is newer than this program understands (%2)</source>
        <translation>la version %1 du modèle pédagogique est trop récente pour ce programme, qui comprend jusqu’à la version %2</translation>
    </message>
    <message>
        <source>teaching model version %1 is not a valid version</source>
        <translation>la version %1 du modèle pédagogique n’est pas une version valide</translation>
    </message>
    <message>
        <source>no built-in file &quot;%1&quot;</source>
        <translation>aucun fichier intégré «&#xa0;%1&#xa0;»</translation>
    </message>
    <message>
        <source>a lexicon is given for &quot;%1&quot;, which the model does not list</source>
        <translation>un lexique est fourni pour «&#xa0;%1&#xa0;», une langue que le modèle ne déclare pas</translation>
    </message>
    <message>
        <source>no lexicon given for the language &quot;%1&quot; (%2)</source>
        <translation>aucun lexique fourni pour la langue «&#xa0;%1&#xa0;» (%2)</translation>
    </message>
    <message>
        <source>expected 1 to %1 dimensions, there are %2</source>
        <translation>on attend de 1 à %1&#xa0;dimensions, il y en a %2</translation>
    </message>
    <message>
        <source>expected %1 dimensions (as many as X), there are %2</source>
        <translation>on attend %1&#xa0;dimensions (autant que X), il y en a %2</translation>
    </message>
    <message>
        <source>a dimension needs a name</source>
        <translation>une dimension doit avoir un nom</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is used twice</source>
        <translation>«&#xa0;%1&#xa0;» est utilisé deux fois</translation>
    </message>
    <message>
        <source>a dimension has either &quot;tags&quot; (from the lexicon) or &quot;position&quot;</source>
        <translation>une dimension a soit «&#xa0;tags&#xa0;» (lus dans le lexique), soit «&#xa0;position&#xa0;»</translation>
    </message>
    <message>
        <source>a tag is one word, without spaces or =</source>
        <translation>une étiquette est un seul mot, sans espace ni =</translation>
    </message>
    <message>
        <source>the tag &quot;%1&quot; is used twice</source>
        <translation>l’étiquette «&#xa0;%1&#xa0;» est utilisée deux fois</translation>
    </message>
    <message>
        <source>expected an array of dimension names</source>
        <translation>on attend un tableau de noms de dimensions</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a lexical dimension of X</source>
        <translation>«&#xa0;%1&#xa0;» n’est pas une dimension lexicale de X</translation>
    </message>
    <message>
        <source>expected a number of heads that divides %1</source>
        <translation>on attend un nombre de têtes qui divise %1</translation>
    </message>
    <message>
        <source>a rule needs a name</source>
        <translation>une règle doit avoir un nom</translation>
    </message>
    <message>
        <source>%1[%2, %3] is already written by the rule &quot;%4&quot;</source>
        <translation>%1[%2, %3] est déjà écrit par la règle «&#xa0;%4&#xa0;»</translation>
    </message>
    <message>
        <source>an entry has either &quot;diagonal&quot; or &quot;row&quot;, &quot;column&quot; and &quot;value&quot;</source>
        <translation>une entrée a soit «&#xa0;diagonal&#xa0;», soit «&#xa0;row&#xa0;», «&#xa0;column&#xa0;» et «&#xa0;value&#xa0;»</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a dimension of %2</source>
        <translation>«&#xa0;%1&#xa0;» n’est pas une dimension de %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a dimension of the output</source>
        <translation>«&#xa0;%1&#xa0;» n’est pas une dimension de la sortie</translation>
    </message>
    <message>
        <source>the model needs at least one lexicon</source>
        <translation>le modèle doit avoir au moins un lexique</translation>
    </message>
    <message>
        <source>expected a language code such as &quot;fr&quot;</source>
        <translation>on attend un code de langue, comme «&#xa0;fr&#xa0;»</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is listed twice</source>
        <translation>«&#xa0;%1&#xa0;» figure deux fois</translation>
    </message>
    <message>
        <source>a language code cannot be empty</source>
        <translation>un code de langue ne peut pas être vide</translation>
    </message>
    <message>
        <source>a translated name cannot be empty</source>
        <translation>un nom traduit ne peut pas être vide</translation>
    </message>
    <message>
        <source>%1 line %2: expected the word, a tab, then its tags (no tab on this line)</source>
        <translation>%1, ligne %2&#xa0;: on attend le mot, une tabulation, puis ses étiquettes (aucune tabulation sur cette ligne)</translation>
    </message>
    <message>
        <source>%1 line %2: the word is missing before the tab</source>
        <translation>%1, ligne %2&#xa0;: le mot manque avant la tabulation</translation>
    </message>
    <message>
        <source>%1 line %2: &quot;%3&quot; holds a space: one token per line</source>
        <translation>%1, ligne %2&#xa0;: «&#xa0;%3&#xa0;» contient un espace&#xa0;: un seul token par ligne</translation>
    </message>
    <message>
        <source>%1 line %2: &quot;%3&quot;: the weight after = is not a number</source>
        <translation>%1, ligne %2&#xa0;: «&#xa0;%3&#xa0;»&#xa0;: le poids après = n’est pas un nombre</translation>
    </message>
    <message>
        <source>%1 line %2: unknown tag &quot;%3&quot; (known: %4)</source>
        <translation>%1, ligne %2&#xa0;: étiquette inconnue «&#xa0;%3&#xa0;» (étiquettes connues&#xa0;: %4)</translation>
    </message>
    <message>
        <source>%1 line %2: two tags set the dimension &quot;%3&quot;</source>
        <translation>%1, ligne %2&#xa0;: deux étiquettes fixent la dimension «&#xa0;%3&#xa0;»</translation>
    </message>
    <message>
        <source>%1 line %2: &quot;%3&quot; is listed twice (first on line %4)</source>
        <translation>%1, ligne %2&#xa0;: «&#xa0;%3&#xa0;» figure deux fois (d’abord à la ligne %4)</translation>
    </message>
    <message>
        <source>%1 is not a token position (0 to %2)</source>
        <translation>%1 n’est pas une position de token (0 à %2)</translation>
    </message>
    <message>
        <source>row %1 is listed twice</source>
        <translation>la ligne %1 figure deux fois</translation>
    </message>
    <message>
        <source>row %1 has a guess but is neither hidden nor revealed</source>
        <translation>la ligne %1 a une proposition mais n’est ni cachée ni révélée</translation>
    </message>
    <message>
        <source>row %1 has two guesses</source>
        <translation>la ligne %1 a deux propositions</translation>
    </message>
    <message>
        <source>the sentence has more than %1 tokens: the model reads at most %1 at once</source>
        <translation>la phrase a plus de %1 tokens : le modèle en lit au plus %1 à la fois</translation>
    </message>
    <message>
        <source>not JSON: %1</source>
        <translation>ce n’est pas du JSON : %1</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>le fichier est vide</translation>
    </message>
    <message>
        <source>the vocabulary is not an object of tokens and their ids</source>
        <translation>le vocabulaire n’est pas un objet de tokens et de leurs identifiants</translation>
    </message>
    <message>
        <source>the vocabulary is empty</source>
        <translation>le vocabulaire est vide</translation>
    </message>
    <message>
        <source>&quot;%1&quot; has the id %2: the %3 tokens must have the ids 0 to %4</source>
        <translation>« %1 » a l’identifiant %2 : les %3 tokens doivent avoir les identifiants 0 à %4</translation>
    </message>
    <message>
        <source>the id %1 is given to &quot;%2&quot; and to &quot;%3&quot;</source>
        <translation>l’identifiant %1 est donné à « %2 » et à « %3 »</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a byte-level token: U+%2 stands for no byte</source>
        <translation>« %1 » n’est pas un token d’octets : U+%2 ne représente aucun octet</translation>
    </message>
    <message>
        <source>the vocabulary has no token for the byte 0x%1 (&quot;%2&quot;): a byte-level vocabulary has all 256</source>
        <translation>le vocabulaire n’a pas de token pour l’octet 0x%1 (« %2 ») : un vocabulaire d’octets les a tous les 256</translation>
    </message>
    <message>
        <source>line %1: &quot;%2&quot; is not two tokens separated by one space</source>
        <translation>ligne %1 : « %2 » n’est pas deux tokens séparés par une espace</translation>
    </message>
    <message>
        <source>line %1: the merge &quot;%2 %3&quot; needs &quot;%4&quot;, which is not in the vocabulary</source>
        <translation>ligne %1 : la fusion « %2 %3 » demande « %4 », qui n’est pas dans le vocabulaire</translation>
    </message>
    <message>
        <source>expected a merge &quot;a b&quot; or [&quot;a&quot;, &quot;b&quot;]</source>
        <translation>une fusion « a b » ou [&quot;a&quot;, &quot;b&quot;] était attendue</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not two tokens separated by one space</source>
        <translation>« %1 » n’est pas deux tokens séparés par une espace</translation>
    </message>
    <message>
        <source>the merge &quot;%1 %2&quot; needs &quot;%3&quot;, which is not in the vocabulary</source>
        <translation>la fusion « %1 %2 » demande « %3 », qui n’est pas dans le vocabulaire</translation>
    </message>
    <message>
        <source>the model is %1, not &quot;BPE&quot;: AttnViz reads GPT-2&apos;s byte-level BPE tokenizers</source>
        <translation>le modèle est %1, pas « BPE » : AttnViz lit les tokeniseurs BPE sur octets de GPT-2</translation>
    </message>
    <message>
        <source>the pre-tokenizer is %1, not &quot;ByteLevel&quot;: AttnViz reads GPT-2&apos;s byte-level BPE tokenizers</source>
        <translation>le pré-tokeniseur est %1, pas « ByteLevel » : AttnViz lit les tokeniseurs BPE sur octets de GPT-2</translation>
    </message>
    <message>
        <source>true adds a space before the text, which GPT-2&apos;s tokenizer does not do</source>
        <translation>true ajoute une espace avant le texte, ce que le tokeniseur de GPT-2 ne fait pas</translation>
    </message>
    <message>
        <source>false leaves out GPT-2&apos;s pre-tokenization pattern, which AttnViz always applies</source>
        <translation>false omet le motif de pré-tokenisation de GPT-2, qu’AttnViz applique toujours</translation>
    </message>
    <message>
        <source>the normalizer %1 changes the text before it is tokenized, which GPT-2&apos;s tokenizer does not do</source>
        <translation>le normaliseur %1 modifie le texte avant sa tokenisation, ce que le tokeniseur de GPT-2 ne fait pas</translation>
    </message>
    <message>
        <source>layer %1 does not exist (there are %2)</source>
        <translation>la couche %1 n’existe pas (il y en a %2)</translation>
    </message>
    <message>
        <source>token id %1 at position %2 is outside the model&apos;s vocabulary of %3 tokens</source>
        <translation>l’identifiant de token %1 en position %2 est hors du vocabulaire du modèle (%3 tokens)</translation>
    </message>
    <message>
        <source>cannot open %1: the file is empty</source>
        <translation>impossible d’ouvrir %1 : le fichier est vide</translation>
    </message>
    <message>
        <source>cannot open %1: it is not a regular file</source>
        <translation>impossible d’ouvrir %1 : ce n’est pas un fichier ordinaire</translation>
    </message>
    <message>
        <source>cannot map %1 into memory: %2</source>
        <translation>impossible de projeter %1 en mémoire : %2</translation>
    </message>
    <message>
        <source>the file has %1 bytes, fewer than the 8 bytes of the header length</source>
        <translation>le fichier a %1 octets, moins que les 8 octets de la longueur de l’en-tête</translation>
    </message>
    <message>
        <source>the header length %1 is beyond the end of the file (%2 bytes)</source>
        <translation>la longueur d’en-tête %1 dépasse la fin du fichier (%2 octets)</translation>
    </message>
    <message>
        <source>damaged header JSON: the header is empty</source>
        <translation>JSON d’en-tête endommagé : l’en-tête est vide</translation>
    </message>
    <message>
        <source>damaged header JSON: %1</source>
        <translation>JSON d’en-tête endommagé : %1</translation>
    </message>
    <message>
        <source>tensor %1: dtype %2 is not supported (F32, F16, BF16 are)</source>
        <translation>tenseur %1 : le type %2 n’est pas pris en charge (F32, F16 et BF16 le sont)</translation>
    </message>
    <message>
        <source>tensor %1: shape %2 is too large</source>
        <translation>tenseur %1 : la forme %2 est trop grande</translation>
    </message>
    <message>
        <source>tensor %1: data offsets [%2, %3] end before they begin</source>
        <translation>tenseur %1 : les positions des données [%2, %3] finissent avant de commencer</translation>
    </message>
    <message>
        <source>tensor %1: its data offsets hold %2 bytes, its shape %3 of %4 needs %5</source>
        <translation>tenseur %1 : ses positions de données contiennent %2 octets, sa forme %3 en %4 en demande %5</translation>
    </message>
    <message>
        <source>tensor %1: data offsets [%2, %3] are outside the %4 bytes of data</source>
        <translation>tenseur %1 : les positions des données [%2, %3] sont hors des %4 octets de données</translation>
    </message>
    <message>
        <source>the file is truncated: its tensors need %1 bytes of data, it holds %2</source>
        <translation>le fichier est tronqué : ses tenseurs demandent %1 octets de données, il en contient %2</translation>
    </message>
    <message>
        <source>tensors %1 and %2 overlap in the data</source>
        <translation>les tenseurs %1 et %2 se chevauchent dans les données</translation>
    </message>
    <message>
        <source>cannot open the model %1: no such folder</source>
        <translation>impossible d’ouvrir le modèle %1 : ce dossier n’existe pas</translation>
    </message>
    <message>
        <source>cannot open the model %1: it is not a folder (choose the folder that holds config.json)</source>
        <translation>impossible d’ouvrir le modèle %1 : ce n’est pas un dossier (choisissez le dossier qui contient config.json)</translation>
    </message>
    <message>
        <source>the model folder has no %1</source>
        <translation>le dossier du modèle n’a pas de %1</translation>
    </message>
    <message>
        <source>the model folder has pytorch_model.bin but no model.safetensors: AttnViz does not open pickle files, which can run code; download model.safetensors</source>
        <translation>le dossier du modèle a pytorch_model.bin mais pas model.safetensors : AttnViz n’ouvre pas les fichiers pickle, qui peuvent exécuter du code ; téléchargez model.safetensors</translation>
    </message>
    <message>
        <source>the model folder has no tokenizer: it needs vocab.json and merges.txt, or tokenizer.json</source>
        <translation>le dossier du modèle n’a pas de tokeniseur : il lui faut vocab.json et merges.txt, ou tokenizer.json</translation>
    </message>
    <message>
        <source>model type &apos;%1&apos; is not supported: AttnViz reads GPT-2-family models</source>
        <translation>le type de modèle « %1 » n’est pas pris en charge : AttnViz lit les modèles de la famille GPT-2</translation>
    </message>
    <message>
        <source>%1 is not supported (AttnViz computes %2 only)</source>
        <translation>%1 n’est pas pris en charge (AttnViz ne calcule que %2)</translation>
    </message>
    <message>
        <source>tensor %1 is missing</source>
        <translation>le tenseur %1 manque</translation>
    </message>
    <message>
        <source>tensor %1 is stored twice, with and without the prefix &quot;transformer.&quot;</source>
        <translation>le tenseur %1 est stocké deux fois, avec et sans le préfixe « transformer. »</translation>
    </message>
    <message>
        <source>tensor %1 has shape %2, config.json says %3</source>
        <translation>le tenseur %1 a la forme %2, config.json indique %3</translation>
    </message>
    <message>
        <source>tensor %1: the value at %2 is not a finite number</source>
        <translation>tenseur %1 : la valeur en %2 n’est pas un nombre fini</translation>
    </message>
    <message>
        <source>expected a layer number counted from 1</source>
        <translation>un numéro de couche compté à partir de 1 était attendu</translation>
    </message>
    <message>
        <source>expected a head number counted from 1, or &quot;mean&quot;</source>
        <translation>un numéro de tête compté à partir de 1, ou « mean », était attendu</translation>
    </message>
    <message>
        <source>expected the model&apos;s folder (a path)</source>
        <translation>le dossier du modèle (un chemin) était attendu</translation>
    </message>
    <message>
        <source>layer %1 does not exist (the model has %2)</source>
        <translation>la couche %1 n’existe pas (le modèle en a %2)</translation>
    </message>
    <message>
        <source>head %1 does not exist (each layer of the model has %2)</source>
        <translation>la tête %1 n’existe pas (chaque couche du modèle en a %2)</translation>
    </message>
    <message>
        <source>the projections &quot;model&quot; come from a model&apos;s checkpoint: open the model folder</source>
        <translation>les projections « model » viennent du checkpoint d’un modèle : ouvrez le dossier du modèle</translation>
    </message>
    <message>
        <source>the model layer&apos;s %1 is %2×%3, expected %4×%5</source>
        <translation>le %1 de la couche du modèle est %2×%3, %4×%5 était attendu</translation>
    </message>
    <message>
        <source>layers count from 1</source>
        <translation>les couches se comptent à partir de 1</translation>
    </message>
    <message>
        <source>%1 token texts given for a forward pass of %2 tokens</source>
        <translation>%1&#xa0;textes de tokens fournis pour une passe avant de %2&#xa0;tokens</translation>
    </message>
    <message>
        <source>%1 weight matrices given for %2 heads in all</source>
        <translation>%1&#xa0;matrices de poids fournies pour %2&#xa0;têtes en tout</translation>
    </message>
    <message>
        <source>%1 head roles given: expected %2 (one per head) or %3 (one per head of each layer)</source>
        <translation>%1&#xa0;rôles de tête fournis&#xa0;: on en attend %2 (un par tête) ou %3 (un par tête de chaque couche)</translation>
    </message>
    <message>
        <source>truncated: the header announces shape %1 of float%2 values, the file holds %3 bytes of data</source>
        <translation>fichier tronqué&#xa0;: l’en-tête annonce la forme %1 en valeurs float%2, le fichier ne contient que %3&#xa0;octets de données</translation>
    </message>
    <message>
        <source>%4 bytes of data: shape %1 of float%2 values takes %3</source>
        <translation>%4&#xa0;octets de données&#xa0;: la forme %1 en valeurs float%2 en occupe %3</translation>
    </message>
    <message>
        <source>expected a .npy or .json file of attention weights</source>
        <translation>on attend un fichier de poids d’attention .npy ou .json</translation>
    </message>
    <message>
        <source>expected shape (layers, heads, n, n), (layers, 1, heads, n, n), (heads, n, n) or (n, n), not %1</source>
        <translation>on attend la forme (couches, têtes, n, n), (couches, 1, têtes, n, n), (têtes, n, n) ou (n, n), pas %1</translation>
    </message>
    <message>
        <source>shape %1 holds a batch of %2 sentences: save one sentence (a batch of 1)</source>
        <translation>la forme %1 contient un lot de %2&#xa0;phrases&#xa0;: enregistrez une seule phrase (un lot de 1)</translation>
    </message>
    <message>
        <source>the array is empty (shape %1)</source>
        <translation>le tableau est vide (forme %1)</translation>
    </message>
    <message>
        <source>shape %1: the last two sizes differ (n queries over n keys make n × n)</source>
        <translation>forme %1&#xa0;: les deux dernières tailles diffèrent (n requêtes sur n clés donnent n × n)</translation>
    </message>
    <message>
        <source>%1 tokens, more than the limit of %2</source>
        <translation>%1&#xa0;tokens, plus que la limite de %2</translation>
    </message>
    <message>
        <source>shape %1 holds more than %2 heads in all</source>
        <translation>la forme %1 contient plus de %2&#xa0;têtes en tout</translation>
    </message>
    <message>
        <source>the weights are of %1 tokens (shape %2), the tokens list has %3</source>
        <translation>les poids portent sur %1&#xa0;tokens (forme %2), la liste des tokens en a %3</translation>
    </message>
    <message>
        <source>no tokens: give --tokens FILE (a JSON list of strings) or save them as %1 beside it</source>
        <translation>aucun token&#xa0;: donnez --tokens FICHIER (une liste JSON de chaînes) ou enregistrez-les à côté, sous le nom %1</translation>
    </message>
    <message>
        <source>the tokens are the file&apos;s own &quot;tokens&quot;: --tokens is for .npy files</source>
        <translation>les tokens sont ceux du fichier lui-même («&#xa0;tokens&#xa0;»)&#xa0;: --tokens est réservé aux fichiers .npy</translation>
    </message>
    <message>
        <source>expected %1 items, like the first at this depth, got %2</source>
        <translation>on attend %1&#xa0;éléments, comme le premier à cette profondeur, il y en a %2</translation>
    </message>
    <message>
        <source>layer %1 head %2 row %3 key %4 is %5, not a finite number</source>
        <translation>couche %1, tête %2, ligne %3, clé %4&#xa0;: %5 n’est pas un nombre fini</translation>
    </message>
    <message>
        <source>layer %1 head %2 row %3 key %4 is negative (%5)</source>
        <translation>couche %1, tête %2, ligne %3, clé %4&#xa0;: valeur négative (%5)</translation>
    </message>
    <message>
        <source>layer %1 head %2 row %3 key %4 is %5, above 1: a weight is a share of its row</source>
        <translation>couche %1, tête %2, ligne %3, clé %4&#xa0;: %5 dépasse 1 (un poids est une part de sa ligne)</translation>
    </message>
    <message>
        <source>layer %1 head %2 row %3 key %4 is after its query (causal) but holds %5, not 0</source>
        <translation>couche %1, tête %2, ligne %3, clé %4&#xa0;: placée après sa requête (causal), elle vaut %5 au lieu de 0</translation>
    </message>
    <message>
        <source>layer %1 head %2 row %3 sums to %4, not 1 (within 0.001)</source>
        <translation>couche %1, tête %2, ligne %3&#xa0;: la somme vaut %4, pas 1 (à 0,001 près)</translation>
    </message>
    <message>
        <source>the projections &quot;teaching-heads&quot; are the built-in four-head model: a &quot;teaching_model&quot; goes with &quot;teaching&quot;</source>
        <translation>les projections «&#xa0;teaching-heads&#xa0;» sont le modèle intégré à quatre têtes&#xa0;: un «&#xa0;teaching_model&#xa0;» va avec «&#xa0;teaching&#xa0;»</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not the name of a dimension or a head</source>
        <translation>«&#xa0;%1&#xa0;» n’est le nom ni d’une dimension ni d’une tête</translation>
    </message>
    <message>
        <source>&quot;heads&quot; needs version 2 of the format (the file says version %1)</source>
        <translation>«&#xa0;heads&#xa0;» demande la version 2 du format (le fichier indique la version %1)</translation>
    </message>
    <message>
        <source>expected one role per head, %1 (default_heads), there are %2</source>
        <translation>on attend un rôle par tête, soit %1 (default_heads), il y en a %2</translation>
    </message>
    <message>
        <source>a head needs a role name</source>
        <translation>une tête doit avoir un nom de rôle</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a kernel: choose naive, exact, flash, window, sparse or linear</source>
        <translation>«&#xa0;%1&#xa0;» n’est pas un noyau&#xa0;: choisissez naive, exact, flash, window, sparse ou linear</translation>
    </message>
    <message>
        <source>%1 at n = %2 needs %3 for one score matrix (limit %4)</source>
        <translation>%1 avec n = %2 demande %3 pour une seule matrice des scores (limite&#xa0;: %4)</translation>
    </message>
    <message>
        <source>the n × n weights at n = %1 need %2 (limit %3)</source>
        <translation>les poids n × n avec n = %1 demandent %2 (limite&#xa0;: %3)</translation>
    </message>
    <message>
        <source>%1 at n = %2, d = %3 needs %4 (limit %5)</source>
        <translation>%1 avec n = %2, d = %3 demande %4 (limite&#xa0;: %5)</translation>
    </message>
    <message>
        <source>the Flash tile size must be at least 1 (it is %1)</source>
        <translation>la taille des tuiles Flash doit valoir au moins 1 (elle vaut %1)</translation>
    </message>
    <message>
        <source>the window w must be at least 1 (it is %1)</source>
        <translation>la fenêtre w doit valoir au moins 1 (elle vaut %1)</translation>
    </message>
    <message>
        <source>the sparse block size must be at least 1 (it is %1)</source>
        <translation>la taille des blocs de l’attention creuse doit valoir au moins 1 (elle vaut %1)</translation>
    </message>
    <message>
        <source>the numbers of global and random blocks cannot be negative</source>
        <translation>les nombres de blocs globaux et aléatoires ne peuvent pas être négatifs</translation>
    </message>
    <message>
        <source>global token %1 is outside the %2 positions (0 to %3)</source>
        <translation>le token global %1 est hors des %2 positions (0 à %3)</translation>
    </message>
    <message>
        <source>the number of real keys must be between 0 and n = %1 (it is %2)</source>
        <translation>le nombre de clés réelles doit être compris entre 0 et n = %1 (il vaut %2)</translation>
    </message>
    <message>
        <source>choose at least one kernel and one size n</source>
        <translation>choisissez au moins un noyau et une taille n</translation>
    </message>
    <message>
        <source>%1 must be at least 1 (it is %2)</source>
        <translation>%1 doit valoir au moins 1 (valeur actuelle&#xa0;: %2)</translation>
    </message>
    <message>
        <source>the comparison draws n × n weights: at most %1 positions (there are %2)</source>
        <translation>la comparaison dessine des poids n × n&#xa0;: %1 positions au plus (il y en a %2)</translation>
    </message>
    <message>
        <source>the temperature T must be at least %1 (it is %2)</source>
        <translation>la température T doit valoir au moins %1 (elle vaut %2)</translation>
    </message>
    <message>
        <source>%1 has values beyond the range of a double (±1.8e308): use smaller weights</source>
        <translation>%1 a des valeurs hors de la plage d’un double (±1,8e308)&#xa0;: utilisez des poids plus petits</translation>
    </message>
    <message>
        <source>head %1: %2 can exceed the range of a double (±1.8e308): use smaller weights or a larger temperature T</source>
        <translation>tête %1&#xa0;: %2 peut dépasser la plage d’un double (±1,8e308)&#xa0;: utilisez des poids plus petits ou une température T plus grande</translation>
    </message>
    <message>
        <source>cannot read %1: it is larger than %2 MiB, the limit for this kind of file</source>
        <translation>impossible de lire %1&#xa0;: il dépasse %2&#xa0;Mio, la limite pour ce type de fichier</translation>
    </message>
    <message>
        <source>cannot read %1: byte %2 is a NUL byte, so it is not a text file</source>
        <translation>impossible de lire %1&#xa0;: l’octet %2 est un octet NUL, ce n’est donc pas un fichier texte</translation>
    </message>
    <message>
        <source>cannot write %1: the file is too large for the limit (ulimit -f)</source>
        <translation>impossible d’écrire %1&#xa0;: le fichier dépasse la taille permise (ulimit -f)</translation>
    </message>
    <message>
        <source>cannot write the session: it would take more than %1 MiB (the limit); save its supplied matrices as a weights file</source>
        <translation>impossible d’écrire la session&#xa0;: elle dépasserait %1&#xa0;Mio (la limite)&#xa0;; enregistrez ses matrices fournies dans un fichier de poids</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::CostLabPanel</name>
    <message>
        <source>The quadratic wall</source>
        <translation>Le mur quadratique</translation>
    </message>
    <message>
        <source>Time and memory of each attention kernel against n, measured live on log–log charts</source>
        <translation>Temps et mémoire de chaque noyau d’attention en fonction de n, mesurés en direct sur des graphiques log–log</translation>
    </message>
    <message>
        <source>What each technique keeps</source>
        <translation>Ce que garde chaque technique</translation>
    </message>
    <message>
        <source>Exact attention&apos;s weights beside Flash, sliding window, sparse and linear attention&apos;s, on the sentence or a long text, with their difference and cost</source>
        <translation>Les poids de l’attention exacte à côté de ceux de Flash, de la fenêtre glissante, de l’attention creuse et de l’attention linéaire, sur la phrase ou sur un long texte, avec leur différence et leur coût</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::CostWallCharts</name>
    <message>
        <source>causal mask</source>
        <translation>masque causal</translation>
    </message>
    <message>
        <source>no mask</source>
        <translation>sans masque</translation>
    </message>
    <message>
        <source>repeats = %1 (median)</source>
        <translation>répétitions = %1 (médiane)</translation>
    </message>
    <message>
        <source>slope %1</source>
        <translation>pente %1</translation>
    </message>
    <message>
        <source>Log–log axes: a line of slope 2 grows like n² (×4 when n doubles), of slope 1 like n (×2).</source>
        <translation>Axes log–log&#xa0;: une droite de pente 2 croît comme n² (×4 quand n double), une droite de pente 1 comme n (×2).</translation>
    </message>
    <message>
        <source>Slopes: least squares over n ≥ %1, where fixed costs no longer hide the growth.</source>
        <translation>Pentes&#xa0;: moindres carrés sur n ≥ %1, là où les coûts fixes ne masquent plus la croissance.</translation>
    </message>
    <message>
        <source>time</source>
        <translation>temps</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>mémoire</translation>
    </message>
    <message>
        <source>Time (median)</source>
        <translation>Temps (médiane)</translation>
    </message>
    <message>
        <source>Peak extra memory</source>
        <translation>Mémoire supplémentaire maximale</translation>
    </message>
    <message>
        <source>n (log)</source>
        <translation>n (échelle log)</translation>
    </message>
    <message>
        <source>milliseconds (log)</source>
        <translation>millisecondes (échelle log)</translation>
    </message>
    <message>
        <source>MiB (log)</source>
        <translation>MiB (échelle log)</translation>
    </message>
    <message>
        <source>The quadratic wall: time and peak extra memory against n</source>
        <translation>Le mur quadratique&#xa0;: temps et mémoire supplémentaire maximale en fonction de n</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::CostWallPanel</name>
    <message>
        <source>n from must not be larger than n to</source>
        <translation>la valeur «&#xa0;n de&#xa0;» ne doit pas dépasser la valeur «&#xa0;à&#xa0;»</translation>
    </message>
    <message>
        <source>Cannot run: %1</source>
        <translation>Impossible de lancer&#xa0;: %1</translation>
    </message>
    <message>
        <source>Choose the kernels and sizes, then press Run.</source>
        <translation>Choisissez les noyaux et les tailles, puis appuyez sur Lancer.</translation>
    </message>
    <message>
        <source>Measuring %1 points…</source>
        <translation>Mesure de %1 points…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Annulation…</translation>
    </message>
    <message>
        <source>%1 at n = %2: %3 ms, %4 (%5 of %6 points)</source>
        <translation>%1 avec n = %2&#xa0;: %3 ms, %4 (%5 points sur %6)</translation>
    </message>
    <message>
        <source>memory not measured</source>
        <translation>mémoire non mesurée</translation>
    </message>
    <message>
        <source>Cancelled after %1 of %2 points.</source>
        <translation>Annulé après %1 points sur %2.</translation>
    </message>
    <message>
        <source>The measurement stopped: %1</source>
        <translation>La mesure s’est arrêtée&#xa0;: %1</translation>
    </message>
    <message>
        <source>Done: %1 points measured (time: the median of the repeats; memory: the peak of one more run).</source>
        <translation>Terminé&#xa0;: %1 points mesurés (temps&#xa0;: la médiane des répétitions&#xa0;; mémoire&#xa0;: le pic d’une exécution supplémentaire).</translation>
    </message>
    <message>
        <source>Export the Cost Charts</source>
        <translation>Exporter les graphiques des coûts</translation>
    </message>
    <message>
        <source>Images (*.png *.svg *.pdf)</source>
        <translation>Images (*.png *.svg *.pdf)</translation>
    </message>
    <message>
        <source>Cannot export the charts</source>
        <translation>Impossible d’exporter les graphiques</translation>
    </message>
    <message>
        <source>Export the Measurements</source>
        <translation>Exporter les mesures</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Cannot export the measurements</source>
        <translation>Impossible d’exporter les mesures</translation>
    </message>
    <message>
        <source>Kernels:</source>
        <translation>Noyaux&#xa0;:</translation>
    </message>
    <message>
        <source>The chapter&apos;s code: the whole n × n score matrix, masked, softmaxed, then times V</source>
        <translation>Le code du chapitre&#xa0;: toute la matrice des scores n × n, masquée, passée au softmax, puis multipliée par V</translation>
    </message>
    <message>
        <source>The program&apos;s exact kernel: a block of rows at a time</source>
        <translation>Le noyau exact du programme&#xa0;: un bloc de lignes à la fois</translation>
    </message>
    <message>
        <source>Flash attention: tiles of keys with the online softmax; exact, memory O(n·d)</source>
        <translation>Attention Flash&#xa0;: des tuiles de clés avec le softmax en ligne&#xa0;; exacte, mémoire O(n·d)</translation>
    </message>
    <message>
        <source>Sliding window + global tokens (Longformer): each query sees 2w − 1 keys</source>
        <translation>Fenêtre glissante + tokens globaux (Longformer)&#xa0;: chaque requête voit 2w − 1 clés</translation>
    </message>
    <message>
        <source>Block-sparse (BigBird): local, global and random blocks only</source>
        <translation>Attention creuse par blocs (BigBird)&#xa0;: seulement des blocs locaux, globaux et aléatoires</translation>
    </message>
    <message>
        <source>Linear attention: φ(x) = elu(x) + 1 replaces the softmax; an approximation, O(n·d²)</source>
        <translation>Attention linéaire&#xa0;: φ(x) = elu(x) + 1 remplace le softmax&#xa0;; une approximation, O(n·d²)</translation>
    </message>
    <message>
        <source>n from</source>
        <translation>n de</translation>
    </message>
    <message>
        <source>to</source>
        <translation>à</translation>
    </message>
    <message>
        <source>d</source>
        <translation>d</translation>
    </message>
    <message>
        <source>repeats</source>
        <translation>répétitions</translation>
    </message>
    <message>
        <source>Timed runs per point; the chart shows their median</source>
        <translation>Exécutions chronométrées par point&#xa0;; le graphique montre leur médiane</translation>
    </message>
    <message>
        <source>mask</source>
        <translation>masque</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message>
        <source>causal</source>
        <translation>causal</translation>
    </message>
    <message>
        <source>window w</source>
        <translation>fenêtre w</translation>
    </message>
    <message>
        <source>The sliding window&apos;s half-width: query i sees keys j with |i − j| &lt; w</source>
        <translation>La demi-largeur de la fenêtre glissante&#xa0;: la requête i voit les clés j telles que |i − j| &lt; w</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lancer</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Export Charts…</source>
        <translation>Exporter les graphiques…</translation>
    </message>
    <message>
        <source>Save both charts and the formulas as PNG, SVG or PDF</source>
        <translation>Enregistrer les deux graphiques et les formules en PNG, SVG ou PDF</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>Exporter en CSV…</translation>
    </message>
    <message>
        <source>Save the measurements: kernel, n, d, median_ms, peak_extra_bytes</source>
        <translation>Enregistrer les mesures&#xa0;: kernel, n, d, median_ms, peak_extra_bytes</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::ExportDialog</name>
    <message>
        <source>X — embeddings + positions</source>
        <translation>X — plongements + positions</translation>
    </message>
    <message>
        <source>Q — queries</source>
        <translation>Q — requêtes</translation>
    </message>
    <message>
        <source>K — keys</source>
        <translation>K — clés</translation>
    </message>
    <message>
        <source>V — values</source>
        <translation>V — valeurs</translation>
    </message>
    <message>
        <source>Scores QKᵀ</source>
        <translation>Scores QKᵀ</translation>
    </message>
    <message>
        <source>Scaled scores</source>
        <translation>Scores mis à l’échelle</translation>
    </message>
    <message>
        <source>Masked scores</source>
        <translation>Scores masqués</translation>
    </message>
    <message>
        <source>Attention weights (softmax)</source>
        <translation>Poids d’attention (softmax)</translation>
    </message>
    <message>
        <source>Context — weights · V</source>
        <translation>Contexte — poids · V</translation>
    </message>
    <message>
        <source>Output — context · W_O</source>
        <translation>Sortie — contexte · W_O</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exporter</translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation>Image PNG</translation>
    </message>
    <message>
        <source>SVG vector image</source>
        <translation>Image vectorielle SVG</translation>
    </message>
    <message>
        <source>PDF document (one page)</source>
        <translation>Document PDF (une page)</translation>
    </message>
    <message>
        <source>CSV — this matrix</source>
        <translation>CSV — cette matrice</translation>
    </message>
    <message>
        <source>JSON — the whole trace</source>
        <translation>JSON — toute la trace</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>Tête %1</translation>
    </message>
    <message>
        <source>All heads (mean for n × n steps)</source>
        <translation>Toutes les têtes (moyenne pour les étapes n × n)</translation>
    </message>
    <message>
        <source>Automatic (as in the window for weights, RdBu_r for signed values)</source>
        <translation>Automatique (comme dans la fenêtre pour les poids, RdBu_r pour les valeurs signées)</translation>
    </message>
    <message>
        <source>Values in cells (where they fit)</source>
        <translation>Valeurs dans les cases (quand elles tiennent)</translation>
    </message>
    <message>
        <source>Caption with the settings</source>
        <translation>Légende avec les réglages</translation>
    </message>
    <message>
        <source> dpi</source>
        <translation> ppp</translation>
    </message>
    <message>
        <source>96 dpi is the size on screen; 300 dpi is sharp in print.</source>
        <translation>96 ppp donne la taille à l’écran&#xa0;; 300 ppp est net à l’impression.</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Format&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Step:</source>
        <translation>É&amp;tape&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Head:</source>
        <translation>Têt&amp;e&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>T&amp;itre&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Colour map:</source>
        <translation>&amp;Palette de couleurs&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Resolution:</source>
        <translation>&amp;Résolution&#xa0;:</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>Taille&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>E&amp;xporter…</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Copier</translation>
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
        <translation>%1 lignes × %2 valeurs</translation>
    </message>
    <message numerus="yes">
        <source>every matrix of the %n token(s)</source>
        <translation>
            <numerusform>chaque matrice du %n token</numerusform>
            <numerusform>chaque matrice des %n tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 × %2 values: too many to preview.</source>
        <translation>%1 × %2 valeurs&#xa0;: trop pour un aperçu.</translation>
    </message>
    <message>
        <source>The whole trace as JSON: the tokens, every setting, X, W_Q, W_K, W_V, W_O, and for each head Q, K, V, the scores, scaled scores, masked scores, weights, context, row maxima and sums; the mean weights and the output. Read back exactly (every double round-trips).</source>
        <translation>Toute la trace en JSON&#xa0;: les tokens, tous les réglages, X, W_Q, W_K, W_V, W_O et, pour chaque tête, Q, K, V, les scores, les scores mis à l’échelle, les scores masqués, les poids, le contexte, les maxima et les sommes des lignes&#xa0;; les poids moyens et la sortie. Relue à l’identique (chaque double est retrouvé exactement).</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>L’export a échoué</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>Fichiers %1 (*.%2)</translation>
    </message>
    <message>
        <source>Heatmap of one head</source>
        <translation>Carte de chaleur d’une tête</translation>
    </message>
    <message>
        <source>All heads (every layer × head; CSV, JSON: their summaries)</source>
        <translation>Toutes les têtes (chaque couche × tête&#xa0;; CSV, JSON&#xa0;: leurs résumés)</translation>
    </message>
    <message>
        <source>&amp;Picture:</source>
        <translation>Ima&amp;ge&#xa0;:</translation>
    </message>
    <message numerus="yes">
        <source>%n head(s)</source>
        <translation>
            <numerusform>%n tête</numerusform>
            <numerusform>%n têtes</numerusform>
        </translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::FigureRenderer</name>
    <message>
        <source>Input X (embeddings + positions)</source>
        <translation>Entrée X (plongements + positions)</translation>
    </message>
    <message>
        <source>Output (context · W_O)</source>
        <translation>Sortie (contexte · W_O)</translation>
    </message>
    <message>
        <source>Queries Q</source>
        <translation>Requêtes Q</translation>
    </message>
    <message>
        <source>Keys K</source>
        <translation>Clés K</translation>
    </message>
    <message>
        <source>Values V</source>
        <translation>Valeurs V</translation>
    </message>
    <message>
        <source>Scores QKᵀ</source>
        <translation>Scores QKᵀ</translation>
    </message>
    <message>
        <source>Scaled scores</source>
        <translation>Scores mis à l’échelle</translation>
    </message>
    <message>
        <source>Masked scores</source>
        <translation>Scores masqués</translation>
    </message>
    <message>
        <source>Attention weights</source>
        <translation>Poids d’attention</translation>
    </message>
    <message>
        <source>Context (weights · V)</source>
        <translation>Contexte (poids · V)</translation>
    </message>
    <message>
        <source>%1 — head %2</source>
        <translation>%1 — tête %2</translation>
    </message>
    <message>
        <source>%1 — mean of %2 heads</source>
        <translation>%1 — moyenne de %2 têtes</translation>
    </message>
    <message>
        <source>%1 — all %2 heads</source>
        <translation>%1 — les %2 têtes</translation>
    </message>
    <message>
        <source>n = %1 (%2 padding)</source>
        <translation>n = %1 (%2 de remplissage)</translation>
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
        <source> (head %1 shown)</source>
        <translation> (tête %1 montrée)</translation>
    </message>
    <message>
        <source> (mean shown)</source>
        <translation> (moyenne montrée)</translation>
    </message>
    <message>
        <source> (all shown)</source>
        <translation> (toutes montrées)</translation>
    </message>
    <message>
        <source>d_k = %1</source>
        <translation>d_k = %1</translation>
    </message>
    <message>
        <source>scaled by √d_k</source>
        <translation>mis à l’échelle par √d_k</translation>
    </message>
    <message>
        <source>not scaled by √d_k</source>
        <translation>sans mise à l’échelle par √d_k</translation>
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
        <translation>fenêtre %1</translation>
    </message>
    <message>
        <source> (global %1)</source>
        <translation> (globaux %1)</translation>
    </message>
    <message>
        <source>padding to %1</source>
        <translation>remplissage jusqu’à %1</translation>
    </message>
    <message>
        <source>no mask</source>
        <translation>sans masque</translation>
    </message>
    <message>
        <source>mask: %1</source>
        <translation>masque&#xa0;: %1</translation>
    </message>
    <message>
        <source>positions on</source>
        <translation>positions activées</translation>
    </message>
    <message>
        <source>positions off</source>
        <translation>positions désactivées</translation>
    </message>
    <message>
        <source>identity W</source>
        <translation>W identité</translation>
    </message>
    <message>
        <source>supplied W</source>
        <translation>W fournies</translation>
    </message>
    <message>
        <source>teaching model</source>
        <translation>modèle pédagogique</translation>
    </message>
    <message>
        <source>seed %1</source>
        <translation>graine %1</translation>
    </message>
    <message numerus="yes">
        <source>%n head(s)</source>
        <translation>
            <numerusform>%n tête</numerusform>
            <numerusform>%n têtes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cell(s) masked by hand</source>
        <translation>
            <numerusform>%n case masquée à la main</numerusform>
            <numerusform>%n cases masquées à la main</numerusform>
        </translation>
    </message>
    <message>
        <source>colours: 0 to 1</source>
        <translation>couleurs&#xa0;: 0 à 1</translation>
    </message>
    <message>
        <source>colours: each row against its largest weight</source>
        <translation>couleurs&#xa0;: chaque ligne par rapport à son plus grand poids</translation>
    </message>
    <message>
        <source>colours: smallest to largest weight (%1 to %2)</source>
        <translation>couleurs&#xa0;: du plus petit au plus grand poids (%1 à %2)</translation>
    </message>
    <message>
        <source>untrained random W</source>
        <translation>W aléatoires non entraînées</translation>
    </message>
    <message>
        <source>%1 · layer %2 · mean of %3 heads</source>
        <translation>%1 · couche %2 · moyenne de %3 têtes</translation>
    </message>
    <message>
        <source>%1 · layer %2 · head %3</source>
        <translation>%1 · couche %2 · tête %3</translation>
    </message>
    <message>
        <source>Attention weights — layer %1 · mean of %2 heads</source>
        <translation>Poids d’attention — couche %1 · moyenne de %2 têtes</translation>
    </message>
    <message>
        <source>Attention weights — layer %1 · head %2</source>
        <translation>Poids d’attention — couche %1 · tête %2</translation>
    </message>
    <message>
        <source>imported weights</source>
        <translation>poids importés</translation>
    </message>
    <message>
        <source>layers × heads: %1 × %2</source>
        <translation>couches × têtes&#xa0;: %1 × %2</translation>
    </message>
    <message>
        <source>mask: causal</source>
        <translation>masque&#xa0;: causal</translation>
    </message>
    <message>
        <source> (head %1 shown: %2)</source>
        <translation> (tête %1 montrée&#xa0;: %2)</translation>
    </message>
    <message>
        <source>four-head teaching model</source>
        <translation>modèle pédagogique à quatre têtes</translation>
    </message>
    <message>
        <source>%1 × %2 cells drawn as one image, without their values, to keep the file small</source>
        <translation>%1 × %2 cellules dessinées en une seule image, sans leurs valeurs, pour garder un fichier léger</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::FirstRunHint</name>
    <message>
        <source>&lt;b&gt;Try:&lt;/b&gt; click a cell · &lt;i&gt;Step by step&lt;/i&gt;, then → · F11 to present</source>
        <translation>&lt;b&gt;À essayer&#xa0;:&lt;/b&gt; cliquez sur une case · &lt;i&gt;Étape par étape&lt;/i&gt;, puis → · F11 pour présenter</translation>
    </message>
    <message>
        <source>Three things to try: click a cell of the heatmap to see how its weight is computed; open the Step by step tab and press → to go through the computation; press F11 to present to a class.</source>
        <translation>Trois choses à essayer&#xa0;: cliquez sur une case de la carte pour voir comment son poids est calculé&#xa0;; ouvrez l’onglet Étape par étape et appuyez sur → pour parcourir le calcul&#xa0;; appuyez sur F11 pour présenter à une classe.</translation>
    </message>
    <message>
        <source>✕</source>
        <translation>✕</translation>
    </message>
    <message>
        <source>Hide this hint for good</source>
        <translation>Ne plus afficher cette aide</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::HeadLinesPainter</name>
    <message>
        <source>Queries</source>
        <translation>Requêtes</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Clés</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::HeadLinesView</name>
    <message>
        <source>Layer %1</source>
        <translation>Couche %1</translation>
    </message>
    <message>
        <source>&amp;Layer</source>
        <translation>&amp;Couche</translation>
    </message>
    <message>
        <source>Heads:</source>
        <translation>Têtes&#xa0;:</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Toutes</translation>
    </message>
    <message>
        <source>Show the lines of every head.</source>
        <translation>Montrer les lignes de toutes les têtes.</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Aucune</translation>
    </message>
    <message>
        <source>Hide every head&apos;s lines, then turn on the heads to compare.</source>
        <translation>Masquer les lignes de toutes les têtes, puis activer les têtes à comparer.</translation>
    </message>
    <message>
        <source>Head %1: show or hide its lines.</source>
        <translation>Tête %1&#xa0;: montrer ou masquer ses lignes.</translation>
    </message>
    <message>
        <source>Head %1 (%2): show or hide its lines.</source>
        <translation>Tête %1 (%2)&#xa0;: montrer ou masquer ses lignes.</translation>
    </message>
    <message>
        <source>A line joins a query (left) to a key (right); its opacity is the weight, its colour the head. Hover a token to see only its lines, click to keep them.</source>
        <translation>Une ligne relie une requête (à gauche) à une clé (à droite)&#xa0;; son opacité donne le poids, sa couleur la tête. Survolez un token pour ne voir que ses lignes, cliquez pour les garder.</translation>
    </message>
    <message>
        <source>Only the %1 strongest of %2 lines are drawn (weights from %3).</source>
        <translation>Seules les %1 lignes les plus fortes sur %2 sont tracées (poids à partir de %3).</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::HeadViewFigure</name>
    <message>
        <source>head %1</source>
        <translation>tête %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Only the %1 strongest of %2 lines are drawn (weights from %3).</source>
        <translation>Seules les %1 lignes les plus fortes sur %2 sont tracées (poids à partir de %3).</translation>
    </message>
    <message>
        <source>1 head</source>
        <translation>1 tête</translation>
    </message>
    <message>
        <source>%1 heads</source>
        <translation>%1 têtes</translation>
    </message>
    <message>
        <source>Head view — %1</source>
        <translation>Vue des têtes — %1</translation>
    </message>
    <message>
        <source>Head view — layer %1 of %2 · %3</source>
        <translation>Vue des têtes — couche %1 sur %2 · %3</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::HeatmapPainter</name>
    <message>
        <source>Queries</source>
        <translation>Requêtes</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Clés</translation>
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
        <translation>masqué</translation>
    </message>
    <message>
        <source>row&apos;s largest</source>
        <translation>max. de la ligne</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::HeatmapView</name>
    <message>
        <source>masked</source>
        <translation>masqué</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>Poids</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <source>Scaled score</source>
        <translation>Score mis à l’échelle</translation>
    </message>
    <message>
        <source>Masked score</source>
        <translation>Score masqué</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <source>Queries</source>
        <translation>Requêtes</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Clés</translation>
    </message>
    <message>
        <source>%1: %2 (position %3)</source>
        <translation>%1&#xa0;: %2 (position %3)</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>Requête</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Clé</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1&#xa0;: %2</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>Dimension</translation>
    </message>
    <message>
        <source>masked: %1</source>
        <translation>masqué&#xa0;: %1</translation>
    </message>
    <message>
        <source>No matrix to show</source>
        <translation>Aucune matrice à montrer</translation>
    </message>
    <message>
        <source>Heatmap</source>
        <translation>Carte de chaleur</translation>
    </message>
    <message>
        <source>%1 rows, %2 columns; no cell selected</source>
        <translation>%1 lignes, %2 colonnes&#xa0;; aucune case sélectionnée</translation>
    </message>
    <message>
        <source>Heatmap, selected cell: %1, %2</source>
        <translation>Carte de chaleur, case sélectionnée&#xa0;: %1, %2</translation>
    </message>
    <message>
        <source>Hidden until the guess is revealed</source>
        <translation>Caché jusqu’à ce que la réponse soit révélée</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::ImportedBar</name>
    <message>
        <source>Head %1</source>
        <translation>Tête %1</translation>
    </message>
    <message>
        <source>Mean of the heads</source>
        <translation>Moyenne des têtes</translation>
    </message>
    <message>
        <source>Imported weights: %1 · layers × heads: %2 × %3 · n = %4</source>
        <translation>Poids importés&#xa0;: %1 · couches × têtes&#xa0;: %2 × %3 · n = %4</translation>
    </message>
    <message>
        <source>&amp;Layer</source>
        <translation>&amp;Couche</translation>
    </message>
    <message>
        <source>&amp;Head</source>
        <translation>&amp;Tête</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>Back to the teaching model</source>
        <translation>Retour au modèle pédagogique</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::JobIndicator</name>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Stop this work: the window keeps what it shows.</source>
        <translation>Arrêter ce travail&#xa0;: la fenêtre garde ce qu’elle montre.</translation>
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
        <translation>Modification du masque&#xa0;: cliquez sur une case pour cacher cette clé à cette requête, cliquez de nouveau pour la montrer.</translation>
    </message>
    <message>
        <source>The last result stays shown.</source>
        <translation>Le dernier résultat reste affiché.</translation>
    </message>
    <message>
        <source>Computation cancelled. %1</source>
        <translation>Calcul annulé. %1</translation>
    </message>
    <message>
        <source>This text cannot be used: %1. %2</source>
        <translation>Ce texte ne peut pas être utilisé&#xa0;: %1. %2</translation>
    </message>
    <message>
        <source>These settings cannot be used: %1. %2</source>
        <translation>Ces réglages ne peuvent pas être utilisés&#xa0;: %1. %2</translation>
    </message>
    <message>
        <source>The computation failed: %1. %2</source>
        <translation>Le calcul a échoué&#xa0;: %1. %2</translation>
    </message>
    <message>
        <source>✕</source>
        <translation>✕</translation>
    </message>
    <message>
        <source>Hide this message</source>
        <translation>Masquer ce message</translation>
    </message>
    <message>
        <source>&amp;Sentence</source>
        <translation>&amp;Phrase</translation>
    </message>
    <message>
        <source>Type a sentence: the attention is recomputed as you type.</source>
        <translation>Tapez une phrase&#xa0;: l’attention est recalculée pendant la frappe.</translation>
    </message>
    <message>
        <source>The input: n tokens, each becomes a row of X ∈ ℝ^(n × d_model). Up to %1 tokens.</source>
        <translation>L’entrée&#xa0;: n tokens, chacun devient une ligne de X ∈ ℝ^(n × d_model). Jusqu’à %1 tokens.</translation>
    </message>
    <message>
        <source>Attention weights</source>
        <translation>Poids d’attention</translation>
    </message>
    <message>
        <source>softmax(QKᵀ/√d_k + mask): row i = query i, column j = key j; each row sums to 1.</source>
        <translation>softmax(QKᵀ/√d_k + masque)&#xa0;: ligne i = requête i, colonne j = clé j&#xa0;; chaque ligne somme à 1.</translation>
    </message>
    <message>
        <source>Step by step</source>
        <translation>Étape par étape</translation>
    </message>
    <message>
        <source>Every matrix of the computation, from X to the output, with its formula and shape.</source>
        <translation>Chaque matrice du calcul, de X à la sortie, avec sa formule et sa forme.</translation>
    </message>
    <message>
        <source>Controls</source>
        <translation>Réglages</translation>
    </message>
    <message>
        <source>Row of weights</source>
        <translation>Ligne de poids</translation>
    </message>
    <message>
        <source>How the weight is computed</source>
        <translation>Comment le poids est calculé</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;Examples</source>
        <translation>E&amp;xemples</translation>
    </message>
    <message>
        <source>French</source>
        <translation>Français</translation>
    </message>
    <message>
        <source>English</source>
        <translation>Anglais</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1&#xa0;: %2</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>Attention &amp;weights</source>
        <translation>&amp;Poids d’attention</translation>
    </message>
    <message>
        <source>&amp;Step by step</source>
        <translation>Étape par ét&amp;ape</translation>
    </message>
    <message>
        <source>&amp;Larger text</source>
        <translation>Texte plus &amp;grand</translation>
    </message>
    <message>
        <source>S&amp;maller text</source>
        <translation>Texte plus pet&amp;it</translation>
    </message>
    <message>
        <source>Computing on a worker thread: the window stays usable.</source>
        <translation>Calcul sur un fil d’exécution séparé&#xa0;: la fenêtre reste utilisable.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Stop this computation; the last result stays shown.</source>
        <translation>Arrêter ce calcul&#xa0;; le dernier résultat reste affiché.</translation>
    </message>
    <message>
        <source> · d_k %1 · computed in %2</source>
        <translation> · d_k %1 · calculé en %2</translation>
    </message>
    <message>
        <source>under 1 ms</source>
        <translation>moins de 1 ms</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>These weights cannot be used: %1.</source>
        <translation>Ces poids ne peuvent pas être utilisés&#xa0;: %1.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Untrained weights.&lt;/b&gt; W_Q, W_K and W_V are random numbers: the patterns below carry no linguistic meaning. For attention that means something, use the teaching model.</source>
        <translation>&lt;b&gt;Poids non entraînés.&lt;/b&gt; W_Q, W_K et W_V sont des nombres aléatoires&#xa0;: les motifs ci-dessous n’ont aucun sens linguistique. Pour une attention qui a du sens, utilisez le modèle pédagogique.</translation>
    </message>
    <message>
        <source>Use the teaching model</source>
        <translation>Utiliser le modèle pédagogique</translation>
    </message>
    <message>
        <source>Projections: Teaching model (its named dimensions and rules)</source>
        <translation>Projections&#xa0;: modèle pédagogique (ses dimensions et ses règles nommées)</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Matrices W</translation>
    </message>
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
            <numerusform> · d_model %1 · %n tête</numerusform>
            <numerusform> · d_model %1 · %n têtes</numerusform>
        </translation>
    </message>
    <message>
        <source>The weights of %1 come from its checkpoint and are not edited here. Close the model to edit AttnViz&apos;s own.</source>
        <translation>Les poids de %1 viennent de son checkpoint et ne se modifient pas ici. Fermez le modèle pour modifier ceux d’AttnViz.</translation>
    </message>
    <message>
        <source>%1 · layer %2 of %3 · </source>
        <translation>%1 · couche %2 sur %3 · </translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&amp;nbsp;%2&amp;nbsp;%</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&amp;nbsp;%2&amp;nbsp;%</translation>
    </message>
    <message>
        <source>Next token, as %1 predicts it: %2</source>
        <translation>Token suivant, selon %1 : %2</translation>
    </message>
    <message>
        <source>The five tokens the model finds most likely after the sentence, with their probabilities (softmax of the last position&apos;s logits, after every layer).</source>
        <translation>Les cinq tokens que le modèle juge les plus probables après la phrase, avec leurs probabilités (softmax des logits de la dernière position, après toutes les couches).</translation>
    </message>
    <message>
        <source>Imported weights have no Q and K: only the weights can be shown (heatmap and row chart).</source>
        <translation>Les poids importés n’ont ni Q ni K&#xa0;: seuls les poids peuvent être montrés (carte de chaleur et ligne de poids).</translation>
    </message>
    <message>
        <source>imported weights · </source>
        <translation>poids importés · </translation>
    </message>
    <message>
        <source> · layers × heads: %1 × %2</source>
        <translation> · couches × têtes&#xa0;: %1 × %2</translation>
    </message>
    <message>
        <source>Head view</source>
        <translation>Vue des têtes</translation>
    </message>
    <message>
        <source>Every head at once: a line from each query to each key, its opacity the weight, its colour the head.</source>
        <translation>Toutes les têtes à la fois&#xa0;: une ligne de chaque requête vers chaque clé, son opacité donne le poids, sa couleur la tête.</translation>
    </message>
    <message>
        <source>All heads</source>
        <translation>Toutes les têtes</translation>
    </message>
    <message>
        <source>Every layer and head of the model as a small heatmap: hover to enlarge, click to open one in the other views.</source>
        <translation>Chaque couche et chaque tête du modèle en petite carte de chaleur&#xa0;: survolez pour agrandir, cliquez pour en ouvrir une dans les autres vues.</translation>
    </message>
    <message>
        <source>Cost lab</source>
        <translation>Labo des coûts</translation>
    </message>
    <message>
        <source>What attention costs: time and memory against n for the chapter&apos;s code, Flash, sliding window, sparse and linear attention, measured live.</source>
        <translation>Ce que coûte l’attention&#xa0;: temps et mémoire en fonction de n pour le code du chapitre, Flash, la fenêtre glissante, l’attention creuse et l’attention linéaire, mesurés en direct.</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::ModelActions</name>
    <message>
        <source>Open &amp;Model…</source>
        <translation>Ouvrir un &amp;modèle…</translation>
    </message>
    <message>
        <source>Open a GPT-2-family model folder (config.json, model.safetensors and its tokenizer files)</source>
        <translation>Ouvrir le dossier d’un modèle de la famille GPT-2 (config.json, model.safetensors et les fichiers de son tokeniseur)</translation>
    </message>
    <message>
        <source>Recent Mo&amp;dels</source>
        <translation>Mo&amp;dèles récents</translation>
    </message>
    <message>
        <source>Close Mode&amp;l</source>
        <translation>Fermer &amp;le modèle</translation>
    </message>
    <message>
        <source>Back to the teaching model</source>
        <translation>Retour au modèle pédagogique</translation>
    </message>
    <message>
        <source>not enough memory to open this model</source>
        <translation>pas assez de mémoire pour ouvrir ce modèle</translation>
    </message>
    <message>
        <source>This model cannot be opened: %1. The window keeps what it had.</source>
        <translation>Ce modèle ne peut pas être ouvert : %1. La fenêtre garde ce qu’elle avait.</translation>
    </message>
    <message>
        <source>The model folder %1 no longer exists; it was removed from the recent models.</source>
        <translation>Le dossier de modèle %1 n’existe plus ; il a été retiré des modèles récents.</translation>
    </message>
    <message>
        <source>Open Model Folder</source>
        <translation>Ouvrir le dossier d’un modèle</translation>
    </message>
    <message>
        <source>Opening the model was cancelled; the window keeps what it had.</source>
        <translation>Ouverture du modèle annulée&#xa0;; la fenêtre garde ce qu’elle avait.</translation>
    </message>
    <message>
        <source>Opening the model %1…</source>
        <translation>Ouverture du modèle %1…</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::ModelGridFigure</name>
    <message>
        <source>Attention weights — every layer and head</source>
        <translation>Poids d’attention — toutes les couches et toutes les têtes</translation>
    </message>
    <message>
        <source>Attention weights — every head</source>
        <translation>Poids d’attention — toutes les têtes</translation>
    </message>
    <message>
        <source>layers × heads: %1 × %2 · tokens: %3</source>
        <translation>couches × têtes&#xa0;: %1 × %2 · tokens&#xa0;: %3</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::ModelGridLayout</name>
    <message>
        <source>layer %1</source>
        <translation>couche %1</translation>
    </message>
    <message>
        <source>layer %1 · head %2</source>
        <translation>couche %1 · tête %2</translation>
    </message>
    <message>
        <source>L%1 · H%2</source>
        <translation>C%1 · T%2</translation>
    </message>
    <message>
        <source>entropy</source>
        <translation>entropie</translation>
    </message>
    <message>
        <source>mean distance</source>
        <translation>distance moyenne</translation>
    </message>
    <message>
        <source>previous token</source>
        <translation>mot précédent</translation>
    </message>
    <message>
        <source>first token</source>
        <translation>premier token</translation>
    </message>
    <message>
        <source>same token</source>
        <translation>même token</translation>
    </message>
    <message>
        <source>%1 bits</source>
        <translation>%1 bits</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 tokens</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>tête %1</translation>
    </message>
    <message>
        <source>head</source>
        <translation>tête</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::ModelGridView</name>
    <message>
        <source>&amp;Measure:</source>
        <translation>&amp;Mesure&#xa0;:</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <source>Writes this measure under every head and outlines the heads that score highest on it.</source>
        <translation>Écrit cette mesure sous chaque tête et entoure les têtes qui obtiennent les valeurs les plus élevées.</translation>
    </message>
    <message>
        <source>&amp;Sort, highest first</source>
        <translation>&amp;Trier par ordre décroissant</translation>
    </message>
    <message>
        <source>Summary &amp;table</source>
        <translation>Tableau &amp;récapitulatif</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>couche</translation>
    </message>
    <message>
        <source>head</source>
        <translation>tête</translation>
    </message>
    <message>
        <source>role</source>
        <translation>rôle</translation>
    </message>
    <message>
        <source> (bits)</source>
        <translation> (bits)</translation>
    </message>
    <message>
        <source> (tokens)</source>
        <translation> (tokens)</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::PredictActions</name>
    <message>
        <source>1st</source>
        <translation>1re</translation>
    </message>
    <message>
        <source>%1st</source>
        <translation>%1e</translation>
    </message>
    <message>
        <source>%1nd</source>
        <translation>%1e</translation>
    </message>
    <message>
        <source>%1rd</source>
        <translation>%1e</translation>
    </message>
    <message>
        <source>%1th</source>
        <translation>%1e</translation>
    </message>
    <message>
        <source>No guess: “%1” attends most to “%2” (%3).</source>
        <translation>Pas de proposition&#xa0;: «&#xa0;%1&#xa0;» prête le plus attention à «&#xa0;%2&#xa0;» (%3).</translation>
    </message>
    <message numerus="yes">
        <source>No guess: “%1” attends most to “%2” and %n other key(s) alike (%3).</source>
        <translation>
            <numerusform>Pas de proposition&#xa0;: «&#xa0;%1&#xa0;» prête le plus attention à «&#xa0;%2&#xa0;» et autant à %n autre clé (%3).</numerusform>
            <numerusform>Pas de proposition&#xa0;: «&#xa0;%1&#xa0;» prête le plus attention à «&#xa0;%2&#xa0;» et autant à %n autres clés (%3).</numerusform>
        </translation>
    </message>
    <message>
        <source>Right! “%1” attends most to “%2” (%3).</source>
        <translation>Bravo&#xa0;! «&#xa0;%1&#xa0;» prête le plus attention à «&#xa0;%2&#xa0;» (%3).</translation>
    </message>
    <message numerus="yes">
        <source>Right! “%1” attends most to “%2”, and as much to %n other key(s) (%3).</source>
        <translation>
            <numerusform>Bravo&#xa0;! «&#xa0;%1&#xa0;» prête le plus attention à «&#xa0;%2&#xa0;», et autant à %n autre clé (%3).</numerusform>
            <numerusform>Bravo&#xa0;! «&#xa0;%1&#xa0;» prête le plus attention à «&#xa0;%2&#xa0;», et autant à %n autres clés (%3).</numerusform>
        </translation>
    </message>
    <message>
        <source>Your guess “%1” is %2: weight %3;</source>
        <translation>Votre proposition «&#xa0;%1&#xa0;» arrive %2&#xa0;: poids %3&#xa0;;</translation>
    </message>
    <message>
        <source>“%1” attends most to “%2” (%3).</source>
        <translation>«&#xa0;%1&#xa0;» prête le plus attention à «&#xa0;%2&#xa0;» (%3).</translation>
    </message>
    <message numerus="yes">
        <source>“%1” attends most to “%2” and %n other key(s) alike (%3).</source>
        <translation>
            <numerusform>«&#xa0;%1&#xa0;» prête le plus attention à «&#xa0;%2&#xa0;» et autant à %n autre clé (%3).</numerusform>
            <numerusform>«&#xa0;%1&#xa0;» prête le plus attention à «&#xa0;%2&#xa0;» et autant à %n autres clés (%3).</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 guessed right</source>
        <translation>%1 sur %2 trouvées</translation>
    </message>
    <message>
        <source>End Round</source>
        <translation>Terminer la manche</translation>
    </message>
    <message>
        <source>Round over: %1</source>
        <translation>Manche terminée&#xa0;: %1</translation>
    </message>
    <message>
        <source>Enter or Page Down: end the round</source>
        <translation>Entrée ou Page suivante&#xa0;: terminer la manche</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>Terminer</translation>
    </message>
    <message>
        <source>Enter or Page Down: next row</source>
        <translation>Entrée ou Page suivante&#xa0;: ligne suivante</translation>
    </message>
    <message>
        <source>Next Row</source>
        <translation>Ligne suivante</translation>
    </message>
    <message>
        <source>Which key does “%1” attend to most?</source>
        <translation>À quelle clé «&#xa0;%1&#xa0;» prête-t-il le plus attention&#xa0;?</translation>
    </message>
    <message>
        <source>Guess: “%1”.</source>
        <translation>Proposition&#xa0;: «&#xa0;%1&#xa0;».</translation>
    </message>
    <message>
        <source>Row %1 of %2</source>
        <translation>Ligne %1 sur %2</translation>
    </message>
    <message>
        <source>← →: choose a key · Enter or Page Down: reveal</source>
        <translation>← →&#xa0;: choisir une clé · Entrée ou Page suivante&#xa0;: révéler</translation>
    </message>
    <message>
        <source>Reveal</source>
        <translation>Révéler</translation>
    </message>
    <message>
        <source>P&amp;redict, then Reveal</source>
        <translation>P&amp;rédire, puis révéler</translation>
    </message>
    <message>
        <source>Hide every row of weights; the class guesses which key each query attends to most, row by row: ←/→ choose, Enter reveals (Ctrl+P again: end)</source>
        <translation>Cacher toutes les lignes de poids&#xa0;; la classe devine, ligne par ligne, à quelle clé chaque requête prête le plus attention&#xa0;: ←/→ choisir, Entrée révèle (Ctrl+P de nouveau&#xa0;: fin)</translation>
    </message>
    <message>
        <source>Predict &amp;This Row</source>
        <translation>Prédire &amp;cette ligne</translation>
    </message>
    <message>
        <source>Hide the selected query&apos;s row of weights until the class has guessed</source>
        <translation>Cacher la ligne de poids de la requête sélectionnée jusqu’à ce que la classe ait deviné</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::RecentList</name>
    <message>
        <source>&amp;Clear List</source>
        <translation>&amp;Vider la liste</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::RecoveryBar</name>
    <message>
        <source>AttnViz did not close normally. Your work from %1 was kept: restore it?</source>
        <translation>AttnViz ne s’est pas fermé normalement. Votre travail du %1 a été conservé&#xa0;: le restaurer&#xa0;?</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>&amp;Restaurer</translation>
    </message>
    <message>
        <source>Bring back the sentence, the settings and the weights as they were</source>
        <translation>Rétablir la phrase, les réglages et les poids tels qu’ils étaient</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>&amp;Abandonner</translation>
    </message>
    <message>
        <source>Forget the kept work and go on with this window</source>
        <translation>Oublier le travail conservé et continuer dans cette fenêtre</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::RecoveryCopy</name>
    <message>
        <source>The recovery copy cannot be written: %1</source>
        <translation>La copie de secours ne peut pas être écrite&#xa0;: %1</translation>
    </message>
    <message>
        <source>The kept work cannot be restored: %1</source>
        <translation>Le travail conservé ne peut pas être restauré&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::RowChart</name>
    <message>
        <source>weight</source>
        <translation>poids</translation>
    </message>
    <message>
        <source>keys j</source>
        <translation>clés j</translation>
    </message>
    <message>
        <source>The selected query&apos;s row of weights: how much it attends to each key. The bars add up to 1 (softmax), masked keys get 0.</source>
        <translation>La ligne de poids de la requête sélectionnée&#xa0;: l’attention qu’elle porte à chaque clé. Les barres totalisent 1 (softmax), les clés masquées ont 0.</translation>
    </message>
    <message>
        <source>Click a cell or a token to chart its row of weights</source>
        <translation>Cliquez sur une case ou un token pour tracer sa ligne de poids</translation>
    </message>
    <message>
        <source>mean of %1 heads</source>
        <translation>moyenne de %1 têtes</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>tête %1</translation>
    </message>
    <message>
        <source>“%1”: hidden until the guess is revealed</source>
        <translation>«&#xa0;%1&#xa0;»&#xa0;: caché jusqu’à ce que la réponse soit révélée</translation>
    </message>
    <message>
        <source>Query %1 %2, %3: top %4 of %5 keys</source>
        <translation>Requête %1 %2, %3&#xa0;: les %4 plus grands poids sur %5 clés</translation>
    </message>
    <message>
        <source>Query %1 %2, %3: its weights over the keys</source>
        <translation>Requête %1 %2, %3&#xa0;: ses poids sur les clés</translation>
    </message>
    <message>
        <source>Key %1 is masked for this query: its weight is 0.</source>
        <translation>La clé %1 est masquée pour cette requête&#xa0;: son poids est 0.</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::SessionActions</name>
    <message>
        <source>AttnViz sessions (*.attnviz)</source>
        <translation>Sessions AttnViz (*.attnviz)</translation>
    </message>
    <message>
        <source>&amp;Open Session…</source>
        <translation>&amp;Ouvrir une session…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Sessions &amp;récentes</translation>
    </message>
    <message>
        <source>&amp;Save Session</source>
        <translation>&amp;Enregistrer la session</translation>
    </message>
    <message>
        <source>Save Session &amp;As…</source>
        <translation>Enregistrer la session &amp;sous…</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>E&amp;xporter…</translation>
    </message>
    <message>
        <source>Save a figure (PNG, SVG, PDF) or the numbers (CSV, JSON)</source>
        <translation>Enregistrer une figure (PNG, SVG, PDF) ou les nombres (CSV, JSON)</translation>
    </message>
    <message>
        <source>Copy &amp;Image</source>
        <translation>Copier l’&amp;image</translation>
    </message>
    <message>
        <source>Copy Weights as &amp;CSV</source>
        <translation>Copier les poids en &amp;CSV</translation>
    </message>
    <message>
        <source>Cannot open the session</source>
        <translation>Impossible d’ouvrir la session</translation>
    </message>
    <message>
        <source>Cannot save the session</source>
        <translation>Impossible d’enregistrer la session</translation>
    </message>
    <message>
        <source>Cannot copy the image</source>
        <translation>Impossible de copier l’image</translation>
    </message>
    <message>
        <source>Cannot copy the numbers</source>
        <translation>Impossible de copier les nombres</translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation>Ouvrir une session</translation>
    </message>
    <message>
        <source>Save Session</source>
        <translation>Enregistrer la session</translation>
    </message>
    <message>
        <source>Nothing to export</source>
        <translation>Rien à exporter</translation>
    </message>
    <message>
        <source>There is no result yet: type a sentence first.</source>
        <translation>Il n’y a pas encore de résultat&#xa0;: tapez d’abord une phrase.</translation>
    </message>
    <message>
        <source>%1[*] — AttnViz</source>
        <translation>%1[*] — AttnViz</translation>
    </message>
    <message>
        <source>The session&apos;s model folder %1 is gone: it opens on the teaching model instead.</source>
        <translation>Le dossier de modèle %1 de la session a disparu : elle s’ouvre sur le modèle pédagogique.</translation>
    </message>
    <message>
        <source>Opening the session was cancelled; the window is as it was.</source>
        <translation>Ouverture de la session annulée&#xa0;; la fenêtre est restée telle quelle.</translation>
    </message>
    <message>
        <source>not enough memory to read this session</source>
        <translation>pas assez de mémoire pour lire cette session</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>Ouverture de %1…</translation>
    </message>
    <message>
        <source>The session %1 no longer exists; it was removed from the recent sessions.</source>
        <translation>La session %1 n’existe plus ; elle a été retirée des sessions récentes.</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::StepperView</name>
    <message>
        <source>causal (key j ≤ query i)</source>
        <translation>causal (clé j ≤ requête i)</translation>
    </message>
    <message>
        <source>sliding window w = %1 (|i − j| &lt; %1)</source>
        <translation>fenêtre glissante w = %1 (|i − j| &lt; %1)</translation>
    </message>
    <message>
        <source> with global tokens %1</source>
        <translation> avec les tokens globaux %1</translation>
    </message>
    <message>
        <source>padding keys hidden</source>
        <translation>clés de remplissage cachées</translation>
    </message>
    <message>
        <source>No mask is active: masked = scaled.</source>
        <translation>Aucun masque n’est actif&#xa0;: scores masqués = scores mis à l’échelle.</translation>
    </message>
    <message>
        <source>Active masks: %1. Hidden cells are hatched.</source>
        <translation>Masques actifs&#xa0;: %1. Les cases cachées sont hachurées.</translation>
    </message>
    <message>
        <source> Shown: the mean over the %1 heads.</source>
        <translation> Affiché&#xa0;: la moyenne sur les %1 têtes.</translation>
    </message>
    <message>
        <source> Shown: head %1 of %2.</source>
        <translation> Affiché&#xa0;: la tête %1 sur %2.</translation>
    </message>
    <message>
        <source> Shown: the %1 heads side by side (d_k = %2 columns each).</source>
        <translation> Affiché&#xa0;: les %1 têtes côte à côte (d_k = %2 colonnes chacune).</translation>
    </message>
    <message>
        <source> Shown: head %1, its d_k = %2 columns.</source>
        <translation> Affiché&#xa0;: la tête %1, ses d_k = %2 colonnes.</translation>
    </message>
    <message>
        <source>%1 = X · W_%1</source>
        <translation>%1 = X · W_%1</translation>
    </message>
    <message>
        <source>X (%1) · W_%2 (%3) = %2 (%1); per head n × d_k = %4.</source>
        <translation>X (%1) · W_%2 (%3) = %2 (%1)&#xa0;; par tête n × d_k = %4.</translation>
    </message>
    <message>
        <source>Tokens → X</source>
        <translation>Tokens → X</translation>
    </message>
    <message>
        <source>Each token becomes a vector of d_model = %1 named features, read from the teaching model&apos;s lexicon (an unknown word gets 0s)%2.</source>
        <translation>Chaque token devient un vecteur de d_model = %1 caractéristiques nommées, lues dans le lexique du modèle pédagogique (un mot inconnu reçoit des 0)%2.</translation>
    </message>
    <message>
        <source> plus position features</source>
        <translation> plus des caractéristiques de position</translation>
    </message>
    <message>
        <source>X = lexicon features(tokens) + position features</source>
        <translation>X = caractéristiques du lexique(tokens) + caractéristiques de position</translation>
    </message>
    <message>
        <source>X ∈ ℝ^(n × d_model): %1 tokens × %2 = %3.</source>
        <translation>X ∈ ℝ^(n × d_model)&#xa0;: %1 tokens × %2 = %3.</translation>
    </message>
    <message>
        <source>Each token becomes a vector of d_model = %1 numbers: its embedding (the same word always gets the same vector)%2.</source>
        <translation>Chaque token devient un vecteur de d_model = %1 nombres&#xa0;: son plongement (le même mot reçoit toujours le même vecteur)%2.</translation>
    </message>
    <message>
        <source> plus its position (PE)</source>
        <translation> plus sa position (PE)</translation>
    </message>
    <message>
        <source>; positional encoding is off</source>
        <translation>; l’encodage positionnel est désactivé</translation>
    </message>
    <message>
        <source>X = embedding(tokens) + PE</source>
        <translation>X = plongement(tokens) + PE</translation>
    </message>
    <message>
        <source>X = embedding(tokens)</source>
        <translation>X = plongement(tokens)</translation>
    </message>
    <message>
        <source>Query — &lt;b&gt;what we look for&lt;/b&gt; (like a search query).</source>
        <translation>Requête (query) — &lt;b&gt;ce que nous recherchons&lt;/b&gt; (comme une requête de recherche).</translation>
    </message>
    <message>
        <source>Key — &lt;b&gt;what each position offers&lt;/b&gt; (like the entries of an index).</source>
        <translation>Clé (key) — &lt;b&gt;ce que chaque position offre&lt;/b&gt; (comme les entrées d’un index).</translation>
    </message>
    <message>
        <source>Value — &lt;b&gt;the content&lt;/b&gt; itself (like the documents).</source>
        <translation>Valeur (value) — &lt;b&gt;le contenu réel&lt;/b&gt; (comme les documents).</translation>
    </message>
    <message>
        <source>Scores QKᵀ</source>
        <translation>Scores QKᵀ</translation>
    </message>
    <message>
        <source>Entry (i, j): how much position i should attend to position j — the dot product of query i and key j.</source>
        <translation>Entrée (i, j)&#xa0;: combien la position i doit porter son attention sur la position j — le produit scalaire de la requête i et de la clé j.</translation>
    </message>
    <message>
        <source>Q (%1) · Kᵀ (%2) = scores (%3).</source>
        <translation>Q (%1) · Kᵀ (%2) = scores (%3).</translation>
    </message>
    <message>
        <source>scaled = Q·K&lt;sup&gt;T&lt;/sup&gt; / √d&lt;sub&gt;k&lt;/sub&gt; = Q·K&lt;sup&gt;T&lt;/sup&gt; / √%1 = Q·K&lt;sup&gt;T&lt;/sup&gt; / %2</source>
        <translation>mis à l’échelle = Q·K&lt;sup&gt;T&lt;/sup&gt; / √d&lt;sub&gt;k&lt;/sub&gt; = Q·K&lt;sup&gt;T&lt;/sup&gt; / √%1 = Q·K&lt;sup&gt;T&lt;/sup&gt; / %2</translation>
    </message>
    <message>
        <source>scaled = Q·K&lt;sup&gt;T&lt;/sup&gt; / (√d&lt;sub&gt;k&lt;/sub&gt; · T) = Q·K&lt;sup&gt;T&lt;/sup&gt; / (√%1 × %2) = Q·K&lt;sup&gt;T&lt;/sup&gt; / %3</source>
        <translation>mis à l’échelle = Q·K&lt;sup&gt;T&lt;/sup&gt; / (√d&lt;sub&gt;k&lt;/sub&gt; · T) = Q·K&lt;sup&gt;T&lt;/sup&gt; / (√%1 × %2) = Q·K&lt;sup&gt;T&lt;/sup&gt; / %3</translation>
    </message>
    <message>
        <source>scaled = Q·K&lt;sup&gt;T&lt;/sup&gt; / T = Q·K&lt;sup&gt;T&lt;/sup&gt; / %1 (scaling by √d&lt;sub&gt;k&lt;/sub&gt; is off)</source>
        <translation>mis à l’échelle = Q·K&lt;sup&gt;T&lt;/sup&gt; / T = Q·K&lt;sup&gt;T&lt;/sup&gt; / %1 (mise à l’échelle par √d&lt;sub&gt;k&lt;/sub&gt; désactivée)</translation>
    </message>
    <message>
        <source>Scaled by √d_k</source>
        <translation>Mise à l’échelle par √d_k</translation>
    </message>
    <message>
        <source>Why scale? For a large d_k the dot products grow large and push the softmax into regions with extremely small gradients; dividing by √d_k keeps the variance stable.</source>
        <translation>Pourquoi mettre à l’échelle&#xa0;? Pour un grand d_k, les produits scalaires peuvent devenir très grands en magnitude et poussent softmax dans des régions aux gradients extrêmement petits&#xa0;; la mise à l’échelle par √d_k maintient la variance stable.</translation>
    </message>
    <message>
        <source>scaled: %1.</source>
        <translation>scores mis à l’échelle&#xa0;: %1.</translation>
    </message>
    <message>
        <source>Masked</source>
        <translation>Masque</translation>
    </message>
    <message>
        <source>masked&lt;sub&gt;ij&lt;/sub&gt; = scaled&lt;sub&gt;ij&lt;/sub&gt; where the mask lets query i see key j, −∞ elsewhere</source>
        <translation>masqué&lt;sub&gt;ij&lt;/sub&gt; = mis à l’échelle&lt;sub&gt;ij&lt;/sub&gt; là où le masque laisse la requête i voir la clé j, −∞ ailleurs</translation>
    </message>
    <message>
        <source>masked: %1.</source>
        <translation>scores masqués&#xa0;: %1.</translation>
    </message>
    <message>
        <source>Softmax weights</source>
        <translation>Poids du softmax</translation>
    </message>
    <message>
        <source>Each row sums to 1: how much query i attends to each key. Masked keys get 0.</source>
        <translation>Chaque ligne somme à 1&#xa0;: l’attention que la requête i porte à chaque clé. Les clés masquées reçoivent 0.</translation>
    </message>
    <message>
        <source>w&lt;sub&gt;ij&lt;/sub&gt; = exp(m&lt;sub&gt;ij&lt;/sub&gt; − max&lt;sub&gt;j&lt;/sub&gt; m&lt;sub&gt;ij&lt;/sub&gt;) / Σ&lt;sub&gt;j&lt;/sub&gt; exp(m&lt;sub&gt;ij&lt;/sub&gt; − max&lt;sub&gt;j&lt;/sub&gt; m&lt;sub&gt;ij&lt;/sub&gt;)</source>
        <translation>w&lt;sub&gt;ij&lt;/sub&gt; = exp(m&lt;sub&gt;ij&lt;/sub&gt; − max&lt;sub&gt;j&lt;/sub&gt; m&lt;sub&gt;ij&lt;/sub&gt;) / Σ&lt;sub&gt;j&lt;/sub&gt; exp(m&lt;sub&gt;ij&lt;/sub&gt; − max&lt;sub&gt;j&lt;/sub&gt; m&lt;sub&gt;ij&lt;/sub&gt;)</translation>
    </message>
    <message>
        <source>weights: %1.</source>
        <translation>poids&#xa0;: %1.</translation>
    </message>
    <message>
        <source>Context = weights · V</source>
        <translation>Contexte = poids · V</translation>
    </message>
    <message>
        <source>Row i is a weighted sum of the values: what position i gathers from the others.</source>
        <translation>La ligne i est une somme pondérée des valeurs&#xa0;: ce que la position i recueille des autres.</translation>
    </message>
    <message>
        <source>context&lt;sub&gt;i&lt;/sub&gt; = Σ&lt;sub&gt;j&lt;/sub&gt; w&lt;sub&gt;ij&lt;/sub&gt; · v&lt;sub&gt;j&lt;/sub&gt;, that is context = weights · V</source>
        <translation>contexte&lt;sub&gt;i&lt;/sub&gt; = Σ&lt;sub&gt;j&lt;/sub&gt; w&lt;sub&gt;ij&lt;/sub&gt; · v&lt;sub&gt;j&lt;/sub&gt;, c’est-à-dire contexte = poids · V</translation>
    </message>
    <message>
        <source>weights (%1) · V (%2) = context (%2).</source>
        <translation>poids (%1) · V (%2) = contexte (%2).</translation>
    </message>
    <message>
        <source>Output = context · W_O</source>
        <translation>Sortie = contexte · W_O</translation>
    </message>
    <message>
        <source>The output projection W_O mixes the heads&apos; contexts back into d_model numbers per token.</source>
        <translation>La projection de sortie W_O recombine les contextes des têtes en d_model nombres par token.</translation>
    </message>
    <message>
        <source>output = concat(context&lt;sub&gt;1&lt;/sub&gt; … context&lt;sub&gt;h&lt;/sub&gt;) · W&lt;sub&gt;O&lt;/sub&gt;</source>
        <translation>sortie = concat(contexte&lt;sub&gt;1&lt;/sub&gt; … contexte&lt;sub&gt;h&lt;/sub&gt;) · W&lt;sub&gt;O&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>context (%1) · W_O (%2) = output (%1).</source>
        <translation>contexte (%1) · W_O (%2) = sortie (%1).</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ Précédente</translation>
    </message>
    <message>
        <source>Previous step (← or Page Up; Home: first step)</source>
        <translation>Étape précédente (← ou Page précédente&#xa0;; Début&#xa0;: première étape)</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Suivante ▶</translation>
    </message>
    <message>
        <source>Next step (→ or Page Down; End: last step)</source>
        <translation>Étape suivante (→ ou Page suivante&#xa0;; Fin&#xa0;: dernière étape)</translation>
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
        <translation>7 masque</translation>
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
        <translation>Étape %1 sur %2</translation>
    </message>
    <message>
        <source>Type a sentence to see this step.</source>
        <translation>Tapez une phrase pour voir cette étape.</translation>
    </message>
    <message>
        <source>Step %1 of %2 — %3</source>
        <translation>Étape %1 sur %2 — %3</translation>
    </message>
    <message numerus="yes">
        <source>%n cell(s) masked by hand</source>
        <translation>
            <numerusform>%n case masquée à la main</numerusform>
            <numerusform>%n cases masquées à la main</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 = X·W_%1 + b_%1</source>
        <translation>%1 = X·W_%1 + b_%1</translation>
    </message>
    <message>
        <source>X (%1) · W_%2 (%3) + b_%2 = %2 (%1); W_%2 and b_%2 are %4 of c_attn in layer %5; per head n × d_k = %6.</source>
        <translation>X (%1) · W_%2 (%3) + b_%2 = %2 (%1) ; W_%2 et b_%2 sont %4 de c_attn dans la couche %5 ; par tête n × d_k = %6.</translation>
    </message>
    <message>
        <source>the first third</source>
        <translation>le premier tiers</translation>
    </message>
    <message>
        <source>the second third</source>
        <translation>le deuxième tiers</translation>
    </message>
    <message>
        <source>the last third</source>
        <translation>le dernier tiers</translation>
    </message>
    <message>
        <source>X = ln_1(residual) of layer %1</source>
        <translation>X = ln_1(résiduel) de la couche %1</translation>
    </message>
    <message>
        <source>The input of layer %1&apos;s attention in %2: the residual stream (token and position embeddings plus what the layers before added), normalised by the layer&apos;s ln_1.</source>
        <translation>L’entrée de l’attention de la couche %1 dans %2 : le flux résiduel (plongements des tokens et des positions, plus ce qu’ont ajouté les couches précédentes), normalisé par le ln_1 de la couche.</translation>
    </message>
    <message>
        <source>X = ln_1(residual)</source>
        <translation>X = ln_1(résiduel)</translation>
    </message>
    <message>
        <source>Output = context · W_O + b_O</source>
        <translation>Sortie = contexte · W_O + b_O</translation>
    </message>
    <message>
        <source>W_O is c_proj (+ its bias): it mixes the heads&apos; contexts back into d_model numbers per token, which the layer adds to the residual stream.</source>
        <translation>W_O est c_proj (+ son biais) : il mélange les contextes des têtes en d_model nombres par token, que la couche ajoute au flux résiduel.</translation>
    </message>
    <message>
        <source>output = concat(context&lt;sub&gt;1&lt;/sub&gt; … context&lt;sub&gt;h&lt;/sub&gt;) · W&lt;sub&gt;O&lt;/sub&gt; + b&lt;sub&gt;O&lt;/sub&gt;</source>
        <translation>sortie = concat(contexte&lt;sub&gt;1&lt;/sub&gt; … contexte&lt;sub&gt;h&lt;/sub&gt;) · W&lt;sub&gt;O&lt;/sub&gt; + b&lt;sub&gt;O&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>context (%1) · W_O (%2) + b_O = output (%1).</source>
        <translation>contexte (%1) · W_O (%2) + b_O = sortie (%1).</translation>
    </message>
    <message>
        <source>head %1: %2</source>
        <translation>tête %1&#xa0;: %2</translation>
    </message>
    <message>
        <source> Its role: %1.</source>
        <translation> Son rôle&#xa0;: %1.</translation>
    </message>
    <message>
        <source>Context = Concat(head_1, …, head_%1)</source>
        <translation>Contexte = Concat(tête_1, …, tête_%1)</translation>
    </message>
    <message>
        <source>Each head gathers its own context, its weights · its slice of V; side by side the %1 heads make the concatenation, %1 × d_k = %1 × %2 = %3 columns.</source>
        <translation>Chaque tête recueille son propre contexte, ses poids · sa tranche de V&#xa0;; côte à côte, les %1 têtes forment la concaténation, %1 × d_k = %1 × %2 = %3 colonnes.</translation>
    </message>
    <message>
        <source> The heads&apos; roles: %1.</source>
        <translation> Les rôles des têtes&#xa0;: %1.</translation>
    </message>
    <message>
        <source>head&lt;sub&gt;i&lt;/sub&gt; = softmax(Q&lt;sub&gt;i&lt;/sub&gt;·K&lt;sub&gt;i&lt;/sub&gt;&lt;sup&gt;T&lt;/sup&gt; / √d&lt;sub&gt;k&lt;/sub&gt;) · V&lt;sub&gt;i&lt;/sub&gt;; context = Concat(head&lt;sub&gt;1&lt;/sub&gt;, …, head&lt;sub&gt;%1&lt;/sub&gt;)</source>
        <translation>tête&lt;sub&gt;i&lt;/sub&gt; = softmax(Q&lt;sub&gt;i&lt;/sub&gt;·K&lt;sub&gt;i&lt;/sub&gt;&lt;sup&gt;T&lt;/sup&gt; / √d&lt;sub&gt;k&lt;/sub&gt;) · V&lt;sub&gt;i&lt;/sub&gt;&#xa0;; contexte = Concat(tête&lt;sub&gt;1&lt;/sub&gt;, …, tête&lt;sub&gt;%1&lt;/sub&gt;)</translation>
    </message>
    <message>
        <source>%1 heads, each weights (%2) · V_i (%3), side by side = context (%4).</source>
        <translation>%1 têtes, chacune poids (%2) · V_i (%3), côte à côte = contexte (%4).</translation>
    </message>
    <message>
        <source>Output = Concat(head_1, …, head_%1) · W_O</source>
        <translation>Sortie = Concat(tête_1, …, tête_%1) · W_O</translation>
    </message>
    <message>
        <source>The output projection W_O mixes the %1 heads&apos; concatenated contexts back into d_model numbers per token.</source>
        <translation>La projection de sortie W_O recombine les contextes concaténés des %1 têtes en d_model nombres par token.</translation>
    </message>
    <message>
        <source>MultiHead(Q, K, V) = Concat(head&lt;sub&gt;1&lt;/sub&gt;, …, head&lt;sub&gt;%1&lt;/sub&gt;) · W&lt;sub&gt;O&lt;/sub&gt;</source>
        <translation>MultiHead(Q, K, V) = Concat(tête&lt;sub&gt;1&lt;/sub&gt;, …, tête&lt;sub&gt;%1&lt;/sub&gt;) · W&lt;sub&gt;O&lt;/sub&gt;</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::TechniqueComparisonView</name>
    <message>
        <source>Global tokens: write positions from 0, separated by commas (&quot;0, 5&quot;).</source>
        <translation>Tokens globaux&#xa0;: écrivez des positions à partir de 0, séparées par des virgules («&#xa0;0, 5&#xa0;»).</translation>
    </message>
    <message>
        <source>Type a sentence: its attention is compared here.</source>
        <translation>Tapez une phrase&#xa0;: son attention est comparée ici.</translation>
    </message>
    <message>
        <source>The long text is computed with the sentence&apos;s settings: type a sentence first.</source>
        <translation>Le long texte est calculé avec les réglages de la phrase&#xa0;: tapez d’abord une phrase.</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>Comparaison en cours…</translation>
    </message>
    <message>
        <source>n = %1. Hover a cell for its three numbers; click a row of the table to show that technique.</source>
        <translation>n = %1. Survolez une case pour voir ses trois nombres&#xa0;; cliquez sur une ligne du tableau pour afficher cette technique.</translation>
    </message>
    <message>
        <source>&amp;Text:</source>
        <translation>&amp;Texte&#xa0;:</translation>
    </message>
    <message>
        <source>the sentence</source>
        <translation>la phrase</translation>
    </message>
    <message>
        <source>the long example text</source>
        <translation>le long texte d’exemple</translation>
    </message>
    <message>
        <source>T&amp;echnique:</source>
        <translation>Te&amp;chnique&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;w:</source>
        <translation>&amp;w&#xa0;:</translation>
    </message>
    <message>
        <source>The window: each token sees the keys less than w positions away</source>
        <translation>La fenêtre&#xa0;: chaque token voit les clés situées à moins de w positions</translation>
    </message>
    <message>
        <source>&amp;Global tokens:</source>
        <translation>Tokens &amp;globaux&#xa0;:</translation>
    </message>
    <message>
        <source>Positions from 0 that see every key and that every query sees</source>
        <translation>Positions (à partir de 0) qui voient toutes les clés et que toutes les requêtes voient</translation>
    </message>
    <message>
        <source>&amp;Block size:</source>
        <translation>Taille des &amp;blocs&#xa0;:</translation>
    </message>
    <message>
        <source>Global b&amp;locks:</source>
        <translation>B&amp;locs globaux&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Random blocks:</source>
        <translation>Blocs aléatoi&amp;res&#xa0;:</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>E&amp;xporter…</translation>
    </message>
    <message>
        <source>Technique</source>
        <translation>Technique</translation>
    </message>
    <message>
        <source>Max |output error|</source>
        <translation>Max |erreur de sortie|</translation>
    </message>
    <message>
        <source>Mean KL (bits)</source>
        <translation>KL moyenne (bits)</translation>
    </message>
    <message>
        <source>Exact weight dropped</source>
        <translation>Poids exact perdu</translation>
    </message>
    <message>
        <source>Cells kept</source>
        <translation>Cases gardées</translation>
    </message>
    <message>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <source>Memory beyond Q, K, V</source>
        <translation>Mémoire en plus de Q, K, V</translation>
    </message>
    <message>
        <source>What it trades</source>
        <translation>Ce qu’elle sacrifie</translation>
    </message>
    <message>
        <source>KL(technique ‖ exact) per row, in bits: −log₂ of the share of exact&apos;s weight a window or sparse row keeps</source>
        <translation>KL(technique ‖ exacte) par ligne, en bits&#xa0;: −log₂ de la part du poids de l’attention exacte que garde une ligne de la fenêtre ou de l’attention creuse</translation>
    </message>
    <message>
        <source>nothing to export yet: the comparison is not made</source>
        <translation>rien à exporter pour l’instant&#xa0;: la comparaison n’est pas faite</translation>
    </message>
    <message>
        <source>Export the Comparison</source>
        <translation>Exporter la comparaison</translation>
    </message>
    <message>
        <source>Images (*.png *.svg *.pdf)</source>
        <translation>Images (*.png *.svg *.pdf)</translation>
    </message>
    <message>
        <source>Cannot export the comparison</source>
        <translation>Impossible d’exporter la comparaison</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::TechniqueText</name>
    <message>
        <source>Exact (the chapter&apos;s code)</source>
        <translation>Exacte (le code du chapitre)</translation>
    </message>
    <message>
        <source>Exact (fused)</source>
        <translation>Exacte (fusionnée)</translation>
    </message>
    <message>
        <source>Flash</source>
        <translation>Flash</translation>
    </message>
    <message>
        <source>Sliding window + global</source>
        <translation>Fenêtre glissante + globaux</translation>
    </message>
    <message>
        <source>Sparse (blocks)</source>
        <translation>Creuse (blocs)</translation>
    </message>
    <message>
        <source>Linear (φ = elu + 1)</source>
        <translation>Linéaire (φ = elu + 1)</translation>
    </message>
    <message>
        <source>Stores the whole n × n score matrix, then masks and softmaxes it: time O(n²·d), memory O(n²).</source>
        <translation>Stocke toute la matrice des scores n × n, puis la masque et lui applique le softmax&#xa0;: temps O(n²·d), mémoire O(n²).</translation>
    </message>
    <message>
        <source>Exact, a block of rows at a time.</source>
        <translation>Exacte, un bloc de lignes à la fois.</translation>
    </message>
    <message>
        <source>Exact, same numbers: reads the keys tile by tile with a running softmax and never stores the n × n matrix (memory O(n·d)).</source>
        <translation>Exacte, mêmes nombres&#xa0;: lit les clés tuile par tuile avec un softmax mis à jour au fil des tuiles et ne stocke jamais la matrice n × n (mémoire O(n·d)).</translation>
    </message>
    <message>
        <source>Each token sees its neighbours less than w positions away and the global tokens: long-range links are dropped, time O(n·w·d).</source>
        <translation>Chaque token voit ses voisins situés à moins de w positions et les tokens globaux&#xa0;: les liens à longue distance sont perdus, temps O(n·w·d).</translation>
    </message>
    <message>
        <source>Local, global and a few random blocks: the cells outside them are dropped, the rest is exact attention renormalised.</source>
        <translation>Blocs locaux, globaux et quelques blocs aléatoires&#xa0;: les cases hors de ces blocs sont perdues, le reste est l’attention exacte renormalisée.</translation>
    </message>
    <message>
        <source>Never forms the softmax: φ(q)·φ(k) spreads the weight more evenly, time O(n·d²) instead of O(n²·d).</source>
        <translation>Ne forme jamais le softmax&#xa0;: φ(q)·φ(k) répartit le poids plus uniformément, temps O(n·d²) au lieu de O(n²·d).</translation>
    </message>
    <message>
        <source>w = %1, no global token</source>
        <translation>w = %1, aucun token global</translation>
    </message>
    <message>
        <source>w = %1, global tokens %2</source>
        <translation>w = %1, tokens globaux %2</translation>
    </message>
    <message>
        <source>blocks of %1, %2 global, %3 random</source>
        <translation>blocs de %1, %2 globaux, %3 aléatoires</translation>
    </message>
    <message>
        <source>&lt; %1 bits</source>
        <translation>&lt; %1 bits</translation>
    </message>
    <message>
        <source>%1 bits</source>
        <translation>%1 bits</translation>
    </message>
    <message>
        <source>&lt; 1 %</source>
        <translation>&lt; 1&#xa0;%</translation>
    </message>
    <message>
        <source>&gt; 99 %</source>
        <translation>&gt; 99&#xa0;%</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1&#xa0;%</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::TokenStrip</name>
    <message>
        <source>The tokens of the sentence, in order. Click one (or use ← and →) to select its row (its query).</source>
        <translation>Les tokens de la phrase, dans l’ordre. Cliquez sur l’un d’eux (ou utilisez ← et →) pour sélectionner sa ligne (sa requête).</translation>
    </message>
    <message>
        <source>Token %1: padding [PAD], not in the sentence (masked as a key)</source>
        <translation>Token %1&#xa0;: remplissage [PAD], absent de la phrase (masqué comme clé)</translation>
    </message>
    <message>
        <source>Token %1 «&#xa0;%2&#xa0;»: bytes %3–%4 of the sentence (UTF-8)</source>
        <translation>Token %1 «&#xa0;%2&#xa0;»&#xa0;: octets %3 à %4 de la phrase (UTF-8)</translation>
    </message>
    <message>
        <source>Not in the %1 lexicon: neutral features (every lexical feature is 0)</source>
        <translation>Absent du lexique %1&#xa0;: caractéristiques neutres (toutes les caractéristiques lexicales valent 0)</translation>
    </message>
    <message>
        <source>Id %1 in the model&apos;s vocabulary</source>
        <translation>Identifiant %1 dans le vocabulaire du modèle</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::WeightEditor</name>
    <message>
        <source>Q = X·W_Q, K = X·W_K, V = X·W_V, output = context·W_O. Rows: the dimensions coming in; columns: the dimensions going out. Double-click a number, type another, press Enter: everything is recomputed.</source>
        <translation>Q = X·W_Q, K = X·W_K, V = X·W_V, sortie = contexte·W_O. Lignes&#xa0;: les dimensions d’entrée&#xa0;; colonnes&#xa0;: les dimensions de sortie. Double-cliquez sur un nombre, tapez-en un autre, appuyez sur Entrée&#xa0;: tout est recalculé.</translation>
    </message>
    <message>
        <source>W_Q makes each token&apos;s query: what it looks for.</source>
        <translation>W_Q fabrique la requête de chaque token&#xa0;: ce qu’il recherche.</translation>
    </message>
    <message>
        <source>W_K makes each token&apos;s key: what it offers to the queries.</source>
        <translation>W_K fabrique la clé de chaque token&#xa0;: ce qu’il offre aux requêtes.</translation>
    </message>
    <message>
        <source>W_V makes each token&apos;s value: what it passes on when attended to.</source>
        <translation>W_V fabrique la valeur de chaque token&#xa0;: ce qu’il transmet quand on lui porte attention.</translation>
    </message>
    <message>
        <source>W_O mixes the heads&apos; contexts into the output.</source>
        <translation>W_O combine les contextes des têtes dans la sortie.</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Rétablir</translation>
    </message>
    <message>
        <source>the teaching model&apos;s matrices</source>
        <translation>les matrices du modèle pédagogique</translation>
    </message>
    <message>
        <source>the random (seeded) matrices</source>
        <translation>les matrices aléatoires (graine)</translation>
    </message>
    <message>
        <source>the identity matrices</source>
        <translation>les matrices identité</translation>
    </message>
    <message>
        <source>the matrices loaded from the file or session</source>
        <translation>les matrices chargées depuis le fichier ou la session</translation>
    </message>
    <message>
        <source>Edited. Reset goes back to %1.</source>
        <translation>Modifiées. Rétablir revient à %1.</translation>
    </message>
    <message>
        <source>Not edited: %1.</source>
        <translation>Non modifiées&#xa0;: %1.</translation>
    </message>
    <message>
        <source>the model&apos;s matrices</source>
        <translation>les matrices du modèle</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::WeightMatrixModel</name>
    <message>
        <source>Row %1 «&#xa0;%2&#xa0;», column %3 «&#xa0;%4&#xa0;»: %5</source>
        <translation>Ligne %1 «&#xa0;%2&#xa0;», colonne %3 «&#xa0;%4&#xa0;»&#xa0;: %5</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::WeightsActions</name>
    <message>
        <source>Load &amp;Weights…</source>
        <translation>Charger des &amp;poids…</translation>
    </message>
    <message>
        <source>Use W_Q, W_K, W_V and W_O from a weights JSON file or from .npy files (numpy)</source>
        <translation>Utiliser W_Q, W_K, W_V et W_O d’un fichier de poids JSON ou de fichiers .npy (numpy)</translation>
    </message>
    <message>
        <source>Save W&amp;eights…</source>
        <translation>Enregistrer les poi&amp;ds…</translation>
    </message>
    <message>
        <source>Save the W_Q, W_K, W_V and W_O in use as a weights JSON file</source>
        <translation>Enregistrer les W_Q, W_K, W_V et W_O utilisées dans un fichier de poids JSON</translation>
    </message>
    <message>
        <source>Cannot load the weights</source>
        <translation>Impossible de charger les poids</translation>
    </message>
    <message>
        <source>Cannot save the weights</source>
        <translation>Impossible d’enregistrer les poids</translation>
    </message>
    <message>
        <source>Load Weights</source>
        <translation>Charger des poids</translation>
    </message>
    <message>
        <source>Weights (*.json *.npy);;Weights JSON (*.json);;NumPy W_Q.npy … W_O.npy (*.npy)</source>
        <translation>Poids (*.json *.npy);;Poids JSON (*.json);;NumPy W_Q.npy … W_O.npy (*.npy)</translation>
    </message>
    <message>
        <source>Save Weights</source>
        <translation>Enregistrer les poids</translation>
    </message>
    <message>
        <source>Weights JSON (*.json)</source>
        <translation>Poids JSON (*.json)</translation>
    </message>
    <message>
        <source>Loading the weights was cancelled; the window is as it was.</source>
        <translation>Chargement des poids annulé&#xa0;; la fenêtre est restée telle quelle.</translation>
    </message>
    <message>
        <source>not enough memory to read these weights</source>
        <translation>pas assez de mémoire pour lire ces poids</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>Lecture de %1…</translation>
    </message>
</context>
<context>
    <name>attnviz::ui::WhyScaleChart</name>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Why scale by √d&lt;sub&gt;k&lt;/sub&gt;?&lt;/b&gt; Take a query q and a key k whose d&lt;sub&gt;k&lt;/sub&gt; entries are independent, of mean 0 and variance 1. Their dot product q·k = Σ&lt;sub&gt;m&lt;/sub&gt; q&lt;sub&gt;m&lt;/sub&gt;k&lt;sub&gt;m&lt;/sub&gt; then has variance d&lt;sub&gt;k&lt;/sub&gt;: the larger d&lt;sub&gt;k&lt;/sub&gt;, the larger the scores in magnitude (left). Without scaling, the softmax of a row of %1 scores then puts almost all the weight on one key — its largest weight goes to 1 (right) — and softmax is pushed into regions with extremely small gradients. Dividing by √d&lt;sub&gt;k&lt;/sub&gt; brings the variance back to 1: the scaling by √d&lt;sub&gt;k&lt;/sub&gt; keeps the variance stable, and the weights stay spread out.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Pourquoi mettre à l’échelle par √d&lt;sub&gt;k&lt;/sub&gt;&#xa0;?&lt;/b&gt; Prenons une requête q et une clé k dont les d&lt;sub&gt;k&lt;/sub&gt; composantes sont indépendantes, de moyenne 0 et de variance 1. Leur produit scalaire q·k = Σ&lt;sub&gt;m&lt;/sub&gt; q&lt;sub&gt;m&lt;/sub&gt;k&lt;sub&gt;m&lt;/sub&gt; a alors pour variance d&lt;sub&gt;k&lt;/sub&gt;&#xa0;: plus d&lt;sub&gt;k&lt;/sub&gt; est grand, plus les scores sont grands en magnitude (à gauche). Sans mise à l’échelle, le softmax d’une ligne de %1 scores met alors presque tout le poids sur une seule clé — son plus grand poids tend vers 1 (à droite) — et softmax est poussé dans des régions aux gradients extrêmement petits. Diviser par √d&lt;sub&gt;k&lt;/sub&gt; ramène la variance à 1&#xa0;: la mise à l’échelle par √d&lt;sub&gt;k&lt;/sub&gt; maintient la variance stable, et les poids restent répartis.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Variance of the scores q·k</source>
        <translation>Variance des scores q·k</translation>
    </message>
    <message>
        <source>without scaling</source>
        <translation>sans mise à l’échelle</translation>
    </message>
    <message>
        <source>Export Image…</source>
        <translation>Exporter l’image…</translation>
    </message>
    <message>
        <source>Save both charts as PNG, SVG or PDF</source>
        <translation>Enregistrer les deux graphiques en PNG, SVG ou PDF</translation>
    </message>
    <message>
        <source>Measured on %1 random queries and keys (entries uniform, mean 0, variance 1; seed %2) for each d_k.</source>
        <translation>Mesuré sur %1 requêtes et clés aléatoires (composantes uniformes, moyenne 0, variance 1&#xa0;; graine %2) pour chaque d_k.</translation>
    </message>
    <message>
        <source>Measuring…</source>
        <translation>Mesure en cours…</translation>
    </message>
    <message>
        <source>Export the √d_k Charts</source>
        <translation>Exporter les graphiques √d_k</translation>
    </message>
    <message>
        <source>Images (*.png *.svg *.pdf)</source>
        <translation>Images (*.png *.svg *.pdf)</translation>
    </message>
    <message>
        <source>Cannot export the charts</source>
        <translation>Impossible d’exporter les graphiques</translation>
    </message>
    <message>
        <source>without scaling (≈ d_k)</source>
        <translation>sans mise à l’échelle (≈ d_k)</translation>
    </message>
    <message>
        <source>with ÷√d_k (≈ 1)</source>
        <translation>avec ÷√d_k (≈ 1)</translation>
    </message>
    <message>
        <source>with ÷√d_k</source>
        <translation>avec ÷√d_k</translation>
    </message>
    <message>
        <source>equal weights 1/n</source>
        <translation>poids égaux 1/n</translation>
    </message>
    <message>
        <source>largest weight</source>
        <translation>plus grand poids</translation>
    </message>
    <message>
        <source>d_k (log)</source>
        <translation>d_k (échelle log)</translation>
    </message>
    <message>
        <source>variance (log)</source>
        <translation>variance (échelle log)</translation>
    </message>
    <message>
        <source>Largest softmax weight (n = %1)</source>
        <translation>Plus grand poids du softmax (n = %1)</translation>
    </message>
</context>
</TS>
