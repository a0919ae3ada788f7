// Session files: what is read writes back as text that reads to the same session, and that
// text is a fixed point (written again, byte for byte the same).
#include "core/formats/SessionFile.h"
#include "tests/fuzz/FuzzSupport.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace attnviz;
    fuzz::onlyProjectRefusals([&] {
        const Session session = readSession(fuzz::bytesOf(data, size));
        const std::string written = sessionToJson(session);
        const Session again = readSession(written);
        fuzz::require(again == session, "a session read back differs from the one written");
        fuzz::require(sessionToJson(again) == written, "a session's text is not a fixed point");
    });
    return 0;
}
