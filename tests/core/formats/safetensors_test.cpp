#include "core/formats/Safetensors.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "core/base/Errors.h"
#include "tests/support/FileBytes.h"
#include "tests/support/MessageOf.h"
#include "tests/support/TempFolder.h"

namespace attnviz {
namespace {

using testing::messageOf;

/// A safetensors file made by hand, in 8-byte aligned memory (as a mapping is page aligned).
class Blob {
public:
    /// The 8-byte little-endian header length, the header, the data.
    Blob(const std::string& header, const std::string& data) {
        std::string bytes;
        for (int i = 0; i < 8; ++i) bytes += static_cast<char>((header.size() >> (8 * i)) & 0xFF);
        bytes += header + data;
        fromBytes(bytes);
    }
    static Blob raw(const std::string& bytes) {
        Blob blob;
        blob.fromBytes(bytes);
        return blob;
    }
    [[nodiscard]] std::span<const std::byte> bytes() const {
        return std::as_bytes(std::span(storage_)).first(size_);
    }
    [[nodiscard]] std::string text() const { return {reinterpret_cast<const char*>(storage_.data()), size_}; }

private:
    Blob() = default;
    void fromBytes(const std::string& bytes) {
        size_ = bytes.size();
        storage_.resize((size_ + 7) / 8 + 1);
        std::memcpy(storage_.data(), bytes.data(), size_);
    }
    std::vector<std::uint64_t> storage_;
    std::size_t size_ = 0;
};

std::string floatBytes(const std::vector<float>& values) {
    std::string bytes(values.size() * 4, '\0');
    std::memcpy(bytes.data(), values.data(), bytes.size());
    return bytes;
}

std::string uint16Bytes(const std::vector<std::uint16_t>& values) {
    std::string bytes;
    for (const std::uint16_t value : values) {
        bytes += static_cast<char>(value & 0xFF);
        bytes += static_cast<char>(value >> 8);
    }
    return bytes;
}

std::string parseRefusal(const Blob& blob) {
    return messageOf<FormatError>([&] { (void)parseSafetensors(blob.bytes()); });
}

/// One tensor "w" of the given entry fields, with data.
Blob oneTensor(const std::string& fields, const std::string& data) { return {R"({"w":{)" + fields + "}}", data}; }

std::vector<float> asFloat32(const SafetensorsTensor& tensor) {
    std::vector<float> values(tensor.elementCount());
    readAsFloat32(tensor, 0, values);
    return values;
}

TEST(Safetensors, ReadsTensorsOfEveryFloatDtypeWithTheirShapesAndBytes) {
    // F32 [2, 3], F16 [2], BF16 [] (a scalar), in that order in the data.
    const std::string data = floatBytes({1.0f, -2.5f, 0.0f, 3.0f, 0.125f, 1e-3f}) + uint16Bytes({0x3C00, 0xC000}) +
                             uint16Bytes({0x4049});
    const Blob blob(R"({"__metadata__":{"format":"pt"},)"
                    R"("a":{"dtype":"F32","shape":[2,3],"data_offsets":[0,24]},)"
                    R"("b":{"dtype":"F16","shape":[2],"data_offsets":[24,28]},)"
                    R"("c":{"dtype":"BF16","shape":[],"data_offsets":[28,30]}})",
                    data);
    const std::vector<SafetensorsTensor> tensors = parseSafetensors(blob.bytes());
    ASSERT_EQ(tensors.size(), 3u) << "__metadata__ is no tensor";
    EXPECT_EQ(tensors[0].name, "a");
    EXPECT_EQ(tensors[0].dtype, "F32");
    EXPECT_EQ(tensors[0].shape, (std::vector<std::uint64_t>{2, 3}));
    EXPECT_EQ(tensors[0].bytes.data(), blob.bytes().data() + blob.bytes().size() - data.size()) << "read in place";
    EXPECT_EQ(tensors[0].bytes.size(), 24u);
    EXPECT_EQ(asFloat32(tensors[0]), (std::vector<float>{1.0f, -2.5f, 0.0f, 3.0f, 0.125f, 1e-3f}));
    EXPECT_EQ(tensors[1].dtype, "F16");
    EXPECT_EQ(asFloat32(tensors[1]), (std::vector<float>{1.0f, -2.0f}));
    EXPECT_EQ(tensors[2].shape, std::vector<std::uint64_t>{});
    EXPECT_EQ(tensors[2].elementCount(), 1u);
    EXPECT_EQ(asFloat32(tensors[2]), std::vector<float>{3.140625f});
}

TEST(Safetensors, ReadsAPartOfATensor) {
    const Blob blob(R"({"h":{"dtype":"F16","shape":[2,2],"data_offsets":[0,8]},)"
                    R"("f":{"dtype":"F32","shape":[3],"data_offsets":[8,20]}})",
                    uint16Bytes({0x3C00, 0x4000, 0x4200, 0x4400}) + floatBytes({5, 6, 7}));
    const std::vector<SafetensorsTensor> tensors = parseSafetensors(blob.bytes());
    std::vector<float> part(2);
    readAsFloat32(tensors[1], 1, part);
    EXPECT_EQ(part, (std::vector<float>{2, 3})) << "F16 values 1 and 2";
    readAsFloat32(tensors[0], 1, part);
    EXPECT_EQ(part, (std::vector<float>{6, 7})) << "F32 values 1 and 2";
}

// Found by tests/fuzz (safetensors): reading nothing into an empty span passed a null pointer
// to memcpy (undefined behaviour; the asan preset's UBSan stops on it).
TEST(Safetensors, ATensorWithNoValuesReadsAsNoValues) {
    const Blob blob(R"({"e":{"dtype":"F32","shape":[0,3],"data_offsets":[0,0]},)"
                    R"("h":{"dtype":"BF16","shape":[0],"data_offsets":[0,0]}})",
                    "");
    const std::vector<SafetensorsTensor> tensors = parseSafetensors(blob.bytes());
    ASSERT_EQ(tensors.size(), 2u);
    EXPECT_TRUE(asFloat32(tensors[0]).empty());
    EXPECT_TRUE(asFloat32(tensors[1]).empty());
}

TEST(Safetensors, AlignedF32IsReadInPlaceAndOtherTensorsAreNot) {
    // The header is padded to a multiple of 4 bytes, so the data starts 4-byte aligned: "a"
    // (offset 0) is aligned, "b" (offset 6) is not.
    std::string header = R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"b":{"dtype":"F32","shape":[1],"data_offsets":[6,10]},"c":{"dtype":"F16","shape":[1],"data_offsets":[4,6]}})";
    header.append((4 - header.size() % 4) % 4, ' ');
    const Blob blob(header, floatBytes({2.0f}) + uint16Bytes({0x3C00}) + floatBytes({-4.0f}));
    const std::vector<SafetensorsTensor> tensors = parseSafetensors(blob.bytes());
    ASSERT_EQ(tensors.size(), 3u);
    const std::span<const float> a = float32InPlace(tensors[0]);
    ASSERT_EQ(a.size(), 1u);
    EXPECT_EQ(static_cast<const void*>(a.data()), static_cast<const void*>(tensors[0].bytes.data()));
    EXPECT_EQ(a[0], 2.0f);
    EXPECT_TRUE(float32InPlace(tensors[1]).empty()) << "offset 2 mod 4: unaligned";
    EXPECT_EQ(asFloat32(tensors[1]), std::vector<float>{-4.0f}) << "an unaligned F32 is copied";
    EXPECT_TRUE(float32InPlace(tensors[2]).empty()) << "F16 is never read in place";
}

