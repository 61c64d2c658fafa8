// The terminal game loop.
#include "dragonchess_play.h"

#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "dragonchess_board_text.h"
#include "dragonchess_game.h"
#include "stratagem/dragonchess/notation.h"
#include "stratagem/dragonchess/search.h"
#include "stratagem/dragonchess/status.h"
#include "stratagem/dragonchess/transposition_table.h"

namespace stratagem::cli {

using namespace dragonchess;

namespace {

constexpr const char* kHelp =
    "Commands:\n"
    "  <move>      a move such as W2e2-2e3, U2b1x2c3, R1g8*2g7, W2e7-2e8=H (or 2e2-2e3, 2e22e3)\n"
    "  undo        take back your last move (and the computer's reply)\n"
    "  save FILE   write the game (start position, rules, moves) to FILE\n"
    "  load FILE   read a game written by save\n"
    "  board       draw the boards again\n"
    "  help        this list\n"
    "  quit        leave\n";

const char* colour_name(Color c) { return c == Color::Gold ? "Gold" : "Scarlet"; }

class PlaySession {
 public:
  PlaySession(const PlaySetup& setup, std::ostream& out)
      : setup_(setup), out_(out), game_(std::make_unique<DragonchessGame>(setup.start)) {}

  // Handles one input line; false when the session ends.
  bool handle(const std::string& line);
  void show();
  // Lets the computer move while it is its turn and the game goes on.
  void computer_moves();

 private:
  bool game_over(Outcome& result) const;
  void undo();
  void save(const std::string& file);
  void load(const std::string& file);
  void play_move(const std::string& text);
  std::string last_move_text() const;

  const PlaySetup& setup_;
  std::ostream& out_;
  std::unique_ptr<DragonchessGame> game_;
  TranspositionTable table_{16};
};

bool PlaySession::game_over(Outcome& result) const {
  result = outcome(game_->position());
  return result.status != GameStatus::Ongoing;
}

std::string PlaySession::last_move_text() const {
  if (game_->moves().empty()) return "";
  // Move text needs the position before the move: step back on a copy of the record.
  DragonchessGame replay(game_->start());
  for (std::size_t i = 0; i + 1 < game_->moves().size(); ++i) replay.play(game_->moves()[i]);
  return move_text(replay.position(), game_->moves().back());
}

void PlaySession::show() {
  const Position& pos = game_->position();
  std::optional<Move> last;
  if (!game_->moves().empty()) last = game_->moves().back();
  out_ << board_text(pos, last);
  if (last) out_ << "Last move: " << last_move_text() << "\n";
  Outcome result;
  if (game_over(result)) {
    switch (result.status) {
      case GameStatus::Checkmate: out_ << fmt::format("Checkmate: {} wins.\n", colour_name(*result.winner)); break;
      case GameStatus::Stalemate:
        out_ << (result.winner ? fmt::format("Stalemate: {} wins.\n", colour_name(*result.winner))
                               : std::string("Stalemate: draw.\n"));
        break;
      default:
        out_ << (result.draw_reason == DrawReason::Repetition ? "Draw by repetition.\n"
                                                              : "Draw: 100 plies without a capture or Warrior move.\n");
        break;
    }
    out_ << "Game over. You may undo, save, load or quit.\n";
    return;
  }
  out_ << fmt::format("{} to move{}.\n", colour_name(pos.side_to_move()), result.in_check ? " (check)" : "");
}

void PlaySession::computer_moves() {
  Outcome result;
  while (setup_.computer && game_->position().side_to_move() == *setup_.computer && !game_over(result)) {
    const SearchResult found = think(game_->position(), setup_.engine, setup_.seed + game_->moves().size(), table_);
    out_ << fmt::format("Computer ({}) plays {}\n", colour_name(*setup_.computer),
                        move_text(game_->position(), found.best));
    game_->play(found.best);
    show();
  }
}

void PlaySession::undo() {
  // Against the computer, take back to the human's previous turn.
  int taken = 0;
  while (game_->undo()) {
    ++taken;
    if (!setup_.computer || game_->position().side_to_move() != *setup_.computer) break;
  }
  if (taken == 0) {
    out_ << "Nothing to undo.\n";
    return;
  }
  out_ << fmt::format("Took back {} {}.\n", taken, taken == 1 ? "move" : "moves");
  show();
  computer_moves();
}

void PlaySession::save(const std::string& file) {
  std::ofstream stream(file, std::ios::binary);
  stream << game_->save_text();
  stream.close();
  if (!stream) {
    out_ << fmt::format("Cannot write '{}'.\n", file);
    return;
  }
  out_ << fmt::format("Saved {} moves to {}.\n", game_->moves().size(), file);
}

void PlaySession::load(const std::string& file) {
  std::ifstream stream(file, std::ios::binary);
  if (!stream) {
    out_ << fmt::format("Cannot read '{}'.\n", file);
    return;
  }
  const std::string text{std::istreambuf_iterator<char>(stream), std::istreambuf_iterator<char>()};
  if (auto loaded = game_->load_text(text); !loaded) {
    out_ << fmt::format("Cannot load '{}': {}\n", file, loaded.error());
    return;
  }
  out_ << fmt::format("Loaded {} moves from {}.\n", game_->moves().size(), file);
  show();
  computer_moves();
}

void PlaySession::play_move(const std::string& text) {
  Outcome result;
  if (game_over(result)) {
    out_ << "The game is over. You may undo, save, load or quit.\n";
    return;
  }
  auto move = parse_move(game_->position(), text);
  if (!move) {
    out_ << "Not played: " << move.error().message << "\n";
    return;
  }
  game_->play(*move);
  show();
  computer_moves();
}

bool PlaySession::handle(const std::string& line) {
  std::istringstream words(line);
  std::string command, argument, extra;
  if (!(words >> command)) return true;
  words >> argument;
  if (words >> extra) {
    out_ << fmt::format("Too many words in '{}'. Type help for the commands.\n", line);
    return true;
  }
  const bool takes_file = command == "save" || command == "load";
  if (takes_file == argument.empty()) {
    out_ << (takes_file ? fmt::format("{} needs a file name: {} FILE\n", command, command)
                        : fmt::format("'{}' takes no argument. Type help for the commands.\n", command));
    return true;
  }
  if (command == "quit") return false;
  if (command == "help")
    out_ << kHelp;
  else if (command == "board")
    show();
  else if (command == "undo")
    undo();
  else if (command == "save")
    save(argument);
  else if (command == "load")
    load(argument);
  else
    play_move(command);
  return true;
}

}  // namespace

void run_play_session(const PlaySetup& setup, std::istream& in, std::ostream& out) {
  PlaySession session(setup, out);
  out << "Dragonchess. Type help for the commands.\n";
  session.show();
  session.computer_moves();
  for (std::string line; std::getline(in, line);)
    if (!session.handle(line)) break;
  out << "Bye.\n";
  out.flush();
}

}  // namespace stratagem::cli
