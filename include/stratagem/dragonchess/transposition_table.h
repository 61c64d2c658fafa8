#pragma once
// The transposition table: a fixed-size array of search results indexed by the Zobrist key
// (Position::key()). The caller owns it and may keep it between searches of one game.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "stratagem/dragonchess/types.h"

namespace stratagem::dragonchess {

// What a stored score says about the true value: exact, at least (fail high) or at most.
enum class Bound : std::uint8_t { Exact, Lower, Upper };

struct TableEntry {
  std::uint64_t key = 0;
  Move move;
  int score = 0;  // mate scores are stored relative to the entry's node, not the root
  std::int16_t depth = -1;
  Bound bound = Bound::Exact;
};

class TranspositionTable {
 public:
  // Rounded down to a power of two entries; at least one entry.
  explicit TranspositionTable(std::size_t megabytes = 16);

  std::optional<TableEntry> probe(std::uint64_t key) const;
  // Replaces the slot's entry unless that holds a deeper result for the same position.
  void store(const TableEntry& entry);
  void clear();
  std::size_t size() const { return entries_.size(); }

 private:
  std::vector<TableEntry> entries_;
  std::uint64_t mask_ = 0;
};

}  // namespace stratagem::dragonchess