TEST(Safetensors, DtypesThatAreNotFloatsAreAcceptedButNotReadAsFloat32) {
    const Blob blob(R"({"mask":{"dtype":"BOOL","shape":[2,2],"data_offsets":[0,4]},)"
                    R"("w":{"dtype":"F64","shape":[1],"data_offsets":[8,16]}})",
                    std::string("\1\0\1\1", 4) + std::string(12, '\0'));
    const std::vector<SafetensorsTensor> tensors = parseSafetensors(blob.bytes());
    ASSERT_EQ(tensors.size(), 2u);
    std::vector<float> out(1);
    EXPECT_FALSE(isFloatDtype(tensors[0].dtype));
    EXPECT_EQ(messageOf<FormatError>([&] { readAsFloat32(tensors[1], 0, out); }),
              "tensor w: dtype F64 is not supported (F32, F16, BF16 are)");
}

TEST(Safetensors, RefusesAFileShorterThanTheHeaderLength) {
    EXPECT_EQ(parseRefusal(Blob::raw(std::string("\x10\0\0\0", 4))),
              "the file has 4 bytes, fewer than the 8 bytes of the header length");
}

TEST(Safetensors, RefusesAHeaderLengthBeyondTheFile) {
    std::string bytes = std::string("\x40\0\0\0\0\0\0\0", 8) + "{}";
    EXPECT_EQ(parseRefusal(Blob::raw(bytes)), "the header length 64 is beyond the end of the file (10 bytes)");
    bytes = std::string(8, '\xFF') + "{}";
    EXPECT_EQ(parseRefusal(Blob::raw(bytes)),
              "the header length 18446744073709551615 is beyond the end of the file (10 bytes)");
}

TEST(Safetensors, RefusesDamagedHeaderJson) {
    const std::string message = parseRefusal(Blob(R"({"w":{"dtype":"F32")", ""));
    EXPECT_EQ(message.rfind("damaged header JSON: ", 0), 0u) << message;
    EXPECT_EQ(parseRefusal(Blob("   ", "")), "damaged header JSON: the header is empty");
    EXPECT_EQ(parseRefusal(Blob("[1, 2]", "")), "header: expected an object (got an array)");
}

