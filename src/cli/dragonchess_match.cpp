// Engine matches: openings, games, tallies.
#include "dragonchess_match.h"

#include <memory>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "dragonchess_game.h"
#include "stratagem/dragonchess/evaluate.h"
#include "stratagem/dragonchess/movegen.h"
#include "stratagem/dragonchess/status.h"

namespace stratagem::cli {

using namespace dragonchess;

namespace {

using Opening = std::pair<Move, Move>;

// Up to `count` different random two-ply openings; fewer only if the position has fewer.
std::vector<Opening> random_openings(Position& start, int count, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<Opening> openings;
  std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
  MoveList firsts;
  generate_legal(start, firsts);
  // A generous number of draws: duplicates are skipped, positions with no reply too.
  for (int attempt = 0; attempt < count * 20 && static_cast<int>(openings.size()) < count && !firsts.empty();
       ++attempt) {
    const Move first = firsts[static_cast<int>(random() % static_cast<std::uint64_t>(firsts.size()))];
    StateInfo state;
    start.do_move(first, state);
    MoveList replies;
    generate_legal(start, replies);
    start.undo_move(first);
    if (replies.empty()) continue;
    const Move reply = replies[static_cast<int>(random() % static_cast<std::uint64_t>(replies.size()))];
    if (seen.insert({first.raw(), reply.raw()}).second) openings.emplace_back(first, reply);
  }
  return openings;
}

// Material of `side` minus the opponent's, at Gygax's values.
int material_lead(const Position& pos, Color side) {
  int lead = 0;
  for (int b = 0; b < kBoardCount; ++b)
    for (int t = 1; t < kPieceTypeCount; ++t) {
      const int value = piece_value(piece_type_at(t));
      lead += value * (popcount(pos.pieces(board_at(b), side, piece_type_at(t))) -
                       popcount(pos.pieces(board_at(b), ~side, piece_type_at(t))));
    }
  return lead;
}

enum class GameResult { AWins, Draw, BWins };

struct GameRecordSummary {
  GameResult result = GameResult::Draw;
  bool capped = false;
  int plies = 0;
};

GameRecordSummary play_game(const MatchSetup& setup, const Opening& opening, Color a_colour, std::uint64_t game_seed,
                            TranspositionTable& table_a, TranspositionTable& table_b) {
  auto game = std::make_unique<DragonchessGame>(setup.start);
  game->play(opening.first);
  game->play(opening.second);
  table_a.clear();
  table_b.clear();
  GameRecordSummary summary;
  while (true) {
    Position& pos = game->position();
    const Outcome result = outcome(pos);
    if (result.status != GameStatus::Ongoing) {
      if (result.winner) summary.result = *result.winner == a_colour ? GameResult::AWins : GameResult::BWins;
      break;
    }
    if (static_cast<int>(game->moves().size()) >= setup.max_plies) {
      summary.capped = true;
      const int lead = material_lead(pos, a_colour);
      if (setup.adjudicate_margin > 0 && lead >= setup.adjudicate_margin) summary.result = GameResult::AWins;
      if (setup.adjudicate_margin > 0 && -lead >= setup.adjudicate_margin) summary.result = GameResult::BWins;
      break;
    }
    const bool a_to_move = pos.side_to_move() == a_colour;
    const std::uint64_t seed = game_seed * 1000 + game->moves().size();
    const SearchResult found =
        think(pos, a_to_move ? setup.a : setup.b, seed, a_to_move ? table_a : table_b);
    game->play(found.best);
  }
  summary.plies = static_cast<int>(game->moves().size());
  return summary;
}

}  // namespace

MatchResult play_match(const MatchSetup& setup) {
  MatchResult match;
  TranspositionTable table_a, table_b;
  long total_plies = 0;
  std::uint64_t game_seed = setup.seed;
  const auto start = std::make_unique<DragonchessGame>(setup.start);
  for (const Opening& opening : random_openings(start->position(), setup.openings, setup.seed)) {
    for (Color a_colour : {Color::Gold, Color::Scarlet}) {
      const GameRecordSummary game = play_game(setup, opening, a_colour, ++game_seed, table_a, table_b);
      switch (game.result) {
        case GameResult::AWins: ++match.a.wins; break;
        case GameResult::Draw: ++match.a.draws; break;
        case GameResult::BWins: ++match.a.losses; break;
      }
      match.capped_games += game.capped;
      total_plies += game.plies;
    }
  }
  if (match.a.games()) match.average_plies = static_cast<double>(total_plies) / match.a.games();
  return match;
}

}  // namespace stratagem::cli
