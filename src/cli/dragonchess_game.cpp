// A game record with history, undo and the save format of dragonchess_game.h.
#include "dragonchess_game.h"

#include <memory>
#include <sstream>
#include <utility>

#include <fmt/format.h>

#include "stratagem/dragonchess/notation.h"
#include "stratagem/dragonchess/rules.h"
#include "stratagem/dragonchess/status.h"

namespace stratagem::cli {

using namespace dragonchess;

namespace {

// The same position without the moves that led to it: read back from its text, which
// carries the hidden piece state too.
Position reread(const Position& pos) { return std::move(*Position::from_text(pos.text(), pos.rules())); }

}  // namespace

DragonchessGame::DragonchessGame(const Position& start) : start_(reread(start)), current_(reread(start)) {}

void DragonchessGame::play(Move legal_move) {
  moves_.push_back(legal_move);
  current_.do_move(legal_move, states_.emplace_back());
}

bool DragonchessGame::undo() {
  if (moves_.empty()) return false;
  current_.undo_move(moves_.back());
  moves_.pop_back();
  states_.pop_back();
  return true;
}

void DragonchessGame::restart(const Position& start) {
  moves_.clear();
  states_.clear();
  start_ = reread(start);
  current_ = reread(start);
}

std::string DragonchessGame::save_text() const {
  std::string text = fmt::format("position {}\nrules {}\n", start_.text(), format_rules(start_.rules()));
  Position replay = reread(start_);
  std::deque<StateInfo> states;
  for (Move m : moves_) {
    text += move_text(replay, m) + "\n";
    replay.do_move(m, states.emplace_back());
  }
  return text;
}

tl::expected<void, std::string> DragonchessGame::load_text(std::string_view text) {
  std::istringstream lines{std::string(text)};
  std::string line;
  auto fail = [](int number, const std::string& why) { return tl::unexpected(fmt::format("line {}: {}", number, why)); };
  if (!std::getline(lines, line) || !line.starts_with("position "))
    return fail(1, "expected 'position <position text>'");
  const std::string position_text = line.substr(9);
  if (!std::getline(lines, line) || !(line == "rules" || line.starts_with("rules ")))
    return fail(2, "expected 'rules <NAME=VALUE ...>'");
  Rules rules;
  std::istringstream switches(line.substr(5));
  for (std::string rule_switch; switches >> rule_switch;)
    if (auto applied = apply_rule_switch(rules, rule_switch); !applied) return fail(2, applied.error().message);
  auto start = Position::from_text(position_text, rules);
  if (!start) return fail(1, start.error().message);

  // Replay on a scratch game first so that a bad line leaves this game as it was.
  auto replay = std::make_unique<DragonchessGame>(*start);
  int number = 2;
  while (std::getline(lines, line)) {
    ++number;
    if (line.empty()) continue;
    if (outcome(replay->position()).status != GameStatus::Ongoing)
      return fail(number, fmt::format("move '{}' after the end of the game", line));
    auto move = parse_move(replay->position(), line);
    if (!move) return fail(number, move.error().message);
    replay->play(*move);
  }
  restart(*start);
  for (Move m : replay->moves()) play(m);
  return {};
}

}  // namespace stratagem::cli
