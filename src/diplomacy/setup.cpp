#include "stratagem/diplomacy/setup.h"

#include <array>

#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

namespace {

// The seats of seed 000 §1.2.3 by the powers' codes; seed 003 §7 lists the same ones
// (its three-player game is seed 000's second variant).
struct SetupTable {
  std::string_view code;
  std::vector<std::vector<std::string_view>> seats;
  std::vector<std::string_view> armistice;
};

const std::vector<SetupTable>& setup_tables() {
  static const std::vector<SetupTable> tables = {
      {"7", {{"AUSTRIA"}, {"ENGLAND"}, {"FRANCE"}, {"GERMANY"}, {"ITALY"}, {"RUSSIA"}, {"TURKEY"}}, {}},
      {"6", {{"AUSTRIA"}, {"ENGLAND"}, {"FRANCE"}, {"GERMANY"}, {"RUSSIA"}, {"TURKEY"}}, {"ITALY"}},
      {"5", {{"AUSTRIA"}, {"ENGLAND"}, {"FRANCE"}, {"RUSSIA"}, {"TURKEY"}}, {"GERMANY", "ITALY"}},
      {"4", {{"ENGLAND"}, {"AUSTRIA", "FRANCE"}, {"GERMANY", "TURKEY"}, {"ITALY", "RUSSIA"}}, {}},
      {"3a", {{"RUSSIA"}, {"ENGLAND", "FRANCE", "GERMANY"}, {"AUSTRIA", "ITALY", "TURKEY"}}, {}},
      {"3b", {{"AUSTRIA", "ENGLAND", "GERMANY"}, {"ITALY", "RUSSIA"}, {"FRANCE", "TURKEY"}}, {}},
      {"2", {{"ENGLAND", "FRANCE", "RUSSIA"}, {"AUSTRIA", "GERMANY", "TURKEY"}}, {}},
  };
  return tables;
}

// Seed 000 §1.2.3(e): Italy's land (國土), closed as Switzerland is until it joins a side.
constexpr std::array<std::string_view, 6> kItalianLand = {"APU", "NAP", "PIE", "ROM", "TUS", "VEN"};
constexpr int kTwoPlayerStartYear = 1914;
constexpr int kTwoPlayerVictoryCentres = 24;

Power power_coded(const Variant& variant, std::string_view code) {
  for (int i = 0; i < variant.power_count(); ++i)
    if (variant.power_code(power_at(i)) == code) return power_at(i);
  return Power::None;
}

Province province_coded(const Variant& variant, std::string_view code) {
  for (int p = 0; p < variant.province_count(); ++p)
    if (variant.province_code(province_at(p)) == code) return province_at(p);
  return Province::None;
}

std::string seat_code(const Variant& variant, const PowerSet& powers) {
  std::string code;
  powers.for_each([&](int p) { code += (code.empty() ? "" : "+") + variant.power_code(power_at(p)); });
  return code;
}

std::string known_codes() {
  std::string list;
  for (std::string_view code : setup_codes()) list += (list.empty() ? "" : ", ") + std::string(code);
  return list;
}

}  // namespace

const std::vector<std::string_view>& setup_codes() {
  static const std::vector<std::string_view> codes = [] {
    std::vector<std::string_view> all;
    for (const SetupTable& table : setup_tables()) all.push_back(table.code);
    return all;
  }();
  return codes;
}

tl::expected<Setup, Error> standard_setup(const Variant& variant, std::string_view code) {
  const auto unknown = [](std::string message) {
    return tl::unexpected(Error{ErrorKind::Unknown, std::move(message)});
  };
  const SetupTable* table = nullptr;
  for (const SetupTable& t : setup_tables())
    if (t.code == code) table = &t;
  if (!table) return unknown("unknown setup \"" + std::string(code) + "\" (the setups are " + known_codes() + ")");
  const auto missing_power = [&](std::string_view power) {
    return unknown("setup " + std::string(code) + " needs the standard power " + std::string(power) +
                   ", which variant " + variant.id() + " does not have");
  };
  Setup setup;
  setup.code = std::string(code);
  setup.start = variant.start_phase();
  setup.victory_centres = variant.victory_centres();
  for (const auto& powers : table->seats) {
    Seat seat;
    for (std::string_view name : powers) {
      const Power power = power_coded(variant, name);
      if (power == Power::None) return missing_power(name);
      seat.powers.insert(index(power));
    }
    seat.code = seat_code(variant, seat.powers);
    setup.seats.push_back(std::move(seat));
  }
  for (std::string_view name : table->armistice) {
    const Power power = power_coded(variant, name);
    if (power == Power::None) return missing_power(name);
    setup.armistice.insert(index(power));
  }
  if (code == "2") {
    NeutralPower italy;
    italy.power = power_coded(variant, "ITALY");
    if (italy.power == Power::None) return missing_power("ITALY");
    for (std::string_view name : kItalianLand) {
      const Province province = province_coded(variant, name);
      if (province == Province::None)
        return unknown("setup 2 closes the province " + std::string(name) + ", which variant " + variant.id() +
                       " does not have");
      italy.closed.insert(index(province));
    }
    italy.joins = Phase{Season::Spring, kTwoPlayerStartYear + 1, PhaseType::Movement};
    for (Seat seat : setup.seats) {
      seat.powers.insert(index(italy.power));
      seat.code = seat_code(variant, seat.powers);
      italy.joined_seats.push_back(std::move(seat));
    }
    italy.closed_map = std::make_shared<const Variant>(variant.with_provinces_closed(italy.closed));
    setup.neutral = std::move(italy);
    setup.start = Phase{Season::Spring, kTwoPlayerStartYear, PhaseType::Movement};
    setup.victory_centres = kTwoPlayerVictoryCentres;
    setup.victory_counting = VictoryCounting::PerSeat;
  }
  return setup;
}

GameState initial_state(const Variant& variant, const Setup& setup) {
  GameState state = GameState::initial(variant);
  state.phase = setup.start;
  return state;
}

}  // namespace stratagem::diplomacy
