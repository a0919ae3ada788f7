#!/usr/bin/env bash
# Runs the command-line examples of README.md ("Command line": PNG, SVG, PDF, CSV, JSON and a
# session, with --session, --text-file, --heads, --head …) and a few controls with two builds of
# attnviz, each in a temporary folder, and compares what they write, file by file:
#   identical                  the same bytes (a PDF's /CreationDate aside: it is the clock's;
#                              both builds run with QT_HASH_SEED=0, see below)
#   differs (head numbering)   the only difference is the number of the head shown, checked:
#                              SVG, CSV, JSON and PNG/PDF text equal once the older build's
#                              "— head h", "(head h shown)", "(head h)" read h+1; PNG and PDF
#                              pixels the same but for one digit-sized spot per head number
#   differs (caption layout)   a figure whose title, labels, numbers and colours are the same and
#                              whose caption says the same, but laid out anew (a build with the
#                              quarter-inch margin and spaced caption lines against one without):
#                              SVG text and colours equal in order; PNG/PDF text equal; PNG/PDF
#                              pixels equal from the top-left of the drawing to the bottom of its
#                              coloured part (cells and colour bar), the caption under it aside.
#                              The caption's wording "random W" is read as "untrained random W".
#   DIFFERS                    anything else (the script then fails)
#
# The default projections changed: a build whose `export --help` does not say "teaching
# (default)" drew random projections without --projections. Such a build is given
# --projections teaching wherever an example relies on the default (a sentence without a
# session, --projections, --weights, --d-model or --seed), so that both builds draw the same
# model: the numbers are compared, not the default.
#
# Usage: scripts/compare_cli_outputs.sh OLD_ATTNVIZ NEW_ATTNVIZ
#
# Each build's --help says whether its --head counts from 0 (before the change) or from 1; every
# example is written counting from 1 and given to a build counting from 0 as --head h-1, so both
# draw the same head. Needs /usr/bin/python3, pngtopnm (netpbm) and pdftoppm, pdftotext, pdfinfo
# (poppler-utils). Exit status: 0 when no file DIFFERS, 1 otherwise, 2 on bad usage.
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: scripts/compare_cli_outputs.sh OLD_ATTNVIZ NEW_ATTNVIZ" >&2
  exit 2
fi
for program in "$1" "$2"; do
  if [ ! -x "$program" ]; then
    echo "compare_cli_outputs: $program is not an executable" >&2
    exit 2
  fi
done
for tool in pngtopnm pdftoppm pdftotext pdfinfo; do
  if ! command -v "$tool" >/dev/null; then
    echo "compare_cli_outputs: $tool is missing (apt-get install netpbm poppler-utils)" >&2
    exit 2
  fi
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

exec /usr/bin/python3 - "$1" "$2" "$work" <<'PY'
import os
import re
import shlex
import subprocess
import sys

old_program, new_program, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), sys.argv[3]
env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
# Qt seeds its hash tables at random in each process, and the PDF writer's font subsets follow
# that order: one seed for every run makes a PDF's bytes depend on the program alone.
env["QT_HASH_SEED"] = "0"

LONG_TEXT = ("L'animal n'a pas traversé la rue parce qu'il était trop fatigué. "
             "Le chat est assis sur le tapis de l'élève, et la professeure explique la leçon "
             "aux élèves avant la fin de la journée.\n")

