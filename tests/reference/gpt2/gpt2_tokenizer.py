"""GPT-2's byte-level BPE tokenizer, written from OpenAI's encoder.py (gpt-2/src/encoder.py).

Independent of AttnViz's C++. The pre-tokenization pattern of encoder.py,

    's|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+

is matched by hand below (no dependency on the `regex` package): \\p{L} and \\p{N} are the
Unicode general categories L* and N* of this Python's unicodedata, and \\s is the Unicode
White_Space property, which is what the `regex` package's \\s matches (not str.isspace(),
which also takes U+001C..U+001F). Characters assigned after this Python's Unicode version may
be classed differently from newer tables: callers that need agreement check with
unassigned_characters().
"""

import json
import os
import unicodedata

# The Unicode White_Space property (PropList.txt; unchanged since Unicode 6.3).
WHITE_SPACE = frozenset(
    [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680]
    + list(range(0x2000, 0x200B))
    + [0x2028, 0x2029, 0x202F, 0x205F, 0x3000])

CONTRACTIONS = ("s", "t", "re", "ve", "m", "ll", "d")


def _is_space(ch):
    return ord(ch) in WHITE_SPACE


def _is_letter(ch):
    return unicodedata.category(ch)[0] == "L"


def _is_number(ch):
    return unicodedata.category(ch)[0] == "N"


def _is_other(ch):
    return not (_is_space(ch) or _is_letter(ch) or _is_number(ch))


def unassigned_characters(text):
    """The characters of text that this Python's Unicode tables do not know (category Cn)."""
    return sorted({ch for ch in text if unicodedata.category(ch) == "Cn"})


def _run_end(text, start, belongs):
    end = start
    while end < len(text) and belongs(text[end]):
        end += 1
    return end


def pre_tokenize(text):
    """Splits text into the pieces encoder.py's pattern finds (re.findall), in order."""
    pieces = []
    i = 0
    n = len(text)
    while i < n:
        end = _match_at(text, i)
        pieces.append(text[i:end])
        i = end
    return pieces


def _match_at(text, i):
    """End of the pattern's match at i: its alternatives are tried in the pattern's order."""
    n = len(text)
    if text[i] == "'":
        for suffix in CONTRACTIONS:
            if text.startswith(suffix, i + 1):
                return i + 1 + len(suffix)
    # ' ?\p{L}+', ' ?\p{N}+', ' ?[^\s\p{L}\p{N}]+': an optional single space, then a run.
    for belongs in (_is_letter, _is_number, _is_other):
        start = i + 1 if text[i] == " " and i + 1 < n and belongs(text[i + 1]) else i
        if belongs(text[start]):
            return _run_end(text, start, belongs)
    # Here text[i] is white space. '\s+(?!\S)': the longest run not followed by a non-space,
    # i.e. the whole run at the end of the text, else the run less its last character.
    end = _run_end(text, i, _is_space)
    if end == n:
        return end
    if end - 1 > i:
        return end - 1
    return end  # '\s+': a single white-space character before a non-space


def bytes_to_unicode():
    """encoder.py's table: each byte 0..255 to a printable character."""
    printable = (list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1))
                 + list(range(ord("®"), ord("ÿ") + 1)))
    table = {b: chr(b) for b in printable}
    extra = 0
    for b in range(256):
        if b not in table:
            table[b] = chr(256 + extra)
            extra += 1
    return table


class Gpt2Tokenizer:
    """Byte-level BPE: encoder.py's encode(), with its vocabulary and merge ranks."""

    def __init__(self, vocab, merges):
        self.vocab = vocab                      # token string -> id
        self.ranks = {pair: rank for rank, pair in enumerate(merges)}
        self.byte_encoder = bytes_to_unicode()
        self.id_to_token = {i: t for t, i in vocab.items()}
        self._cache = {}

    def bpe(self, token):
        """encoder.py's bpe(): merges the lowest-ranked adjacent pair until none is known."""
        if token in self._cache:
            return self._cache[token]
        word = tuple(token)
        while len(word) > 1:
            pairs = set(zip(word, word[1:]))
            bigram = min(pairs, key=lambda pair: self.ranks.get(pair, float("inf")))
            if bigram not in self.ranks:
                break
            first, second = bigram
            merged = []
            i = 0
            while i < len(word):
                if i < len(word) - 1 and word[i] == first and word[i + 1] == second:
                    merged.append(first + second)
                    i += 2
                else:
                    merged.append(word[i])
                    i += 1
            word = tuple(merged)
        self._cache[token] = word
        return word

    def encode(self, text):
        """Token ids of text; a typed '<|endoftext|>' is plain text, as in encoder.py."""
        ids = []
        for piece in pre_tokenize(text):
            mapped = "".join(self.byte_encoder[b] for b in piece.encode("utf-8"))
            for token in self.bpe(mapped):
                if token not in self.vocab:
                    raise ValueError(f"the BPE token {token!r} is not in the vocabulary")
                ids.append(self.vocab[token])
        return ids


def _read_merges_txt(path):
    merges = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f.read().split("\n"), start=1):
            if line == "" or (number == 1 and line.startswith("#version")):
                continue
            parts = line.split(" ")
            if len(parts) != 2:
                raise ValueError(f"{path}: line {number} is not a merge 'a b': {line!r}")
            merges.append((parts[0], parts[1]))
    return merges


def _read_tokenizer_json(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    model = data.get("model") or {}
    if model.get("type") != "BPE":
        raise ValueError(f"{path}: model type {model.get('type')!r} is not BPE")
    pre_tokenizer = data.get("pre_tokenizer") or {}
    byte_levels = [p for p in [pre_tokenizer] + list(pre_tokenizer.get("pretokenizers", []))
                   if p.get("type") == "ByteLevel"]
    if not byte_levels:
        raise ValueError(f"{path}: no ByteLevel pre-tokenizer")
    if any(p.get("add_prefix_space") for p in byte_levels):
        raise ValueError(f"{path}: add_prefix_space is true, which GPT-2's encoder does not do")
    merges = []
    for merge in model["merges"]:
        pair = tuple(merge.split(" ")) if isinstance(merge, str) else tuple(merge)
        if len(pair) != 2:
            raise ValueError(f"{path}: merge {merge!r} is not a pair")
        merges.append(pair)
    return model["vocab"], merges


def load_tokenizer(location):
    """From a folder (tokenizer.json, else vocab.json + merges.txt) or a tokenizer.json file.

    encoder.json + vocab.bpe (OpenAI's names for the same two files) are accepted too."""
    if os.path.isfile(location):
        return Gpt2Tokenizer(*_read_tokenizer_json(location))
    tokenizer_json = os.path.join(location, "tokenizer.json")
    if os.path.isfile(tokenizer_json):
        return Gpt2Tokenizer(*_read_tokenizer_json(tokenizer_json))
    for vocab_name, merges_name in (("vocab.json", "merges.txt"), ("encoder.json", "vocab.bpe")):
        vocab_path = os.path.join(location, vocab_name)
        merges_path = os.path.join(location, merges_name)
        if os.path.isfile(vocab_path) and os.path.isfile(merges_path):
            with open(vocab_path, encoding="utf-8") as f:
                vocab = json.load(f)
            return Gpt2Tokenizer(vocab, _read_merges_txt(merges_path))
    raise ValueError(f"{location}: no tokenizer.json, nor vocab.json + merges.txt")
