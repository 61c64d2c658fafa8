#include "stratagem/platform/diplomacy_options.h"

#include "json_fields.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/forward_error.h"

namespace stratagem::platform {

using nlohmann::json;

namespace {

constexpr std::int64_t kLongestDeadlineSeconds = 365LL * 24 * 3600;
constexpr std::size_t kLongestName = 80;  // characters

}  // namespace

std::string_view press_rule_name(PressRule press) {
  switch (press) {
    case PressRule::Full: return "full";
    case PressRule::Public: return "public";
    case PressRule::None: return "none";
  }
  return "full";
}

tl::expected<DiplomacyOptions, GameError> read_diplomacy_options(const json& body) {
  STRATAGEM_TRY(fields::object(body, ""));
  DiplomacyOptions options;
  STRATAGEM_TRY_ASSIGN(auto name, fields::game_name(body, kLongestName));
  options.name = std::move(name);

  STRATAGEM_TRY_ASSIGN(auto variant, fields::string(body, "variant", false));
  if (variant && *variant != "standard") return tl::unexpected(fields::bad_value("variant", "standard"));

  STRATAGEM_TRY_ASSIGN(auto rules, fields::string(body, "rules", false));
  if (rules) {
    if (!diplomacy::rules_by_name(*rules)) return tl::unexpected(fields::bad_value("rules", "standard | datc"));
    options.rules = *rules;
  }

  // Seed 000 §1.2.3 shares the powers among two to seven players.
  STRATAGEM_TRY_ASSIGN(auto players, fields::integer(body, "players", false, 2, 7));
  if (players) options.players = static_cast<int>(*players);
  STRATAGEM_TRY_ASSIGN(auto setup, fields::string(body, "setup", false));
  options.setup = options.players == 3 ? "3a" : std::to_string(options.players);
  if (setup) {
    const bool fits = options.players == 3 ? (*setup == "3a" || *setup == "3b") : *setup == options.setup;
    if (!fits) return tl::unexpected(fields::bad_value("setup", options.players == 3 ? "3a | 3b" : options.setup));
    options.setup = *setup;
  }
  // The two-player game starts in 1914 (§1.2.3(e)), the others in 1901.
  const int first_year = options.players == 2 ? 1914 : 1901;
  STRATAGEM_TRY_ASSIGN(auto end_year, fields::integer(body, "end_year", false, first_year, 3000));
  if (end_year) options.end_year = static_cast<int>(*end_year);

  STRATAGEM_TRY_ASSIGN(auto press, fields::string(body, "press", false));
  if (press) {
    if (*press == "full") options.press = PressRule::Full;
    else if (*press == "public") options.press = PressRule::Public;
    else if (*press == "none") options.press = PressRule::None;
    else return tl::unexpected(fields::bad_value("press", "full | public | none"));
  }

  if (const auto deadlines = body.find("deadlines"); deadlines != body.end() && !deadlines->is_null()) {
    if (deadlines->is_string()) {
      if (*deadlines != "live") return tl::unexpected(fields::bad_value("deadlines", "\"live\" | {...}"));
      options.deadlines.live = true;
    } else if (deadlines->is_object()) {
      const std::pair<const char*, Duration*> kinds[] = {{"movement_seconds", &options.deadlines.movement},
                                                         {"retreat_seconds", &options.deadlines.retreat},
                                                         {"adjustment_seconds", &options.deadlines.adjustment}};
      for (const auto& [key, target] : kinds) {
        STRATAGEM_TRY_ASSIGN(auto seconds, fields::integer(*deadlines, key, true, 1, kLongestDeadlineSeconds,
                                                           std::string("deadlines.") + key));
        *target = std::chrono::seconds(*seconds);
      }
    } else {
      return tl::unexpected(fields::wrong_type("deadlines", "object"));
    }
  }

  STRATAGEM_TRY_ASSIGN(auto computers, fields::integer(body, "computer_players", false, 0, options.players));
  if (computers) options.computer_players = static_cast<int>(*computers);

  STRATAGEM_TRY_ASSIGN(auto daide,
                       fields::integer(body, "daide_players", false, 0, options.players - options.computer_players));
  if (daide) options.daide_players = static_cast<int>(*daide);

  STRATAGEM_TRY_ASSIGN(auto after, fields::integer(body, "civil_disorder_after", false, 1, 10));
  if (after) options.civil_disorder_after = static_cast<int>(*after);

  STRATAGEM_TRY_ASSIGN(auto computer_cd, fields::boolean(body, "computer_takes_civil_disorder", false));
  if (computer_cd) options.computer_takes_civil_disorder = *computer_cd;

  STRATAGEM_TRY_ASSIGN(auto personality, fields::string(body, "computer_personality", false));
  if (personality) {
    if (*personality != "loyal" && *personality != "opportunist" && *personality != "mixed")
      return tl::unexpected(fields::bad_value("computer_personality", "loyal | opportunist | mixed"));
    options.computer_personality = *personality;
  }

  STRATAGEM_TRY_ASSIGN(auto propose, fields::boolean(body, "computers_propose", false));
  if (propose) options.computers_propose = *propose;

  STRATAGEM_TRY_ASSIGN(auto votes, fields::string(body, "votes", false));
  if (votes) {
    if (*votes != "secret" && *votes != "public") return tl::unexpected(fields::bad_value("votes", "secret | public"));
    options.public_votes = *votes == "public";
  }
  return options;
}

// Field by field, not from an initializer list (which builds an array per field first):
// every record and view of a game holds its options.
json diplomacy_options_json(const DiplomacyOptions& options) {
  json out = json::object();
  out["name"] = options.name;
  out["variant"] = options.variant;
  out["rules"] = options.rules;
  out["players"] = options.players;
  out["setup"] = options.setup;
  out["end_year"] = options.end_year ? json(*options.end_year) : json(nullptr);
  out["press"] = press_rule_name(options.press);
  out["computer_players"] = options.computer_players;
  if (options.daide_players > 0) out["daide_players"] = options.daide_players;
  out["civil_disorder_after"] = options.civil_disorder_after;
  out["computer_takes_civil_disorder"] = options.computer_takes_civil_disorder;
  if (options.computers_propose) out["computers_propose"] = true;
  if (options.computer_personality != "loyal") out["computer_personality"] = options.computer_personality;
  if (options.public_votes) out["votes"] = "public";
  if (options.deadlines.live) {
    out["deadlines"] = "live";
  } else {
    const auto seconds = [](Duration duration) {
      return std::chrono::duration_cast<std::chrono::seconds>(duration).count();
    };
    json& deadlines = out["deadlines"];
    deadlines["movement_seconds"] = seconds(options.deadlines.movement);
    deadlines["retreat_seconds"] = seconds(options.deadlines.retreat);
    deadlines["adjustment_seconds"] = seconds(options.deadlines.adjustment);
  }
  return out;
}

}  // namespace stratagem::platform