# (output, arguments in the new spelling: heads counted from 1, core index of the head the
# figure or matrix names, or None when none is named). The README's examples first, in its
# order; lesson.attnviz (its --session input) is written first by each build and compared too.
EXAMPLES = [
    ("lesson.attnviz", ["--text", "Le chat est assis sur le tapis", "--heads", "2", "--causal"], None),
    ("chat.png", ["--text", "Le chat est assis"], 0),
    ("il.png", ["--text", "L'animal n'a pas traversé la rue parce qu'il était trop fatigué."], 0),
    ("random.png", ["--text", "Le chat est assis", "--projections", "random"], 0),
    ("cat.png", ["--text", "The cat is sitting", "--causal", "--dpi", "300"], 0),
    ("scores.svg", ["--session", "lesson.attnviz", "--step", "scores", "--head", "2"], 1),
    ("mean.pdf", ["--text-file", "long.txt", "--heads", "2", "--d-model", "16", "--head", "mean", "--no-values"], None),
    ("q.csv", ["--text", "Le chat est assis", "--step", "q"], 0),
    ("trace.json", ["--text", "Le chat est assis"], None),
    # Beyond the README: the same figure as SVG and PDF, with a title given (the head's number
    # is then only in the caption), the second head's CSV, and figures that name no head.
    ("chat-titled.png", ["--text", "Le chat est assis", "--title", "Le chat est assis"], 0),
    ("chat.svg", ["--text", "Le chat est assis"], 0),
    ("chat.pdf", ["--text", "Le chat est assis"], 0),
    ("weights-head2.csv", ["--session", "lesson.attnviz", "--head", "2"], 1),
    ("mean.png", ["--session", "lesson.attnviz", "--head", "mean"], None),
    ("x.svg", ["--text", "Le chat est assis", "--step", "x"], None),
]

TITLE_EM = 17  # the title font's pixel size in figure units (FigureRenderer): the largest text


def counts_heads_from_one(program):
    help_text = subprocess.run([program, "export", "--help"], env=env, capture_output=True).stdout
    return b"counted from 1" in help_text


def defaults_to_teaching(program):
    help_text = subprocess.run([program, "export", "--help"], env=env, capture_output=True).stdout
    return b"teaching (default)" in help_text


RANDOM_ASKED_FOR = ("--session", "--projections", "--weights", "--d-model", "--seed")


def spelled_for(arguments, from_one, teaching_default=True):
    """The arguments for a build: --head h becomes --head h-1 for a build counting from 0; a
    build drawing random projections by default is asked for the teaching model where an example
    relies on the default."""
    out = list(arguments)
    for i, argument in enumerate(out[:-1]):
        if argument == "--head" and out[i + 1].isdigit() and not from_one:
            out[i + 1] = str(int(out[i + 1]) - 1)
    if not teaching_default and not any(a in RANDOM_ASKED_FOR for a in out):
        out += ["--projections", "teaching"]
    return out


def run_examples(program, folder, from_one):
    os.makedirs(folder)
    with open(os.path.join(folder, "long.txt"), "w", encoding="utf-8") as f:
        f.write(LONG_TEXT)
    results = {}
    teaching_default = defaults_to_teaching(program)
    for output, arguments, _ in EXAMPLES:
        command = [program, "export"] + spelled_for(arguments, from_one, teaching_default) + ["-o", output]
        done = subprocess.run(command, cwd=folder, env=env, capture_output=True)
        results[output] = (done.returncode, done.stderr.decode("utf-8", "replace").strip())
    return results


def renumber(data, index):
    """The older build's text with the head it names (index) read as index + 1."""
    pattern = re.compile(rb"(\xe2\x80\x94 head |\(head )" + str(index).encode() + rb"(?![0-9])")
    return pattern.sub(lambda m: m.group(1) + str(index + 1).encode(), data)


def head_numbers(data, index):
    return len(re.findall(rb"(?:\xe2\x80\x94 head |\(head )" + str(index).encode() + rb"(?![0-9])", data))


def png_chunks(data):
    chunks, at = [], 8
    while at < len(data):
        length = int.from_bytes(data[at:at + 4], "big")
        chunks.append((data[at + 4:at + 8], data[at + 8:at + 8 + length]))
        at += 12 + length
    return chunks


def ppm(command):
    data = subprocess.run(command, capture_output=True, check=True).stdout
    fields, at = [], 0
    while len(fields) < 4:
        while data[at:at + 1].isspace():
            at += 1
        if data[at:at + 1] == b"#":
            at = data.index(b"\n", at)
            continue
        end = at
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[at:end])
        at = end
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError("unexpected PPM header %r" % fields)
    width, height = int(fields[1]), int(fields[2])
    return width, height, data[at + 1:at + 1 + width * height * 3]


