#!/usr/bin/python3
"""Writes small deterministic GPT-2 checkpoints in the Hugging Face layout for AttnViz's tests.

    /usr/bin/python3 tests/reference/gpt2/make_checkpoints.py OUT_DIR [--only NAME,NAME,...]

Every checkpoint has GPT-2's real vocabulary (tests/fixtures/gpt2/encoder.json and vocab.bpe,
as vocab.json and merges.txt, or as a tokenizer.json) and seeded random weights (numpy), so the
same command always writes the same bytes. OUT_DIR/checkpoints.json lists what was written:
"good" checkpoints with what each one exercises, and "bad" ones with the one problem each has
(also in the folder's EXPECTED.txt), for the loader's refusal tests.

Sizes: 2 layers, 4 heads, n_embd 64, n_positions 128, vocab 50257 (~13 MB per F32 checkpoint).
Checkpoints are made at test time into the build folder; none is committed.
"""

import argparse
import json
import os
import shutil
import struct
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "fixtures", "gpt2")
SEED = 20240611
BASE_CONFIG = {
    "architectures": ["GPT2LMHeadModel"],
    "model_type": "gpt2",
    "n_layer": 2,
    "n_head": 4,
    "n_embd": 64,
    "n_positions": 128,
    "n_ctx": 128,
    "vocab_size": 50257,
    "layer_norm_epsilon": 1e-05,
    "activation_function": "gelu_new",
    "n_inner": None,
    "scale_attn_weights": True,
    "resid_pdrop": 0.1,
    "embd_pdrop": 0.1,
    "attn_pdrop": 0.1,
    "initializer_range": 0.02,
    "bos_token_id": 50256,
    "eos_token_id": 50256,
    "use_cache": True,
}


# --- weights ---------------------------------------------------------------------------------

def make_weights(config, rng):
    """float32 tensors by bare name (no 'transformer.' prefix). Scales are chosen so that heads
    differ visibly (c_attn std 0.2) and the next-token distribution is far from uniform
    (wte std 0.5: the top tokens get probabilities of a few percent or more)."""
    e, inner = config["n_embd"], config["n_inner"] or 4 * config["n_embd"]

    def normal(std, *shape):
        return (rng.standard_normal(shape) * std).astype(np.float32)

    def gain(*shape):
        return (1.0 + rng.standard_normal(shape) * 0.1).astype(np.float32)

    w = {"wte.weight": normal(0.5, config["vocab_size"], e),
         "wpe.weight": normal(0.1, config["n_positions"], e)}
    for layer in range(config["n_layer"]):
        for module, weight, bias in (
                ("ln_1", gain(e), normal(0.05, e)),
                ("attn.c_attn", normal(0.2, e, 3 * e), normal(0.1, 3 * e)),
                ("attn.c_proj", normal(0.1, e, e), normal(0.02, e)),
                ("ln_2", gain(e), normal(0.05, e)),
                ("mlp.c_fc", normal(0.1, e, inner), normal(0.05, inner)),
                ("mlp.c_proj", normal(0.05, inner, e), normal(0.02, e))):
            w[f"h.{layer}.{module}.weight"], w[f"h.{layer}.{module}.bias"] = weight, bias
    w["ln_f.weight"], w["ln_f.bias"] = gain(e), normal(0.05, e)
    return w


def mask_buffers(config):
    """The causal-mask buffers older checkpoints store next to the weights."""
    n = config["n_positions"]
    tril = np.tril(np.ones((n, n), dtype=np.float32)).reshape(1, 1, n, n)
    buffers = {}
    for layer in range(config["n_layer"]):
        buffers[f"h.{layer}.attn.bias"] = tril
        buffers[f"h.{layer}.attn.masked_bias"] = np.array(-1e4, dtype=np.float32)
    return buffers


# --- safetensors -----------------------------------------------------------------------------

