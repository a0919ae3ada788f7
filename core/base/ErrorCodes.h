#pragma once
// Every refusal of the core, by code, with its English sentence: %1, %2 … stand for the
// arguments, in order. The window says the same in the interface's language from the code
// (ui/i18n/CoreMessages.cpp has one tr() template per code); adding a refusal is one line here
// and one there. Paths of files and fields are not part of these sentences: they come before
// them, as the message's context ("session.config.mask.window: expected an integer").
//
// X(Code, "English template")
#define ATTNVIZ_ERROR_CODES(X)                                                                                        \
    /* A message worded outside the core (the window, the command line): %1 is the whole of it. */                    \
    X(Uncoded, "%1")                                                                                                   \
    X(Cancelled, "computation cancelled")                                                                              \
    /* What a JSON value was instead of what was expected: the detail after "expected …". */                         \
    X(GotNull, "(got null)")                                                                                           \
    X(GotBoolean, "(got a boolean)")                                                                                   \
    X(GotString, "(got a string)")                                                                                     \
    X(GotArray, "(got an array)")                                                                                      \
    X(GotObject, "(got an object)")                                                                                    \
    X(GotFraction, "(got a fractional number)")                                                                        \
    X(GotNegativeInteger, "(got a negative integer)")                                                                  \
    X(GotInteger, "(got an integer)")                                                                                  \
    /* The sentence (core/text/Tokenizer.cpp, core/attention/AttentionTrace.cpp). */                                  \
    X(EmptySentence, "the sentence is empty: type at least one word")                                                  \
    X(TooManyTokens, "the sentence has %1 tokens, more than the limit of %2")                                          \
    X(MoreTokensThanLimit, "the sentence has more than %1 tokens (limit %2)")                                          \
    X(SentenceTooLong, "the sentence is too long (%1 bytes; limit %2)")                                                \
    X(Utf8LoneContinuation, "invalid UTF-8 at byte %1 (0x%2): continuation byte without a lead byte")                  \
    X(Utf8Overlong, "invalid UTF-8 at byte %1 (0x%2): overlong encoding")                                              \
    X(Utf8BeyondUnicode, "invalid UTF-8 at byte %1 (0x%2): code point above U+10FFFF")                                 \
    X(Utf8CutByTheEnd, "invalid UTF-8 at byte %1 (0x%2): sequence truncated by the end of the text")                   \
    X(Utf8Truncated, "invalid UTF-8 at byte %1 (0x%2): truncated sequence")                                            \
    X(Utf8Surrogate, "invalid UTF-8 at byte %1 (0x%2): UTF-16 surrogate code point")                                   \
    X(IcuNoWordIterator, "cannot create the ICU word break iterator: %1")                                              \
    X(IcuCannotOpen, "ICU cannot open the sentence: %1")                                                               \
    X(IcuCannotSegment, "ICU cannot segment the sentence: %1")                                                         \
    /* GPT-2's byte-level BPE (core/text/ByteLevelBpe*.cpp): its files and sentences. The context names the file */    \
    /* and the field; token strings are the vocabulary's own ("Ġchat"). */                                             \
    X(BpeTooManyTokens, "the sentence has more than %1 tokens: the model reads at most %1 at once")                    \
    X(BpeDamaged, "not JSON: %1")                                                                                      \
    X(BpeEmpty, "the file is empty")                                                                                   \
    X(BpeVocabNotObject, "the vocabulary is not an object of tokens and their ids")                                    \
    X(BpeVocabEmpty, "the vocabulary is empty")                                                                        \
    X(BpeIdBeyondSize, "\"%1\" has the id %2: the %3 tokens must have the ids 0 to %4")                                \
    X(BpeIdTwice, "the id %1 is given to \"%2\" and to \"%3\"")                                                        \
    X(BpeTokenNotByteLevel, "\"%1\" is not a byte-level token: U+%2 stands for no byte")                               \
    X(BpeByteMissing, "the vocabulary has no token for the byte 0x%1 (\"%2\"): a byte-level vocabulary has all 256")   \
    X(BpeMergesLineNotPair, "line %1: \"%2\" is not two tokens separated by one space")                                \
    X(BpeMergesLineUnknown, "line %1: the merge \"%2 %3\" needs \"%4\", which is not in the vocabulary")               \
    X(BpeMergeExpected, "expected a merge \"a b\" or [\"a\", \"b\"]")                                                  \
    X(BpeMergeNotPair, "\"%1\" is not two tokens separated by one space")                                              \
    X(BpeMergeUnknown, "the merge \"%1 %2\" needs \"%3\", which is not in the vocabulary")                             \
    X(BpeNotBpe, "the model is %1, not \"BPE\": AttnViz reads GPT-2's byte-level BPE tokenizers")                      \
    X(BpeNotByteLevel, "the pre-tokenizer is %1, not \"ByteLevel\": AttnViz reads GPT-2's byte-level BPE tokenizers")  \
    X(BpeAddsPrefixSpace, "true adds a space before the text, which GPT-2's tokenizer does not do")                    \
    X(BpeWithoutPattern, "false leaves out GPT-2's pre-tokenization pattern, which AttnViz always applies")            \
    X(BpeNormalizer, "the normalizer %1 changes the text before it is tokenized, which GPT-2's tokenizer does not do") \
    /* The settings (core/model/AttentionConfig.cpp). */                                                               \
    X(DModelTooSmall, "d_model must be at least 1 (it is %1)")                                                         \
    X(DModelTooLarge, "d_model must be at most %1 (it is %2)")                                                         \
    X(TooFewHeads, "the number of heads must be at least 1 (it is %1)")                                                \
    X(TeachingDModel, "the teaching model has %1 dimensions: d_model must be %1 (it is %2)")                           \
    /* %3: the divisors but the last, %4: the last ("choose 1, 2, 4, 5, 10 or 20 heads"). */                         \
    X(TeachingHeadsDoNotDivide, "%1 heads do not divide the teaching model's %2 dimensions: choose %3 or %4 heads")    \
    X(HeadsDoNotDivide, "%1 heads do not divide d_model = %2: d_k = d_model / heads must be a whole number")            \
    X(BadTemperature, "the temperature T must be a finite number greater than 0")                                      \
    X(TemperatureTooSmall, "the temperature T must be at least %1 (it is %2)")                                         \
    X(NegativeWindow, "the sliding window must be at least 1 (0 turns it off)")                                        \
    X(NegativeGlobalToken, "a global token position cannot be negative (%1)")                                          \
    X(NegativePadTo, "pad-to length cannot be negative")                                                               \
    X(PadToTooLarge, "pad-to length must be at most %1 (it is %2)")                                                    \
    X(NegativeCustomCell, "a custom-masked cell cannot have a negative position")                                      \
    X(TokenLimitTooSmall, "the token limit must be at least 1")                                                        \
    X(TokenLimitTooLarge, "the token limit must be at most %1 (it is %2)")                                             \
    X(SuppliedShape, "%1 must be %2×%2 (d_model × d_model), it is %3×%4")                                              \
    X(SuppliedNotFinite, "%1 holds a NaN or infinite value")                                                           \
    /* A trace asked for what it does not have (core/attention, core/kernels). Heads count from 1. */                \
    X(NoSuchHead, "head %1 does not exist (there are %2)")                                                             \
    X(NoSuchLayer, "layer %1 does not exist (there are %2)")                                                           \
    X(StackTokenCount, "%1 token texts given for a forward pass of %2 tokens")                                         \
    X(StackWeightCount, "%1 weight matrices given for %2 heads in all")                                                \
    X(StackRoleCount, "%1 head roles given: expected %2 (one per head) or %3 (one per head of each layer)")          \
    /* A computation that would leave the range of a double (±1.8e308) is refused, never shown as NaN. */              \
    X(ValuesOverflow, "%1 has values beyond the range of a double (±1.8e308): use smaller weights")                    \
    X(ScoresOverflow, "head %1: %2 can exceed the range of a double (±1.8e308): use smaller weights or a larger "      \
                      "temperature T")                                                                                 \
    X(BlockOutside, "block outside the %1 matrix")                                                                     \
    X(CellOutside, "cell (%1, %2) is outside the %3×%3 matrix")                                                        \
    X(KernelShapes, "attention inputs disagree: Q is %1×%2, K is %3×%4, V has %5 rows, the mask %6")                   \
    /* A real model's forward pass (core/gpt2). */                                                                     \
    X(TokenIdOutsideVocabulary, "token id %1 at position %2 is outside the model's vocabulary of %3 tokens")          \
    /* The cost lab (core/costlab): %1 a kernel's name ("naive"); n with thousands separators, bytes in binary units. */ \
    X(CostUnknownKernel, "\"%1\" is not a kernel: choose naive, exact, flash, window, sparse or linear")               \
    X(CostScoreMatrixTooLarge, "%1 at n = %2 needs %3 for one score matrix (limit %4)")                                \
    X(CostWeightsTooLarge, "the n × n weights at n = %1 need %2 (limit %3)")                                           \
    X(CostMemoryTooLarge, "%1 at n = %2, d = %3 needs %4 (limit %5)")                                                  \
    X(CostTileTooSmall, "the Flash tile size must be at least 1 (it is %1)")                                           \
    X(CostWindowTooSmall, "the window w must be at least 1 (it is %1)")                                                \
    X(CostBlockTooSmall, "the sparse block size must be at least 1 (it is %1)")                                        \
    X(CostNegativeBlocks, "the numbers of global and random blocks cannot be negative")                                \
    X(CostGlobalTokenOutside, "global token %1 is outside the %2 positions (0 to %3)")                                 \
    X(CostRealKeysOutside, "the number of real keys must be between 0 and n = %1 (it is %2)")                          \
    X(CostPlanEmpty, "choose at least one kernel and one size n")                                                     \
    X(CostPlanBelowOne, "%1 must be at least 1 (it is %2)")                                                           \
    X(CostComparisonTooLarge, "the comparison draws n × n weights: at most %1 positions (there are %2)")               \
    /* Files (core/io/AtomicFile.cpp). %1: the path. */                                                                \
    X(OpenNoSuchFile, "cannot open %1: no such file")                                                                  \
    X(OpenPermission, "cannot open %1: permission denied")                                                             \
    X(OpenFolder, "cannot open %1: it is a folder")                                                                    \
    X(OpenFailed, "cannot open %1: %2")                                                                                \
    X(ReadFailed, "cannot read %1: %2")                                                                                \
    X(ReadTooLarge, "cannot read %1: it is larger than %2 MiB, the limit for this kind of file")                       \
    X(ReadNotText, "cannot read %1: byte %2 is a NUL byte, so it is not a text file")                                  \
    X(WriteNotAFileName, "cannot write %1: not a file name")                                                           \
    X(WriteNotAFolder, "cannot write %1: %2 is not a folder")                                                          \
    X(WriteNoFolder, "cannot write %1: the folder %2 does not exist")                                                  \
    X(WriteFolderPermission, "cannot write %1: permission denied for the folder %2")                                   \
    X(WriteFolderFailed, "cannot write %1: %2: %3")                                                                    \
    X(WriteFolderUnusable, "cannot write %1: the folder cannot be used")                                               \
    X(WriteDiskFull, "cannot write %1: disk full or file size limit reached")                                          \
    X(WriteFileTooLarge, "cannot write %1: the file is too large for the limit (ulimit -f)")                           \
    X(WritePermission, "cannot write %1: permission denied")                                                           \
    X(WriteReadOnly, "cannot write %1: the file system is read-only")                                                  \
    X(WriteNameTooLong, "cannot write %1: the file name is too long")                                                  \
    X(WriteFolderInTheWay, "cannot write %1: it is a folder")                                                          \
    X(WriteStreamFailed, "cannot write %1: the output stream failed")                                                  \
    X(WriteFailed, "cannot write %1: %2")                                                                              \
    /* Memory-mapped files (core/io/MappedFile.cpp). %1: the path. */                                                  \
    X(MapEmptyFile, "cannot open %1: the file is empty")                                                               \
    X(MapNotAFile, "cannot open %1: it is not a regular file")                                                         \
    X(MapFailed, "cannot map %1 into memory: %2")                                                                      \
    /* Any JSON value (core/io/JsonReader.cpp); the context names the field. */                                        \
    X(JsonExpectedObject, "expected an object")                                                                        \
    X(JsonExpectedArray, "expected an array")                                                                          \
    X(JsonExpectedString, "expected a string")                                                                         \
    X(JsonExpectedBoolean, "expected true or false")                                                                   \
    X(JsonExpectedNumber, "expected a number")                                                                         \
    X(JsonExpectedInteger, "expected an integer")                                                                      \
    X(JsonExpectedNonNegativeInteger, "expected a non-negative integer")                                               \
    X(JsonExpectedPositiveInteger, "expected a positive integer")                                                      \
    X(JsonMissingField, "the field \"%1\" is missing")                                                                 \
    X(JsonUnknownField, "unknown field \"%1\"")                                                                        \
    X(JsonTooLarge, "%1 is too large")                                                                                 \
    X(JsonOutOfRange, "%1 is out of range")                                                                            \
    X(JsonNotFinite, "the number is too large")                                                                        \
    /* %2: the accepted words, quoted, separated by commas. */                                                         \
    X(JsonNotOneOf, "\"%1\" is not one of %2")                                                                         \
    X(JsonNotEither, "\"%1\" is not \"%2\" or \"%3\"")                                                                 \
    X(MatrixExpectedRows, "expected an array of rows")                                                                 \
    X(MatrixExpectedRow, "expected an array of numbers")                                                               \
    X(MatrixRowLength, "has %1 numbers, expected %2 like row 0")                                                       \
    X(VectorLength, "has %1 numbers, expected %2")                                                                     \
    X(MatrixShape, "is %1 × %2, expected %3 × %4")                                                                     \
    /* Sessions (core/formats/SessionFile.cpp). */                                                                     \
    X(SessionDamaged, "damaged session: %1")                                                                           \
    X(SessionEmpty, "damaged session: the file is empty")                                                              \
    X(SessionNotAnObject, "not an AttnViz session: expected a JSON object")                                            \
    X(SessionFormatMissing, "not an AttnViz session: the field \"format\" is missing")                                 \
    X(SessionWrongFormat, "not an AttnViz session: format is %1, expected \"%2\"")                                     \
    X(SessionNewer, "session version %1 is newer than this program understands (%2)")                                  \
    X(SessionBadVersion, "session version %1 is not a valid version")                                                  \
    X(SessionUnwritable, "cannot write the session: %1")                                                               \
    X(SessionTooLarge, "cannot write the session: it would take more than %1 MiB (the limit); save its supplied "      \
                       "matrices as a weights file")                                                                   \
    X(SessionHeadIndex, "%1 is not a head index: the config has %2 heads (indices 0 to %3)")                           \
    X(SessionHeadExpected, "expected a head number or \"mean\"")                                                       \
    X(SessionModelLayer, "expected a layer number counted from 1")                                                     \
    X(SessionModelHead, "expected a head number counted from 1, or \"mean\"")                                         \
    X(SessionModelFolder, "expected the model's folder (a path)")                                                      \
    X(PredictRowOutside, "%1 is not a token position (0 to %2)")                                                       \
    X(PredictRowTwice, "row %1 is listed twice")                                                                       \
    X(PredictGuessOutsideRound, "row %1 has a guess but is neither hidden nor revealed")                               \
    X(PredictGuessTwice, "row %1 has two guesses")                                                                     \
    /* Configurations inside sessions and traces (core/formats/ConfigJson.cpp). */                                    \
    X(SeedExpected, "expected a non-negative integer or a string of digits")                                           \
    X(SeedNotDecimal, "\"%1\" is not a decimal integer")                                                               \
    X(SeedTooLarge, "\"%1\" is larger than %2")                                                                        \
    X(MaskPairExpected, "expected a [query, key] pair")                                                                \
    /* Trace JSON (core/formats/TraceJson.cpp). */                                                                     \
    X(TraceDamaged, "damaged trace JSON: %1")                                                                          \
    X(TraceEmpty, "damaged trace JSON: the text is empty")                                                             \
    X(TraceNotAnObject, "not an AttnViz trace: expected a JSON object")                                                \
    X(TraceFormatMissing, "not an AttnViz trace: the field \"format\" is missing")                                     \
    X(TraceWrongFormat, "not an AttnViz trace: format is %1, expected \"%2\"")                                         \
    X(TraceNewer, "trace version %1 is newer than this program understands (%2)")                                      \
    X(TraceBadVersion, "trace version %1 is not a valid version")                                                      \
    X(TraceUnwritable, "cannot write the trace as JSON: %1")                                                           \
    X(TraceNotFinite, "cannot write the trace as JSON: %1 is not a finite number")                                     \
    X(TraceTokenEndsBeforeBegin, "end is before begin")                                                                \
    X(TraceRealTokens, "%1 is more than the %2 tokens")                                                                \
    X(TraceNotComputable, "d_model %1 and heads %2 do not describe a computed trace")                                  \
    X(TraceDisagrees, "is %1 but the rest of the trace says %2")                                                       \
    X(TraceHeadCount, "has %1 entries, expected %2 (config.heads)")                                                    \
    X(TraceNoSuchRow, "row %1 does not exist")                                                                         \
    /* Weights (core/formats/WeightsFile.cpp). Rows and columns count from 0, as in numpy. */                          \
    X(WeightsDamaged, "damaged weights file: %1")                                                                      \
    X(WeightsEmpty, "damaged weights file: the file is empty")                                                         \
    X(WeightsNotAnObject, "not an AttnViz weights file: expected a JSON object")                                       \
    X(WeightsFormatMissing, "not an AttnViz weights file: the field \"format\" is missing")                            \
    X(WeightsWrongFormat, "not an AttnViz weights file: format is %1, expected \"%2\"")                                \
    X(WeightsNewer, "weights version %1 is newer than this program understands (%2)")                                  \
    X(WeightsBadVersion, "weights version %1 is not a valid version")                                                  \
    X(WeightsUnwritable, "cannot write the weights: %1")                                                               \
    X(WeightsMatrixMissing, "the matrix \"%1\" is missing")                                                            \
    X(WeightsDModel, "d_model must be between 1 and %1 (it is %2)")                                                    \
    X(WeightsShape, "expected %1×%1, the file holds %2×%3")                                                            \
    X(WeightsNotSquare, "expected a square d_model × d_model matrix, the file holds %1×%2")                            \
    X(WeightsRowNotArray, "row %1 is not an array of numbers")                                                         \
    X(WeightsRowLength, "row %1 has %2 numbers, row 0 has %3")                                                         \
    X(WeightsNotANumber, "value at row %1, column %2 is not a number")                                                 \
    X(WeightsNaN, "value at row %1, column %2 is NaN")                                                                 \
    X(WeightsInfinite, "value at row %1, column %2 is infinite")                                                       \
    /* NumPy .npy files (core/formats/NpyArray.cpp); %1 of NpyHeaderSyntax: what the parser saw. */                   \
    X(NpyNotNpy, "not a NumPy .npy file (it does not start with \\x93NUMPY)")                                          \
    X(NpyHeaderCut, "truncated: the file ends inside the header")                                                      \
    X(NpyVersion, ".npy version %1.%2 is not supported (1.0, 2.0 and 3.0 are)")                                        \
    X(NpyHeaderLength, "truncated: the header announces %1 bytes, the file ends before")                               \
    X(NpyHeaderNotAscii, "damaged header: it is not ASCII")                                                            \
    X(NpyHeaderSyntax, "damaged header: %1 at character %2 of \"%3\"")                                                 \
    X(NpyHeaderUnknownKey, "damaged header: unknown key '%1'")                                                         \
    X(NpyHeaderKeysMissing, "damaged header: it needs the keys 'descr', 'fortran_order' and 'shape'")                  \
    X(NpyDescrNotString, "damaged header: 'descr' is not a string")                                                    \
    X(NpyFortranNotBoolean, "damaged header: 'fortran_order' is not True or False")                                    \
    X(NpyShapeNotTuple, "damaged header: 'shape' is not a tuple")                                                      \
    X(NpyStructuredDtype, "dtype %1 (a structured type) is not float32 or float64")                                    \
    X(NpyDtype, "dtype %1 is not float32 or float64")                                                                  \
    X(NpyNot2D, "expected a 2-D matrix, the file holds a %1-D array of shape %2")                                      \
    X(NpyDataCut, "truncated: the header announces %1×%2 float%3 values, the file holds %4 bytes of data")             \
    X(NpyDataTooLong, "%1 bytes after the data (%2×%3 float%4 values take %5 bytes)")                                  \
    X(NpyArrayDataCut, "truncated: the header announces shape %1 of float%2 values, the file holds %3 bytes of data")  \
    X(NpyArrayDataTooLong, "%4 bytes of data: shape %1 of float%2 values takes %3")                                    \
    /* Attention weights computed elsewhere (core/formats/ImportedAttention.cpp); the context is the file, */          \
    /* and for JSON the place in it. Layers, heads, rows and keys are counted from 1. */                               \
    X(ImportExtension, "expected a .npy or .json file of attention weights")                                           \
    X(ImportRank, "expected shape (layers, heads, n, n), (layers, 1, heads, n, n), (heads, n, n) or (n, n), not %1")   \
    X(ImportBatch, "shape %1 holds a batch of %2 sentences: save one sentence (a batch of 1)")                         \
    X(ImportEmpty, "the array is empty (shape %1)")                                                                    \
    X(ImportNotSquare, "shape %1: the last two sizes differ (n queries over n keys make n × n)")                       \
    X(ImportTooManyTokens, "%1 tokens, more than the limit of %2")                                                     \
    X(ImportTooManyHeads, "shape %1 holds more than %2 heads in all")                                                  \
    X(ImportTokenCount, "the weights are of %1 tokens (shape %2), the tokens list has %3")                             \
    X(ImportNoTokens, "no tokens: give --tokens FILE (a JSON list of strings) or save them as %1 beside it")           \
    X(ImportTokensTwice, "the tokens are the file's own \"tokens\": --tokens is for .npy files")                       \
    X(ImportRagged, "expected %1 items, like the first at this depth, got %2")                                         \
    X(ImportJsonDamaged, "not JSON: %1")                                                                               \
    X(ImportJsonEmpty, "the file is empty")                                                                            \
    X(ImportNotFinite, "layer %1 head %2 row %3 key %4 is %5, not a finite number")                                    \
    X(ImportNegative, "layer %1 head %2 row %3 key %4 is negative (%5)")                                               \
    X(ImportAboveOne, "layer %1 head %2 row %3 key %4 is %5, above 1: a weight is a share of its row")                 \
    X(ImportMaskedWeight, "layer %1 head %2 row %3 key %4 is after its query (causal) but holds %5, not 0")            \
    X(ImportRowSum, "layer %1 head %2 row %3 sums to %4, not 1 (within 0.001)")                                        \
    /* Safetensors files (core/formats/Safetensors.cpp); the context is the file. */                                  \
    X(SafetensorsTooShort, "the file has %1 bytes, fewer than the 8 bytes of the header length")                      \
    X(SafetensorsHeaderBeyondFile, "the header length %1 is beyond the end of the file (%2 bytes)")                    \
    X(SafetensorsHeaderEmpty, "damaged header JSON: the header is empty")                                              \
    X(SafetensorsHeaderDamaged, "damaged header JSON: %1")                                                             \
    X(SafetensorsDtype, "tensor %1: dtype %2 is not supported (F32, F16, BF16 are)")                                   \
    X(SafetensorsShapeTooLarge, "tensor %1: shape %2 is too large")                                                    \
    X(SafetensorsOffsetsReversed, "tensor %1: data offsets [%2, %3] end before they begin")                            \
    X(SafetensorsByteLength, "tensor %1: its data offsets hold %2 bytes, its shape %3 of %4 needs %5")                 \
    X(SafetensorsOffsetsOutside, "tensor %1: data offsets [%2, %3] are outside the %4 bytes of data")                  \
    X(SafetensorsTruncated, "the file is truncated: its tensors need %1 bytes of data, it holds %2")                   \
    X(SafetensorsOverlap, "tensors %1 and %2 overlap in the data")                                                     \
    /* GPT-2-family models (core/gpt2); the context is the folder or its file (config.json, model.safetensors). */     \
    X(ModelNoSuchFolder, "cannot open the model %1: no such folder")                                                   \
    X(ModelNotAFolder, "cannot open the model %1: it is not a folder (choose the folder that holds config.json)")      \
    X(ModelFileMissing, "the model folder has no %1")                                                                  \
    X(ModelPickleOnly, "the model folder has pytorch_model.bin but no model.safetensors: AttnViz does not open "       \
                       "pickle files, which can run code; download model.safetensors")                                 \
    X(ModelNoTokenizer, "the model folder has no tokenizer: it needs vocab.json and merges.txt, or tokenizer.json")    \
    X(ModelConfigEmpty, "damaged JSON: the file is empty")                                                             \
    X(ModelConfigDamaged, "damaged JSON: %1")                                                                          \
    X(ModelTypeNotSupported, "model type '%1' is not supported: AttnViz reads GPT-2-family models")                    \
    /* %1: the value found, %2: the one AttnViz computes ("true", "false", "\"gelu_new\""). */                       \
    X(ModelOptionNotSupported, "%1 is not supported (AttnViz computes %2 only)")                                       \
    X(ModelTensorMissing, "tensor %1 is missing")                                                                      \
    X(ModelTensorTwice, "tensor %1 is stored twice, with and without the prefix \"transformer.\"")                     \
    X(ModelTensorShape, "tensor %1 has shape %2, config.json says %3")                                                 \
    X(ModelTensorNotFinite, "tensor %1: the value at %2 is not a finite number")                                       \
    /* A model's layers and heads, counted from 1 (core/gpt2/Gpt2Model.cpp). */                                       \
    X(ModelNoSuchLayer, "layer %1 does not exist (the model has %2)")                                                  \
    X(ModelNoSuchHead, "head %1 does not exist (each layer of the model has %2)")                                                  \
    /* The projections of a trained model come from its checkpoint, never from settings alone. */                      \
    X(ModelPresetNeedsModel, "the projections \"model\" come from a model's checkpoint: open the model folder")      \
    X(ModelLayerShape, "the model layer's %1 is %2×%3, expected %4×%5")                                               \
    X(TraceLayerFromOne, "layers count from 1")                                               \
    /* CSV (core/formats/MatrixCsv.cpp); rows and columns count from 1, as a spreadsheet shows them. */              \
    X(CsvEmpty, "the CSV is empty")                                                                                    \
    X(CsvFieldCount, "CSV row %1: has %2 fields, expected %3 like row 1")                                              \
    X(CsvUnclosedQuote, "CSV row %1, column %2: a quoted field is never closed")                                       \
    X(CsvAfterQuote, "CSV row %1, column %2: unexpected character after a closing quote")                              \
    X(CsvStrayQuote, "CSV row %1, column %2: a quote inside an unquoted field")                                        \
    X(CsvEmptyCell, "CSV row %1, column %2: empty cell, expected a number")                                            \
    X(CsvOutOfRange, "CSV row %1, column %2: \"%3\" is out of the range of a double")                                  \
    X(CsvNotANumber, "CSV row %1, column %2: \"%3\" is not a number")                                                  \
    /* The teaching model (core/model/TeachingModel.cpp); its lexicons: %1 the file, %2 the line. */                  \
    X(TeachingDamaged, "damaged JSON: %1")                                                                             \
    X(TeachingEmpty, "damaged JSON: the file is empty")                                                                \
    X(TeachingNotAnObject, "expected a JSON object")                                                                   \
    X(TeachingWrongFormat, "not an AttnViz teaching model (expected \"format\": \"%2\")")                              \
    X(TeachingNewer, "teaching model version %1 is newer than this program understands (%2)")                          \
    X(TeachingBadVersion, "teaching model version %1 is not a valid version")                                          \
    X(TeachingNoBuiltInFile, "no built-in file \"%1\"")                                                                \
    X(TeachingLexiconNotListed, "a lexicon is given for \"%1\", which the model does not list")                        \
    X(TeachingLexiconNotGiven, "no lexicon given for the language \"%1\" (%2)")                                        \
    X(TeachingDimensionCount, "expected 1 to %1 dimensions, there are %2")                                             \
    X(TeachingDimensionsLikeX, "expected %1 dimensions (as many as X), there are %2")                                  \
    X(TeachingUnnamedDimension, "a dimension needs a name")                                                            \
    X(TeachingNameTwice, "\"%1\" is used twice")                                                                       \
    X(TeachingTagsOrPosition, "a dimension has either \"tags\" (from the lexicon) or \"position\"")                    \
    X(TeachingTagNotOneWord, "a tag is one word, without spaces or =")                                                 \
    X(TeachingTagTwice, "the tag \"%1\" is used twice")                                                                \
    X(TeachingGatesExpected, "expected an array of dimension names")                                                   \
    X(TeachingNotLexical, "\"%1\" is not a lexical dimension of X")                                                    \
    X(TeachingDefaultHeads, "expected a number of heads that divides %1")                                              \
    X(TeachingUnnamedRule, "a rule needs a name")                                                                      \
    X(TeachingCellTwice, "%1[%2, %3] is already written by the rule \"%4\"")                                           \
    X(TeachingDiagonalOrCell, "an entry has either \"diagonal\" or \"row\", \"column\" and \"value\"")                 \
    X(TeachingNotADimensionOf, "\"%1\" is not a dimension of %2")                                                      \
    X(TeachingNotAnOutputDimension, "\"%1\" is not a dimension of the output")                                         \
    X(TeachingNoLexicon, "the model needs at least one lexicon")                                                       \
    X(TeachingLanguageExpected, "expected a language code such as \"fr\"")                                             \
    X(TeachingLanguageTwice, "\"%1\" is listed twice")                                                                 \
    X(TeachingEmptyLanguage, "a language code cannot be empty")                                                        \
    X(TeachingNotAName, "\"%1\" is not the name of a dimension or a head")                                             \
    X(TeachingHeadsNeedVersion2, "\"heads\" needs version 2 of the format (the file says version %1)")                 \
    X(TeachingHeadsCount, "expected one role per head, %1 (default_heads), there are %2")                              \
    X(TeachingUnnamedHead, "a head needs a role name")                                                                 \
    X(TeachingHeadsWithOwnModel, "the projections \"teaching-heads\" are the built-in four-head model: a "           \
                                 "\"teaching_model\" goes with \"teaching\"")                                      \
    X(TeachingEmptyTranslation, "a translated name cannot be empty")                                                   \
    X(LexiconNoTab, "%1 line %2: expected the word, a tab, then its tags (no tab on this line)")                       \
    X(LexiconNoWord, "%1 line %2: the word is missing before the tab")                                                 \
    X(LexiconWordWithSpace, "%1 line %2: \"%3\" holds a space: one token per line")                                    \
    X(LexiconBadWeight, "%1 line %2: \"%3\": the weight after = is not a number")                                      \
    X(LexiconUnknownTag, "%1 line %2: unknown tag \"%3\" (known: %4)")                                                 \
    X(LexiconTagsCollide, "%1 line %2: two tags set the dimension \"%3\"")                                             \
    X(LexiconWordTwice, "%1 line %2: \"%3\" is listed twice (first on line %4)")

namespace attnviz {

#define ATTNVIZ_ERROR_CODE_ENUM(code, text) code,
/// What went wrong, apart from how it is said (ErrorMessage).
enum class ErrorCode { ATTNVIZ_ERROR_CODES(ATTNVIZ_ERROR_CODE_ENUM) };
#undef ATTNVIZ_ERROR_CODE_ENUM

#define ATTNVIZ_ERROR_CODE_COUNT(code, text) +1
inline constexpr int kErrorCodeCount = 0 ATTNVIZ_ERROR_CODES(ATTNVIZ_ERROR_CODE_COUNT);
#undef ATTNVIZ_ERROR_CODE_COUNT

/// The code's English sentence, %1 … %9 standing for its arguments.
[[nodiscard]] const char* englishTemplate(ErrorCode code);
/// The code's name as written above ("EmptySentence"), for tests and logs.
[[nodiscard]] const char* errorCodeName(ErrorCode code);

}  // namespace attnviz
