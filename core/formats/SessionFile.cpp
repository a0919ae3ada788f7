#include "core/formats/SessionFile.h"

#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string_view>
#include <vector>

#include "core/base/Errors.h"
#include "core/base/Limits.h"
#include "core/formats/ConfigJson.h"
#include "core/io/AtomicFile.h"
#include "core/io/FileReading.h"
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

/// "predict": {"revealed_rows": […], "hidden_rows": […], "guesses": [[query, key], …]}
json predictToJson(const PredictRound& round) {
    json guesses = json::array();
    for (const auto& [query, key] : round.guesses()) guesses.push_back({query, key});
    return {{"revealed_rows", round.revealedRows()}, {"hidden_rows", round.hiddenRows()}, {"guesses", guesses}};
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

/// A token position: below the token limit, so that a row of any sentence AttnViz can show.
int readPosition(const JsonReader& value) {
    const int position = value.index();
    if (static_cast<std::size_t>(position) >= limits::kMaxTokens)
        value.fail(ErrorCode::PredictRowOutside, {std::to_string(position), std::to_string(limits::kMaxTokens - 1)});
    return position;
}

/// Each field is optional (absent: empty). Rows beyond the sentence's tokens are the window's
/// to drop; a row listed twice, or a guess outside the round, is refused.
PredictRound predictFromJson(const JsonReader& object) {
    object.object({"revealed_rows", "hidden_rows", "guesses"});
    std::vector<int> rows[2];
    std::set<int> seen;
    const char* fields[2] = {"revealed_rows", "hidden_rows"};
    for (int part = 0; part < 2; ++part) {
        const auto list = object.field(fields[part]);
        if (!list) continue;
        for (const JsonReader& item : list->items()) {
            const int row = readPosition(item);
            if (!seen.insert(row).second) item.fail(ErrorCode::PredictRowTwice, {std::to_string(row)});
            rows[part].push_back(row);
        }
    }
    std::map<int, int> guesses;
    if (const auto list = object.field("guesses")) {
        for (const JsonReader& pair : list->items()) {
            if (!pair.value().is_array() || pair.value().size() != 2) pair.failKind(ErrorCode::MaskPairExpected);
            const std::vector<JsonReader> cells = pair.items();
            const int query = readPosition(cells[0]);
            const int key = readPosition(cells[1]);
            if (!seen.contains(query)) pair.fail(ErrorCode::PredictGuessOutsideRound, {std::to_string(query)});
            if (!guesses.emplace(query, key).second) pair.fail(ErrorCode::PredictGuessTwice, {std::to_string(query)});
        }
    }
    return PredictRound(rows[0], rows[1], std::move(guesses));
}

/// "model": {"folder": "…", "layer": L, "head": H | "mean"}, layer and head counted from 1.
json modelToJson(const SessionModel& model) {
    json object = json::object();
    object["folder"] = model.folder;
    object["layer"] = model.layer + 1;
    if (model.head == kAllHeads) {
        object["head"] = "mean";
    } else {
        object["head"] = model.head + 1;
    }
    return object;
}

/// A count from 1 (layer, head) as stored, 0-based; refused with `expected` below 1 or too large.
int readCountedFromOne(const JsonReader& value, ErrorCode expected) {
    const std::uint64_t number = value.unsignedInteger(expected);
    if (number < 1 || number > static_cast<std::uint64_t>(limits::kMaxHeads)) value.fail(expected);
    return static_cast<int>(number) - 1;
}

SessionModel modelFromJson(const JsonReader& object) {
    object.object({"folder", "layer", "head"});
    SessionModel model;
    const JsonReader folder = object.required("folder");
    if (!folder.isString()) folder.failKind(ErrorCode::SessionModelFolder);
    if (folder.string().empty()) folder.fail(ErrorCode::SessionModelFolder);
    model.folder = folder.string();
    if (const auto layer = object.field("layer")) model.layer = readCountedFromOne(*layer, ErrorCode::SessionModelLayer);
    if (const auto head = object.field("head")) {
        model.head = head->isString() && head->string() == "mean" ? kAllHeads
                                                                  : readCountedFromOne(*head, ErrorCode::SessionModelHead);
    }
    return model;
}

Session parseSession(const JsonReader& root) {
    // Version 1 has no "predict"; its files read exactly as before, with no round.
    root.formatVersion(kSessionFormat);
    root.object({"format", "version", "sentence", "config", "view", "predict", "model"});
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
    if (const auto predict = root.field("predict")) session.predict = predictFromJson(*predict);
    if (const auto model = root.field("model")) session.model = modelFromJson(*model);
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
    if (session.predict.isActive()) root["predict"] = predictToJson(session.predict);
    if (session.model) root["model"] = modelToJson(*session.model);
    std::string text = jsonText(root, 2, ErrorCode::SessionUnwritable) + "\n";  // refused: a string that is not UTF-8
    // What the reader would refuse is not written (large supplied matrices belong in a weights file).
    if (text.size() > limits::kMaxSessionBytes)
        throw FormatError(ErrorCode::SessionTooLarge, {std::to_string(limits::kMaxSessionBytes / limits::kMiB)});
    return text;
}

void saveSession(const std::filesystem::path& path, const Session& session) {
    writeFileAtomically(path, sessionToJson(session));
}

Session readSession(std::string_view text) {
    const json root = parseJson(text, kSessionFormat);
    return parseSession(JsonReader(root, "session", UnknownFields::Refuse));
}

Session loadSession(const std::filesystem::path& path) { return parseWholeFile(path, limits::kMaxSessionBytes, readSession); }

}  // namespace attnviz
