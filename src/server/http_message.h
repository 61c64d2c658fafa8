#pragma once
// A request and a response as the API handlers see them: plain values, so that the
// handlers and their tests never include Beast (only http_listener.cpp does).

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace stratagem::server {

struct Request {
  std::string method;  // "GET", "POST", ...
  std::string path;    // percent-decoded, without the query
  std::map<std::string, std::string> query;  // decoded
  std::string authorization;
  std::string accept_language;
  std::string last_event_id;
  std::string remote_address;
  std::string body;
};

struct Response {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;

  static Response json(int status, const nlohmann::json& value);
  static Response no_content();
};

// An error as the contract writes it: {"error": {"code", "message"}}.
struct ApiError {
  int status;
  std::string code;
  std::string message;

  Response response() const;
};

}  // namespace stratagem::server
