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
#   DIFFERS                    anything else (the script then fails)
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
    ("il.png", ["--text", "L'animal n'a pas traversé la rue parce qu'il était trop fatigué.",
                "--projections", "teaching"], 0),
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


def spelled_for(arguments, from_one):
    """The arguments for a build: --head h becomes --head h-1 for a build counting from 0."""
    out = list(arguments)
    for i, argument in enumerate(out[:-1]):
        if argument == "--head" and out[i + 1].isdigit() and not from_one:
            out[i + 1] = str(int(out[i + 1]) - 1)
    return out


def run_examples(program, folder, from_one):
    os.makedirs(folder)
    with open(os.path.join(folder, "long.txt"), "w", encoding="utf-8") as f:
        f.write(LONG_TEXT)
    results = {}
    for output, arguments, _ in EXAMPLES:
        command = [program, "export"] + spelled_for(arguments, from_one) + ["-o", output]
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
    return ("differs (head numbering)", seen) if problem is None else ("DIFFERS", problem)


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
