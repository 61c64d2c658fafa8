#pragma once
// The position of a game between phases: whose units stand where, who owns each
// supply centre, and in a retreat phase the dislodged units with where each may go.
// Fixed-size arrays indexed by province, so copying a state never allocates.

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "stratagem/diplomacy/types.h"

namespace stratagem::diplomacy {

class Variant;

struct DislodgedUnit {
  Unit unit;
  LocationSet retreats;  // where it may retreat; empty: it can only disband
  friend bool operator==(const DislodgedUnit&, const DislodgedUnit&) = default;
};

class GameState {
 public:
  GameState() = default;
  // The variant's starting position.
  static GameState initial(const Variant& variant);

  Phase phase;

  // Unit standing in province p (armies and fleets alike), if any.
  std::optional<Unit> unit_in(Province p) const {
    if (!occupied(p)) return std::nullopt;
    return units_[index(p)];
  }
  // The unit in an occupied province (unchecked: callers know it is there).
  const Unit& unit_at(Province p) const { return units_[index(p)]; }
  bool occupied(Province p) const { return occupied_.contains(index(p)); }
  const ProvinceSet& occupied_provinces() const { return occupied_; }
  void place(const Variant& variant, const Unit& unit);
  void remove(Province p);
  void clear_units();
  int unit_count(Power power) const { return unit_counts_[index(power)]; }

  Power centre_owner(Province p) const { return owners_[index(p)]; }
  void set_centre_owner(Province p, Power power);
  int centre_count(Power power) const { return power == Power::None ? 0 : centre_counts_[index(power)]; }

  // Retreat phase only: the unit dislodged from province p, if any.
  std::optional<DislodgedUnit> dislodged_in(Province p) const;
  const ProvinceSet& dislodged_provinces() const { return dislodged_set_; }
  void add_dislodged(const Variant& variant, const DislodgedUnit& unit);
  void clear_dislodged();

  friend bool operator==(const GameState&, const GameState&) = default;

 private:
  std::array<Unit, kMaxProvinces> units_{};
  ProvinceSet occupied_;
  std::array<std::uint8_t, kMaxPowers> unit_counts_{};
  std::array<Power, kMaxProvinces> owners_ = filled(Power::None);
  std::array<std::uint8_t, kMaxPowers> centre_counts_{};
  // Few units are dislodged at a time, and most phases have none: a list keeps the
  // state small to copy.
  std::vector<DislodgedUnit> dislodged_;  // ordered by province
  ProvinceSet dislodged_set_;

  static constexpr std::array<Power, kMaxProvinces> filled(Power p) {
    std::array<Power, kMaxProvinces> a{};
    a.fill(p);
    return a;
  }
};

// The last year a phase may name (games are far shorter; the limit keeps every next
// phase readable).
constexpr int kLastYear = 30000;

// Phase names as in the contract: "S1901M", "F1901R", "W1901A".
std::string phase_code(Phase phase);
std::optional<Phase> parse_phase_code(std::string_view text);

}  // namespace stratagem::diplomacy
