// Position text: `<sky>|<ground>|<underworld> <side> <halfmove-clock> <fullmove-number>`,
// and under the hero-return=origin and dwarf-turn switches a fifth field for what the
// boards cannot show (docs/dragonchess.md, "Position text"): `d3j6` the Dwarf on 3j6 has
// turned round (short of its far rank, where every Dwarf has), `h1g3-2h2` the Hero on 1g3
// may return only to 2h2. The field is left out when it would be empty, so the contract's
// four fields are all there is under the default rules.
#include <algorithm>
#include <charconv>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "stratagem/dragonchess/notation.h"
#include "stratagem/dragonchess/position.h"
#include "stratagem/dragonchess/zobrist.h"

namespace stratagem::dragonchess {
namespace {

constexpr const char* kBoardNames[] = {"1 (Sky)", "2 (Ground)", "3 (Underworld)"};

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

// A decimal number without sign or leading zeros.
std::optional<int> parse_number(std::string_view text) {
  int value = 0;
  if (text.empty() || text.size() > 9 || text[0] < '0' || text[0] > '9' || (text.size() > 1 && text[0] == '0'))
    return std::nullopt;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

bool may_stand_on(PieceType t, Board b) {
  using enum PieceType;
  switch (t) {
    case Dragon: return b == Board::Sky;
    case Sylph:
    case Griffin: return b != Board::Underworld;
    case Oliphant:
    case Unicorn:
    case Thief:
    case Warrior: return b == Board::Ground;
    case Basilisk: return b == Board::Underworld;
    case Elemental:
    case Dwarf: return b != Board::Sky;
    default: return true;
  }
}

}  // namespace

tl::expected<Position, Error> Position::from_text(std::string_view text, const Rules& rules) {
  auto fail = [&](ErrorKind kind, const std::string& why) {
    return tl::unexpected(Error{kind, fmt::format("position text '{}': {}", text, why)});
  };
  auto unreadable = [&](const std::string& why) { return fail(ErrorKind::Unreadable, why); };
  auto illegal = [&](const std::string& why) { return fail(ErrorKind::Illegal, why); };
  const auto fields = split(text, ' ');
  const bool blank_field = std::any_of(fields.begin(), fields.end(), [](std::string_view f) { return f.empty(); });
  if ((fields.size() != 4 && fields.size() != 5) || blank_field)
    return unreadable(fmt::format("expected 4 fields separated by single spaces (boards, side, halfmove clock, "
                                  "fullmove number) and perhaps a fifth (turned Dwarves, Hero origins), found {}",
                                  fields.size()));
  const auto boards = split(fields[0], '|');
  if (boards.size() != 3)
    return unreadable(fmt::format("expected 3 boards separated by '|', found {}", boards.size()));

  Position pos;
  pos.rules_ = rules;
  pos.hero_return_.fill(kAnyReturn);
  int kings[kColorCount] = {0, 0};
  for (int b = 0; b < kBoardCount; ++b) {
    const auto ranks = split(boards[static_cast<std::size_t>(b)], '/');
    if (ranks.size() != kRanks)
      return unreadable(fmt::format("board {}: expected 8 ranks separated by '/', found {}", kBoardNames[b], ranks.size()));
    for (int r = 0; r < kRanks; ++r) {
      const int rank = kRanks - 1 - r;
      const std::string_view row = ranks[static_cast<std::size_t>(r)];
      auto where = [&](int file) {
        return fmt::format("board {}, rank {}{}", kBoardNames[b], rank + 1,
                           file < kFiles ? fmt::format(", file {}", static_cast<char>('a' + file)) : "");
      };
      int file = 0;
      for (std::size_t i = 0; i < row.size();) {
        if (row[i] >= '0' && row[i] <= '9') {
          std::size_t digits = i;
          while (digits < row.size() && row[digits] >= '0' && row[digits] <= '9') ++digits;
          auto run = parse_number(row.substr(i, digits - i));
          if (!run || *run < 1 || *run > kFiles)
            return unreadable(fmt::format("{}: '{}' is not an empty-square count 1-12", where(file), row.substr(i, digits - i)));
          file += *run;
          i = digits;
        } else {
          const char c = row[i];
          auto type = piece_type_from_letter(static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c));
          if (!type) return unreadable(fmt::format("{}: '{}' is not a piece letter", where(file), c));
          if (file >= kFiles) return unreadable(fmt::format("{}: more than 12 files", where(file)));
          const Color color = c >= 'a' && c <= 'z' ? Color::Scarlet : Color::Gold;
          if (!may_stand_on(*type, board_at(b)))
            return illegal(fmt::format("{}: a {} cannot stand on board {}", where(file),
                                       piece_letter(*type), kBoardNames[b]));
          if (*type == PieceType::Warrior && rank == last_rank(color))
            return illegal(fmt::format("{}: a Warrior on its last rank should have been promoted", where(file)));
          if (*type == PieceType::King) ++kings[index(color)];
          pos.put_piece(make_piece(color, *type), make_square(board_at(b), file, rank));
          // Under dwarf-turn, a Dwarf on its far rank has turned round.
          if (*type == PieceType::Dwarf && rules.dwarf_turn && rank == last_rank(color))
            pos.set_turned(make_square(board_at(b), file, rank), true);
          ++file;
          ++i;
        }
      }
      if (file != kFiles)
        return unreadable(fmt::format("board {}, rank {}: the rank covers {} files, not 12", kBoardNames[b], rank + 1, file));
    }
  }
  for (Color c : {Color::Gold, Color::Scarlet})
    if (kings[index(c)] != 1)
      return illegal(fmt::format("{} has {} Kings; exactly one is required", c == Color::Gold ? "Gold" : "Scarlet",
                                 kings[index(c)]));
  for (Color c : {Color::Gold, Color::Scarlet}) {
    int count = 0;
    for (int b = 0; b < kBoardCount; ++b) count += popcount(pos.pieces(board_at(b), c));
    if (count > kMaxPiecesPerSide)
      return illegal(fmt::format("{} has {} pieces; no game reaches more than the {} it starts with",
                                 c == Color::Gold ? "Gold" : "Scarlet", count, kMaxPiecesPerSide));
  }

