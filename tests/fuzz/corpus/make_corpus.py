#!/usr/bin/python3
"""Writes the seed inputs of tests/fuzz/corpus that are not copies of fixtures or exports.

Run from tests/fuzz: /usr/bin/python3 corpus/make_corpus.py (README "How to run the fuzzers"
says how the other seeds were made). Small on purpose: the fuzzers mutate them.
"""
import json
import shutil
import struct
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent.parent


def write(reader, name, data):
    path = HERE / reader / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))


# Word tokenizer: elisions, contractions, punctuation, U+2019, other scripts.
for i, sentence in enumerate(["Le chat est assis sur le tapis.", "L’homme n'est pas là ; qu'il vienne !",
                              "It's the dog's bone, isn't it?", "naïve café — 日本語のテキスト 123,45",
                              "  \t spaces\r\naround  "]):
    write("tokenizer", f"sentence{i}.txt", sentence)

# Pipeline: two bytes of settings, then the sentence.
for i, (settings, sentence) in enumerate([(0x0000, "Le chat est assis."), (0x0615, "The cat sat. It was tired."),
                                          (0x3DBE, "Il ne dort pas, le chien."), (0x0403, "a")]):
    write("pipeline", f"case{i}.bin", struct.pack("<H", settings) + sentence.encode("utf-8"))

# Config objects: those of the session seeds.
for session in sorted((HERE / "session").glob("*.attnviz")):
    write("config", session.stem + ".json", json.dumps(json.loads(session.read_text())["config"]))

# Weights JSON: d_model 1 and 2 (numbers needing all 17 digits, negative zero, a comment).
def weights(d, values, comment):
    m = [[values[(r * d + c) % len(values)] for c in range(d)] for r in range(d)]
    return json.dumps({"format": "attnviz-weights", "version": 1, "d_model": d, "comment": comment,
                       "W_Q": m, "W_K": m, "W_V": m, "W_O": m})
write("weights_json", "d1.json", weights(1, [0.5], ""))
write("weights_json", "d2.json", weights(2, [0.1, -0.0, 1e-300, 2.5e10], "trained\nby hand"))

# .npy: the fixtures' 2-D arrays.
for folder in ["good", "layouts", "bad"]:
    for npy in sorted((ROOT / "tests/fixtures/npy" / folder).glob("*.npy")):
        shutil.copy(npy, HERE / "npy" / f"{folder}_{npy.name}")

# Imported attention: the fixtures' good files.
for item in sorted((ROOT / "tests/fixtures/imported/good").iterdir()):
    if item.suffix in (".npy", ".json") and not item.name.endswith(".tokens.json") and item.name != "expected.json":
        shutil.copy(item, HERE / "imported_attention" / item.name)

# GPT-2 config.json: the tiny test model's and gpt2's own.
write("gpt2_config", "tiny.json", json.dumps({"model_type": "gpt2", "n_layer": 2, "n_head": 2, "n_embd": 8,
                                             "n_positions": 16, "vocab_size": 300, "n_inner": None,
                                             "layer_norm_epsilon": 1e-5, "activation_function": "gelu_new"}))
write("gpt2_config", "gpt2.json", json.dumps({"activation_function": "gelu_new", "architectures": ["GPT2LMHeadModel"],
                                             "model_type": "gpt2", "n_ctx": 1024, "n_embd": 768, "n_head": 12,
                                             "n_layer": 12, "n_positions": 1024, "vocab_size": 50257,
                                             "scale_attn_weights": True, "layer_norm_epsilon": 1e-05}))

# Safetensors: F32, F16 and BF16 tensors, metadata, a tensor of another dtype.
def safetensors(tensors, metadata=None):
    header, data = {}, b""
    for name, dtype, shape, raw in tensors:
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [len(data), len(data) + len(raw)]}
        data += raw
    if metadata:
        header["__metadata__"] = metadata
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    return struct.pack("<Q", len(text)) + text + data
write("safetensors", "floats.safetensors", safetensors([
    ("wte", "F32", [2, 3], struct.pack("<6f", 0.5, -1, 2, 0, 1e-3, 3)),
    ("ln.weight", "F16", [2], struct.pack("<2H", 0x3C00, 0xC000)),
    ("ln.bias", "BF16", [2], struct.pack("<2H", 0x3F80, 0x0000)),
    ("scalar", "F32", [], struct.pack("<f", 7))], {"format": "pt"}))
write("safetensors", "int.safetensors", safetensors([("mask", "I8", [4], bytes([0, 1, 1, 0])),
                                                     ("empty", "F32", [0, 3], b"")]))

# Byte-level BPE: the 256 byte tokens of GPT-2's alphabet and a few merges.
def byte_alphabet():
    chars, extra = {}, 0
    for b in range(256):
        printable = ord("!") <= b <= ord("~") or 0xA1 <= b <= 0xAC or b >= 0xAE
        chars[b] = chr(b) if printable else chr(256 + extra)
        extra += 0 if printable else 1
    return chars
alphabet = byte_alphabet()
vocab = {alphabet[b]: b for b in range(256)}
merges = [("Ġ", "c"), ("h", "a"), ("Ġc", "ha"), ("Ġcha", "t"), ("e", "s"), ("Ġ", "t")]
for left, right in merges:
    vocab[left + right] = len(vocab)
write("bpe_vocab_merges", "small.bin", json.dumps(vocab, ensure_ascii=False) + "\0#version: 0.2\n" +
      "".join(f"{l} {r}\n" for l, r in merges))
write("bpe_vocab_merges", "crlf.bin", json.dumps(vocab) + "\0" + "".join(f"{l} {r}\r\n" for l, r in merges[:3]))
tokenizer = {"version": "1.0", "normalizer": None,
             "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True},
             "model": {"type": "BPE", "vocab": vocab, "merges": [f"{l} {r}" for l, r in merges]}}
write("bpe_tokenizer_json", "strings.json", json.dumps(tokenizer, ensure_ascii=False))
tokenizer["model"]["merges"] = [[l, r] for l, r in merges]
write("bpe_tokenizer_json", "pairs.json", json.dumps(tokenizer))

# Teaching model: model.json, then each lexicon after a NUL byte as "<language>\n<TSV>".
teaching = ROOT / "resources/teaching"
write("teaching_model", "builtin.bin", (teaching / "model.json").read_text() + "\0fr\n" +
      (teaching / "lexicon_fr.tsv").read_text() + "\0en\n" + (teaching / "lexicon_en.tsv").read_text())
