// What only MILA's face (python/diplomacy/engine/game.py) asks of the game object: orders
// taken as MILA takes them, results in MILA's words, MILA's states, influence and
// histories.
#include <algorithm>
#include <utility>

#include "bindings.h"
#include "py_diplomacy_game.h"
#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/position_hash.h"
#include "stratagem/formats/diplomacy_places.h"

namespace stratagem::python {

using namespace diplomacy;

py::list PyDiplomacyGame::give_orders_by_unit(const std::string& power_name, const py::handle& orders, bool replace,
                                              bool expand) {
  return give_orders(power_name, orders, replace ? Merge::ByUnit : Merge::ByUnitKeepEarlier, false, expand);
}

py::dict PyDiplomacyGame::process_with_mila_results() {
  if (game_.is_done()) bad_input("process: the game is over");
  PendingPhase phase = game_.pending();
  std::vector<MilaUnitResult> results;
  GameState next;
  {
    py::gil_scoped_release unlocked;
    AdjudicatedPhase adjudicated = DiplomacyGame::adjudicate(variant(), game_.rules(), phase);
    results = mila_results(variant(), phase, adjudicated);
    next = std::move(adjudicated.result.next);
  }
  mila_results_.resize(game_.history().size());
  played_influence_.resize(game_.history().size());
  played_influence_.push_back(game_.influence());
  game_.advance(std::move(phase), std::move(next));
  py::dict dislodged;
  for (const MilaUnitResult& entry : results)
    if (!entry.dislodged_by.empty()) dislodged[py::str(entry.unit)] = py::str(entry.dislodged_by);
  mila_results_.push_back(std::move(results));
  return dislodged;
}

py::dict PyDiplomacyGame::history_results(std::size_t index, const py::tuple& words) const {
  if (words.size() != 8) bad_input("_history_results: 8 result words, got " + std::to_string(words.size()));
  if (index >= mila_results_.size()) bad_input("_history_results: no phase " + std::to_string(index));
  py::dict by_unit;
  for (const MilaUnitResult& entry : mila_results_[index]) {
    py::list list(entry.results.size());
    for (std::size_t i = 0; i < entry.results.size(); ++i) list[i] = words[static_cast<int>(entry.results[i])];
    by_unit[py::str(entry.unit)] = std::move(list);
  }
  return by_unit;
}

py::dict PyDiplomacyGame::history_state(std::size_t index, const std::string& name, const std::string& note,
                                        std::int64_t timestamp) const {
  if (index >= played_influence_.size() || index >= game_.history().size())
    bad_input("_history_state: no phase " + std::to_string(index));
  return mila_state_of(game_.history()[index].state, played_influence_[index], false, name, note, timestamp);
}

py::dict PyDiplomacyGame::history_orders(std::size_t index) const {
  if (index >= game_.history().size()) bad_input("_history_orders: no phase " + std::to_string(index));
  const OrdersByPower<std::string>& orders = game_.history()[index].orders;
  py::dict by_power;
  for (int p = 0; p < variant().power_count(); ++p) {
    py::list list;
    for (const std::string& order : orders.orders[p]) list.append(py::str(order));
    by_power[text_cache->power(power_at(p))] = list;
  }
  return by_power;
}

py::dict PyDiplomacyGame::mila_state(const std::string& name, const std::string& note, std::int64_t timestamp) const {
  return mila_state_of(game_.state(), game_.influence(), game_.is_done(), name, note, timestamp);
}

py::dict PyDiplomacyGame::mila_state_of(const GameState& state,
                                        const std::array<Power, kMaxProvinces>& province_influence, bool done,
                                        const std::string& name, const std::string& note,
                                        std::int64_t timestamp) const {
  const bool adjustments = state.phase.type == PhaseType::Adjustment && !done;
  py::dict units, retreats, centres, homes, influence, disorder, builds;
  for (int p = 0; p < variant().power_count(); ++p) {
    const Power power = power_at(p);
    const py::str& code = text_cache->power(power);
    units[code] = units_of(variant(), state, power);
    centres[code] = centres_of(variant(), state, power);
    py::dict retreating;
    state.dislodged_provinces().for_each([&](int d) {
      const DislodgedUnit dislodged = *state.dislodged_in(province_at(d));
      if (dislodged.unit.power != power) return;
      std::vector<std::pair<std::string_view, py::str>> places;
      dislodged.retreats.for_each([&](int l) {
        places.emplace_back(variant().location_code(location_at(l)), text_cache->location(location_at(l)));
      });
      retreating[text_cache->unit(dislodged.unit, false)] = sorted_texts(std::move(places));
    });
    retreats[code] = retreating;
    homes[code] = text_cache->homes(power);
    influence[code] = py::list();
    disorder[code] = 0;
    py::dict build;
    int count = 0;
    std::vector<std::pair<std::string_view, py::str>> sites;
    if (adjustments) {
      count = adjustment_delta(variant(), state, power);
      if (count > 0) {
        for (Province site : build_sites(variant(), state, power))
          sites.emplace_back(variant().province_code(site), text_cache->province(site));
        count = std::min<int>(count, static_cast<int>(sites.size()));
      }
    }
    build["count"] = count;
    build["homes"] = sorted_texts(std::move(sites));
    builds[code] = build;
  }
  for (int p = 0; p < variant().province_count(); ++p)
    if (const Power owner = province_influence[p]; owner != Power::None)
      py::list(influence[text_cache->power(owner)]).append(text_cache->province(province_at(p)));
  py::dict out;
  out["timestamp"] = timestamp;
  out["zobrist_hash"] = py::str(std::to_string(position_hash(variant(), state)));
  out["note"] = note;
  out["name"] = name;
  out["units"] = units;
  out["retreats"] = retreats;
  out["centers"] = centres;
  out["homes"] = homes;
  out["influence"] = influence;
  out["civil_disorder"] = disorder;
  out["builds"] = builds;
  return out;
}

py::dict PyDiplomacyGame::influence() const {
  py::dict by_power;
  for (int p = 0; p < variant().power_count(); ++p) by_power[text_cache->power(power_at(p))] = py::list();
  for (int p = 0; p < variant().province_count(); ++p)
    if (const Power owner = game_.influence()[p]; owner != Power::None)
      py::list(by_power[text_cache->power(owner)]).append(text_cache->province(province_at(p)));
  return by_power;
}

void PyDiplomacyGame::set_influence(const py::dict& by_power) {
  std::array<Power, kMaxProvinces> influence;
  influence.fill(Power::None);
  for (const auto& [power_name, provinces] : by_power) {
    const Power power = power_named(variant(), py::str(power_name));
    for (const py::handle& code : provinces) {
      const auto location = formats::read_location(variant(), std::string(py::str(code)));
      if (!location) bad_input("influence." + variant().power_code(power) + ": " + location.error());
      influence[index(variant().province_of(*location))] = power;
    }
  }
  game_.set_influence(influence);
}

}  // namespace stratagem::python
