// A safetensors file (header and data): each tensor's bytes lie inside the file, after the
// header, exactly as long as its shape and dtype need; float tensors convert without a refusal.
#include "core/formats/Safetensors.h"
#include "tests/fuzz/FuzzSupport.h"

#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace attnviz;
    const std::span<const std::byte> file(reinterpret_cast<const std::byte*>(data), size);
    fuzz::onlyProjectRefusals([&] {
        const std::vector<SafetensorsTensor> tensors = parseSafetensors(file);
        for (const SafetensorsTensor& tensor : tensors) {
            const std::byte* begin = tensor.bytes.data();
            fuzz::require(tensor.bytes.empty() || (begin >= file.data() + 8 && begin + tensor.bytes.size() <= file.data() + file.size()),
                          "a tensor's bytes outside the file's data");
            if (!isFloatDtype(tensor.dtype)) continue;
            const std::uint64_t elementSize = tensor.dtype == "F32" ? 4 : 2;
            fuzz::require(tensor.bytes.size() == tensor.elementCount() * elementSize, "a tensor's length disagrees with its shape");
            std::vector<float> values(std::min<std::uint64_t>(tensor.elementCount(), 64));
            readAsFloat32(tensor, 0, values);
        }
    });
    return 0;
}
