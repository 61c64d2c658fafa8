#include "http_message.h"

namespace stratagem::server {

Response Response::json(int status, const nlohmann::json& value) {
  Response response;
  response.status = status;
  // Bad UTF-8 from storage must not throw on the way out: replace it.
  response.body = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return response;
}

Response Response::no_content() {
  Response response;
  response.status = 204;
  response.content_type.clear();
  return response;
}

Response ApiError::response() const {
  return Response::json(status, {{"error", {{"code", code}, {"message", message}}}});
}

}  // namespace stratagem::server
