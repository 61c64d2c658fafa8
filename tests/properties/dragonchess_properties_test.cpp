// Property-based tests of the Dragonchess engine (rapidcheck): positions reached by random
// legal moves from the start under randomly drawn rule switches (random_play.h).
// The number of cases and the seed come from RC_PARAMS (tests/properties/CMakeLists.txt).

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "random_play.h"
#include "stratagem/dragonchess/movegen.h"
#include "stratagem/dragonchess/notation.h"
#include "stratagem/dragonchess/position.h"

namespace stratagem::properties {
namespace {

using namespace stratagem::dragonchess;

// 5. Position text round trip under every rule switch: from_text(text()) has the same
// text and hash key. Under hero-return=origin and dwarf-turn=yes the fifth field carries
// the Heroes' ways back and the turned Dwarves; before it did, 41 plies were enough to
// reach a text that read back with the side not to move in check.
RC_GTEST_PROP(DragonchessProperties, TextRoundTrip, ()) {
  const auto line = *dragonchess_line();
  const DragonchessGame game(line);
  const std::string text = game.pos.text();
  const auto back = Position::from_text(text, line.rules);
  if (!back) RC_FAIL("\"" + text + "\" does not parse: " + back.error().message);
  RC_ASSERT(back->text() == text);
  if (back->key() != game.pos.key()) RC_FAIL("\"" + text + "\": the key changes through text");
  RC_ASSERT(back->pos_is_ok().has_value());
}

// 6. do_move then undo_move restores text and key, and pos_is_ok() holds after every
// move: each move of the line (undone back to the start), and every legal move of the
// position reached.
RC_GTEST_PROP(DragonchessProperties, DoUndoRestores, ()) {
  const auto line = *dragonchess_line();
  std::string broken;
  DragonchessGame game(line, [&](const Position& pos) {
    if (const auto ok = pos.pos_is_ok(); !ok && broken.empty()) broken = pos.text() + ": " + ok.error().message;
  });
  if (!broken.empty()) RC_FAIL("pos_is_ok() fails during the line at " + broken);
  Position& pos = game.pos;
  const std::string text = pos.text();
  const std::uint64_t key = pos.key();
  MoveList legal;
  generate_legal(pos, legal);
  for (const Move m : legal) {
    const std::string mt = move_text(pos, m);
    StateInfo st;
    pos.do_move(m, st);
    if (const auto ok = pos.pos_is_ok(); !ok) RC_FAIL("after " + mt + " in \"" + text + "\": " + ok.error().message);
    pos.undo_move(m);
    if (pos.text() != text || pos.key() != key) RC_FAIL("undoing " + mt + " in \"" + text + "\" gives \"" + pos.text() + "\"");
  }
  for (std::size_t i = game.moves.size(); i-- > 0;) {
    pos.undo_move(game.moves[i]);
    if (pos.text() != game.texts[i] || pos.key() != game.keys[i])
      RC_FAIL("undoing ply " + std::to_string(i + 1) + " gives \"" + pos.text() + "\", not \"" + game.texts[i] + "\"");
  }
  RC_ASSERT(pos.text() == std::string(kStartPositionText));
}

// 7. The legal moves are exactly the pseudo-legal moves after which the mover's King is
// not attacked (checked by making each move), and count_legal_moves() is their number.
RC_GTEST_PROP(DragonchessProperties, LegalIsPseudoLegalKeepingKingSafe, ()) {
  const auto line = *dragonchess_line();
  DragonchessGame game(line);
  Position& pos = game.pos;
  const Color us = pos.side_to_move();
  MoveList pseudo, legal;
  generate_pseudo_legal(pos, pseudo);
  generate_legal(pos, legal);
  std::set<std::uint32_t> expected, got;
  for (const Move m : pseudo) {
    RC_ASSERT(!m.is_null());
    StateInfo st;
    pos.do_move(m, st);
    const bool safe = !pos.attacked_by(pos.king_square(us), ~us);
    pos.undo_move(m);
    if (safe) expected.insert(m.raw());
  }
  for (const Move m : legal)
    if (!got.insert(m.raw()).second) RC_FAIL("\"" + pos.text() + "\": " + move_text(pos, m) + " is listed twice");
  // Every move in `expected` comes from `pseudo`, so Move::raw() finds it there.
  auto text_of = [&](std::uint32_t raw) {
    const auto it = std::find_if(pseudo.begin(), pseudo.end(), [&](Move m) { return m.raw() == raw; });
    return it == pseudo.end() ? "a move that is not pseudo-legal (raw " + std::to_string(raw) + ")" : move_text(pos, *it);
  };
  for (auto raw : expected)
    if (!got.count(raw)) RC_FAIL("\"" + pos.text() + "\": legal move " + text_of(raw) + " is missing");
  for (auto raw : got)
    if (!expected.count(raw)) RC_FAIL("\"" + pos.text() + "\": " + text_of(raw) + " is listed as legal");
  RC_ASSERT(count_legal_moves(pos) == legal.size());
  RC_TAG(pos.in_check() ? "in check" : "not in check");
}

// 8. Every legal move's text parses back to the same move.
RC_GTEST_PROP(DragonchessProperties, MoveTextReadsBack, ()) {
  const auto line = *dragonchess_line();
  const DragonchessGame game(line);
  MoveList legal;
  generate_legal(game.pos, legal);
  for (const Move m : legal) {
    const std::string text = move_text(game.pos, m);
    const auto back = parse_move(game.pos, text);
    if (!back) RC_FAIL("\"" + game.pos.text() + "\": " + text + " does not parse: " + back.error().message);
    if (*back != m) RC_FAIL("\"" + game.pos.text() + "\": " + text + " reads back as " + move_text(game.pos, *back));
  }
}

}  // namespace
}  // namespace stratagem::properties
