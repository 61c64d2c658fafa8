// Transposition table: one entry per slot, depth-preferred for the same key.
#include "stratagem/dragonchess/transposition_table.h"

#include <bit>

namespace stratagem::dragonchess {

TranspositionTable::TranspositionTable(std::size_t megabytes) {
  const std::size_t wanted = megabytes * 1024 * 1024 / sizeof(TableEntry);
  const std::size_t count = wanted < 1 ? 1 : std::bit_floor(wanted);
  entries_.resize(count);
  mask_ = count - 1;
}

std::optional<TableEntry> TranspositionTable::probe(std::uint64_t key) const {
  const TableEntry& entry = entries_[key & mask_];
  if (entry.depth < 0 || entry.key != key) return std::nullopt;
  return entry;
}

void TranspositionTable::store(const TableEntry& entry) {
  TableEntry& slot = entries_[entry.key & mask_];
  // Keep a deeper result of the same position, but do keep its move if the new one has none.
  if (slot.key == entry.key && slot.depth > entry.depth) return;
  const Move kept_move = slot.key == entry.key && entry.move.is_null() ? slot.move : entry.move;
  slot = entry;
  slot.move = kept_move;
}

void TranspositionTable::clear() {
  for (TableEntry& entry : entries_) entry = TableEntry{};
}

}  // namespace stratagem::dragonchess