def to_bf16_bits(a):
    """float32 -> bfloat16 bits, rounded to nearest even."""
    bits = np.ascontiguousarray(a, dtype=np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return rounded.astype("<u2")


def encode(a, dtype):
    if dtype == "F32":
        return np.ascontiguousarray(a, dtype="<f4").tobytes()
    if dtype == "F16":
        return np.ascontiguousarray(a, dtype="<f2").tobytes()
    if dtype == "BF16":
        return to_bf16_bits(a).tobytes()
    if dtype == "F64":
        return np.ascontiguousarray(a, dtype="<f8").tobytes()
    if dtype == "I8":
        return np.clip(np.rint(np.asarray(a) * 100), -128, 127).astype(np.int8).tobytes()
    raise ValueError(dtype)


def safetensors_parts(tensors, dtypes, data_order=None):
    """(header dict, data bytes): tensors in sorted-name order in the header, their bytes in
    data_order (default the same order)."""
    names = sorted(tensors)
    blobs = {name: encode(tensors[name], dtypes.get(name, dtypes["*"])) for name in names}
    header = {"__metadata__": {"format": "pt"}}
    offsets = {}
    offset = 0
    for name in data_order or names:
        offsets[name] = [offset, offset + len(blobs[name])]
        offset += len(blobs[name])
    for name in names:
        header[name] = {"dtype": dtypes.get(name, dtypes["*"]),
                        "shape": list(np.shape(tensors[name])), "data_offsets": offsets[name]}
    data = b"".join(blobs[name] for name in data_order or names)
    return header, data


def header_bytes(header, misaligned=False):
    """The JSON header padded with spaces so the data starts at a multiple of 8 (as the
    safetensors library writes it), or, misaligned, at 1 past a multiple of 8."""
    raw = json.dumps(header, separators=(",", ":")).encode("utf-8")
    return raw + b" " * ((int(misaligned) - len(raw)) % 8)


def write_safetensors(path, raw_header, data):
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(raw_header)))
        f.write(raw_header)
        f.write(data)


# --- folders ---------------------------------------------------------------------------------

def write_config(folder, config):
    with open(os.path.join(folder, "config.json"), "w", encoding="utf-8") as f:
        json.dump(config, f, indent=2)
        f.write("\n")


def write_vocab_files(folder):
    shutil.copyfile(os.path.join(FIXTURES, "encoder.json"), os.path.join(folder, "vocab.json"))
    shutil.copyfile(os.path.join(FIXTURES, "vocab.bpe"), os.path.join(folder, "merges.txt"))


def write_tokenizer_json(folder, merges_as_pairs):
    """A tokenizer.json as Hugging Face's tokenizers writes GPT-2's: merges as "a b" strings
    (older files) or as [a, b] pairs (newer files)."""
    with open(os.path.join(FIXTURES, "encoder.json"), encoding="utf-8") as f:
        vocab = json.load(f)
    with open(os.path.join(FIXTURES, "vocab.bpe"), encoding="utf-8") as f:
        lines = f.read().split("\n")[1:-1]
    merges = [line.split(" ") for line in lines] if merges_as_pairs else lines
    byte_level = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True,
                  "use_regex": True}
    document = {
        "version": "1.0", "truncation": None, "padding": None,
        "added_tokens": [{"id": 50256, "content": "<|endoftext|>", "single_word": False,
                          "lstrip": False, "rstrip": False, "normalized": True,
                          "special": True}],
        "normalizer": None, "pre_tokenizer": byte_level, "post_processor": byte_level,
        "decoder": byte_level,
        "model": {"type": "BPE", "dropout": None, "unk_token": None,
                  "continuing_subword_prefix": "", "end_of_word_suffix": "", "fuse_unk": False,
                  "byte_fallback": False, "vocab": vocab, "merges": merges},
    }
    with open(os.path.join(folder, "tokenizer.json"), "w", encoding="utf-8") as f:
        json.dump(document, f, ensure_ascii=False)


def prefixed(tensors):
    return {("transformer." + n if not n.startswith("lm_head.") else n): t
            for n, t in tensors.items()}


