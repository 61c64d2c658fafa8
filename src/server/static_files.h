#pragma once
// The web client's files (`--web DIR`). `/` and `/games/{id}` are the client's own pages
// and get index.html; any other path names a file under DIR. A path that would leave DIR
// (`..`, a symbolic link pointing out) is not found, never read.

#include <filesystem>
#include <optional>
#include <string_view>

#include "http_message.h"

namespace stratagem::server {

class StaticFiles {
 public:
  explicit StaticFiles(std::filesystem::path root);

  // nullopt when the path is no file of the client (the caller answers 404).
  std::optional<Response> get(std::string_view path) const;

  static std::string_view content_type(const std::filesystem::path& file);

 private:
  std::optional<Response> file_response(const std::filesystem::path& relative) const;
  std::filesystem::path root_;  // canonical
};

}  // namespace stratagem::server
