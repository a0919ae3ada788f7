#include "ui/i18n/CoreMessages.h"

#include <QCoreApplication>

#include <string>
#include <vector>

namespace attnviz::ui {
namespace {

// Only for tr(): the translations live in this context of the .ts files.
class CoreMessages {
    Q_DECLARE_TR_FUNCTIONS(attnviz::ui::CoreMessages)

public:
    /// The sentence of each code of core/base/ErrorCodes.h, as tr() templates: the English text is
    /// the core's, word for word (a test compares them), %1, %2 … its arguments.
    static QString sentence(ErrorCode code) {
        switch (code) {
        case ErrorCode::Uncoded: return QStringLiteral("%1");  // worded by the window or the command line
        case ErrorCode::Cancelled: return tr("computation cancelled");
        case ErrorCode::GotNull: return tr("(got null)");
        case ErrorCode::GotBoolean: return tr("(got a boolean)");
        case ErrorCode::GotString: return tr("(got a string)");
        case ErrorCode::GotArray: return tr("(got an array)");
        case ErrorCode::GotObject: return tr("(got an object)");
        case ErrorCode::GotFraction: return tr("(got a fractional number)");
        case ErrorCode::GotNegativeInteger: return tr("(got a negative integer)");
        case ErrorCode::GotInteger: return tr("(got an integer)");
        case ErrorCode::EmptySentence: return tr("the sentence is empty: type at least one word");
        case ErrorCode::TooManyTokens: return tr("the sentence has %1 tokens, more than the limit of %2");
        case ErrorCode::MoreTokensThanLimit: return tr("the sentence has more than %1 tokens (limit %2)");
        case ErrorCode::SentenceTooLong: return tr("the sentence is too long (%1 bytes; limit %2)");
        case ErrorCode::Utf8LoneContinuation:
            return tr("invalid UTF-8 at byte %1 (0x%2): continuation byte without a lead byte");
        case ErrorCode::Utf8Overlong: return tr("invalid UTF-8 at byte %1 (0x%2): overlong encoding");
        case ErrorCode::Utf8BeyondUnicode: return tr("invalid UTF-8 at byte %1 (0x%2): code point above U+10FFFF");
        case ErrorCode::Utf8CutByTheEnd:
            return tr("invalid UTF-8 at byte %1 (0x%2): sequence truncated by the end of the text");
        case ErrorCode::Utf8Truncated: return tr("invalid UTF-8 at byte %1 (0x%2): truncated sequence");
        case ErrorCode::Utf8Surrogate: return tr("invalid UTF-8 at byte %1 (0x%2): UTF-16 surrogate code point");
        case ErrorCode::IcuNoWordIterator: return tr("cannot create the ICU word break iterator: %1");
        case ErrorCode::IcuCannotOpen: return tr("ICU cannot open the sentence: %1");
        case ErrorCode::IcuCannotSegment: return tr("ICU cannot segment the sentence: %1");
        case ErrorCode::BpeTooManyTokens:
            return tr("the sentence has more than %1 tokens: the model reads at most %1 at once");
        case ErrorCode::BpeDamaged: return tr("not JSON: %1");
        case ErrorCode::BpeEmpty: return tr("the file is empty");
        case ErrorCode::BpeVocabNotObject: return tr("the vocabulary is not an object of tokens and their ids");
        case ErrorCode::BpeVocabEmpty: return tr("the vocabulary is empty");
        case ErrorCode::BpeIdBeyondSize: return tr("\"%1\" has the id %2: the %3 tokens must have the ids 0 to %4");
        case ErrorCode::BpeIdTwice: return tr("the id %1 is given to \"%2\" and to \"%3\"");
        case ErrorCode::BpeTokenNotByteLevel: return tr("\"%1\" is not a byte-level token: U+%2 stands for no byte");
        case ErrorCode::BpeByteMissing:
            return tr("the vocabulary has no token for the byte 0x%1 (\"%2\"): a byte-level vocabulary has all 256");
        case ErrorCode::BpeMergesLineNotPair: return tr("line %1: \"%2\" is not two tokens separated by one space");
        case ErrorCode::BpeMergesLineUnknown:
            return tr("line %1: the merge \"%2 %3\" needs \"%4\", which is not in the vocabulary");
        case ErrorCode::BpeMergeExpected: return tr("expected a merge \"a b\" or [\"a\", \"b\"]");
        case ErrorCode::BpeMergeNotPair: return tr("\"%1\" is not two tokens separated by one space");
        case ErrorCode::BpeMergeUnknown: return tr("the merge \"%1 %2\" needs \"%3\", which is not in the vocabulary");
        case ErrorCode::BpeNotBpe:
            return tr("the model is %1, not \"BPE\": AttnViz reads GPT-2's byte-level BPE tokenizers");
        case ErrorCode::BpeNotByteLevel:
            return tr("the pre-tokenizer is %1, not \"ByteLevel\": AttnViz reads GPT-2's byte-level BPE tokenizers");
        case ErrorCode::BpeAddsPrefixSpace:
            return tr("true adds a space before the text, which GPT-2's tokenizer does not do");
        case ErrorCode::BpeWithoutPattern:
            return tr("false leaves out GPT-2's pre-tokenization pattern, which AttnViz always applies");
        case ErrorCode::BpeNormalizer:
            return tr("the normalizer %1 changes the text before it is tokenized, which GPT-2's tokenizer does not do");
        case ErrorCode::DModelTooSmall: return tr("d_model must be at least 1 (it is %1)");
        case ErrorCode::DModelTooLarge: return tr("d_model must be at most %1 (it is %2)");
        case ErrorCode::TooFewHeads: return tr("the number of heads must be at least 1 (it is %1)");
        case ErrorCode::TeachingDModel:
            return tr("the teaching model has %1 dimensions: d_model must be %1 (it is %2)");
        // %3: the head counts that work, "or" before the last (argsFor joins the core's two lists).
        case ErrorCode::TeachingHeadsDoNotDivide: return tr("%1 heads do not divide the teaching model's %2 dimensions: choose %3 heads");
        case ErrorCode::HeadsDoNotDivide:
            return tr("%1 heads do not divide d_model = %2: d_k = d_model / heads must be a whole number");
        case ErrorCode::BadTemperature: return tr("the temperature T must be a finite number greater than 0");
        case ErrorCode::TemperatureTooSmall: return tr("the temperature T must be at least %1 (it is %2)");
        case ErrorCode::NegativeWindow: return tr("the sliding window must be at least 1 (0 turns it off)");
        case ErrorCode::NegativeGlobalToken: return tr("a global token position cannot be negative (%1)");
        case ErrorCode::NegativePadTo: return tr("pad-to length cannot be negative");
        case ErrorCode::PadToTooLarge: return tr("pad-to length must be at most %1 (it is %2)");
        case ErrorCode::NegativeCustomCell: return tr("a custom-masked cell cannot have a negative position");
        case ErrorCode::TokenLimitTooSmall: return tr("the token limit must be at least 1");
        case ErrorCode::TokenLimitTooLarge: return tr("the token limit must be at most %1 (it is %2)");
        case ErrorCode::SuppliedShape: return tr("%1 must be %2×%2 (d_model × d_model), it is %3×%4");
        case ErrorCode::SuppliedNotFinite: return tr("%1 holds a NaN or infinite value");
        case ErrorCode::NoSuchHead: return tr("head %1 does not exist (there are %2)");
        case ErrorCode::NoSuchLayer: return tr("layer %1 does not exist (there are %2)");
        case ErrorCode::StackTokenCount: return tr("%1 token texts given for a forward pass of %2 tokens");
        case ErrorCode::StackWeightCount: return tr("%1 weight matrices given for %2 heads in all");
        case ErrorCode::StackRoleCount:
            return tr("%1 head roles given: expected %2 (one per head) or %3 (one per head of each layer)");
        case ErrorCode::ValuesOverflow:
            return tr("%1 has values beyond the range of a double (±1.8e308): use smaller weights");
        case ErrorCode::ScoresOverflow:
            return tr("head %1: %2 can exceed the range of a double (±1.8e308): use smaller weights or a larger "
                      "temperature T");
        case ErrorCode::BlockOutside: return tr("block outside the %1 matrix");
        case ErrorCode::CellOutside: return tr("cell (%1, %2) is outside the %3×%3 matrix");
        case ErrorCode::KernelShapes:
            return tr("attention inputs disagree: Q is %1×%2, K is %3×%4, V has %5 rows, the mask %6");
        case ErrorCode::TokenIdOutsideVocabulary:
            return tr("token id %1 at position %2 is outside the model's vocabulary of %3 tokens");
        case ErrorCode::CostUnknownKernel:
            return tr("\"%1\" is not a kernel: choose naive, exact, flash, window, sparse or linear");
        case ErrorCode::CostScoreMatrixTooLarge: return tr("%1 at n = %2 needs %3 for one score matrix (limit %4)");
        case ErrorCode::CostWeightsTooLarge: return tr("the n × n weights at n = %1 need %2 (limit %3)");
        case ErrorCode::CostMemoryTooLarge: return tr("%1 at n = %2, d = %3 needs %4 (limit %5)");
        case ErrorCode::CostTileTooSmall: return tr("the Flash tile size must be at least 1 (it is %1)");
        case ErrorCode::CostWindowTooSmall: return tr("the window w must be at least 1 (it is %1)");
        case ErrorCode::CostBlockTooSmall: return tr("the sparse block size must be at least 1 (it is %1)");
        case ErrorCode::CostNegativeBlocks: return tr("the numbers of global and random blocks cannot be negative");
        case ErrorCode::CostGlobalTokenOutside: return tr("global token %1 is outside the %2 positions (0 to %3)");
        case ErrorCode::CostRealKeysOutside:
            return tr("the number of real keys must be between 0 and n = %1 (it is %2)");
        case ErrorCode::CostPlanEmpty: return tr("choose at least one kernel and one size n");
        case ErrorCode::CostPlanBelowOne: return tr("%1 must be at least 1 (it is %2)");
        case ErrorCode::CostComparisonTooLarge:
            return tr("the comparison draws n × n weights: at most %1 positions (there are %2)");
        case ErrorCode::OpenNoSuchFile: return tr("cannot open %1: no such file");
        case ErrorCode::OpenPermission: return tr("cannot open %1: permission denied");
        case ErrorCode::OpenFolder: return tr("cannot open %1: it is a folder");
        case ErrorCode::OpenFailed: return tr("cannot open %1: %2");
        case ErrorCode::ReadFailed: return tr("cannot read %1: %2");
        case ErrorCode::ReadTooLarge:
            return tr("cannot read %1: it is larger than %2 MiB, the limit for this kind of file");
        case ErrorCode::ReadNotText: return tr("cannot read %1: byte %2 is a NUL byte, so it is not a text file");
        case ErrorCode::MapEmptyFile: return tr("cannot open %1: the file is empty");
        case ErrorCode::MapNotAFile: return tr("cannot open %1: it is not a regular file");
        case ErrorCode::MapFailed: return tr("cannot map %1 into memory: %2");
        case ErrorCode::WriteNotAFileName: return tr("cannot write %1: not a file name");
        case ErrorCode::WriteNotAFolder: return tr("cannot write %1: %2 is not a folder");
        case ErrorCode::WriteNoFolder: return tr("cannot write %1: the folder %2 does not exist");
        case ErrorCode::WriteFolderPermission: return tr("cannot write %1: permission denied for the folder %2");
        case ErrorCode::WriteFolderFailed: return tr("cannot write %1: %2: %3");
        case ErrorCode::WriteFolderUnusable: return tr("cannot write %1: the folder cannot be used");
        case ErrorCode::WriteDiskFull: return tr("cannot write %1: disk full or file size limit reached");
        case ErrorCode::WriteFileTooLarge: return tr("cannot write %1: the file is too large for the limit (ulimit -f)");
        case ErrorCode::WritePermission: return tr("cannot write %1: permission denied");
        case ErrorCode::WriteReadOnly: return tr("cannot write %1: the file system is read-only");
        case ErrorCode::WriteNameTooLong: return tr("cannot write %1: the file name is too long");
        case ErrorCode::WriteFolderInTheWay: return tr("cannot write %1: it is a folder");
        case ErrorCode::WriteStreamFailed: return tr("cannot write %1: the output stream failed");
        case ErrorCode::WriteFailed: return tr("cannot write %1: %2");
        case ErrorCode::JsonExpectedObject: return tr("expected an object");
        case ErrorCode::JsonExpectedArray: return tr("expected an array");
        case ErrorCode::JsonExpectedString: return tr("expected a string");
        case ErrorCode::JsonExpectedBoolean: return tr("expected true or false");
        case ErrorCode::JsonExpectedNumber: return tr("expected a number");
        case ErrorCode::JsonExpectedInteger: return tr("expected an integer");
        case ErrorCode::JsonExpectedNonNegativeInteger: return tr("expected a non-negative integer");
        case ErrorCode::JsonExpectedPositiveInteger: return tr("expected a positive integer");
        case ErrorCode::JsonMissingField: return tr("the field \"%1\" is missing");
        case ErrorCode::JsonUnknownField: return tr("unknown field \"%1\"");
        case ErrorCode::JsonTooLarge: return tr("%1 is too large");
        case ErrorCode::JsonOutOfRange: return tr("%1 is out of range");
        case ErrorCode::JsonNotFinite: return tr("the number is too large");
        case ErrorCode::JsonNotOneOf: return tr("\"%1\" is not one of %2");
        case ErrorCode::JsonNotEither: return tr("\"%1\" is not \"%2\" or \"%3\"");
        case ErrorCode::MatrixExpectedRows: return tr("expected an array of rows");
        case ErrorCode::MatrixExpectedRow: return tr("expected an array of numbers");
        case ErrorCode::MatrixRowLength: return tr("has %1 numbers, expected %2 like row 0");
        case ErrorCode::VectorLength: return tr("has %1 numbers, expected %2");
        case ErrorCode::MatrixShape: return tr("is %1 × %2, expected %3 × %4");
        case ErrorCode::SessionDamaged: return tr("damaged session: %1");
        case ErrorCode::SessionEmpty: return tr("damaged session: the file is empty");
        case ErrorCode::SessionNotAnObject: return tr("not an AttnViz session: expected a JSON object");
        case ErrorCode::SessionFormatMissing: return tr("not an AttnViz session: the field \"format\" is missing");
        case ErrorCode::SessionWrongFormat: return tr("not an AttnViz session: format is %1, expected \"%2\"");
        case ErrorCode::SessionNewer: return tr("session version %1 is newer than this program understands (%2)");
        case ErrorCode::SessionBadVersion: return tr("session version %1 is not a valid version");
        case ErrorCode::SessionUnwritable: return tr("cannot write the session: %1");
        case ErrorCode::SessionTooLarge:
            return tr("cannot write the session: it would take more than %1 MiB (the limit); save its supplied "
                      "matrices as a weights file");
        case ErrorCode::SessionHeadIndex:
            return tr("%1 is not a head index: the config has %2 heads (indices 0 to %3)");
        case ErrorCode::SessionHeadExpected: return tr("expected a head number or \"mean\"");
        case ErrorCode::SessionModelLayer: return tr("expected a layer number counted from 1");
        case ErrorCode::SessionModelHead: return tr("expected a head number counted from 1, or \"mean\"");
        case ErrorCode::SessionModelFolder: return tr("expected the model's folder (a path)");
        case ErrorCode::PredictRowOutside: return tr("%1 is not a token position (0 to %2)");
        case ErrorCode::PredictRowTwice: return tr("row %1 is listed twice");
        case ErrorCode::PredictGuessOutsideRound: return tr("row %1 has a guess but is neither hidden nor revealed");
        case ErrorCode::PredictGuessTwice: return tr("row %1 has two guesses");
        case ErrorCode::SeedExpected: return tr("expected a non-negative integer or a string of digits");
        case ErrorCode::SeedNotDecimal: return tr("\"%1\" is not a decimal integer");
        case ErrorCode::SeedTooLarge: return tr("\"%1\" is larger than %2");
        case ErrorCode::MaskPairExpected: return tr("expected a [query, key] pair");
        case ErrorCode::TraceDamaged: return tr("damaged trace JSON: %1");
        case ErrorCode::TraceEmpty: return tr("damaged trace JSON: the text is empty");
        case ErrorCode::TraceNotAnObject: return tr("not an AttnViz trace: expected a JSON object");
        case ErrorCode::TraceFormatMissing: return tr("not an AttnViz trace: the field \"format\" is missing");
        case ErrorCode::TraceWrongFormat: return tr("not an AttnViz trace: format is %1, expected \"%2\"");
        case ErrorCode::TraceNewer: return tr("trace version %1 is newer than this program understands (%2)");
        case ErrorCode::TraceBadVersion: return tr("trace version %1 is not a valid version");
        case ErrorCode::TraceUnwritable: return tr("cannot write the trace as JSON: %1");
        case ErrorCode::TraceNotFinite: return tr("cannot write the trace as JSON: %1 is not a finite number");
        case ErrorCode::TraceTokenEndsBeforeBegin: return tr("end is before begin");
        case ErrorCode::TraceRealTokens: return tr("%1 is more than the %2 tokens");
        case ErrorCode::TraceNotComputable: return tr("d_model %1 and heads %2 do not describe a computed trace");
        case ErrorCode::TraceDisagrees: return tr("is %1 but the rest of the trace says %2");
        case ErrorCode::TraceHeadCount: return tr("has %1 entries, expected %2 (config.heads)");
        case ErrorCode::TraceNoSuchRow: return tr("row %1 does not exist");
        case ErrorCode::WeightsDamaged: return tr("damaged weights file: %1");
        case ErrorCode::WeightsEmpty: return tr("damaged weights file: the file is empty");
        case ErrorCode::WeightsNotAnObject: return tr("not an AttnViz weights file: expected a JSON object");
        case ErrorCode::WeightsFormatMissing: return tr("not an AttnViz weights file: the field \"format\" is missing");
        case ErrorCode::WeightsWrongFormat: return tr("not an AttnViz weights file: format is %1, expected \"%2\"");
        case ErrorCode::WeightsNewer: return tr("weights version %1 is newer than this program understands (%2)");
        case ErrorCode::WeightsBadVersion: return tr("weights version %1 is not a valid version");
        case ErrorCode::WeightsUnwritable: return tr("cannot write the weights: %1");
        case ErrorCode::WeightsMatrixMissing: return tr("the matrix \"%1\" is missing");
        case ErrorCode::WeightsDModel: return tr("d_model must be between 1 and %1 (it is %2)");
        case ErrorCode::WeightsShape: return tr("expected %1×%1, the file holds %2×%3");
        case ErrorCode::WeightsNotSquare: return tr("expected a square d_model × d_model matrix, the file holds %1×%2");
        case ErrorCode::WeightsRowNotArray: return tr("row %1 is not an array of numbers");
        case ErrorCode::WeightsRowLength: return tr("row %1 has %2 numbers, row 0 has %3");
        case ErrorCode::WeightsNotANumber: return tr("value at row %1, column %2 is not a number");
        case ErrorCode::WeightsNaN: return tr("value at row %1, column %2 is NaN");
        case ErrorCode::WeightsInfinite: return tr("value at row %1, column %2 is infinite");
        case ErrorCode::NpyNotNpy: return tr("not a NumPy .npy file (it does not start with \\x93NUMPY)");
        case ErrorCode::NpyHeaderCut: return tr("truncated: the file ends inside the header");
        case ErrorCode::NpyVersion: return tr(".npy version %1.%2 is not supported (1.0, 2.0 and 3.0 are)");
        case ErrorCode::NpyHeaderLength: return tr("truncated: the header announces %1 bytes, the file ends before");
        case ErrorCode::NpyHeaderNotAscii: return tr("damaged header: it is not ASCII");
        case ErrorCode::NpyHeaderSyntax: return tr("damaged header: %1 at character %2 of \"%3\"");
        case ErrorCode::NpyHeaderUnknownKey: return tr("damaged header: unknown key '%1'");
        case ErrorCode::NpyHeaderKeysMissing:
            return tr("damaged header: it needs the keys 'descr', 'fortran_order' and 'shape'");
        case ErrorCode::NpyDescrNotString: return tr("damaged header: 'descr' is not a string");
        case ErrorCode::NpyFortranNotBoolean: return tr("damaged header: 'fortran_order' is not True or False");
        case ErrorCode::NpyShapeNotTuple: return tr("damaged header: 'shape' is not a tuple");
        case ErrorCode::NpyStructuredDtype: return tr("dtype %1 (a structured type) is not float32 or float64");
        case ErrorCode::NpyDtype: return tr("dtype %1 is not float32 or float64");
        case ErrorCode::NpyNot2D: return tr("expected a 2-D matrix, the file holds a %1-D array of shape %2");
        case ErrorCode::NpyDataCut:
            return tr("truncated: the header announces %1×%2 float%3 values, the file holds %4 bytes of data");
        case ErrorCode::NpyDataTooLong: return tr("%1 bytes after the data (%2×%3 float%4 values take %5 bytes)");
        case ErrorCode::NpyArrayDataCut:
            return tr("truncated: the header announces shape %1 of float%2 values, the file holds %3 bytes of data");
        case ErrorCode::NpyArrayDataTooLong: return tr("%4 bytes of data: shape %1 of float%2 values takes %3");
        case ErrorCode::ImportExtension: return tr("expected a .npy or .json file of attention weights");
        case ErrorCode::ImportRank:
            return tr("expected shape (layers, heads, n, n), (layers, 1, heads, n, n), (heads, n, n) or (n, n), not %1");
        case ErrorCode::ImportBatch:
            return tr("shape %1 holds a batch of %2 sentences: save one sentence (a batch of 1)");
        case ErrorCode::ImportEmpty: return tr("the array is empty (shape %1)");
        case ErrorCode::ImportNotSquare:
            return tr("shape %1: the last two sizes differ (n queries over n keys make n × n)");
        case ErrorCode::ImportTooManyTokens: return tr("%1 tokens, more than the limit of %2");
        case ErrorCode::ImportTooManyHeads: return tr("shape %1 holds more than %2 heads in all");
        case ErrorCode::ImportTokenCount: return tr("the weights are of %1 tokens (shape %2), the tokens list has %3");
        case ErrorCode::ImportNoTokens:
            return tr("no tokens: give --tokens FILE (a JSON list of strings) or save them as %1 beside it");
        case ErrorCode::ImportTokensTwice:
            return tr("the tokens are the file's own \"tokens\": --tokens is for .npy files");
        case ErrorCode::ImportRagged: return tr("expected %1 items, like the first at this depth, got %2");
        case ErrorCode::ImportJsonDamaged: return tr("not JSON: %1");
        case ErrorCode::ImportJsonEmpty: return tr("the file is empty");
        case ErrorCode::ImportNotFinite: return tr("layer %1 head %2 row %3 key %4 is %5, not a finite number");
        case ErrorCode::ImportNegative: return tr("layer %1 head %2 row %3 key %4 is negative (%5)");
        case ErrorCode::ImportAboveOne: return tr("layer %1 head %2 row %3 key %4 is %5, above 1: a weight is a share of its row");
        case ErrorCode::ImportMaskedWeight:
            return tr("layer %1 head %2 row %3 key %4 is after its query (causal) but holds %5, not 0");
        case ErrorCode::ImportRowSum: return tr("layer %1 head %2 row %3 sums to %4, not 1 (within 0.001)");
        case ErrorCode::SafetensorsTooShort:
            return tr("the file has %1 bytes, fewer than the 8 bytes of the header length");
        case ErrorCode::SafetensorsHeaderBeyondFile:
            return tr("the header length %1 is beyond the end of the file (%2 bytes)");
        case ErrorCode::SafetensorsHeaderEmpty: return tr("damaged header JSON: the header is empty");
        case ErrorCode::SafetensorsHeaderDamaged: return tr("damaged header JSON: %1");
        case ErrorCode::SafetensorsDtype: return tr("tensor %1: dtype %2 is not supported (F32, F16, BF16 are)");
        case ErrorCode::SafetensorsShapeTooLarge: return tr("tensor %1: shape %2 is too large");
        case ErrorCode::SafetensorsOffsetsReversed: return tr("tensor %1: data offsets [%2, %3] end before they begin");
        case ErrorCode::SafetensorsByteLength:
            return tr("tensor %1: its data offsets hold %2 bytes, its shape %3 of %4 needs %5");
        case ErrorCode::SafetensorsOffsetsOutside:
            return tr("tensor %1: data offsets [%2, %3] are outside the %4 bytes of data");
        case ErrorCode::SafetensorsTruncated:
            return tr("the file is truncated: its tensors need %1 bytes of data, it holds %2");
        case ErrorCode::SafetensorsOverlap: return tr("tensors %1 and %2 overlap in the data");
        case ErrorCode::ModelNoSuchFolder: return tr("cannot open the model %1: no such folder");
        case ErrorCode::ModelNotAFolder:
            return tr("cannot open the model %1: it is not a folder (choose the folder that holds config.json)");
        case ErrorCode::ModelFileMissing: return tr("the model folder has no %1");
        case ErrorCode::ModelPickleOnly:
            return tr("the model folder has pytorch_model.bin but no model.safetensors: AttnViz does not open "
                      "pickle files, which can run code; download model.safetensors");
        case ErrorCode::ModelNoTokenizer:
            return tr("the model folder has no tokenizer: it needs vocab.json and merges.txt, or tokenizer.json");
        case ErrorCode::ModelConfigEmpty: return tr("damaged JSON: the file is empty");
        case ErrorCode::ModelConfigDamaged: return tr("damaged JSON: %1");
        case ErrorCode::ModelTypeNotSupported:
            return tr("model type '%1' is not supported: AttnViz reads GPT-2-family models");
        case ErrorCode::ModelOptionNotSupported: return tr("%1 is not supported (AttnViz computes %2 only)");
        case ErrorCode::ModelTensorMissing: return tr("tensor %1 is missing");
        case ErrorCode::ModelTensorTwice:
            return tr("tensor %1 is stored twice, with and without the prefix \"transformer.\"");
        case ErrorCode::ModelTensorShape: return tr("tensor %1 has shape %2, config.json says %3");
        case ErrorCode::ModelTensorNotFinite: return tr("tensor %1: the value at %2 is not a finite number");
        case ErrorCode::ModelNoSuchLayer: return tr("layer %1 does not exist (the model has %2)");
        case ErrorCode::ModelNoSuchHead: return tr("head %1 does not exist (each layer of the model has %2)");
        case ErrorCode::ModelPresetNeedsModel:
            return tr("the projections \"model\" come from a model's checkpoint: open the model folder");
        case ErrorCode::TeachingHeadsWithOwnModel:
            return tr("the projections \"teaching-heads\" are the built-in four-head model: a \"teaching_model\" goes "
                      "with \"teaching\"");
        case ErrorCode::ModelLayerShape: return tr("the model layer's %1 is %2×%3, expected %4×%5");
        case ErrorCode::TraceLayerFromOne: return tr("layers count from 1");
        case ErrorCode::CsvEmpty: return tr("the CSV is empty");
        case ErrorCode::CsvFieldCount: return tr("CSV row %1: has %2 fields, expected %3 like row 1");
        case ErrorCode::CsvUnclosedQuote: return tr("CSV row %1, column %2: a quoted field is never closed");
        case ErrorCode::CsvAfterQuote: return tr("CSV row %1, column %2: unexpected character after a closing quote");
        case ErrorCode::CsvStrayQuote: return tr("CSV row %1, column %2: a quote inside an unquoted field");
        case ErrorCode::CsvEmptyCell: return tr("CSV row %1, column %2: empty cell, expected a number");
        case ErrorCode::CsvOutOfRange: return tr("CSV row %1, column %2: \"%3\" is out of the range of a double");
        case ErrorCode::CsvNotANumber: return tr("CSV row %1, column %2: \"%3\" is not a number");
        case ErrorCode::TeachingDamaged: return tr("damaged JSON: %1");
        case ErrorCode::TeachingEmpty: return tr("damaged JSON: the file is empty");
        case ErrorCode::TeachingNotAnObject: return tr("expected a JSON object");
        case ErrorCode::TeachingWrongFormat: return tr("not an AttnViz teaching model (expected \"format\": \"%2\")");
        case ErrorCode::TeachingNewer:
            return tr("teaching model version %1 is newer than this program understands (%2)");
        case ErrorCode::TeachingBadVersion: return tr("teaching model version %1 is not a valid version");
        case ErrorCode::TeachingNoBuiltInFile: return tr("no built-in file \"%1\"");
        case ErrorCode::TeachingLexiconNotListed:
            return tr("a lexicon is given for \"%1\", which the model does not list");
        case ErrorCode::TeachingLexiconNotGiven: return tr("no lexicon given for the language \"%1\" (%2)");
        case ErrorCode::TeachingDimensionCount: return tr("expected 1 to %1 dimensions, there are %2");
        case ErrorCode::TeachingDimensionsLikeX: return tr("expected %1 dimensions (as many as X), there are %2");
        case ErrorCode::TeachingUnnamedDimension: return tr("a dimension needs a name");
        case ErrorCode::TeachingNameTwice: return tr("\"%1\" is used twice");
        case ErrorCode::TeachingTagsOrPosition:
            return tr("a dimension has either \"tags\" (from the lexicon) or \"position\"");
        case ErrorCode::TeachingTagNotOneWord: return tr("a tag is one word, without spaces or =");
        case ErrorCode::TeachingTagTwice: return tr("the tag \"%1\" is used twice");
        case ErrorCode::TeachingGatesExpected: return tr("expected an array of dimension names");
        case ErrorCode::TeachingNotLexical: return tr("\"%1\" is not a lexical dimension of X");
        case ErrorCode::TeachingDefaultHeads: return tr("expected a number of heads that divides %1");
        case ErrorCode::TeachingUnnamedRule: return tr("a rule needs a name");
        case ErrorCode::TeachingCellTwice: return tr("%1[%2, %3] is already written by the rule \"%4\"");
        case ErrorCode::TeachingDiagonalOrCell:
            return tr("an entry has either \"diagonal\" or \"row\", \"column\" and \"value\"");
        case ErrorCode::TeachingNotADimensionOf: return tr("\"%1\" is not a dimension of %2");
        case ErrorCode::TeachingNotAnOutputDimension: return tr("\"%1\" is not a dimension of the output");
        case ErrorCode::TeachingNoLexicon: return tr("the model needs at least one lexicon");
        case ErrorCode::TeachingLanguageExpected: return tr("expected a language code such as \"fr\"");
        case ErrorCode::TeachingLanguageTwice: return tr("\"%1\" is listed twice");
        case ErrorCode::TeachingEmptyLanguage: return tr("a language code cannot be empty");
        case ErrorCode::TeachingNotAName: return tr("\"%1\" is not the name of a dimension or a head");
        case ErrorCode::TeachingHeadsNeedVersion2:
            return tr("\"heads\" needs version 2 of the format (the file says version %1)");
        case ErrorCode::TeachingHeadsCount: return tr("expected one role per head, %1 (default_heads), there are %2");
        case ErrorCode::TeachingUnnamedHead: return tr("a head needs a role name");
        case ErrorCode::TeachingEmptyTranslation: return tr("a translated name cannot be empty");
        case ErrorCode::LexiconNoTab:
            return tr("%1 line %2: expected the word, a tab, then its tags (no tab on this line)");
        case ErrorCode::LexiconNoWord: return tr("%1 line %2: the word is missing before the tab");
        case ErrorCode::LexiconWordWithSpace: return tr("%1 line %2: \"%3\" holds a space: one token per line");
        case ErrorCode::LexiconBadWeight: return tr("%1 line %2: \"%3\": the weight after = is not a number");
        case ErrorCode::LexiconUnknownTag: return tr("%1 line %2: unknown tag \"%3\" (known: %4)");
        case ErrorCode::LexiconTagsCollide: return tr("%1 line %2: two tags set the dimension \"%3\"");
        case ErrorCode::LexiconWordTwice: return tr("%1 line %2: \"%3\" is listed twice (first on line %4)");
        }
        return QStringLiteral("%1");
    }

