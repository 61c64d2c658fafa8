// What only MILA's face (python/diplomacy/engine/game.py) asks of the game object: orders
// taken as MILA takes them, results in MILA's words, MILA's lists in MILA's order, and
// MILA's states and histories built from them.
#include <algorithm>
#include <utility>

#include "bindings.h"
#include "mila_hash.h"
#include "mila_lists.h"
#include "py_diplomacy_game.h"
#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/diplomacy/validation.h"
#include "stratagem/formats/diplomacy_places.h"

namespace stratagem::python {

using namespace diplomacy;

py::list PyDiplomacyGame::give_orders_by_unit(const std::string& power_name, const py::handle& orders, bool replace,
                                              bool expand) {
  return give_orders(power_name, orders, replace ? Merge::ByUnit : Merge::ByUnitKeepEarlier, false, expand);
}

bool PyDiplomacyGame::give_orders_if_settled(Power power, const py::handle& orders, bool replace, bool expand) {
  bool settled = false;
  give_orders_to(power, orders, replace ? Merge::ByUnit : Merge::ByUnitKeepEarlier, false, expand, true, &settled);
  return settled;
}

py::dict PyDiplomacyGame::process_with_mila_results() {
  if (game_.is_done()) bad_input("process: the game is over");
  PendingPhase phase = game_.pending();
  std::vector<MilaUnitResult> results;
  GameState next;
  MilaLists lists = lists_;
  {
    py::gil_scoped_release unlocked;
    AdjudicatedPhase adjudicated = DiplomacyGame::adjudicate(variant(), game_.rules(), phase);
    results = mila_results(variant(), phase, adjudicated);
    lists.record_phase(variant(), phase, adjudicated, adjudicated.result.next);
    next = std::move(adjudicated.result.next);
  }
  mila_results_.resize(game_.history().size());
  played_lists_.resize(game_.history().size());
  played_lists_.push_back(std::move(lists_));
  lists_ = std::move(lists);
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
  if (index >= played_lists_.size() || index >= game_.history().size())
    bad_input("_history_state: no phase " + std::to_string(index));
  return mila_state_of(game_.history()[index].state, played_lists_[index], false, name, note, timestamp);
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
  return mila_state_of(game_.state(), lists_, game_.is_done(), name, note, timestamp);
}

namespace {

struct MilaLists4 {
  py::list units;
  py::dict retreats;
  py::list centres;
  py::list influence;
};

// A power's lists as MILA keeps them; `starred`: the dislodged units also at the end of
// `units` as "*A PAR" (MILA's state).
MilaLists4 lists_of(const Variant& variant, const GameState& state, const MilaLists& lists, Power power, bool starred) {
  MilaLists4 out;
  for (Province p : mila_units(state, lists, power)) out.units.append(text_cache->unit(state.unit_at(p), false));
  for (Province p : mila_dislodged(state, lists, power)) {
    const DislodgedUnit dislodged = *state.dislodged_in(p);
    std::vector<std::pair<std::string_view, py::str>> places;
    dislodged.retreats.for_each([&](int l) {
      places.emplace_back(variant.location_code(location_at(l)), text_cache->location(location_at(l)));
    });
    out.retreats[text_cache->unit(dislodged.unit, false)] = sorted_texts(std::move(places));
    if (starred) out.units.append(text_cache->unit(dislodged.unit, true));
  }
  for (Province p : mila_centres(variant, state, lists, power)) out.centres.append(text_cache->province(p));
  for (Province p : mila_influence(variant, lists, power)) out.influence.append(text_cache->province(p));
  return out;
}

}  // namespace

py::tuple PyDiplomacyGame::mila_lists(const std::string& power_name) const {
  MilaLists4 lists = lists_of(variant(), state(), lists_, power_named(variant(), power_name), false);
  return py::make_tuple(lists.units, lists.retreats, lists.centres, lists.influence);
}

void PyDiplomacyGame::set_arrivals(const py::dict& units, const py::dict& dislodged, const py::dict& centres,
                                   const py::dict& influence) {
  MilaLists lists = lists_;
  const auto each_place = [&](const py::dict& by_power, const char* what, auto arrive) {
    for (const auto& [power_name, places] : by_power) {
      const Power power = power_named(variant(), py::str(power_name));
      for (const py::handle& place : places) {
        std::string text = py::str(place);
        if (!text.empty() && text[0] == '*') text.erase(0, 1);
        if (text.size() > 2 && text[1] == ' ') text.erase(0, 2);  // "A PAR": the unit's place
        const auto location = formats::read_location(variant(), text);
        if (!location) bad_input(std::string(what) + "." + variant().power_code(power) + ": " + location.error());
        arrive(variant().province_of(*location), power);
      }
    }
  };
  each_place(units, "units", [&](Province p, Power) { lists.unit_arrives(p); });
  each_place(dislodged, "retreats", [&](Province p, Power) { lists.dislodged_arrives(p); });
  each_place(centres, "centers", [&](Province p, Power) { lists.centre_arrives(p); });
  for (int p = 0; p < variant().province_count(); ++p) lists.influence_arrives(province_at(p), Power::None);
  each_place(influence, "influence", [&](Province p, Power power) { lists.influence_arrives(p, power); });
  lists_ = lists;
}

py::dict PyDiplomacyGame::mila_state_of(const GameState& state, const MilaLists& lists, bool done,
                                        const std::string& name, const std::string& note,
                                        std::int64_t timestamp) const {
  const bool adjustments = state.phase.type == PhaseType::Adjustment && !done;
  py::dict units, retreats, centres, homes, influence, disorder, builds;
  for (int p = 0; p < variant().power_count(); ++p) {
    const Power power = power_at(p);
    const py::str& code = text_cache->power(power);
    MilaLists4 power_lists = lists_of(variant(), state, lists, power, true);
    units[code] = power_lists.units;
    retreats[code] = power_lists.retreats;
    centres[code] = power_lists.centres;
    homes[code] = text_cache->homes(power);
    influence[code] = power_lists.influence;
    disorder[code] = 0;
    py::dict build;
    int count = 0;
    std::vector<std::pair<std::string_view, py::str>> sites;  // in the order of the power's homes
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
  py::dict out;
  out["timestamp"] = timestamp;
  out["zobrist_hash"] = py::str(std::to_string(mila_hash(variant(), state)));
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

std::string mila_type_error(const Variant& variant, const GameState& state, Power power, const ParsedOrder& parsed) {
  const auto other_type_there = [&](Location at, UnitType written) {
    const Province province = variant.province_of(at);
    return state.occupied(province) && state.unit_at(province).type != written;
  };
  const Province at = variant.province_of(parsed.order.unit());
  if (parsed.order.kind() == OrderKind::Convoy) {
    // The engine reads any convoy as a fleet's: an army of the power's own told to convoy
    // is MILA's improper unit.
    if (state.occupied(at) && state.unit_at(at).power == power && state.unit_at(at).type == UnitType::Army)
      return "GAME_CONVOY_IMPROPER_UNIT";
  } else if (parsed.unit_type_given && other_type_there(parsed.order.unit(), parsed.order.unit_type())) {
    return "STD_GAME_UNORDERABLE_UNIT";
  }
  if (parsed.order.is_support() || parsed.order.kind() == OrderKind::Convoy)
    if (parsed.target_type_given && other_type_there(parsed.order.target(), parsed.target_type))
      return "GAME_ORDER_RECIPIENT_DOES_NOT_EXIST";
  return "";
}

namespace {

// The name of MILA's error (diplomacy.utils.errors) for a movement order refused for
// `reason`, where MILA gives one for it; empty otherwise.
std::string mila_error_name(const Variant& variant, const GameState& state, Power power, const ParsedOrder& parsed,
                            VoidReason reason) {
  if (std::string name = mila_type_error(variant, state, power, parsed); !name.empty()) return name;
  switch (reason) {
    case VoidReason::NoUnit:
    case VoidReason::ForeignUnit:
      return "STD_GAME_UNORDERABLE_UNIT";
    case VoidReason::MoveToOwnProvince:
      return "GAME_MOVING_UNIT_CANT_RETURN";
    case VoidReason::CannotReach:
    case VoidReason::ArmyToSea:
    case VoidReason::FleetInland:
    case VoidReason::NoConvoyRoute: {
      // MILA takes a move it cannot make as a move by convoy, which needs a coast.
      const Province destination = variant.province_of(parsed.order.target());
      return variant.coastal_provinces().contains(index(destination)) ? "GAME_UNIT_CANT_MOVE_VIA_CONVOY_INTO_DEST"
                                                                      : "GAME_CONVOYING_UNIT_MUST_REACH_COST";
    }
    case VoidReason::SupportSelf:
      return "GAME_UNIT_CANT_SUPPORT_ITSELF";
    case VoidReason::SupportCannotReach:
      return "GAME_UNIT_CANT_PROVIDE_SUPPORT_TO_DEST";
    case VoidReason::NoSupportedUnit:
    case VoidReason::NoConvoyedUnit:
      return "GAME_ORDER_RECIPIENT_DOES_NOT_EXIST";
    case VoidReason::SupportedMoveImpossible:
      return "GAME_SUPPORTED_UNIT_CANT_REACH_DESTINATION";
    case VoidReason::ConvoyByNonFleet:
    case VoidReason::ConvoyFromLand:
      return "GAME_CONVOY_IMPROPER_UNIT";
    default:
      return "";
  }
}

}  // namespace

std::pair<std::string, std::string> PyDiplomacyGame::mila_refusal(const std::string& power_name,
                                                                  const std::string& text) const {
  const Power power = power_named(variant(), power_name);
  if (state().phase.type != PhaseType::Movement) return {};
  const auto parsed = parse_order(variant(), text, PhaseType::Movement);
  if (!parsed) return {};
  const std::string canonical = format_order(variant(), parsed->order, parsed->target_type);
  if (std::string name = mila_type_error(variant(), state(), power, *parsed); !name.empty()) return {name, canonical};
  const auto order = validate(variant(), game_.rules(), state(), power, *parsed);
  if (order) return {};
  return {mila_error_name(variant(), state(), power, *parsed, order.error()), canonical};
}

}  // namespace stratagem::python