def spots(old, new, gap):
    """Groups of differing pixels, pixels closer than gap in one group: their bounding boxes."""
    width, height, a = old
    _, _, b = new
    stride = width * 3
    pixels = set()
    for y in range(height):
        row_a, row_b = a[y * stride:(y + 1) * stride], b[y * stride:(y + 1) * stride]
        if row_a != row_b:
            for x in range(width):
                if row_a[3 * x:3 * x + 3] != row_b[3 * x:3 * x + 3]:
                    pixels.add((x, y))
    boxes, seen = [], set()
    for start in pixels:
        if start in seen:
            continue
        seen.add(start)
        stack, box = [start], [start[0], start[1], start[0], start[1]]
        while stack:
            x, y = stack.pop()
            box = [min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)]
            for dy in range(-gap, gap + 1):
                for dx in range(-gap, gap + 1):
                    near = (x + dx, y + dy)
                    if near in pixels and near not in seen:
                        seen.add(near)
                        stack.append(near)
        boxes.append((box[2] - box[0] + 1, box[3] - box[1] + 1))
    return boxes


def pixels_differ_by_digits(old, new, em, allowed):
    """(problem or None, what was seen): the images may differ in at most `allowed` spots (one
    per head number drawn), each no larger than a digit of the title's font (em pixels)."""
    if old[:2] != new[:2]:
        return "sizes differ: %dx%d vs %dx%d" % (old[0], old[1], new[0], new[1]), ""
    boxes = spots(old, new, max(2, round(em / 4)))
    seen = "%dx%d pixels, %d spot(s) differ for %d head number(s): %s px (a digit: at most %.0fx%.0f)" % (
        new[0], new[1], len(boxes), allowed, " ".join("%dx%d" % b for b in sorted(boxes)), 0.8 * em, 1.1 * em)
    large = [b for b in boxes if b[0] > 0.8 * em or b[1] > 1.1 * em]
    if large or len(boxes) > allowed:
        return seen, seen
    return None, seen


def compare_png(old_path, new_path, index):
    """(problem or None, what was seen)."""
    old, new = open(old_path, "rb").read(), open(new_path, "rb").read()
    old_chunks, new_chunks = png_chunks(old), png_chunks(new)
    text = {b"iTXt", b"tEXt"}
    old_text = b"".join(d for t, d in old_chunks if t in text)
    new_text = b"".join(d for t, d in new_chunks if t in text)
    if [c for c in old_chunks if c[0] == b"pHYs"] != [c for c in new_chunks if c[0] == b"pHYs"]:
        return "the resolution differs", ""
    if index is None or renumber(old_text, index) != new_text:
        return "the title or caption differs beyond the head's number", ""
    physical = [d for t, d in new_chunks if t == b"pHYs"][0]
    scale = int.from_bytes(physical[:4], "big") * 0.0254 / 96
    return pixels_differ_by_digits(ppm(["pngtopnm", old_path]), ppm(["pngtopnm", new_path]),
                                   TITLE_EM * scale, head_numbers(new_text, index + 1))


def compare_pdf(old_path, new_path, index):
    """(problem or None, what was seen)."""
    if index is None:
        return "differs though no head is named", ""
    old_text = subprocess.run(["pdftotext", "-raw", old_path, "-"], capture_output=True).stdout
    new_text = subprocess.run(["pdftotext", "-raw", new_path, "-"], capture_output=True).stdout
    old_info = subprocess.run(["pdfinfo", old_path], capture_output=True).stdout
    new_info = subprocess.run(["pdfinfo", new_path], capture_output=True).stdout
    dated = re.compile(rb"^(CreationDate|ModDate|File size):.*$", re.M)  # the clock's, and the fonts' subsets
    if renumber(old_text, index) != new_text:
        return "the text differs beyond the head's number", ""
    if renumber(dated.sub(b"", old_info), index) != dated.sub(b"", new_info):
        return "the document's information differs beyond the head's number", ""
    dpi = 150
    pages = []
    for path in (old_path, new_path):
        pages.append(ppm(["pdftoppm", "-r", str(dpi), "-singlefile", path]))
    return pixels_differ_by_digits(pages[0], pages[1], TITLE_EM * dpi / 96, head_numbers(new_text, index + 1))


