#include "stratagem/diplomacy/state.h"

#include <charconv>

#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

GameState GameState::initial(const Variant& variant) {
  GameState state;
  state.phase = variant.start_phase();
  for (const Unit& unit : variant.start_units()) state.place(variant, unit);
  for (int p = 0; p < variant.power_count(); ++p)
    variant.home_centres(power_at(p)).for_each(
        [&](int province) { state.set_centre_owner(province_at(province), power_at(p)); });
  return state;
}

void GameState::place(const Variant& variant, const Unit& unit) {
  const int p = index(variant.province_of(unit.location));
  if (occupied_.contains(p)) --unit_counts_[index(units_[p].power)];
  units_[p] = unit;
  occupied_.insert(p);
  ++unit_counts_[index(unit.power)];
}

void GameState::remove(Province p) {
  if (!occupied(p)) return;
  --unit_counts_[index(units_[index(p)].power)];
  units_[index(p)] = Unit{};
  occupied_.erase(index(p));
}

void GameState::clear_units() {
  units_.fill(Unit{});
  occupied_ = {};
  unit_counts_.fill(0);
}

void GameState::set_centre_owner(Province p, Power power) {
  Power& owner = owners_[index(p)];
  if (owner != Power::None) --centre_counts_[index(owner)];
  owner = power;
  if (owner != Power::None) ++centre_counts_[index(owner)];
}

std::optional<DislodgedUnit> GameState::dislodged_in(Province p) const {
  if (!dislodged_set_.contains(index(p))) return std::nullopt;
  return dislodged_[dislodged_set_.rank(index(p))];
}

void GameState::add_dislodged(const Variant& variant, const DislodgedUnit& unit) {
  const int p = index(variant.province_of(unit.unit.location));
  const int rank = dislodged_set_.rank(p);
  if (dislodged_set_.contains(p))
    dislodged_[rank] = unit;
  else
    dislodged_.insert(dislodged_.begin() + rank, unit);
  dislodged_set_.insert(p);
}

void GameState::clear_dislodged() {
  dislodged_.clear();
  dislodged_set_ = {};
}

std::string phase_code(Phase phase) {
  static constexpr char kSeason[] = {'S', 'F', 'W'};
  static constexpr char kType[] = {'M', 'R', 'A'};
  std::string code(1, kSeason[static_cast<int>(phase.season)]);
  code += std::to_string(phase.year);
  code += kType[static_cast<int>(phase.type)];
  return code;
}

std::optional<Phase> parse_phase_code(std::string_view text) {
  if (text.size() < 3) return std::nullopt;
  Phase phase;
  switch (text.front()) {
    case 'S': phase.season = Season::Spring; break;
    case 'F': phase.season = Season::Fall; break;
    case 'W': phase.season = Season::Winter; break;
    default: return std::nullopt;
  }
  switch (text.back()) {
    case 'M': phase.type = PhaseType::Movement; break;
    case 'R': phase.type = PhaseType::Retreat; break;
    case 'A': phase.type = PhaseType::Adjustment; break;
    default: return std::nullopt;
  }
  const std::string_view digits = text.substr(1, text.size() - 2);
  int year = 0;
  auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), year);
  // Years stay well inside the 16 bits a phase keeps them in, with room to go on.
  if (error != std::errc{} || end != digits.data() + digits.size() || digits.empty() || year < 1 ||
      year > kLastYear)
    return std::nullopt;
  phase.year = static_cast<std::int16_t>(year);
  // Movement and retreats happen in Spring and Fall; adjustments in Winter only.
  if ((phase.type == PhaseType::Adjustment) != (phase.season == Season::Winter)) return std::nullopt;
  return phase;
}

}  // namespace stratagem::diplomacy
