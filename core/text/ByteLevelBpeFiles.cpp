// The files of a GPT-2-family tokenizer: vocab.json + merges.txt, or tokenizer.json. Other tools
// write them, so unknown fields are ignored; every damage is refused naming the file and field.
#include "core/base/Errors.h"
#include "core/base/Limits.h"
#include "core/base/NumberText.h"
#include "core/io/FileReading.h"
#include "core/io/JsonReader.h"
#include "core/text/ByteLevelBpe.h"

#include <unicode/utf8.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

namespace attnviz {
namespace {

constexpr JsonFormat kTokenizerFile{.name = {},
                                    .version = 1,
                                    .damaged = ErrorCode::BpeDamaged,
                                    .empty = ErrorCode::BpeEmpty,
                                    .notAnObject = ErrorCode::BpeVocabNotObject,
                                    .formatMissing = ErrorCode::BpeDamaged,
                                    .wrongFormat = ErrorCode::BpeDamaged,
                                    .newerVersion = ErrorCode::BpeDamaged,
                                    .invalidVersion = ErrorCode::BpeDamaged};

/// encoder.py's bytes_to_unicode() read backwards: which byte each of its 256 characters stands
/// for. Printable Latin-1 bytes stand for themselves; the other 68 get U+0100, U+0101, … in order.
class ByteAlphabet {
public:
    ByteAlphabet() {
        byteOf_.fill(-1);
        int extra = 0;
        for (int byte = 0; byte < 256; ++byte) {
            const bool printable = (byte >= '!' && byte <= '~') || (byte >= 0xA1 && byte <= 0xAC) || byte >= 0xAE;
            const int c = printable ? byte : 256 + extra++;
            byteOf_[static_cast<std::size_t>(c)] = byte;
            characterOf_[static_cast<std::size_t>(byte)] = c;
        }
    }

    /// The byte character c stands for, or −1.
    [[nodiscard]] int byteOf(UChar32 c) const {
        return c >= 0 && static_cast<std::size_t>(c) < byteOf_.size() ? byteOf_[static_cast<std::size_t>(c)] : -1;
    }