TEST(Safetensors, RefusesAnEntryOfTheWrongForm) {
    EXPECT_EQ(parseRefusal(oneTensor(R"("shape":[1],"data_offsets":[0,4])", floatBytes({1}))),
              "tensor w: the field \"dtype\" is missing");
    EXPECT_EQ(parseRefusal(oneTensor(R"("dtype":"F32","shape":[-1],"data_offsets":[0,4])", floatBytes({1}))),
              "tensor w: shape[0]: expected a non-negative integer (got a negative integer)");
    EXPECT_EQ(parseRefusal(oneTensor(R"("dtype":"F32","shape":[1],"data_offsets":[0,4,8])", floatBytes({1, 2}))),
              "tensor w: data_offsets: has 3 numbers, expected 2");
}

TEST(Safetensors, RefusesADtypeTheFormatDoesNotHave) {
    EXPECT_EQ(parseRefusal(oneTensor(R"("dtype":"Q4","shape":[2],"data_offsets":[0,1])", "x")),
              "tensor w: dtype Q4 is not supported (F32, F16, BF16 are)");
}

TEST(Safetensors, RefusesAShapeTooLargeToCount) {
    EXPECT_EQ(parseRefusal(oneTensor(R"("dtype":"F32","shape":[4294967296,4294967296],"data_offsets":[0,4])",
                                     floatBytes({1}))),
              "tensor w: shape [4294967296, 4294967296] is too large");
}

TEST(Safetensors, RefusesOffsetsThatEndBeforeTheyBegin) {
    EXPECT_EQ(parseRefusal(oneTensor(R"("dtype":"F32","shape":[0],"data_offsets":[4,0])", floatBytes({1}))),
              "tensor w: data offsets [4, 0] end before they begin");
}

TEST(Safetensors, RefusesAByteLengthNotMatchingShapeAndDtype) {
    EXPECT_EQ(parseRefusal(oneTensor(R"("dtype":"F16","shape":[2,3],"data_offsets":[0,8])", std::string(8, '\0'))),
              "tensor w: its data offsets hold 8 bytes, its shape [2, 3] of F16 needs 12");
}

TEST(Safetensors, RefusesOffsetsOutsideTheData) {
    // "b" lies past the end, leaving a gap where its data should be: not a truncated file.
    const Blob blob(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},)"
                    R"("b":{"dtype":"F32","shape":[1],"data_offsets":[12,16]}})",
                    floatBytes({1, 2}));
    EXPECT_EQ(parseRefusal(blob), "tensor b: data offsets [12, 16] are outside the 8 bytes of data");
}

TEST(Safetensors, RefusesATruncatedFile) {
    // Three tensors laid end to end over 12 bytes, the file cut after 6 of them.
    const Blob blob(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},)"
                    R"("b":{"dtype":"F32","shape":[1],"data_offsets":[4,8]},)"
                    R"("c":{"dtype":"F32","shape":[1],"data_offsets":[8,12]}})",
                    floatBytes({1}) + std::string(2, '\0'));
    EXPECT_EQ(parseRefusal(blob), "the file is truncated: its tensors need 12 bytes of data, it holds 6");
}

TEST(Safetensors, RefusesOverlappingTensors) {
    const Blob blob(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                    R"("b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]},)"
                    R"("empty":{"dtype":"F32","shape":[0],"data_offsets":[4,4]}})",
                    floatBytes({1, 2, 3}));
    EXPECT_EQ(parseRefusal(blob), "tensors a and b overlap in the data") << "a tensor of no bytes overlaps nothing";
}

TEST(Safetensors, FileRefusalsNameTheFile) {
    const testing::TempFolder folder;
    const std::string path = folder.file("model.safetensors");
    testing::writeFile(path, oneTensor(R"("dtype":"F64","shape":[1],"data_offsets":[0,4])", floatBytes({1})).text());
    EXPECT_EQ(messageOf<FormatError>([&] { SafetensorsFile file(path); }),
              path + ": tensor w: its data offsets hold 4 bytes, its shape [1] of F64 needs 8");
}

TEST(Safetensors, FileFindsTensorsByName) {
    const testing::TempFolder folder;
    const std::string path = folder.file("model.safetensors");
    testing::writeFile(path, Blob(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},)"
                                  R"("b":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})",
                                  floatBytes({1, 2}))
                                 .text());
    SafetensorsFile opened(path);
    const SafetensorsFile file = std::move(opened);
    ASSERT_NE(file.find("b"), nullptr);
    EXPECT_EQ(file.find("b")->name, "b");
    EXPECT_EQ(asFloat32(*file.find("b")), std::vector<float>{2.0f}) << "the bytes survive a move";
    EXPECT_EQ(file.find("c"), nullptr);
}

}  // namespace
}  // namespace attnviz
