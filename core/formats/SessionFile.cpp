#include "core/formats/SessionFile.h"

#include <nlohmann/json.hpp>
#include <set>

#include "core/base/Errors.h"
#include "core/base/Limits.h"
#include "core/formats/ConfigJson.h"
#include "core/io/AtomicFile.h"
#include "core/io/JsonValues.h"

namespace attnviz {
namespace {

using nlohmann::json;
using json_detail::describeType;

using json_detail::plainMessage;

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
    object["weights_range"] = view.weightsRangeFromData ? "data" : "0 to 1";
    return object;
}

const json& requiredField(const json& object, const char* key, const std::string& where) {
    const auto it = object.find(key);
    if (it == object.end()) throw FormatError(where + ": the field \"" + key + "\" is missing");
    return *it;
}

std::string readString(const json& value, const std::string& name) {
    if (!value.is_string()) throw FormatError(name + ": expected a string" + describeType(value));
    return value.get<std::string>();
}

SessionView viewFromJson(const json& object) {
    const std::string where = "session.view";
    if (!object.is_object()) throw FormatError(where + ": expected an object" + describeType(object));
    SessionView view;
    static const std::set<std::string, std::less<>> known = {"step",  "head",         "colormap",
                                                              "values", "title", "weights_range"};
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (known.count(it.key()) == 0) throw FormatError(where + ": unknown field \"" + it.key() + "\"");
    }
    if (const auto it = object.find("step"); it != object.end()) {
        const std::string name = readString(*it, where + ".step");
        if (!stepFromName(name, view.step)) {
            throw FormatError(where + ".step: \"" + name +
                              "\" is not one of x, q, k, v, scores, scaled, masked, weights, context, output");
        }
    }
    if (const auto it = object.find("head"); it != object.end()) {
        if (it->is_string() && it->get_ref<const std::string&>() == "mean") {
            view.head = kAllHeads;
        } else if (std::uint64_t head = 0; json_detail::asUnsigned(*it, head) && head < static_cast<std::uint64_t>(limits::kMaxHeads)) {
            view.head = static_cast<int>(head);
        } else {
            throw FormatError(where + ".head: expected a head number or \"mean\"" + describeType(*it));
        }
    }
    if (const auto it = object.find("colormap"); it != object.end()) view.colormap = readString(*it, where + ".colormap");
    if (const auto it = object.find("title"); it != object.end()) view.title = readString(*it, where + ".title");
    if (const auto it = object.find("weights_range"); it != object.end()) {
        const std::string range = readString(*it, where + ".weights_range");
        if (range != "data" && range != "0 to 1")
            throw FormatError(where + ".weights_range: \"" + range + "\" is not \"0 to 1\" or \"data\"");
        view.weightsRangeFromData = range == "data";
    }
    if (const auto it = object.find("values"); it != object.end()) {
        if (!it->is_boolean()) throw FormatError(where + ".values: expected true or false" + describeType(*it));
        view.showValues = it->get<bool>();
    }
    return view;
}

Session parseSession(const json& root) {
    if (!root.is_object()) throw FormatError("not an AttnViz session: expected a JSON object" + describeType(root));
    const auto format = root.find("format");
    if (format == root.end()) throw FormatError("not an AttnViz session: the field \"format\" is missing");
    if (!format->is_string() || format->get_ref<const std::string&>() != kSessionFormatName) {
        throw FormatError("not an AttnViz session: format is " + format->dump() + ", expected \"" +
                          kSessionFormatName + "\"");
    }
    const json& version = requiredField(root, "version", "session");
    if (!version.is_number_integer()) throw FormatError("session.version: expected an integer" + describeType(version));
    if (std::uint64_t number = 0;
        json_detail::asUnsigned(version, number) && number > static_cast<std::uint64_t>(kSessionFormatVersion)) {
        throw FormatError("session version " + version.dump() + " is newer than this program understands (" +
                          std::to_string(kSessionFormatVersion) + ")");
    }
    if (version.get<std::int64_t>() < 1) throw FormatError("session version " + version.dump() + " is not a valid version");

    static const std::set<std::string, std::less<>> known = {"format", "version", "sentence", "config", "view"};
    for (auto it = root.begin(); it != root.end(); ++it) {
        if (known.count(it.key()) == 0) throw FormatError("session: unknown field \"" + it.key() + "\"");
    }

    Session session;
    session.sentence = readString(requiredField(root, "sentence", "session"), "session.sentence");
    session.config = configFromJson(requiredField(root, "config", "session"), "session.config");
    try {
        session.config.validate();
    } catch (const ConfigError& error) {
        throw FormatError(std::string("session.config: ") + error.what());
    }
    if (const auto view = root.find("view"); view != root.end()) session.view = viewFromJson(*view);
    if (session.view.head != kAllHeads && session.view.head >= session.config.heads) {
        throw FormatError("session.view.head: " + std::to_string(session.view.head) +
                          " is not a head index: the config has " + std::to_string(session.config.heads) +
                          " heads (indices 0 to " + std::to_string(session.config.heads - 1) + ")");
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
    try {
        return root.dump(2) + "\n";
    } catch (const json::exception& error) {  // a string that is not valid UTF-8
        throw FormatError("cannot write the session: " + plainMessage(error));
    }
}

void saveSession(const std::filesystem::path& path, const Session& session) {
    writeFileAtomically(path, sessionToJson(session));
}

Session readSession(std::string_view text) {
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        throw FormatError("damaged session: the file is empty");
    }
    json root;
    try {
        root = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& error) {
        throw FormatError("damaged session: " + plainMessage(error));
    }
    try {
        return parseSession(root);
    } catch (const json::exception& error) {  // every access is checked; kept as a safety net
        throw FormatError("damaged session: " + plainMessage(error));
    }
}

Session loadSession(const std::filesystem::path& path) {
    const std::string bytes = readFileBytes(path);
    try {
        return readSession(bytes);
    } catch (const FormatError& error) {
        throw FormatError(path.string() + ": " + error.what());
    }
}

}  // namespace attnviz
