// Writing: positions and phase reports in the canonical notation of the contract.
#include <algorithm>
#include <array>
#include <utility>

#include "stratagem/formats/diplomacy_json.h"
#include "stratagem/diplomacy/notation.h"

namespace stratagem::formats {

using namespace diplomacy;
using nlohmann::ordered_json;

namespace {

constexpr std::array<std::string_view, 8> kOutcomeCodes = {"ok",        "bounce", "cut",     "dislodged",
                                                           "no_convoy", "void",   "invalid", "hold"};

// Location codes sorted alphabetically, so that output does not depend on map order.
std::vector<std::string> sorted_codes(const Variant& variant, const LocationSet& locations) {
  std::vector<std::string> codes;
  locations.for_each([&](int l) { codes.push_back(variant.location_code(location_at(l))); });
  std::sort(codes.begin(), codes.end());
  return codes;
}

// Provinces of one power's units, sorted by the units' location codes. `unit_of` gives
// the unit standing (or dislodged) in a province of `provinces`.
template <class UnitOf>
std::vector<Province> sorted_by_location(const Variant& variant, const ProvinceSet& provinces, Power power,
                                         UnitOf unit_of) {
  std::vector<std::pair<std::string, Province>> found;
  provinces.for_each([&](int p) {
    const Unit unit = unit_of(province_at(p));
    if (unit.power == power) found.emplace_back(variant.location_code(unit.location), province_at(p));
  });
  std::sort(found.begin(), found.end());
  std::vector<Province> sorted;
  for (const auto& entry : found) sorted.push_back(entry.second);
  return sorted;
}

ordered_json write_order_report(const OrderReport& report) {
  const auto text_or_null = [](const std::optional<std::string>& text) {
    return text ? ordered_json(*text) : ordered_json(nullptr);
  };
  ordered_json entry;
  entry["unit"] = text_or_null(report.unit);
  entry["input"] = text_or_null(report.input);
  entry["order"] = text_or_null(report.order);
  entry["result"] = outcome_code(report.result);
  if (!report.error.empty()) entry["error"] = report.error;
  if (report.by) entry["by"] = *report.by;
  if (report.strength) entry["strength"] = report.strength;
  if (report.opposing_strength) entry["opposing_strength"] = report.opposing_strength;
  if (report.paradox) entry["paradox"] = true;
  if (report.disbanded) entry["disbanded"] = true;
  return entry;
}

}  // namespace

std::string_view outcome_code(Outcome outcome) { return kOutcomeCodes[static_cast<int>(outcome)]; }

ordered_json write_state(const Variant& variant, const GameState& state) {
  ordered_json units = ordered_json::object(), centers = ordered_json::object();
  for (int p = 0; p < variant.power_count(); ++p) {
    const Power power = power_at(p);
    const std::string& code = variant.power_code(power);
    units[code] = ordered_json::array();
    for (Province province : sorted_by_location(variant, state.occupied_provinces(), power,
                                                [&](Province at) { return *state.unit_in(at); }))
      units[code].push_back(format_unit(variant, *state.unit_in(province)));
    std::vector<std::string> owned;
    variant.all_supply_centres().for_each([&](int c) {
      if (state.centre_owner(province_at(c)) == power) owned.push_back(variant.province_code(province_at(c)));
    });
    std::sort(owned.begin(), owned.end());
    centers[code] = owned;
  }
  ordered_json out;
  out["phase"] = phase_code(state.phase);
  out["units"] = std::move(units);
  out["centers"] = std::move(centers);
  if (state.phase.type == PhaseType::Retreat) {
    ordered_json retreats = ordered_json::object();
    for (int p = 0; p < variant.power_count(); ++p) {
      const Power power = power_at(p);
      ordered_json mine = ordered_json::object();
      for (Province province : sorted_by_location(variant, state.dislodged_provinces(), power,
                                                  [&](Province at) { return state.dislodged_in(at)->unit; })) {
        const DislodgedUnit dislodged = *state.dislodged_in(province);
        mine[format_unit(variant, dislodged.unit)] = sorted_codes(variant, dislodged.retreats);
      }
      retreats[variant.power_code(power)] = std::move(mine);
    }
    out["retreats"] = std::move(retreats);
  }
  return out;
}

ordered_json write_phase_report(const Variant& variant, const PhaseReport& report) {
  ordered_json results = ordered_json::object();
  for (int p = 0; p < variant.power_count(); ++p) {
    ordered_json entries = ordered_json::array();
    for (const OrderReport& entry : report.results[p]) entries.push_back(write_order_report(entry));
    results[variant.power_code(power_at(p))] = std::move(entries);
  }
  ordered_json out;
  out["phase"] = phase_code(report.phase);
  out["results"] = std::move(results);
  out["next"] = write_state(variant, report.next);
  if (!report.seats.empty()) out["seats"] = report.seats;
  if (report.end) {
    ordered_json winners = ordered_json::array();
    report.end->winners.for_each([&](int p) { winners.push_back(variant.power_code(power_at(p))); });
    out["end"] = {{"kind", end_kind_code(report.end->kind)}, {"winners", std::move(winners)}, {"seats", report.end->seats}};
  }
  return out;
}

ordered_json write_setup_start(const Variant& variant, const Setup& setup) {
  ordered_json out = write_state(variant, initial_state(variant, setup));
  out["setup"] = setup.code;
  return out;
}

std::string dump_json(const ordered_json& value, bool pretty) {
  return value.dump(pretty ? 2 : -1, ' ', false, ordered_json::error_handler_t::replace);
}

}  // namespace stratagem::formats
