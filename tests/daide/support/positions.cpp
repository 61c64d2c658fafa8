#include "support/positions.h"

namespace stratagem::daide::testing {

namespace {
void append(TokenList& out, const TokenList& more) { out.insert(out.end(), more.begin(), more.end()); }
}  // namespace

TokenList now_arguments(const diplomacy::GameState& state, const MapNames& names) {
  TokenList out = turn_tokens(state.phase);
  state.occupied_provinces().for_each(
      [&](int p) { append(out, bracketed(*unit_tokens(state.unit_at(diplomacy::province_at(p)), names))); });
  state.dislodged_provinces().for_each([&](int p) {
    const diplomacy::DislodgedUnit d = *state.dislodged_in(diplomacy::province_at(p));
    TokenList entry = *unit_tokens(d.unit, names);
    entry.push_back(tokens::MRT);
    Nodes options;
    d.retreats.for_each([&](int l) { options.push_back(*names.location_node(diplomacy::location_at(l))); });
    append(entry, bracketed(options));
    append(out, bracketed(entry));
  });
  return out;
}

TokenList sco_arguments(const diplomacy::GameState& state, const MapNames& names) {
  const diplomacy::Variant& variant = names.variant();
  TokenList out;
  for (int p = -1; p < variant.power_count(); ++p) {
    const diplomacy::Power power = p < 0 ? diplomacy::Power::None : diplomacy::power_at(p);
    TokenList group{p < 0 ? tokens::UNO : *names.power_token(power)};
    variant.all_supply_centres().for_each([&](int c) {
      if (state.centre_owner(diplomacy::province_at(c)) == power) group.push_back(*names.province_token(diplomacy::province_at(c)));
    });
    append(out, bracketed(group));
  }
  return out;
}

}  // namespace stratagem::daide::testing
