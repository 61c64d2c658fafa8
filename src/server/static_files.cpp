#include "static_files.h"

#include <fstream>
#include <sstream>
#include <system_error>
#include <utility>

namespace stratagem::server {
namespace {

bool is_client_page(std::string_view path) {
  if (path == "/" || path == "/index.html" || path == "/settings") return true;
  // The pages a notice's mail links to (their tokens go to the API from there).
  for (const std::string_view page : {std::string_view("/confirm-email/"), std::string_view("/unsubscribe/")})
    if (path.starts_with(page) && path.size() > page.size() && path.find('/', page.size()) == std::string_view::npos)
      return true;
  constexpr std::string_view games = "/games/";
  if (!path.starts_with(games)) return false;
  const auto id = path.substr(games.size());
  return !id.empty() && id.find('/') == std::string_view::npos;
}

}  // namespace

StaticFiles::StaticFiles(std::filesystem::path root) {
  std::error_code error;
  root_ = std::filesystem::canonical(root, error);
  if (error) root_ = std::move(root);
}

std::string_view StaticFiles::content_type(const std::filesystem::path& file) {
  static constexpr std::pair<std::string_view, std::string_view> kTypes[] = {
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json"},
      {".map", "application/json"},
      {".webmanifest", "application/manifest+json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".jpg", "image/jpeg"},
      {".jpeg", "image/jpeg"},
      {".gif", "image/gif"},
      {".webp", "image/webp"},
      {".ico", "image/x-icon"},
      {".woff", "font/woff"},
      {".woff2", "font/woff2"},
      {".ttf", "font/ttf"},
      {".txt", "text/plain; charset=utf-8"},
      {".wasm", "application/wasm"},
  };
  const auto extension = file.extension().string();
  for (const auto& [suffix, type] : kTypes) {
    if (extension == suffix) return type;
  }
  return "application/octet-stream";
}

std::optional<Response> StaticFiles::get(std::string_view path) const {
  if (is_client_page(path)) return file_response("index.html");
  if (path.empty() || path.front() != '/') return std::nullopt;
  const std::filesystem::path relative(path.substr(1));
  if (relative.has_root_path()) return std::nullopt;  // "//etc/passwd"
  for (const auto& part : relative) {
    if (part == ".." || part == ".") return std::nullopt;
  }
  return file_response(relative);
}

std::optional<Response> StaticFiles::file_response(const std::filesystem::path& relative) const {
  std::error_code error;
  const auto file = std::filesystem::canonical(root_ / relative, error);
  if (error || !std::filesystem::is_regular_file(file, error)) return std::nullopt;
  // A symbolic link inside the folder may still point out of it.
  const auto [root_end, file_it] = std::mismatch(root_.begin(), root_.end(), file.begin(), file.end());
  if (root_end != root_.end()) return std::nullopt;
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream contents;
  contents << in.rdbuf();
  Response response;
  response.content_type = std::string(content_type(file));
  response.body = std::move(contents).str();
  // Vite puts a content hash in every asset's name; the pages and the service worker (which
  // names the assets to keep) must always be fresh.
  const bool fresh = relative == "index.html" || relative == "offline.html" || relative == "sw.js";
  response.headers.emplace_back("Cache-Control", fresh ? "no-cache" : "public, max-age=3600");
  return response;
}

}  // namespace stratagem::server
