"""Reads a .safetensors file by itself (no safetensors package), every tensor as float32.

Layout: an 8-byte little-endian header length N, N bytes of JSON {name: {"dtype", "shape",
"data_offsets": [begin, end]}, "__metadata__": {...}}, then the data; offsets count from the
first byte after the header. F32, F16 and BF16 are read; anything else is refused.
"""

import json
import struct

import numpy as np

ITEM_SIZES = {"F32": 4, "F16": 2, "BF16": 2}


def _as_float32(raw, dtype):
    if dtype == "F32":
        return np.frombuffer(raw, dtype="<f4").astype(np.float32)
    if dtype == "F16":
        return np.frombuffer(raw, dtype="<f2").astype(np.float32)
    # BF16 is the upper half of a float32.
    return (np.frombuffer(raw, dtype="<u2").astype(np.uint32) << 16).view(np.float32)


def read_safetensors(path):
    """{name: float32 array} of every tensor; raises ValueError naming the problem."""
    with open(path, "rb") as f:
        blob = f.read()
    if len(blob) < 8:
        raise ValueError(f"{path}: shorter than the 8-byte header length")
    (header_length,) = struct.unpack("<Q", blob[:8])
    if 8 + header_length > len(blob):
        raise ValueError(f"{path}: header length {header_length} is beyond the file "
                         f"({len(blob)} bytes)")
    try:
        header = json.loads(blob[8:8 + header_length].decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"{path}: the header is not valid JSON ({error})") from None
    if not isinstance(header, dict):
        raise ValueError(f"{path}: the header is not a JSON object")
    data = memoryview(blob)[8 + header_length:]
    tensors = {}
    spans = []
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        dtype = entry.get("dtype")
        if dtype not in ITEM_SIZES:
            raise ValueError(f"{path}: tensor {name}: dtype {dtype!r} is not F32, F16 or BF16")
        shape = [int(s) for s in entry["shape"]]
        begin, end = (int(o) for o in entry["data_offsets"])
        if not 0 <= begin <= end <= len(data):
            raise ValueError(f"{path}: tensor {name}: data offsets [{begin}, {end}] are outside "
                             f"the {len(data)} bytes of data")
        count = int(np.prod(shape, dtype=np.int64))
        if end - begin != count * ITEM_SIZES[dtype]:
            raise ValueError(f"{path}: tensor {name}: {end - begin} bytes for shape {shape} "
                             f"of {dtype}")
        spans.append((begin, end, name))
        tensors[name] = _as_float32(data[begin:end], dtype).reshape(shape)
    spans.sort()
    for (_, previous_end, previous), (begin, _, name) in zip(spans, spans[1:]):
        if begin < previous_end:
            raise ValueError(f"{path}: tensors {previous} and {name} overlap")
    return tensors