    /// The character that stands for byte, in UTF-8 ("Ġ" for the space).
    [[nodiscard]] std::string characterOf(int byte) const {
        const int c = characterOf_[static_cast<std::size_t>(byte)];
        if (c < 0x80) return std::string(1, static_cast<char>(c));
        return {static_cast<char>(0xC0 | c >> 6), static_cast<char>(0x80 | (c & 0x3F))};
    }

private:
    std::array<int, 256 + 68> byteOf_{};
    std::array<int, 256> characterOf_{};
};

/// The vocabulary as the merges need it.
struct Vocabulary {
    std::unordered_map<std::string, int> idOf;  ///< the file's strings ("Ġchat")
    std::vector<std::string> bytesOf;           ///< by id (" chat")
    std::array<int, 256> byteTokens{};          ///< the id of each byte alone
};

/// The bytes a vocabulary string stands for; `token` refuses one that is not byte-level.
std::string bytesOfToken(const std::string& text, const JsonReader& token, const ByteAlphabet& alphabet) {
    std::string bytes;
    const auto* data = reinterpret_cast<const std::uint8_t*>(text.data());
    const auto size = static_cast<std::int64_t>(text.size());
    for (std::int64_t i = 0; i < size;) {
        UChar32 c = 0;
        U8_NEXT(data, i, size, c);  // the JSON parser has checked the UTF-8
        const int byte = alphabet.byteOf(c);
        if (byte < 0) {
            const auto byteAt = [c](int shift) { return static_cast<unsigned char>((c >> shift) & 0xFF); };
            std::string codePoint = hexByte(byteAt(8)) + hexByte(byteAt(0));
            if (c > 0xFFFF) codePoint = hexByte(byteAt(16)) + codePoint;
            token.fail(ErrorCode::BpeTokenNotByteLevel, {text, codePoint});
        }
        bytes += static_cast<char>(byte);
    }
    return bytes;
}

/// {token: id, …}: ids 0 to n − 1, each once, and a token for each of the 256 bytes.
Vocabulary readVocabulary(const JsonReader& vocab) {
    if (!vocab.value().is_object()) vocab.failKind(ErrorCode::BpeVocabNotObject);
    const auto members = vocab.members(KeyStyle::Quoted);
    if (members.empty()) vocab.fail(ErrorCode::BpeVocabEmpty);
    const ByteAlphabet alphabet;
    Vocabulary result;
    result.idOf.reserve(members.size());
    result.bytesOf.resize(members.size());
    std::vector<const std::string*> tokenOfId(members.size(), nullptr);
    for (const auto& [text, value] : members) {
        const int id = value.index();
        if (static_cast<std::size_t>(id) >= members.size())
            value.fail(ErrorCode::BpeIdBeyondSize, {text, std::to_string(id), std::to_string(members.size()),
                                                    std::to_string(members.size() - 1)});
        if (tokenOfId[static_cast<std::size_t>(id)] != nullptr)
            value.fail(ErrorCode::BpeIdTwice, {std::to_string(id), *tokenOfId[static_cast<std::size_t>(id)], text});
        tokenOfId[static_cast<std::size_t>(id)] = &text;
        result.bytesOf[static_cast<std::size_t>(id)] = bytesOfToken(text, value, alphabet);
        result.idOf.emplace(text, id);
    }
    result.byteTokens.fill(-1);
    for (std::size_t id = 0; id < result.bytesOf.size(); ++id)
        if (result.bytesOf[id].size() == 1)
            result.byteTokens[static_cast<unsigned char>(result.bytesOf[id][0])] = static_cast<int>(id);
    for (int byte = 0; byte < 256; ++byte) {
        if (result.byteTokens[static_cast<std::size_t>(byte)] < 0)
            vocab.fail(ErrorCode::BpeByteMissing, {hexByte(static_cast<unsigned char>(byte)), alphabet.characterOf(byte)});
    }
    return result;
}

/// "a b" as {"a", "b"}, or nullopt when the text is not two tokens separated by one space.
std::optional<std::pair<std::string, std::string>> splitMerge(std::string_view text) {
    const std::size_t space = text.find(' ');
    if (space == 0 || space == std::string_view::npos || space + 1 == text.size() ||
        text.find(' ', space + 1) != std::string_view::npos)
        return std::nullopt;
    return std::pair{std::string(text.substr(0, space)), std::string(text.substr(space + 1))};
}

/// The merge (left, right) as ids, or the name of the first of left, right and left + right that
/// the vocabulary does not have.
std::variant<ByteLevelBpe::Merge, std::string> lookUp(const Vocabulary& vocabulary, const std::string& left,
                                                      const std::string& right) {
    ByteLevelBpe::Merge merge;
    const std::string merged = left + right;
    const std::pair<const std::string*, int*> parts[] = {{&left, &merge.left}, {&right, &merge.right}, {&merged, &merge.merged}};
    for (const auto& [text, id] : parts) {
        const auto found = vocabulary.idOf.find(*text);
        if (found == vocabulary.idOf.end()) return *text;
        *id = found->second;
    }
    return merge;
}

/// How a refusal names a part of tokenizer.json: its "type" ("\"NFC\""), or the value itself (null).
std::string typeName(const nlohmann::json& part) {
    const auto type = part.is_object() ? part.find("type") : part.end();
    return (type != part.end() ? *type : part).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

ByteLevelBpe ByteLevelBpe::fromVocabAndMerges(const std::filesystem::path& vocabJson,
                                              const std::filesystem::path& mergesTxt) {
    const std::string vocabText = readWholeFile(vocabJson, limits::kMaxTokenizerFileBytes);
    const std::string mergesText = readWholeFile(mergesTxt, limits::kMaxTokenizerFileBytes);
    return fromVocabAndMergesText(vocabText, mergesText, vocabJson.string(), mergesTxt.string());
}

ByteLevelBpe ByteLevelBpe::fromTokenizerJson(const std::filesystem::path& tokenizerJson) {
    return fromTokenizerJsonText(readWholeFile(tokenizerJson, limits::kMaxTokenizerFileBytes), tokenizerJson.string());
}

ByteLevelBpe ByteLevelBpe::fromVocabAndMergesText(std::string_view vocabJson, std::string_view text,
                                                  std::string_view vocabName, std::string_view mergesName) {
    const nlohmann::json vocabDocument = parseJson(vocabJson, kTokenizerFile, vocabName);
    Vocabulary vocabulary =
        readVocabulary(JsonReader(vocabDocument, std::string(vocabName), UnknownFields::Ignore, RootName::File));

    std::vector<Merge> merges;
    std::size_t lineNumber = 0;
    for (std::size_t start = 0; start < text.size();) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string line(text.substr(start, end - start));
        start = end + 1;
        // A file saved on Windows: '\r' is never part of a byte-level token (it stands as "Č").
        if (!line.empty() && line.back() == '\r') line.pop_back();
        ++lineNumber;
        if (line.empty() || (lineNumber == 1 && line.rfind("#version", 0) == 0)) continue;
        const auto pair = splitMerge(line);
        if (!pair)
            throw FormatError(ErrorCode::BpeMergesLineNotPair, {std::to_string(lineNumber), line}, std::string(mergesName));
        const auto& [left, right] = *pair;
        auto merge = lookUp(vocabulary, left, right);
        if (const auto* missing = std::get_if<std::string>(&merge))
            throw FormatError(ErrorCode::BpeMergesLineUnknown, {std::to_string(lineNumber), left, right, *missing},
                              std::string(mergesName));
        merges.push_back(std::get<Merge>(merge));
    }
    return {std::move(vocabulary.bytesOf), vocabulary.byteTokens, std::move(merges)};
}

ByteLevelBpe ByteLevelBpe::fromTokenizerJsonText(std::string_view tokenizerJson, std::string_view name) {
    const nlohmann::json document = parseJson(tokenizerJson, kTokenizerFile, name);
    const JsonReader root(document, std::string(name), UnknownFields::Ignore, RootName::File);
    root.object({});

    if (const std::optional<JsonReader> normalizer = root.field("normalizer"); normalizer && !normalizer->isNull())
        normalizer->fail(ErrorCode::BpeNormalizer, {typeName(normalizer->value())});
    const JsonReader preTokenizer = root.required("pre_tokenizer");
    if (preTokenizer.isNull() || preTokenizer.required("type").string() != "ByteLevel")
        preTokenizer.fail(ErrorCode::BpeNotByteLevel, {typeName(preTokenizer.value())});
    if (const std::optional<JsonReader> prefix = preTokenizer.field("add_prefix_space"); prefix && prefix->boolean())
        prefix->fail(ErrorCode::BpeAddsPrefixSpace);
    if (const std::optional<JsonReader> pattern = preTokenizer.field("use_regex"); pattern && !pattern->boolean())
        pattern->fail(ErrorCode::BpeWithoutPattern);

    const JsonReader model = root.required("model");
    // Files written before tokenizers saved the model's type have none; theirs is BPE when it has merges.
    if (const std::optional<JsonReader> type = model.field("type"); type && type->string() != "BPE")
        model.fail(ErrorCode::BpeNotBpe, {typeName(model.value())});
    Vocabulary vocabulary = readVocabulary(model.required("vocab"));

    std::vector<Merge> merges;
    for (const JsonReader& item : model.required("merges").items()) {
        std::optional<std::pair<std::string, std::string>> pair;
        const nlohmann::json& value = item.value();
        if (value.is_string()) {
            pair = splitMerge(value.get_ref<const std::string&>());
            if (!pair) item.fail(ErrorCode::BpeMergeNotPair, {value.get<std::string>()});
        } else if (value.is_array() && value.size() == 2 && value[0].is_string() && value[1].is_string()) {
            pair.emplace(value[0].get<std::string>(), value[1].get<std::string>());
        } else {
            item.failKind(ErrorCode::BpeMergeExpected);
        }
        const auto& [left, right] = *pair;
        auto merge = lookUp(vocabulary, left, right);
        if (const auto* missing = std::get_if<std::string>(&merge))
            item.fail(ErrorCode::BpeMergeUnknown, {left, right, *missing});
        merges.push_back(std::get<Merge>(merge));
    }
    return {std::move(vocabulary.bytesOf), vocabulary.byteTokens, std::move(merges)};
}

}  // namespace attnviz