class Writer:
    """Writes one folder per checkpoint under root and remembers it for checkpoints.json."""

    def __init__(self, root, only):
        self.root = root
        self.only = only
        self.manifest = {"good": {}, "bad": {}}

    def wanted(self, name):
        return self.only is None or name in self.only

    def folder(self, name):
        path = os.path.join(self.root, name)
        shutil.rmtree(path, ignore_errors=True)
        os.makedirs(path)
        return path

    def good(self, name, about, config, tensors, dtype, tokenizer="vocab", data_order=None,
             misaligned=False, buffers=None):
        """buffers: extra tensors always stored as F32 (the causal-mask buffers)."""
        if not self.wanted(name):
            return
        path = self.folder(name)
        write_config(path, config)
        if tokenizer == "vocab":
            write_vocab_files(path)
        else:
            write_tokenizer_json(path, merges_as_pairs=(tokenizer == "tokenizer_json_pairs"))
        dtypes = {"*": dtype, **{n: "F32" for n in buffers or {}}}
        header, data = safetensors_parts({**tensors, **(buffers or {})}, dtypes, data_order)
        write_safetensors(os.path.join(path, "model.safetensors"), header_bytes(header, misaligned),
                          data)
        self.manifest["good"][name] = about

    def bad(self, name, problem, config, tensors=None, files=None, tokenizer=True):
        """A folder with config.json, the vocabulary files, model.safetensors of tensors (F16)
        when given, and files {name: bytes}; its one problem is written to EXPECTED.txt."""
        if not self.wanted(name):
            return
        path = self.folder(name)
        write_config(path, config)
        if tokenizer:
            write_vocab_files(path)
        if tensors is not None:
            header, data = safetensors_parts(tensors, {"*": "F16"})
            write_safetensors(os.path.join(path, "model.safetensors"), header_bytes(header), data)
        for file_name, content in (files or {}).items():
            with open(os.path.join(path, file_name), "wb") as f:
                f.write(content)
        with open(os.path.join(path, "EXPECTED.txt"), "w", encoding="utf-8") as f:
            f.write(problem + "\n")
        self.manifest["bad"][name] = problem


def safetensors_blob(header, data, declared_length=None):
    raw = header_bytes(header)
    length = len(raw) if declared_length is None else declared_length
    return struct.pack("<Q", length) + raw + data


def write_good(w, config, weights):
    rng = np.random.default_rng(SEED + 1)
    names = sorted(weights)
    shuffled = [names[i] for i in rng.permutation(len(names))]
    w.good("f32", "F32, bare tensor names, tied output matrix, vocab.json + merges.txt",
           config, weights, "F32")
    w.good("f16", "F16 (the F32 weights rounded to half)", config, weights, "F16")
    w.good("bf16", "BF16 (rounded to nearest even); the data section in another order than "
           "the header", config, weights, "BF16", data_order=shuffled)
    w.good("f32_prefixed", "the f32 weights with the 'transformer.' prefix", config,
           prefixed(weights), "F32")
    w.good("f32_mask_buffers", "the f32 weights plus h.N.attn.bias [1,1,128,128] and "
           "h.N.attn.masked_bias [] (F32), to be ignored", config, weights, "F32",
           buffers=mask_buffers(config))
    lm_head = rng.standard_normal((config["vocab_size"], config["n_embd"])).astype(np.float32)
    lm_head *= np.float32(0.5)
    w.good("f32_lm_head", "'transformer.' names plus a separate lm_head.weight (not the wte)",
           config, {**prefixed(weights), "lm_head.weight": lm_head}, "F32")
    w.good("f32_tokenizer_json", "the f32 weights; tokenizer.json (merges as \"a b\") instead "
           "of vocab.json + merges.txt", config, weights, "F32", tokenizer="tokenizer_json")
    w.good("bf16_tokenizer_json_pairs", "BF16; tokenizer.json with merges as [a, b] pairs",
           config, weights, "BF16", tokenizer="tokenizer_json_pairs")
    w.good("f32_unaligned", "the f32 weights; header padded so that the data starts at a "
           "file offset of 1 modulo 8: no F32 value is 4-byte aligned", config, weights, "F32",
           misaligned=True)
    inner_config = dict(config, n_inner=96, layer_norm_epsilon=1e-3)
    inner_weights = make_weights(inner_config, np.random.default_rng(SEED + 2))
    w.good("f32_n_inner", "n_inner 96 (not 4*n_embd) and layer_norm_epsilon 1e-3: other "
           "weights", inner_config, inner_weights, "F32")


