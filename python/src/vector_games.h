#pragma once
// Many Diplomacy games stepped at once (stratagem.env.VectorEnv): each call gives every
// game its orders as indices of the action vocabulary, adjudicates all of them on several
// threads with the interpreter free, starts a finished game over, and writes the boards,
// centre counts and legal orders into arrays the caller owns.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::python {

class VectorGames {
 public:
  VectorGames(const diplomacy::Variant& variant, const diplomacy::RuleOptions& rules,
              const std::vector<std::string>& vocabulary, int games, int max_year, int threads);

  int size() const { return static_cast<int>(states_.size()); }
  int locations() const { return locations_; }

  // Gives game g the orders actions[g * width + k] (vocabulary indices; negative: none),
  // each for the power whose unit (or build site) it names; orders that are not legal now
  // are void. Then adjudicates every game; a game that a power won, or whose max_year is
  // over, is marked done and starts again. Writes, per game: boards (locations × 35),
  // centres (per power), done (1 if it ended in this step), phases played so far.
  void step(const std::int32_t* actions, int width, float* boards, std::int32_t* centres, std::uint8_t* done);
  // The boards and centres as they stand.
  void observe(float* boards, std::int32_t* centres) const;
  // The legal orders of every game as vocabulary indices: game g's are
  // indices[offsets[g] .. offsets[g + 1]).
  void legal(std::vector<std::int64_t>& offsets, std::vector<std::int32_t>& indices) const;
  std::int64_t phases() const { return phases_; }

 private:
  template <typename Work>
  void in_parallel(Work work) const;
  std::int32_t index_of(const diplomacy::Order& order, diplomacy::UnitType target) const;

  const diplomacy::Variant& variant_;
  diplomacy::RuleOptions rules_;
  int max_year_;
  int threads_;
  int locations_;
  // The vocabulary read in each kind of phase (a retreat's "A PAR D" is a disband, an
  // adjustment's a removal): vocabulary index -> order, or none.
  std::vector<std::vector<std::optional<diplomacy::ParsedOrder>>> parsed_;
  // Order (and the supported unit's type) -> vocabulary index, by open addressing over
  // 8-byte slots: legal() looks up each of a phase's ~300 legal orders, and
  // std::unordered_map's node walk was a third of its time.
  class OrderIndex {
   public:
    // The first index given for a key stays.
    void build(const std::vector<std::pair<std::uint32_t, std::int32_t>>& entries);
    std::int32_t find(std::uint32_t key) const;

   private:
    struct Slot {
      std::uint32_t key;
      std::int32_t value;
    };
    std::size_t slot_of(std::uint32_t key) const;
    static constexpr std::uint32_t kEmpty = ~std::uint32_t{0};  // bit 30 is never set in a key
    int shift_ = 32;
    std::vector<Slot> slots_;
  };
  OrderIndex index_;
  std::vector<diplomacy::GameState> states_;
  std::int64_t phases_ = 0;
};

}  // namespace stratagem::python
