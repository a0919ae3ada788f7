#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "core/attention/AttentionTrace.h"
#include "core/attention/PredictRound.h"
#include "core/formats/WeightsRange.h"
#include "core/model/AttentionConfig.h"

namespace attnviz {

inline constexpr const char* kSessionFormatName = "attnviz-session";
/// Version 2 added "predict". Version 1 files are read as they always were; every field added
/// since is optional, with a default that leaves an older session as it was.
inline constexpr int kSessionFormatVersion = 2;
inline constexpr const char* kSessionFileSuffix = ".attnviz";

/// What the window was showing. Optional in the file: a session without "view" opens on the
/// default view.
struct SessionView {
    Step step = Step::Weights;
    int head = 0;             ///< 0 … h−1, or kAllHeads ("mean")
    std::string colormap;     ///< empty: the program's default map
    bool showValues = true;   ///< numbers in the cells when they fit
    std::string title;        ///< empty: the default title for the step and head
    /// What the weights' colours span. JSON "weights_range": "0 to 1", "data" or "row" (absent:
    /// "0 to 1").
    WeightsRange weightsRange = WeightsRange::Fixed;
    friend bool operator==(const SessionView&, const SessionView&) = default;
};

/// A trained model the session shows (optional in the file: absent, AttnViz's own model).
struct SessionModel {
    std::string folder;  ///< the model's folder, as the window opened it (absolute)
    int layer = 0;       ///< 0-based here; JSON "layer" counts from 1 (absent: 1)
    int head = 0;        ///< 0-based or kAllHeads here; JSON "head" counts from 1 or is "mean" (absent: 1)
    friend bool operator==(const SessionModel&, const SessionModel&) = default;
};

/// Everything needed to reproduce a session exactly: the sentence and every control (the mask's
/// custom cells and supplied W matrices are part of the config), and a predict-then-reveal round. Matrices are recomputed when
/// opened; supplied matrices are stored as the shortest text that reads back to the same double,
/// so the recomputed matrices are bit-identical.
struct Session {
    std::string sentence;
    AttentionConfig config;
    SessionView view;
    /// Rows hidden for a guess, those revealed, the guesses (version 2; absent: no round).
    PredictRound predict;
    /// The trained model on screen (version 2, optional). Its layer and head are checked against
    /// the model when it is opened; `config` and `view` then hold what the window shows without
    /// it (the teaching model: when the model is closed, or when its folder is gone).
    std::optional<SessionModel> model = std::nullopt;
    friend bool operator==(const Session&, const Session&) = default;
};

/// The session as JSON text:
/// {"format": "attnviz-session", "version": 2, "sentence": "…", "config": {…ConfigJson…},
///  "view": {"step": "weights", "head": 0 | "mean", "colormap": "", "values": true, "title": "",
///           "weights_range": "0 to 1" | "data" | "row"},
///  "predict": {"revealed_rows": [0, 1], "hidden_rows": [2, 3], "guesses": [[0, 1], [1, 1]]},
///  "model": {"folder": "/home/me/models/gpt2", "layer": 3, "head": 5 | "mean"}}
/// "predict" is written only while a round is on, "model" only while a trained model is shown
/// (its layer and head count from 1, as the window shows them).
[[nodiscard]] std::string sessionToJson(const Session& session);
/// Writes the session atomically (IoError on failure: the old file is left byte-identical).
void saveSession(const std::filesystem::path& path, const Session& session);

/// Parses a session of version 1 or 2. Throws FormatError naming the problem for damaged JSON
/// ("damaged session: JSON syntax error at byte 17: …"), another format, a newer version ("session
/// version 3 is newer than this program understands (2)"), a missing or mistyped field, settings
/// that cannot be used ("session.config: 3 heads do not divide d_model = 8 …"), or a round that
/// names a row twice or guesses for a row outside it.
[[nodiscard]] Session readSession(std::string_view text);
/// Same, from a file: IoError when it cannot be read ("cannot open /x.attnviz: no such file").
/// FormatError messages are prefixed with the path.
[[nodiscard]] Session loadSession(const std::filesystem::path& path);

}  // namespace attnviz
