#pragma once
// GPT-2's tokenizer: byte-level BPE, exactly as OpenAI's encoder.py (README, "GPT-2 tokenizer").
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/text/Tokenizer.h"

namespace attnviz {

/// A GPT-2-family vocabulary and its merges, and the tokenizer they make: the sentence is split
/// by GPT-2's pattern (core/text/Gpt2PreTokenizer.h), each piece's bytes become the vocabulary's
/// byte tokens, and adjacent tokens are merged, lowest rank first, until no known pair is left.
/// A typed "<|endoftext|>" is plain text. Thread-safe; move-only (it owns a cache of pieces).
class ByteLevelBpe {
public:
    /// From Hugging Face's vocab.json ({token: id}) and merges.txt (one "a b" merge a line, by
    /// rank; a first line "#version …" is a comment; empty lines are skipped; "\r\n" ends a
    /// line too) — OpenAI's encoder.json and vocab.bpe are the same files. Throws IoError (a
    /// file cannot be read) or FormatError naming the file, the field or line, and the problem.
    static ByteLevelBpe fromVocabAndMerges(const std::filesystem::path& vocabJson,
                                           const std::filesystem::path& mergesTxt);
    /// From a Hugging Face tokenizer.json whose model is BPE (model.vocab; model.merges as "a b"
    /// strings or [a, b] pairs) and whose pre-tokenizer is ByteLevel, without a normalizer, a
    /// prefix space or use_regex false. Other fields are ignored. Throws as fromVocabAndMerges.
    static ByteLevelBpe fromTokenizerJson(const std::filesystem::path& tokenizerJson);
    /// The same two readers on the files' bytes (what the file readers call), their refusals
    /// naming vocabName, mergesName or name as they would the files. Throw FormatError only.
    static ByteLevelBpe fromVocabAndMergesText(std::string_view vocabJson, std::string_view mergesTxt,
                                               std::string_view vocabName, std::string_view mergesName);
    static ByteLevelBpe fromTokenizerJsonText(std::string_view tokenizerJson, std::string_view name);

    ByteLevelBpe(ByteLevelBpe&&) noexcept;
    ByteLevelBpe& operator=(ByteLevelBpe&&) noexcept;
    ~ByteLevelBpe();

    /// The tokens of a UTF-8 sentence: id, byte span (the spans cover the sentence exactly) and
    /// readable text (core/text/TokenDisplay.h). Throws InputError for invalid UTF-8 (naming the
    /// byte offset), an empty sentence, and more than maxTokens tokens (a model's n_positions).
    [[nodiscard]] std::vector<Token> tokenize(std::string_view utf8, std::size_t maxTokens) const;

    /// Number of tokens in the vocabulary (ids 0 to size() − 1).
    [[nodiscard]] std::size_t size() const { return tokenBytes_.size(); }
    /// The bytes token `id` stands for (" chat" for "Ġchat"); id must be below size().
    [[nodiscard]] const std::string& bytesOf(int id) const { return tokenBytes_[static_cast<std::size_t>(id)]; }

    /// One merge: the tokens left and right (ids) become merged.
    struct Merge {
        int left = 0;
        int right = 0;
        int merged = 0;
    };

private:
    class PieceCache;

    /// tokenBytes by id; byteTokens[b]: the id of the token of the byte b alone; merges by rank.
    ByteLevelBpe(std::vector<std::string> tokenBytes, const std::array<int, 256>& byteTokens,
                 std::vector<Merge> merges);

    /// The ids of one piece of the sentence (encoder.py's bpe()).
    void mergePiece(std::string_view piece, std::vector<int>& ids) const;
    [[nodiscard]] std::uint32_t rankOf(int left, int right) const;

    std::vector<std::string> tokenBytes_;
    std::array<int, 256> byteTokens_{};
    std::vector<Merge> merges_;                               ///< by rank
    std::unordered_map<std::uint64_t, std::uint32_t> ranks_;  ///< (left << 32 | right) → rank
    std::unique_ptr<PieceCache> cache_;
};

}  // namespace attnviz