def reworded(data):
    """The older caption's words as the newer one says them: random projections are untrained."""
    return re.sub(rb"(?<!untrained )random W", b"untrained random W", data)


def words(data):
    """Text as a list of words, the caption's " · " separators (lines break in their place) aside."""
    return [w for w in data.split() if w != b"\xc2\xb7"]


def drawing(image):
    """The part of a figure above its caption: from the top-left of its ink to the bottom row of
    its coloured part (cells, colour bar), as (width, height, rows of pixels)."""
    width, height, pixels = image
    stride = width * 3
    ink_rows, ink_cols, coloured = [], {}, 0
    for y in range(height):
        row = pixels[y * stride:(y + 1) * stride]
        inked = [x for x in range(width) if min(row[3 * x:3 * x + 3]) < 250]
        if inked:
            ink_rows.append(y)
            ink_cols[y] = (inked[0], inked[-1])
        if any(max(row[3 * x:3 * x + 3]) - min(row[3 * x:3 * x + 3]) > 40 for x in range(0, width, 2)):
            coloured = y
    if not ink_rows:
        return 0, 0, []
    top = ink_rows[0]
    drawn = [ink_cols[y] for y in ink_rows if y <= coloured]  # the caption's width aside
    left, right = min(c[0] for c in drawn), max(c[1] for c in drawn)
    rows = [pixels[y * stride + 3 * left:y * stride + 3 * (right + 1)] for y in range(top, coloured + 1)]
    return right - left + 1, len(rows), rows


def drawings_equal(old, new, tolerant=False):
    """(problem or None, what was seen) for two rendered figures (ppm tuples). Tolerant: a PDF
    page whose height changed in whole points puts its drawing a fraction of a pixel elsewhere, so
    sizes may differ by a pixel and at most 2 % of the pixels by more than a quarter of a channel."""
    a, b = drawing(old), drawing(new)
    if a[2] == b[2] and a[:2] == b[:2]:
        return None, "the %dx%d pixels above the caption are the same" % (a[0], a[1])
    if not tolerant:
        if a[:2] != b[:2]:
            return "the drawings above the captions differ in size: %dx%d vs %dx%d" % (a[0], a[1], b[0], b[1]), ""
        return "the drawings above the captions differ", ""
    if abs(a[0] - b[0]) > 1 or abs(a[1] - b[1]) > 1:
        return "the drawings above the captions differ in size: %dx%d vs %dx%d" % (a[0], a[1], b[0], b[1]), ""
    width, height = min(a[0], b[0]), min(a[1], b[1])
    far = sum(1 for y in range(height) for x in range(3 * width)
              if abs(a[2][y][x] - b[2][y][x]) > 64)
    share = far / (3.0 * width * height)
    if share > 0.02:
        return "the drawings above the captions differ (%.1f %% of the pixels)" % (100 * share), ""
    return None, "the %dx%d pixels above the caption are the same but for %.2f %% (edges moved by under a pixel)" % (
        width, height, 100 * share)


def svg_content(data):
    """An SVG's texts and colours in drawing order, its coordinates left out (a colour set again
    as it is counts once: the caption's lines may each set it)."""
    texts = re.findall(rb"<text[^>]*>(.*?)</text>", data, re.S)
    colours = []
    for colour in re.findall(rb"(?:fill|stroke)=\"(#[0-9a-fA-F]{6})\"", data):
        if not colours or colours[-1] != colour:
            colours.append(colour)
    return texts, colours