def write_bad(w, config, weights):
    header, data = safetensors_parts(weights, {"*": "F16"})
    valid = safetensors_blob(header, data)

    def model_file(blob):
        return {"model.safetensors": blob}

    def with_entry(name, **changes):
        """The valid F16 file with one header entry changed."""
        changed = json.loads(json.dumps(header))
        changed[name].update(changes)
        return model_file(safetensors_blob(changed, data))

    w.bad("bad_missing_safetensors", "model.safetensors is missing", config)
    w.bad("bad_pytorch_bin_only", "only pytorch_model.bin (a pickle, which can run code): "
          "refused, asking for model.safetensors", config,
          files={"pytorch_model.bin": b"PK\x03\x04 not a real checkpoint: never to be read\n"})
    w.bad("bad_no_tokenizer", "no tokenizer.json, nor vocab.json + merges.txt", config,
          weights, tokenizer=False)
    w.bad("bad_model_type_bert", "config.json: model type 'bert' is not supported",
          dict(config, model_type="bert"), weights)
    w.bad("bad_scale_attn_by_inverse_layer_idx", "config.json: scale_attn_by_inverse_layer_idx "
          "true is not supported", dict(config, scale_attn_by_inverse_layer_idx=True), weights)
    w.bad("bad_reorder_and_upcast_attn", "config.json: reorder_and_upcast_attn true is not "
          "supported", dict(config, reorder_and_upcast_attn=True), weights)
    w.bad("bad_activation_relu", "config.json: activation_function 'relu' is not supported "
          "(gelu_new only)", dict(config, activation_function="relu"), weights)
    w.bad("bad_file_too_short", "model.safetensors: 4 bytes, shorter than the 8-byte header "
          "length", config, files=model_file(b"\x10\x00\x00\x00"))
    beyond = safetensors_blob(header, data, declared_length=len(valid) + 1000)
    w.bad("bad_header_length_beyond_file", "model.safetensors: header length is beyond the "
          "end of the file", config, files=model_file(beyond))
    damaged = header_bytes(header).rstrip(b" ")[:-1]  # the object is never closed
    w.bad("bad_header_json", "model.safetensors: the header is not valid JSON", config,
          files=model_file(struct.pack("<Q", len(damaged)) + damaged + data))
    f64 = safetensors_blob(*safetensors_parts(weights, {"*": "F16", "ln_f.weight": "F64"}))
    w.bad("bad_dtype_f64", "model.safetensors: tensor ln_f.weight has dtype F64 (F32, F16 and "
          "BF16 only)", config, files=model_file(f64))
    i8 = safetensors_blob(*safetensors_parts(weights, {"*": "F16", "ln_f.bias": "I8"}))
    w.bad("bad_dtype_i8", "model.safetensors: tensor ln_f.bias has dtype I8 (F32, F16 and BF16 "
          "only)", config, files=model_file(i8))
    narrow = dict(weights)
    narrow["h.1.attn.c_attn.weight"] = weights["h.1.attn.c_attn.weight"][:, :128]
    w.bad("bad_shape_mismatch", "model.safetensors: tensor h.1.attn.c_attn.weight has shape "
          "[64, 128], config.json says [64, 192]", config, narrow)
    missing = {n: t for n, t in weights.items() if n != "h.1.mlp.c_proj.bias"}
    w.bad("bad_missing_tensor", "model.safetensors: tensor h.1.mlp.c_proj.bias is missing",
          config, missing)
    begin, end = header["wpe.weight"]["data_offsets"]
    w.bad("bad_offsets_outside", "model.safetensors: tensor wpe.weight's data offsets are "
          "outside the file", config,
          files=with_entry("wpe.weight", data_offsets=[begin + len(data), end + len(data)]))
    bias_span = header["h.0.ln_1.bias"]["data_offsets"]
    w.bad("bad_offsets_overlap", "model.safetensors: tensors h.0.ln_1.bias and h.0.ln_1.weight "
          "overlap", config, files=with_entry("h.0.ln_1.weight", data_offsets=bias_span))
    begin, _ = header["ln_f.bias"]["data_offsets"]
    w.bad("bad_byte_length", "model.safetensors: tensor ln_f.bias has 64 bytes, its shape [64] "
          "of F16 needs 128", config,
          files=with_entry("ln_f.bias", data_offsets=[begin, begin + 64]))
    w.bad("bad_truncated", "model.safetensors: the file is truncated (the data of its last "
          "tensors is missing)", config, files=model_file(valid[:len(valid) - len(data) // 3]))


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out_dir")
    parser.add_argument("--only", help="comma-separated checkpoint names (default: all)")
    args = parser.parse_args(argv)
    only = set(args.only.split(",")) if args.only else None
    os.makedirs(args.out_dir, exist_ok=True)
    config = dict(BASE_CONFIG)
    weights = make_weights(config, np.random.default_rng(SEED))
    writer = Writer(args.out_dir, only)
    write_good(writer, config, weights)
    write_bad(writer, config, weights)
    if only is not None:
        unknown = only - set(writer.manifest["good"]) - set(writer.manifest["bad"])
        if unknown:
            print(f"make_checkpoints: unknown checkpoint {', '.join(sorted(unknown))}",
                  file=sys.stderr)
            return 2
    with open(os.path.join(args.out_dir, "checkpoints.json"), "w", encoding="utf-8") as f:
        json.dump(writer.manifest, f, indent=2)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
