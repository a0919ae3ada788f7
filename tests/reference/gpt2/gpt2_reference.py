#!/usr/bin/python3
"""Independent GPT-2 reference for AttnViz's real-model tests (numpy, float64; no code shared
with the C++). Run with Debian's python3 (python3-numpy):

  gpt2_reference.py forward MODEL_DIR (--text TEXT | --text-file PATH | --ids 1,2,3) -o OUT.json
                    [--probabilities-of ID,ID,...]
      tokenizes (unless --ids), runs the forward and writes
      {"token_ids", "tokens", "attentions": [layer][head][n][n],
       "next_tokens": [{"id", "p"}] (the 5 most likely, most likely first),
       "probabilities_of": [{"id", "p"}] (only with --probabilities-of)}
  gpt2_reference.py tokenize VOCAB_DIR_OR_TOKENIZER_JSON (--text TEXT | --text-file PATH)
      prints the token ids as a JSON array
  gpt2_reference.py check-tokens [--golden token_golden.json] [--vocab DIR]
      tokenizes every sentence of the golden file (made by make_token_golden.js with the npm
      package gpt-3-encoder) and checks the ids; the vocabulary is tests/fixtures/gpt2/.

Exit status: 0 on success, 1 on a failed check or bad input (one line on stderr), 2 on usage.
"""

import argparse
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # tests run this from the source tree: leave no __pycache__

from gpt2_model import forward, read_config, read_weights  # noqa: E402
from gpt2_tokenizer import load_tokenizer, unassigned_characters  # noqa: E402

DEFAULT_GOLDEN = os.path.join(HERE, "token_golden.json")
DEFAULT_VOCAB = os.path.join(HERE, "..", "..", "fixtures", "gpt2")
TOP_TOKENS = 5


def _text_of(args):
    if args.text_file is not None:
        with open(args.text_file, encoding="utf-8") as f:
            return f.read()
    return args.text


def _probabilities(probabilities, ids):
    return [{"id": int(i), "p": float(probabilities[i])} for i in ids]


def _ids_of(text, vocab_size):
    ids = [int(i) for i in text.split(",")]
    for i in ids:
        if not 0 <= i < vocab_size:
            raise ValueError(f"token id {i} is outside the vocabulary (size {vocab_size})")
    return ids


def run_forward(args):
    sizes = read_config(args.model_dir)
    tokenizer = load_tokenizer(args.model_dir)
    if args.ids is not None:
        token_ids = _ids_of(args.ids, sizes["vocab_size"])
    else:
        token_ids = tokenizer.encode(_text_of(args))
    weights = read_weights(args.model_dir, sizes)
    attentions, probabilities = forward(weights, sizes, token_ids)
    # Most likely first; equal probabilities by ascending id (lexsort: last key first).
    top = np.lexsort((np.arange(len(probabilities)), -probabilities))[:TOP_TOKENS]
    result = {
        "token_ids": token_ids,
        "tokens": [tokenizer.id_to_token.get(i, "") for i in token_ids],
        "attentions": [[head.tolist() for head in layer] for layer in attentions],
        "next_tokens": _probabilities(probabilities, top),
    }
    if args.probabilities_of is not None:
        wanted = _ids_of(args.probabilities_of, sizes["vocab_size"])
        result["probabilities_of"] = _probabilities(probabilities, wanted)
    with open(args.output, "w", encoding="utf-8") as f:
        json.dump(result, f, ensure_ascii=False)
        f.write("\n")
    return 0


def run_tokenize(args):
    print(json.dumps(load_tokenizer(args.location).encode(_text_of(args))))
    return 0


def run_check_tokens(args):
    with open(args.golden, encoding="utf-8") as f:
        golden = json.load(f)
    tokenizer = load_tokenizer(args.vocab)
    failures = 0
    for number, entry in enumerate(golden, start=1):
        text = entry["text"]
        unknown = unassigned_characters(text)
        if unknown:
            codes = ", ".join(f"U+{ord(c):04X}" for c in unknown)
            print(f"sentence {number}: {codes} unknown to this Python's Unicode tables",
                  file=sys.stderr)
            failures += 1
            continue
        ids = tokenizer.encode(text)
        if ids != entry["ids"]:
            print(f"sentence {number} {text!r}: Python BPE {ids} != JavaScript {entry['ids']}",
                  file=sys.stderr)
            failures += 1
    print(f"check-tokens: {len(golden) - failures} passed, {failures} failed")
    return 1 if failures else 0


def main(argv):
    parser = argparse.ArgumentParser(description="Independent GPT-2 reference (numpy).")
    commands = parser.add_subparsers(dest="command", required=True)

    p = commands.add_parser("forward", help="tokenize, run the forward, write JSON")
    p.add_argument("model_dir")
    source = p.add_mutually_exclusive_group(required=True)
    source.add_argument("--text")
    source.add_argument("--text-file")
    source.add_argument("--ids", help="comma-separated token ids instead of a text")
    p.add_argument("-o", "--output", required=True)
    p.add_argument("--probabilities-of", help="comma-separated token ids")
    p.set_defaults(run=run_forward)

    p = commands.add_parser("tokenize", help="print the token ids of a text")
    p.add_argument("location", help="a folder with tokenizer.json or vocab.json + merges.txt, "
                                     "or a tokenizer.json")
    source = p.add_mutually_exclusive_group(required=True)
    source.add_argument("--text")
    source.add_argument("--text-file")
    p.set_defaults(run=run_tokenize)

    p = commands.add_parser("check-tokens", help="the Python BPE against the JavaScript ids")
    p.add_argument("--golden", default=DEFAULT_GOLDEN)
    p.add_argument("--vocab", default=DEFAULT_VOCAB)
    p.set_defaults(run=run_check_tokens)

    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except (OSError, ValueError, KeyError) as error:
        print(f"gpt2_reference: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    np.seterr(all="raise", under="ignore")
    sys.exit(main(sys.argv[1:]))
