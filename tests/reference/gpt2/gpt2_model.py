"""A GPT-2 forward pass in float64 numpy, from a Hugging Face folder (config.json,
model.safetensors). Written from the GPT-2 paper and OpenAI's gpt-2/src/model.py, independent
of AttnViz's C++.

Math: every weight is read as float32 and widened to float64; all arithmetic is float64.
"""

import json
import math
import os

import numpy as np

from safetensors_file import read_safetensors

# Options of Hugging Face's GPT2Config that change the computation and are not implemented.
UNSUPPORTED_TRUE_OPTIONS = ("scale_attn_by_inverse_layer_idx", "reorder_and_upcast_attn")


def read_config(model_dir):
    """The sizes of config.json; refuses what this reference does not compute."""
    path = os.path.join(model_dir, "config.json")
    with open(path, encoding="utf-8") as f:
        config = json.load(f)
    if config.get("model_type") != "gpt2":
        raise ValueError(f"{path}: model type {config.get('model_type')!r} is not gpt2")
    activation = config.get("activation_function", "gelu_new")
    if activation != "gelu_new":
        raise ValueError(f"{path}: activation {activation!r} is not gelu_new")
    for option in UNSUPPORTED_TRUE_OPTIONS:
        if config.get(option, False):
            raise ValueError(f"{path}: {option} is true, which this reference does not compute")
    if not config.get("scale_attn_weights", True):
        raise ValueError(f"{path}: scale_attn_weights is false, which this reference does not "
                         "compute")
    n_embd = int(config["n_embd"])
    sizes = {
        "n_layer": int(config["n_layer"]),
        "n_head": int(config["n_head"]),
        "n_embd": n_embd,
        "n_positions": int(config["n_positions"]),
        "vocab_size": int(config["vocab_size"]),
        "layer_norm_epsilon": float(config.get("layer_norm_epsilon", 1e-5)),
        "n_inner": int(config.get("n_inner") or 4 * n_embd),
    }
    if n_embd % sizes["n_head"] != 0:
        raise ValueError(f"{path}: n_embd {n_embd} is not a multiple of n_head {sizes['n_head']}")
    return sizes


def expected_shapes(sizes):
    """Every tensor the forward reads, by name without the 'transformer.' prefix."""
    e, inner = sizes["n_embd"], sizes["n_inner"]
    shapes = {"wte.weight": [sizes["vocab_size"], e], "wpe.weight": [sizes["n_positions"], e],
              "ln_f.weight": [e], "ln_f.bias": [e]}
    for layer in range(sizes["n_layer"]):
        p = f"h.{layer}."
        shapes.update({
            p + "ln_1.weight": [e], p + "ln_1.bias": [e],
            p + "attn.c_attn.weight": [e, 3 * e], p + "attn.c_attn.bias": [3 * e],
            p + "attn.c_proj.weight": [e, e], p + "attn.c_proj.bias": [e],
            p + "ln_2.weight": [e], p + "ln_2.bias": [e],
            p + "mlp.c_fc.weight": [e, inner], p + "mlp.c_fc.bias": [inner],
            p + "mlp.c_proj.weight": [inner, e], p + "mlp.c_proj.bias": [e],
        })
    return shapes


def read_weights(model_dir, sizes):
    """{name: float64 array} without the 'transformer.' prefix; the output matrix under
    'lm_head.weight' (the stored one, else the tied wte)."""
    path = os.path.join(model_dir, "model.safetensors")
    if not os.path.isfile(path):
        raise ValueError(f"{model_dir}: no model.safetensors")
    stored = read_safetensors(path)
    weights = {}
    for name, tensor in stored.items():
        short = name.removeprefix("transformer.")
        parts = short.split(".")
        if parts[0] == "h" and parts[2:] in (["attn", "bias"], ["attn", "masked_bias"]):
            continue  # h.N.attn.bias, h.N.attn.masked_bias: causal-mask buffers, not weights
        weights[short] = tensor.astype(np.float64)
    wanted = expected_shapes(sizes)
    wanted["lm_head.weight"] = [sizes["vocab_size"], sizes["n_embd"]]
    weights.setdefault("lm_head.weight", weights.get("wte.weight"))
    for name, shape in wanted.items():
        if weights.get(name) is None:
            raise ValueError(f"{path}: tensor {name} is missing")
        if list(weights[name].shape) != shape:
            raise ValueError(f"{path}: tensor {name} has shape {list(weights[name].shape)}, "
                             f"config.json says {shape}")
    return weights


def layer_norm(x, gain, bias, epsilon):
    mean = x.mean(axis=-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(variance + epsilon) * gain + bias


def gelu_new(x):
    return 0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))


def softmax(scores):
    shifted = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return shifted / shifted.sum(axis=-1, keepdims=True)


def forward(weights, sizes, token_ids):
    """(attentions [layer][head] of n×n arrays, next-token probabilities of the last position)."""
    n = len(token_ids)
    if not 1 <= n <= sizes["n_positions"]:
        raise ValueError(f"{n} tokens: a forward needs 1 to n_positions = "
                         f"{sizes['n_positions']} tokens")
    e, heads, eps = sizes["n_embd"], sizes["n_head"], sizes["layer_norm_epsilon"]
    d_head = e // heads
    causal = np.tril(np.ones((n, n), dtype=bool))
    x = weights["wte.weight"][token_ids] + weights["wpe.weight"][:n]
    attentions = []
    for layer in range(sizes["n_layer"]):
        p = f"h.{layer}."
        a = layer_norm(x, weights[p + "ln_1.weight"], weights[p + "ln_1.bias"], eps)
        qkv = a @ weights[p + "attn.c_attn.weight"] + weights[p + "attn.c_attn.bias"]
        q, k, v = qkv[:, :e], qkv[:, e:2 * e], qkv[:, 2 * e:]
        layer_weights = []
        contexts = []
        for h in range(heads):
            cols = slice(h * d_head, (h + 1) * d_head)
            scores = q[:, cols] @ k[:, cols].T / math.sqrt(d_head)
            weights_h = softmax(np.where(causal, scores, -np.inf))
            layer_weights.append(weights_h)
            contexts.append(weights_h @ v[:, cols])
        attentions.append(layer_weights)
        context = np.concatenate(contexts, axis=1)
        x = x + context @ weights[p + "attn.c_proj.weight"] + weights[p + "attn.c_proj.bias"]
        m = layer_norm(x, weights[p + "ln_2.weight"], weights[p + "ln_2.bias"], eps)
        hidden = gelu_new(m @ weights[p + "mlp.c_fc.weight"] + weights[p + "mlp.c_fc.bias"])
        x = x + hidden @ weights[p + "mlp.c_proj.weight"] + weights[p + "mlp.c_proj.bias"]
    last = layer_norm(x[-1], weights["ln_f.weight"], weights["ln_f.bias"], eps)
    logits = weights["lm_head.weight"] @ last
    return attentions, softmax(logits)