  if (fields[1] != "g" && fields[1] != "s")
    return unreadable(fmt::format("side to move '{}' is neither 'g' (Gold) nor 's' (Scarlet)", fields[1]));
  pos.side_ = fields[1] == "g" ? Color::Gold : Color::Scarlet;
  auto halfmove = parse_number(fields[2]);
  if (!halfmove) return unreadable(fmt::format("halfmove clock '{}' is not a non-negative integer", fields[2]));
  auto fullmove = parse_number(fields[3]);
  if (!fullmove || *fullmove < 1) return unreadable(fmt::format("fullmove number '{}' is not a positive integer", fields[3]));
  pos.root_.halfmove_clock = *halfmove;
  pos.game_ply_ = (*fullmove - 1) * 2 + (pos.side_ == Color::Scarlet);
  if (fields.size() == 5)
    if (auto marked = pos.read_hidden_state(fields[4]); !marked) return fail(marked.error().kind, marked.error().message);
  pos.root_.key = pos.compute_key();
  if (pos.attacked_by(pos.king_square(~pos.side_), pos.side_))
    return illegal("the side not to move is in check");
  return pos;
}

tl::expected<void, Error> Position::read_hidden_state(std::string_view field) {
  constexpr std::string_view kForms = "expected d<square> (a turned Dwarf) or h<square>-<square> (a Hero's way back)";
  for (const std::string_view item : split(field, ',')) {
    const auto fail = [&](ErrorKind kind, std::string_view why) {
      return tl::unexpected(Error{kind, fmt::format("fifth field, '{}': {}", item, why)});
    };
    const auto unreadable = [&](std::string_view why) { return fail(ErrorKind::Unreadable, why); };
    const auto illegal = [&](std::string_view why) { return fail(ErrorKind::Illegal, why); };
    const bool names_dwarf = item.size() == 4 && item[0] == 'd';
    const bool names_hero = item.size() == 8 && item[0] == 'h' && item[4] == '-';
    const auto square = names_dwarf || names_hero ? parse_square(item.substr(1, 3)) : tl::unexpected(Error{});
    if (!square) return unreadable(kForms);
    const Piece piece = piece_on(*square);
    if (names_dwarf) {
      if (!rules_.dwarf_turn) return illegal("Dwarves turn only under the rule dwarf-turn=yes");
      if (piece == Piece::None || type_of(piece) != PieceType::Dwarf) return illegal("no Dwarf stands there");
      if (turned_dwarves(board_of(*square)) & bit(local_of(*square)))
        return illegal("this Dwarf is named twice, or stands on its far rank, where every Dwarf has turned");
      set_turned(*square, true);
      continue;
    }
    const auto back = parse_square(item.substr(5));
    if (!back) return unreadable(kForms);
    if (rules_.hero_return != HeroReturn::Origin) return illegal("a Hero's way back is kept only under hero-return=origin");
    if (piece == Piece::None || type_of(piece) != PieceType::Hero || board_of(*square) == Board::Ground)
      return illegal("no Hero stands there off the Ground");
    const int files = file_of(local_of(*back)) - file_of(local_of(*square));
    const int ranks = rank_of(local_of(*back)) - rank_of(local_of(*square));
    if (board_of(*back) != Board::Ground || (files != 1 && files != -1) || (ranks != 1 && ranks != -1))
      return illegal("the way back is not a diagonal step to the Ground");
    std::uint8_t& way_back = hero_return_[index(*square)];
    if (way_back != kAnyReturn) return illegal("this Hero is named twice");
    way_back = diagonal_direction(local_of(*square), local_of(*back));
  }
  return {};
}

// Only turned Dwarves and Heroes can carry hidden state, so only they are looked at.
std::string Position::hidden_state_text() const {
  std::string out;
  const auto add = [&](const std::string& item) {
    if (!out.empty()) out += ',';
    out += item;
  };
  for (int b = 0; b < kBoardCount; ++b) {
    const Board board = board_at(b);
    for (Bitboard candidates = turned_dwarves(board) | pieces(board, PieceType::Hero); candidates;) {
      const Square square = make_square(board, pop_lsb(candidates));
      if (type_of(piece_on(square)) == PieceType::Dwarf) {
        // On its far rank every Dwarf has turned; the text says so by itself.
        if (rank_of(local_of(square)) != last_rank(color_of(piece_on(square))))
          add(fmt::format("d{}", square_text(square)));
      } else if (const std::uint8_t way_back = hero_return_[index(square)]; way_back != kAnyReturn) {
        const Square back = make_square(Board::Ground, diagonal_neighbour(local_of(square), way_back));
        add(fmt::format("h{}-{}", square_text(square), square_text(back)));
      }
    }
  }
  return out;
}

std::string Position::text() const {
  std::string out;
  for (int b = 0; b < kBoardCount; ++b) {
    if (b) out += '|';
    for (int rank = kRanks - 1; rank >= 0; --rank) {
      int empty = 0;
      for (int file = 0; file < kFiles; ++file) {
        Piece p = piece_on(make_square(board_at(b), file, rank));
        if (p == Piece::None) {
          ++empty;
          continue;
        }
        if (empty) out += std::to_string(empty);
        empty = 0;
        out += piece_char(p);
      }
      if (empty) out += std::to_string(empty);
      if (rank) out += '/';
    }
  }
  out += side_ == Color::Gold ? " g " : " s ";
  out += std::to_string(halfmove_clock()) + ' ' + std::to_string(fullmove_number());
  if (const std::string hidden = hidden_state_text(); !hidden.empty()) out += ' ' + hidden;
  return out;
}

}  // namespace stratagem::dragonchess