def caption_layout(name, old_path, new_path, index):
    """(problem or None, what was seen): the same figure with its caption laid out anew."""
    old, new = open(old_path, "rb").read(), open(new_path, "rb").read()
    renumbered = index is not None and not old_from_one  # the older build counted heads from 0
    if renumbered:
        old = renumber(old, index)
    if name.endswith(".svg"):
        (old_texts, old_colours), (new_texts, new_colours) = svg_content(reworded(old)), svg_content(new)
        if old_colours != new_colours:
            return "the colours differ", ""
        if words(b" ".join(old_texts)) != words(b" ".join(new_texts)):
            return "the texts differ", ""
        return None, "%d texts and %d colours the same, in order" % (len(new_texts), len(new_colours))
    if name.endswith(".png"):
        old_text = reworded(b" ".join(d for t, d in png_chunks(old) if t in (b"iTXt", b"tEXt")))
        new_text = b" ".join(d for t, d in png_chunks(new) if t in (b"iTXt", b"tEXt"))
        if words(old_text) != words(new_text):
            return "the title or caption differs", ""
        return drawings_equal(ppm(["pngtopnm", old_path]), ppm(["pngtopnm", new_path]))
    if name.endswith(".pdf"):
        old_text = subprocess.run(["pdftotext", "-raw", old_path, "-"], capture_output=True).stdout
        new_text = subprocess.run(["pdftotext", "-raw", new_path, "-"], capture_output=True).stdout
        if renumbered:
            old_text = renumber(old_text, index)
        if words(reworded(old_text)) != words(new_text):
            return "the text differs", ""
        # At 96 dpi a figure unit is a pixel: a page margin of whole units moves the drawing by
        # whole pixels, give or take the page height's rounding to whole points.
        pages = [ppm(["pdftoppm", "-r", "96", "-singlefile", path]) for path in (old_path, new_path)]
        return drawings_equal(pages[0], pages[1], tolerant=True)
    return "not a figure", ""


def without_date(data):
    return re.sub(rb"/CreationDate \(D:[0-9Z+\-']*\)", b"/CreationDate ()", data)


def verdict(name, old_path, new_path, index):
    old, new = open(old_path, "rb").read(), open(new_path, "rb").read()
    if name.endswith(".pdf"):
        old, new = without_date(old), without_date(new)
    if old == new:
        return "identical", None
    if name.endswith(".png"):
        problem, seen = compare_png(old_path, new_path, index)
    elif name.endswith(".pdf"):
        problem, seen = compare_pdf(old_path, new_path, index)
    elif index is not None and renumber(old, index) == new:
        problem, seen = None, "equal once the old head %d reads %d" % (index, index + 1)
    else:
        problem, seen = "the bytes differ beyond the head's number", ""
    if problem is None:
        return "differs (head numbering)", seen
    if name.endswith((".png", ".svg", ".pdf")):
        layout_problem, layout_seen = caption_layout(name, old_path, new_path, index)
        if layout_problem is None:
            return "differs (caption layout)", layout_seen
        problem += "; as a new caption layout: " + layout_problem
    return "DIFFERS", problem


old_from_one, new_from_one = counts_heads_from_one(old_program), counts_heads_from_one(new_program)
print("old: %s (--head counts from %d)" % (old_program, 1 if old_from_one else 0))
print("new: %s (--head counts from %d)" % (new_program, 1 if new_from_one else 0))
old_runs = run_examples(old_program, os.path.join(work, "old"), old_from_one)
new_runs = run_examples(new_program, os.path.join(work, "new"), new_from_one)

tally = {}
for name, arguments, index in EXAMPLES:
    old_path, new_path = os.path.join(work, "old", name), os.path.join(work, "new", name)
    if old_runs[name] != (0, "") or new_runs[name] != (0, ""):
        result, why = "DIFFERS", "exit status and standard error: old %r, new %r" % (old_runs[name], new_runs[name])
    else:
        result, why = verdict(name, old_path, new_path, index)
    tally[result] = tally.get(result, 0) + 1
    print("%-20s %s%s" % (name, result, "" if why is None else ": " + why))
    print("%-20s   attnviz export %s -o %s" % ("", shlex.join(arguments), name))

print("; ".join("%d %s" % (count, result) for result, count in sorted(tally.items())))
sys.exit(1 if "DIFFERS" in tally else 0)
PY