    /// The arguments as the sentence takes them.
    static std::vector<std::string> argsFor(const ErrorMessage& message) {
        std::vector<std::string> args = message.args;
        if (message.code == ErrorCode::TeachingHeadsDoNotDivide && args.size() == 4) {
            args[2] += tr(" or ", "the last separator of a list: 1, 2, 4 or 8").toStdString() + args[3];
            args.pop_back();
        }
        return args;
    }
};

}  // namespace

QString coreMessageTemplate(ErrorCode code) { return CoreMessages::sentence(code); }

QString translatedCoreMessage(const ErrorMessage& message) {
    QString text = QString::fromStdString(message.context);
    if (!text.isEmpty()) text += QStringLiteral(": ");
    text += QString::fromStdString(fillTemplate(CoreMessages::sentence(message.code).toStdString(),
                                                CoreMessages::argsFor(message)));
    if (message.detail) text += QLatin1Char(' ') + CoreMessages::sentence(*message.detail);
    return text;
}

QString translatedCoreMessage(const Error& error) { return translatedCoreMessage(error.message()); }

QString translatedFailure(const std::exception& failure) {
    if (const auto* error = dynamic_cast<const Error*>(&failure)) return translatedCoreMessage(*error);
    return QString::fromUtf8(failure.what());
}

}  // namespace attnviz::ui
