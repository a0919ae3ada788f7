#pragma once
#include <QFile>
#include <QString>

#include <filesystem>

namespace attnviz::ui {

/// A path typed or chosen in the interface, as the file system's bytes (QFile::encodeName), for
/// the core's file functions.
[[nodiscard]] inline std::filesystem::path toPath(const QString& path) {
    return {QFile::encodeName(path).toStdString()};
}

}  // namespace attnviz::ui
