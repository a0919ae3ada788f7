#include "core/gpt2/Gpt2Model.h"

#include <string>
#include <utility>

#include "core/base/Errors.h"
#include "core/text/TokenDisplay.h"

namespace attnviz::gpt2 {
namespace {

namespace fs = std::filesystem;

/// The folder's own name, also when the path ends with a separator ("models/gpt2/").
std::string folderName(const fs::path& folder) {
    fs::path path = folder.lexically_normal();
    if (path.filename().empty()) path = path.parent_path();
    return path.filename().string();
}

ByteLevelBpe readTokenizer(const Gpt2TokenizerFiles& files) {
    if (!files.vocabJson.empty()) return ByteLevelBpe::fromVocabAndMerges(files.vocabJson, files.mergesTxt);
    return ByteLevelBpe::fromTokenizerJson(files.tokenizerJson);
}

Eigen::MatrixXd toDouble(const RowMatrix<float>& m) { return m.cast<double>(); }

/// Columns [first, first + count) of a row-major float32 matrix, in float64.
Eigen::MatrixXd columnsOf(const MatrixView& m, int first, int count) {
    const Eigen::Map<const RowMatrix<float>> all(m.data, m.rows, m.cols);
    return all.middleCols(first, count).cast<double>();
}

}  // namespace

Gpt2Model::Gpt2Model(std::string name, Gpt2Checkpoint checkpoint, ByteLevelBpe tokenizer)
    : name_(std::move(name)), checkpoint_(std::move(checkpoint)), tokenizer_(std::move(tokenizer)) {}

Gpt2Model Gpt2Model::open(const fs::path& folder) {
    Gpt2Checkpoint checkpoint = Gpt2Checkpoint::open(folder);
    ByteLevelBpe tokenizer = readTokenizer(checkpoint.tokenizerFiles());
    return Gpt2Model(folderName(folder), std::move(checkpoint), std::move(tokenizer));
}

std::vector<Token> Gpt2Model::tokenize(std::string_view sentence) const {
    return tokenizer_.tokenize(sentence, static_cast<std::size_t>(config().positions));
}

std::string Gpt2Model::tokenText(int id) const {
    if (id < 0 || static_cast<std::size_t>(id) >= tokenizer_.size()) return {};
    return readableToken(tokenizer_.bytesOf(id));
}

AttentionConfig Gpt2Model::attentionConfig() const {
    AttentionConfig attention;
    attention.dModel = config().embedding;
    attention.heads = config().heads;
    attention.scaleBySqrtDk = true;
    attention.temperature = 1.0;
    attention.positionalEncoding = false;
    attention.preset = ProjectionPreset::Model;
    attention.mask = MaskConfig{};
    attention.mask.causal = true;
    attention.maxTokens = static_cast<std::size_t>(config().positions);
    return attention;
}

Gpt2Trace Gpt2Model::forward(const std::vector<Token>& tokens, const ForwardOptions& options) const {
    std::vector<int> ids;
    ids.reserve(tokens.size());
    for (const Token& token : tokens) ids.push_back(token.id);
    return runForward(checkpoint_.weights(), ids, options);
}

AttentionTrace Gpt2Model::layerTrace(const std::vector<Token>& tokens, const Gpt2Trace& trace, int layer,
                                     const std::atomic<bool>* cancel) const {
    const int layers = static_cast<int>(trace.layers.size());
    if (layer < 0 || layer >= layers)
        throw ConfigError(ErrorCode::ModelNoSuchLayer, {std::to_string(layer + 1), std::to_string(layers)});
    const Gpt2LayerTrace& computed = trace.layers[static_cast<std::size_t>(layer)];
    const Gpt2Layer& weights = checkpoint_.weights().layers[static_cast<std::size_t>(layer)];
    const int d = config().embedding;

    ModelLayer model;
    model.x = toDouble(computed.input);
    model.q = toDouble(computed.queries);
    model.k = toDouble(computed.keys);
    model.v = toDouble(computed.values);
    model.wq = columnsOf(weights.attnWeight, 0, d);  // c_attn's columns are Q | K | V
    model.wk = columnsOf(weights.attnWeight, d, d);
    model.wv = columnsOf(weights.attnWeight, 2 * d, d);
    model.wo = columnsOf(weights.attnProjWeight, 0, d);
    model.outputBias = Eigen::Map<const Eigen::RowVectorXf>(weights.attnProjBias.data(), d).cast<double>();
    model.origin.model = name_;
    model.origin.layer = layer;
    model.origin.layers = layers;
    model.origin.tokenIds = trace.tokenIds;
    for (const NextToken& next : trace.nextTokens)
        model.origin.nextTokens.push_back({next.id, tokenText(next.id), next.probability});
    return AttentionTrace::fromLayer(tokens, attentionConfig(), std::move(model), cancel);
}

}  // namespace attnviz::gpt2
