#include "core/gpt2/Gpt2Checkpoint.h"

#include <system_error>
#include <utility>

#include "core/base/Errors.h"

namespace attnviz::gpt2 {
namespace {

namespace fs = std::filesystem;

bool isFile(const fs::path& path) {
    std::error_code ignored;
    return fs::is_regular_file(path, ignored);
}

/// The tokenizer's files; FormatError ModelNoTokenizer when the folder has neither set.
Gpt2TokenizerFiles locateTokenizer(const fs::path& folder) {
    Gpt2TokenizerFiles files;
    if (isFile(folder / "vocab.json") && isFile(folder / "merges.txt")) {
        files.vocabJson = folder / "vocab.json";
        files.mergesTxt = folder / "merges.txt";
    }
    if (isFile(folder / "tokenizer.json")) files.tokenizerJson = folder / "tokenizer.json";
    if (files.vocabJson.empty() && files.tokenizerJson.empty())
        throw FormatError(ErrorCode::ModelNoTokenizer, {}, folder.string());
    return files;
}

/// model.safetensors, or a refusal that says why it is not there.
fs::path safetensorsPath(const fs::path& folder) {
    fs::path path = folder / "model.safetensors";
    if (isFile(path)) return path;
    if (isFile(folder / "pytorch_model.bin")) throw FormatError(ErrorCode::ModelPickleOnly, {}, folder.string());
    throw IoError(ErrorCode::ModelFileMissing, {"model.safetensors"}, folder.string());
}

}  // namespace

Gpt2Checkpoint Gpt2Checkpoint::open(const fs::path& folder) {
    std::error_code error;
    const fs::file_status status = fs::status(folder, error);
    if (!fs::exists(status)) throw IoError(ErrorCode::ModelNoSuchFolder, {folder.string()});
    if (!fs::is_directory(status)) throw IoError(ErrorCode::ModelNotAFolder, {folder.string()});
    const fs::path configPath = folder / "config.json";
    if (!isFile(configPath)) throw IoError(ErrorCode::ModelFileMissing, {"config.json"}, folder.string());
    const Gpt2Config config = readGpt2Config(configPath);
    const fs::path weightsPath = safetensorsPath(folder);
    Gpt2TokenizerFiles tokenizerFiles = locateTokenizer(folder);

    SafetensorsFile file(weightsPath);
    try {
        Gpt2Tensors tensors = readGpt2Tensors(file, config);
        return Gpt2Checkpoint(folder, std::move(tokenizerFiles), std::move(file), std::move(tensors));
    } catch (const FormatError& refusal) {
        throw FormatError(within(weightsPath.string(), refusal.message()));
    }
}

Gpt2Checkpoint::Gpt2Checkpoint(fs::path folder, Gpt2TokenizerFiles tokenizerFiles, SafetensorsFile file,
                               Gpt2Tensors tensors)
    : folder_(std::move(folder)),
      tokenizerFiles_(std::move(tokenizerFiles)),
      file_(std::move(file)),
      tensors_(std::move(tensors)) {}

}  // namespace attnviz::gpt2
