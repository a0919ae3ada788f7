// .npy files: a 2-D array (NpyArray) written back as '<f8' reads to the same bits; an array of
// any rank (NpyView) holds exactly the values its shape announces.
#include "core/formats/NpyArray.h"
#include "tests/fuzz/FuzzSupport.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace attnviz;
    const std::string_view bytes = fuzz::bytesOf(data, size);
    fuzz::onlyProjectRefusals([&] {
        const NpyArray array = NpyArray::parse(bytes, "fuzz.npy");
        const NpyArray again = NpyArray::parse(NpyArray::serialize(array.values), "again.npy");
        fuzz::require(again.dtype == "<f8" && !again.fortranOrder, "serialize wrote another layout");
        fuzz::require(fuzz::bitIdentical(again.values, array.values), "an array read back differs");
    });
    fuzz::onlyProjectRefusals([&] {
        const NpyView view = NpyView::parse(bytes, "fuzz.npy");
        const std::uint64_t itemSize = view.dtype.back() == '8' ? 8 : 4;
        fuzz::require(view.data.size() == view.count() * itemSize, "data not as long as the shape says");
        if (view.count() > 0) (void)view.at(view.count() - 1);  // the last value lies inside the bytes
    });
    return 0;
}
