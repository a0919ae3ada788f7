#include "core/formats/SessionFile.h"

#include <nlohmann/json.hpp>
#include <string_view>
#include <vector>

#include "core/base/Errors.h"
#include "core/base/Limits.h"
#include "core/formats/ConfigJson.h"
#include "core/io/AtomicFile.h"
#include "core/io/JsonReader.h"
#include "core/io/JsonWriter.h"

namespace attnviz {
namespace {

using nlohmann::json;

json viewToJson(const SessionView& view) {
    json object = json::object();
    object["step"] = stepName(view.step);
    if (view.head == kAllHeads) {
        object["head"] = "mean";
    } else {
        object["head"] = view.head;
    }
    object["colormap"] = view.colormap;
    object["values"] = view.showValues;
    object["title"] = view.title;
    object["weights_range"] = weightsRangeName(view.weightsRange);
    return object;
}

constexpr JsonFormat kSessionFormat{.name = kSessionFormatName,
                                    .version = kSessionFormatVersion,
                                    .damaged = ErrorCode::SessionDamaged,
                                    .empty = ErrorCode::SessionEmpty,
                                    .notAnObject = ErrorCode::SessionNotAnObject,
                                    .formatMissing = ErrorCode::SessionFormatMissing,
                                    .wrongFormat = ErrorCode::SessionWrongFormat,
                                    .newerVersion = ErrorCode::SessionNewer,
                                    .invalidVersion = ErrorCode::SessionBadVersion};

/// "head": an index as stored (0 … kMaxHeads − 1), or "mean" for kAllHeads.
int readHead(const JsonReader& value) {
    if (value.isString() && value.string() == "mean") return kAllHeads;
    const std::uint64_t head = value.unsignedInteger(ErrorCode::SessionHeadExpected);
    if (head >= static_cast<std::uint64_t>(limits::kMaxHeads)) value.failKind(ErrorCode::SessionHeadExpected);
    return static_cast<int>(head);
}

SessionView viewFromJson(const JsonReader& object) {
    object.object({"step", "head", "colormap", "values", "title", "weights_range"});
    SessionView view;
    if (const auto step = object.field("step")) {
        std::vector<std::string_view> names;
        for (int s = 0; s < kStepCount; ++s) names.emplace_back(stepName(static_cast<Step>(s)));
        (void)stepFromName(step->oneOf(names), view.step);  // oneOf refused every other name
    }
    if (const auto head = object.field("head")) view.head = readHead(*head);
    if (const auto colormap = object.field("colormap")) view.colormap = colormap->string();
    if (const auto title = object.field("title")) view.title = title->string();
    if (const auto range = object.field("weights_range"))
        view.weightsRange = *weightsRangeFromName(
            range->oneOf(std::vector<std::string_view>(kWeightsRangeNames.begin(), kWeightsRangeNames.end())));
    if (const auto values = object.field("values")) view.showValues = values->boolean();
    return view;
}

Session parseSession(const JsonReader& root) {
    root.formatVersion(kSessionFormat);
    root.object({"format", "version", "sentence", "config", "view"});
    Session session;
    session.sentence = root.required("sentence").string();
    const JsonReader config = root.required("config");
    session.config = configFromJson(config.value(), config.path());
    try {
        session.config.validate();
    } catch (const ConfigError& error) {
        throw FormatError(within(config.path(), error.message()));
    }
    if (const auto view = root.field("view")) session.view = viewFromJson(*view);
    if (session.view.head != kAllHeads && session.view.head >= session.config.heads) {
        root.required("view").required("head").fail(
            ErrorCode::SessionHeadIndex, {std::to_string(session.view.head), std::to_string(session.config.heads),
                                          std::to_string(session.config.heads - 1)});
    }
    return session;
}

}  // namespace

std::string sessionToJson(const Session& session) {
    json root = json::object();
    root["format"] = kSessionFormatName;
    root["version"] = kSessionFormatVersion;
    root["sentence"] = session.sentence;
    root["config"] = configToJson(session.config);
    root["view"] = viewToJson(session.view);
    return jsonText(root, 2, ErrorCode::SessionUnwritable) + "\n";  // refused: a string that is not UTF-8
}

void saveSession(const std::filesystem::path& path, const Session& session) {
    writeFileAtomically(path, sessionToJson(session));
}

Session readSession(std::string_view text) {
    const json root = parseJson(text, kSessionFormat);
    return parseSession(JsonReader(root, "session", UnknownFields::Refuse));
}

Session loadSession(const std::filesystem::path& path) { return parseFile(path, readSession); }

}  // namespace attnviz
