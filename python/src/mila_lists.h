#pragma once
// The order of MILA's lists. MILA's Game keeps each power's units, dislodged units,
// centres and influence as Python lists (and a dict) that grow as things arrive: a unit
// that moves leaves its place in the list and is appended at the end, a centre taken is
// appended to its new owner's list, and so on. Research code reads these lists (and the
// states and orderable units built from them), so the `diplomacy` face answers in the
// same order: each province remembers when its unit, its dislodged unit, its centre and
// its influence arrived, and a power's list is its provinces sorted by that.
//
// What MILA does, phase by phase (diplomacy/engine/game.py, _move_results,
// _other_results, _capture_centers), and so what `record_phase` does:
//  - movement: the units dislodged go to the power's dislodged units in the order of its
//    units; then, power by power and in the order of each power's units, every unit that
//    moved goes to the end of the list and its new province to the end of the power's
//    influence;
//  - retreats: each unit that retreated is appended, in the order its power's orders were
//    given, and its province to the power's influence;
//  - adjustments: each unit built is appended, in the order its power's orders were given
//    (a build does not change influence);
//  - whenever centres change hands: power by power, each power's centres in the order of
//    its list (and then the unowned centres, in MILA's order of the map's centres), each
//    centre taken is appended to its new owner's list.

#include <array>
#include <cstdint>
#include <vector>

#include "diplomacy_game.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/types.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::python {

class MilaLists {
 public:
  // The variant's start, in its order of starting units and of home centres.
  static MilaLists at_start(const diplomacy::Variant& variant, const diplomacy::GameState& start);

  // When the unit (or the dislodged unit, the centre's owner, the influence) of a province
  // arrived: a power's list is its provinces in increasing order of these.
  std::uint32_t unit(diplomacy::Province p) const { return unit_[index(p)]; }
  std::uint32_t dislodged(diplomacy::Province p) const { return dislodged_[index(p)]; }
  std::uint32_t centre(diplomacy::Province p) const { return centre_[index(p)]; }
  std::uint32_t influence(diplomacy::Province p) const { return influence_[index(p)]; }
  // The power whose unit stood in the province last (None where none has stood).
  diplomacy::Power influence_owner(diplomacy::Province p) const { return influence_owner_[index(p)]; }

  // Lists set by hand (MILA's set_units, set_centers, power.units = [...]): each arrives
  // now, in the order called.
  void unit_arrives(diplomacy::Province p) { unit_[index(p)] = ++clock_; }
  void dislodged_arrives(diplomacy::Province p) { dislodged_[index(p)] = ++clock_; }
  void centre_arrives(diplomacy::Province p) { centre_[index(p)] = ++clock_; }
  void influence_arrives(diplomacy::Province p, diplomacy::Power power) {
    influence_owner_[index(p)] = power;
    influence_[index(p)] = power == diplomacy::Power::None ? 0 : ++clock_;
  }

  // `played` (the position before it, with its orders in the order given) adjudicated
  // into `next`.
  void record_phase(const diplomacy::Variant& variant, const PendingPhase& played, const AdjudicatedPhase& adjudicated,
                    const diplomacy::GameState& next);

 private:
  void record_movement(const diplomacy::Variant& variant, const diplomacy::GameState& before,
                       const AdjudicatedPhase& adjudicated);
  void record_retreats(const diplomacy::Variant& variant, const PendingPhase& played,
                       const AdjudicatedPhase& adjudicated);
  void record_builds(const diplomacy::Variant& variant, const PendingPhase& played,
                     const AdjudicatedPhase& adjudicated);
  void record_centres_taken(const diplomacy::Variant& variant, const diplomacy::GameState& before,
                            const diplomacy::GameState& next);

  std::uint32_t clock_ = 0;
  std::array<std::uint32_t, diplomacy::kMaxProvinces> unit_{}, dislodged_{}, centre_{}, influence_{};
  std::array<diplomacy::Power, diplomacy::kMaxProvinces> influence_owner_ = none_everywhere();

  static std::array<diplomacy::Power, diplomacy::kMaxProvinces> none_everywhere() {
    std::array<diplomacy::Power, diplomacy::kMaxProvinces> powers;
    powers.fill(diplomacy::Power::None);
    return powers;
  }
};

// The provinces of `power`'s units (dislodged: its dislodged units; centres: its centres;
// influence: its influence) in MILA's order.
std::vector<diplomacy::Province> mila_units(const diplomacy::GameState& state, const MilaLists& lists,
                                            diplomacy::Power power);
std::vector<diplomacy::Province> mila_dislodged(const diplomacy::GameState& state, const MilaLists& lists,
                                                diplomacy::Power power);
std::vector<diplomacy::Province> mila_centres(const diplomacy::Variant& variant, const diplomacy::GameState& state,
                                              const MilaLists& lists, diplomacy::Power power);
std::vector<diplomacy::Province> mila_influence(const diplomacy::Variant& variant, const MilaLists& lists,
                                                diplomacy::Power power);

}  // namespace stratagem::python
