// GET /api/v1/games/{id}/events: Server-Sent Events. Each event is
//   id: <global event id>\nevent: <kind>\ndata: <JSON payload>\n\n
// read from storage after the client's cursor (Last-Event-ID on reconnection, else the
// `last_event_id` query parameter, else the game's newest event: a new stream starts now)
// and sent only if the game says the caller may see its audience. The token may come in
// the query (`?token=`) since browsers' EventSource cannot set headers.
#include <charconv>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "api.h"

namespace stratagem::server {
namespace {

constexpr std::string_view kEventsPattern = "/events";
constexpr std::size_t kBatch = 256;

std::optional<storage::EventId> parse_event_id(std::string_view text) {
  storage::EventId id = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (error != std::errc() || end != text.data() + text.size() || id < 0) return std::nullopt;
  return id;
}

class GameEventStream final : public EventStream {
 public:
  GameEventStream(storage::Store& store, GameCache& games, storage::GameId game, std::string user_id,
                  storage::EventId cursor)
      : store_(store), games_(games), game_(game), user_id_(std::move(user_id)), cursor_(cursor) {}

  std::string topic() const override { return std::to_string(game_); }

  Chunk next_chunk(std::size_t max_bytes) override {
    Chunk out;
    for (;;) {
      const auto events = store_.events_after(game_, cursor_, kBatch);
      if (!events) {
        spdlog::warn("event stream of game {}: {}", game_, events.error().message);
        return out;
      }
      std::optional<platform::Game> game;  // loaded once, for the seats as they are now
      for (const auto& event : *events) {
        cursor_ = event.id;
        const auto audience = platform::Audience::from_json(nlohmann::json::parse(event.audience, nullptr, false));
        if (!audience) continue;
        if (!audience->everyone) {
          if (!game) {
            const auto stored = store_.load_game(game_);
            if (stored) game = game_of(*stored, games_);
          }
          if (!game || !game->can_see(*audience, user_id_)) continue;
        }
        fmt::format_to(std::back_inserter(out.text), "id: {}\nevent: {}\ndata: {}\n\n", event.id, event.kind,
                       event.payload);
        if (out.text.size() >= max_bytes) break;
      }
      if (out.text.size() >= max_bytes) {
        out.more = true;  // the rest at the stream's next turn, once this is written
        return out;
      }
      if (events->size() < kBatch) return out;
    }
  }

 private:
  storage::Store& store_;
  GameCache& games_;
  storage::GameId game_;
  std::string user_id_;
  storage::EventId cursor_;
};

}  // namespace

bool Api::is_event_stream(const Request& request) const {
  return request.method == "GET" && request.path.starts_with("/api/v1/games/") &&
         request.path.ends_with(kEventsPattern) &&
         request.path.find('/', std::string_view("/api/v1/games/").size()) ==
             request.path.size() - kEventsPattern.size();
}

std::variant<Response, std::unique_ptr<EventStream>> Api::open_event_stream(const Request& request) {
  Caller caller{.language = language_from_accept_language(request.accept_language).value_or(Language::En),
                .user = std::nullopt};
  if (auto authenticated = authenticate(request, caller, true); !authenticated) return authenticated.error().response();
  constexpr std::string_view kPrefix = "/api/v1/games/";
  const auto id_text = request.path.substr(kPrefix.size(), request.path.size() - kPrefix.size() - kEventsPattern.size());
  const auto id = parse_game_id(id_text);
  if (!id) return game_not_found(id_text, caller.language).response();
  const auto stored = store_.load_game(*id);
  if (!stored || !game_of(*stored, games_)) {
    if (!stored && stored.error().code != storage::StoreErrorCode::not_found) {
      return error_of(stored.error(), caller.language).response();
    }
    return game_not_found(id_text, caller.language).response();
  }
  std::optional<storage::EventId> cursor = parse_event_id(request.last_event_id);
  if (!cursor) {
    if (const auto it = request.query.find("last_event_id"); it != request.query.end()) cursor = parse_event_id(it->second);
  }
  if (!cursor) {
    const auto last = store_.last_event_id(*id);
    if (!last) return error_of(last.error(), caller.language).response();
    cursor = *last;
  }
  return std::make_unique<GameEventStream>(store_, games_, *id, std::to_string(caller.user->id), *cursor);
}

}  // namespace stratagem::server
