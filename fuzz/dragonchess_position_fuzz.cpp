// Any bytes as Dragonchess position text (under the default rules and under the two
// switches with hidden state), the part after the first newline as a move:
// a position that parses is consistent, writes back to text that reads the same, and
// every legal move's text reads back as that move and can be made and unmade.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "stratagem/dragonchess/movegen.h"
#include "stratagem/dragonchess/notation.h"
#include "stratagem/dragonchess/position.h"
#include "stratagem/dragonchess/status.h"

using namespace stratagem::dragonchess;

namespace {

// The default rules, or the two switches whose state the text's fifth field carries.
Rules rules_of(bool stateful) {
  Rules rules;
  if (stateful) {
    rules.hero_return = HeroReturn::Origin;
    rules.dwarf_turn = true;
  }
  return rules;
}

void check(std::string_view input, const Rules& rules) {
  const std::size_t newline = input.find('\n');
  auto parsed = Position::from_text(input.substr(0, newline), rules);
  if (!parsed) return;
  Position pos = std::move(*parsed);
  if (!pos.pos_is_ok()) __builtin_trap();
  const auto again = Position::from_text(pos.text(), rules);
  if (!again || again->text() != pos.text()) __builtin_trap();
  (void)outcome(pos);
  if (newline != std::string_view::npos) (void)parse_move(pos, input.substr(newline + 1));
  MoveList moves;
  generate_legal(pos, moves);
  if (count_legal_moves(pos) != static_cast<int>(moves.size())) __builtin_trap();
  for (const Move m : moves) {
    const auto read = parse_move(pos, move_text(pos, m));
    if (!read || *read != m) __builtin_trap();
    StateInfo st;
    const std::string before = pos.text();
    pos.do_move(m, st);
    if (!pos.pos_is_ok()) __builtin_trap();
    pos.undo_move(m);
    if (pos.text() != before) __builtin_trap();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  for (bool stateful : {false, true}) check(input, rules_of(stateful));
  return 0;
}
