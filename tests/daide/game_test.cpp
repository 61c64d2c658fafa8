// A whole game through DAIDE: the scripted server referees with the engine, six random
// players hold the other powers on the server's side, and the client plays England over
// TCP. Every order the client submits must be a legal order of the position, written as
// order_tokens writes it; the server adjudicates the client's orders with the others'.
#include <array>
#include <map>

#include <gtest/gtest.h>

#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/variant.h"
#include "support/client_thread.h"
#include "support/conversation.h"

namespace stratagem::daide {
namespace {

using diplomacy::GameState;
using diplomacy::Order;
using diplomacy::PhaseType;
using diplomacy::Power;
using testing::ClientThread;
using testing::ScriptedServer;

const diplomacy::Variant& variant() { return diplomacy::standard_variant(); }
const MapNames& names() {
  static const MapNames n(variant(), Representation::standard());
  return n;
}
std::string text(const TokenList& tokens) { return to_text(tokens, Representation::standard()); }

// Every order `power` may give in this phase, by the text DAIDE writes it in.
std::map<std::string, Order> candidate_orders(const GameState& state, Power power) {
  std::map<std::string, Order> candidates;
  auto add = [&](const Order& order) {
    auto tokens = order_tokens(order, power, state, names());
    if (tokens) candidates.emplace(text(bracketed(*tokens)), order);
  };
  if (state.phase.type == PhaseType::Adjustment) {
    add(Order::waive());
    state.occupied_provinces().for_each([&](int p) {
      const diplomacy::Unit& unit = state.unit_at(diplomacy::province_at(p));
      if (unit.power == power) add(Order::remove(unit.type, unit.location));
    });
    variant().home_centres(power).for_each([&](int p) {
      const diplomacy::Province province = diplomacy::province_at(p);
      if (state.occupied(province) || state.centre_owner(province) != power) return;
      add(Order::build(diplomacy::UnitType::Army, variant().main_location(province)));
      if (variant().fleet_can_stand(variant().main_location(province)))
        add(Order::build(diplomacy::UnitType::Fleet, variant().main_location(province)));
      for (diplomacy::Location coast : variant().coasts(province)) add(Order::build(diplomacy::UnitType::Fleet, coast));
    });
    return candidates;
  }
  const diplomacy::LegalOrderGenerator legal(variant(), state);
  const bool retreat = state.phase.type == PhaseType::Retreat;
  (retreat ? state.dislodged_provinces() : state.occupied_provinces()).for_each([&](int p) {
    const diplomacy::Province province = diplomacy::province_at(p);
    const Power owner = retreat ? state.dislodged_in(province)->unit.power : state.unit_at(province).power;
    if (owner != power) return;
    diplomacy::OrderList list;
    legal.unit_orders(province, list);
    for (const Order& order : list) add(order);
  });
  return candidates;
}

bool orders_due(const GameState& state, Power power) {
  switch (state.phase.type) {
    case PhaseType::Movement: return state.unit_count(power) > 0;
    case PhaseType::Retreat: {
      bool due = false;
      state.dislodged_provinces().for_each([&](int p) { due |= state.dislodged_in(diplomacy::province_at(p))->unit.power == power; });
      return due;
    }
    case PhaseType::Adjustment: return state.centre_count(power) != state.unit_count(power);
  }
  return false;
}

class DaideGame : public ::testing::TestWithParam<const char*> {};

TEST_P(DaideGame, ClientPlaysAWholeGameAgainstARefereeingServer) {
  constexpr int kLastYear = 1910;
  const Power england = diplomacy::power_at(1);
  ScriptedServer server;
  ClientThread client(server, GetParam());
  server.accept();
  server.read_frame();
  server.send_frame(MessageType::Representation, {});
  server.read_message();
  server.send("MAP ('standard')");
  server.read_message();
  server.send(testing::standard_mdf());
  ASSERT_EQ(server.read_message(), "YES (MAP ('standard'))");
  server.send("HLO (ENG) (42) ((LVL 0))");

  auto random = *diplomacy_bots::make_player("random");
  GameState state = GameState::initial(variant());
  server.send("SCO " + text(sco_arguments(state, names())));
  int phases = 0, submissions = 0, accepted = 0;
  std::vector<std::string> refused;
  while (state.phase.year <= kLastYear && diplomacy::winner(variant(), state) == Power::None) {
    server.send("NOW " + text(now_arguments(state, names())));
    std::array<Order, diplomacy::kMaxProvinces> orders{};
    diplomacy::ProvinceSet ordered;
    auto order = [&](const Order& o) {
      if (o.kind() == diplomacy::OrderKind::Waive) return;
      const int p = diplomacy::index(variant().province_of(o.unit()));
      orders[p] = o;
      ordered.insert(p);
    };
    if (orders_due(state, england)) {
      const auto candidates = candidate_orders(state, england);
      // Its draw votes (DRW, on the turns its position would take a draw) come before its orders.
      std::string sub = server.read_message();
      while (sub == "DRW") sub = server.read_message();
      ++submissions;
      const Nodes items = *parse(*from_text(sub, Representation::standard()));
      ASSERT_GE(items.size(), 3u) << sub;
      ASSERT_TRUE(items[0].is(tokens::SUB)) << sub;
      ASSERT_EQ(text(flatten({items[1]})), text(turn_tokens(state.phase))) << sub;
      for (std::size_t k = 2; k < items.size(); ++k) {
        const std::string submitted = text(flatten({items[k]}));
        const auto found = candidates.find(submitted);
        if (found == candidates.end()) {
          refused.push_back(diplomacy::phase_code(state.phase) + " " + submitted);
          server.send("THX " + submitted + " (NSU)");
          continue;
        }
        ++accepted;
        order(found->second);
        server.send("THX " + submitted + " (MBV)");
      }
      server.send("MIS");
    }
    for (int i = 0; i < variant().power_count(); ++i) {
      const Power power = diplomacy::power_at(i);
      if (power == england) continue;
      const diplomacy_bots::Turn turn{variant(), diplomacy::standard_rules(), state, power, std::uint64_t(phases * 7 + i)};
      for (const Order& o : random->orders(turn)) order(o);
    }
    GameState next = diplomacy::adjudicate(variant(), diplomacy::standard_rules(), state, orders, ordered).next;
    ++phases;
    bool centres_changed = false;
    variant().all_supply_centres().for_each([&](int c) {
      centres_changed |= next.centre_owner(diplomacy::province_at(c)) != state.centre_owner(diplomacy::province_at(c));
    });
    if (centres_changed) server.send("SCO " + text(sco_arguments(next, names())));
    state = next;
  }
  server.send("DRW");
  server.send("SMR (" + text(turn_tokens(state.phase)).substr(1));  // a summary without the players: it ends the game
  EXPECT_EQ(server.read_frame().type, 3);
  EXPECT_TRUE(server.client_closes());
  const auto& result = client.result();
  EXPECT_TRUE(result) << result.error();
  EXPECT_EQ(refused, std::vector<std::string>{});
  EXPECT_GE(phases, 2 * (kLastYear - 1900));
  EXPECT_GE(submissions, kLastYear - 1900);
  EXPECT_GT(accepted, 3 * submissions / 2);
  EXPECT_EQ(client.events().find("cannot read"), std::string::npos) << client.events();
}

INSTANTIATE_TEST_SUITE_P(Players, DaideGame, ::testing::Values("random", "dumbbot", "search:1"));

}  // namespace
}  // namespace stratagem::daide
