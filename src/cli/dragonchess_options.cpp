// --position and --rule for the `stratagem dragonchess` commands, and their JSON output.
#include "dragonchess_options.h"

#include <cstdio>

#include "commands.h"

namespace stratagem::cli {

using namespace dragonchess;

void add_dragonchess_game_options(CLI::App* command, DragonchessGameOptions& options) {
  command->add_option("--position", options.position, "Position text, or startpos (the default)");
  command->add_option("--rule", options.rules, "Rule switch NAME=VALUE (repeatable), e.g. dragon-breath=below");
}

Position dragonchess_position_of(const DragonchessGameOptions& options) {
  Rules rules;
  for (const std::string& rule_switch : options.rules)
    if (auto applied = apply_rule_switch(rules, rule_switch); !applied) throw BadInput{"--rule: " + applied.error().message};
  if (options.position == "startpos") return Position::start(rules);
  auto pos = Position::from_text(options.position, rules);
  if (!pos) throw BadInput{"--position: " + pos.error().message};
  return std::move(*pos);
}

void print_json_line(const nlohmann::ordered_json& json) {
  const std::string text = json.dump() + "\n";
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

}  // namespace stratagem::cli
