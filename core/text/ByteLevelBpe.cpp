// Byte-level BPE on a sentence: GPT-2's pieces, each merged as encoder.py's bpe() does (the
// lowest-ranked adjacent pair, every occurrence from left to right, until no pair is known).
#include "core/text/ByteLevelBpe.h"

#include "core/base/Errors.h"
#include "core/text/Gpt2PreTokenizer.h"
#include "core/text/TokenDisplay.h"
#include "core/text/Utf8.h"

#include <algorithm>
#include <limits>
#include <mutex>
#include <string>
#include <utility>

namespace attnviz {
namespace {

constexpr std::uint32_t kNoRank = std::numeric_limits<std::uint32_t>::max();

/// Typing repeats the same pieces; past this many the cache starts again (pasted texts).
constexpr std::size_t kMaxCachedPieces = std::size_t{1} << 16;

std::uint64_t pairKey(int left, int right) {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(left)) << 32) | static_cast<std::uint32_t>(right);
}

}  // namespace

/// The ids of pieces already merged, shared by every thread that tokenizes.
class ByteLevelBpe::PieceCache {
public:
    bool find(std::string_view piece, std::vector<int>& ids) {
        const std::lock_guard lock(mutex_);
        const auto found = ids_.find(std::string(piece));
        if (found == ids_.end()) return false;
        ids = found->second;
        return true;
    }

    void add(std::string_view piece, const std::vector<int>& ids) {
        const std::lock_guard lock(mutex_);
        if (ids_.size() >= kMaxCachedPieces) ids_.clear();
        ids_.emplace(std::string(piece), ids);
    }

private:
    std::mutex mutex_;
    std::unordered_map<std::string, std::vector<int>> ids_;
};

ByteLevelBpe::ByteLevelBpe(std::vector<std::string> tokenBytes, const std::array<int, 256>& byteTokens,
                           std::vector<Merge> merges)
    : tokenBytes_(std::move(tokenBytes)),
      byteTokens_(byteTokens),
      merges_(std::move(merges)),
      cache_(std::make_unique<PieceCache>()) {
    ranks_.reserve(merges_.size());
    // A pair listed twice keeps its last rank, as encoder.py's dict(zip(merges, range(…))) does.
    for (std::size_t rank = 0; rank < merges_.size(); ++rank)
        ranks_.insert_or_assign(pairKey(merges_[rank].left, merges_[rank].right), static_cast<std::uint32_t>(rank));
}

ByteLevelBpe::ByteLevelBpe(ByteLevelBpe&&) noexcept = default;
ByteLevelBpe& ByteLevelBpe::operator=(ByteLevelBpe&&) noexcept = default;
ByteLevelBpe::~ByteLevelBpe() = default;

std::uint32_t ByteLevelBpe::rankOf(int left, int right) const {
    const auto found = ranks_.find(pairKey(left, right));
    return found == ranks_.end() ? kNoRank : found->second;
}

void ByteLevelBpe::mergePiece(std::string_view piece, std::vector<int>& ids) const {
    ids.clear();
    for (const char byte : piece) ids.push_back(byteTokens_[static_cast<unsigned char>(byte)]);
    // pairRanks[i]: the rank of (ids[i], ids[i + 1]). After a merge only the pairs that touch a
    // merged token are looked up again; the others keep their rank.
    std::vector<std::uint32_t> pairRanks;
    for (std::size_t i = 0; i + 1 < ids.size(); ++i) pairRanks.push_back(rankOf(ids[i], ids[i + 1]));
    std::vector<int> next;
    std::vector<std::uint32_t> nextRanks;
    std::vector<std::size_t> origin;  // next[j] = ids[origin[j]], or kMerged when j was just merged
    constexpr std::size_t kMerged = std::numeric_limits<std::size_t>::max();
    while (!pairRanks.empty()) {
        const std::uint32_t best = *std::min_element(pairRanks.begin(), pairRanks.end());
        if (best == kNoRank) break;
        const Merge& merge = merges_[best];
        next.clear();
        origin.clear();
        for (std::size_t i = 0; i < ids.size();) {
            if (i + 1 < ids.size() && pairRanks[i] == best) {
                next.push_back(merge.merged);
                origin.push_back(kMerged);
                i += 2;
            } else {
                next.push_back(ids[i]);
                origin.push_back(i);
                i += 1;
            }
        }
        nextRanks.clear();
        for (std::size_t j = 0; j + 1 < next.size(); ++j) {
            const bool untouched = origin[j] != kMerged && origin[j + 1] != kMerged;
            nextRanks.push_back(untouched ? pairRanks[origin[j]] : rankOf(next[j], next[j + 1]));
        }
        ids.swap(next);
        pairRanks.swap(nextRanks);
    }
}

std::vector<Token> ByteLevelBpe::tokenize(std::string_view utf8, std::size_t maxTokens) const {
    validateUtf8(utf8);
    if (utf8.empty()) throw InputError(ErrorCode::EmptySentence);
    std::vector<Token> tokens;
    std::vector<int> ids;
    for (const ByteSpan& span : gpt2Pieces(utf8)) {
        const std::string_view piece = utf8.substr(span.begin, span.end - span.begin);
        if (!cache_->find(piece, ids)) {
            mergePiece(piece, ids);
            cache_->add(piece, ids);
        }
        std::size_t begin = span.begin;
        for (const int id : ids) {
            if (tokens.size() == maxTokens) throw InputError(ErrorCode::BpeTooManyTokens, {std::to_string(maxTokens)});
            const std::string& bytes = bytesOf(id);
            tokens.push_back({readableToken(bytes), begin, begin + bytes.size(), id});
            begin += bytes.size();
        }
    }
    return tokens;
}

}  // namespace attnviz
