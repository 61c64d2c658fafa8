// Our computer players' answers to proposals (accepts) and their keeping of deals.
#include "stratagem/diplomacy_bots/negotiation.h"

#include "board.h"
#include "stratagem/diplomacy_bots/game.h"
#include "stratagem/diplomacy_bots/negotiating_player.h"

namespace stratagem::diplomacy_bots {
namespace {

using diplomacy::Arrangement;
using diplomacy::Order;
using diplomacy::UnitType;
using test_board::at;
using test_board::power;
using test_board::province;

const diplomacy::Variant& variant() { return diplomacy::standard_variant(); }

TEST(Negotiation, AcceptsPeaceUnlessTheProposerLeadsByThree) {
  diplomacy::GameState state = diplomacy::GameState::initial(variant());
  const Arrangement peace{.kind = Arrangement::Kind::Peace, .powers = {power("FRANCE"), power("GERMANY")}};
  EXPECT_TRUE(accepts(variant(), state, power("GERMANY"), power("FRANCE"), peace));
  for (const char* centre : {"SPA", "POR", "BEL"}) state.set_centre_owner(province(centre), power("FRANCE"));
  EXPECT_FALSE(accepts(variant(), state, power("GERMANY"), power("FRANCE"), peace));
  // Peace between two others is not its to accept.
  const Arrangement others{.kind = Arrangement::Kind::Peace, .powers = {power("FRANCE"), power("ITALY")}};
  EXPECT_FALSE(accepts(variant(), diplomacy::GameState::initial(variant()), power("GERMANY"), power("FRANCE"), others));
}

TEST(Negotiation, AlliancesZonesPromisesAndCombinations) {
  const diplomacy::GameState start = diplomacy::GameState::initial(variant());
  const Arrangement against_russia{.kind = Arrangement::Kind::Alliance, .powers = {power("GERMANY"), power("AUSTRIA")},
                                   .against = {power("RUSSIA")}};  // Russia leads with four
  EXPECT_TRUE(accepts(variant(), start, power("GERMANY"), power("AUSTRIA"), against_russia));
  const Arrangement against_me{.kind = Arrangement::Kind::Alliance, .powers = {power("GERMANY"), power("FRANCE")},
                               .against = {power("GERMANY")}};
  EXPECT_FALSE(accepts(variant(), start, power("GERMANY"), power("FRANCE"), against_me));
  const Arrangement zone{.kind = Arrangement::Kind::Demilitarised, .powers = {power("GERMANY"), power("FRANCE")},
                         .provinces = {province("BUR")}};
  EXPECT_TRUE(accepts(variant(), start, power("GERMANY"), power("FRANCE"), zone));
  const Arrangement my_centre{.kind = Arrangement::Kind::Demilitarised, .powers = {power("GERMANY"), power("FRANCE")},
                              .provinces = {province("MUN")}};
  EXPECT_FALSE(accepts(variant(), start, power("GERMANY"), power("FRANCE"), my_centre));
  const Arrangement their_promise{.kind = Arrangement::Kind::Orders, .order = Order::hold(UnitType::Army, at("PAR")),
                                  .order_power = power("FRANCE")};
  const Arrangement my_move{.kind = Arrangement::Kind::Orders,
                            .order = Order::move(UnitType::Army, at("MUN"), at("RUH")), .order_power = power("GERMANY")};
  EXPECT_TRUE(accepts(variant(), start, power("GERMANY"), power("FRANCE"), their_promise));
  EXPECT_FALSE(accepts(variant(), start, power("GERMANY"), power("FRANCE"), my_move));
  EXPECT_FALSE(accepts(variant(), start, power("GERMANY"), power("FRANCE"),
                       {.kind = Arrangement::Kind::And, .parts = {zone, my_move}}));
  EXPECT_TRUE(accepts(variant(), start, power("GERMANY"), power("FRANCE"),
                      {.kind = Arrangement::Kind::Or, .parts = {zone, my_move}}));
  EXPECT_FALSE(accepts(variant(), start, power("RUSSIA"), power("FRANCE"), {.kind = Arrangement::Kind::Draw}));
  EXPECT_TRUE(accepts(variant(), start, power("GERMANY"), power("FRANCE"), {.kind = Arrangement::Kind::Draw}));
}

// The terms alone would take a peace from a power no stronger; the search sees what the
// peace would cost: in the fall, with Paris empty beside two German armies, Germany would
// give up a French centre for nothing, and refuses. At the start it accepts.
TEST(Negotiation, ASearchWeighsWhatAPeaceCosts) {
  const diplomacy::RuleOptions rules = diplomacy::standard_rules();
  const Arrangement peace{.kind = Arrangement::Kind::Peace, .powers = {power("FRANCE"), power("GERMANY")}};
  const diplomacy::GameState start = diplomacy::GameState::initial(variant());
  EXPECT_TRUE(accepts_after_search(variant(), rules, start, power("GERMANY"), power("FRANCE"), peace, 1.0, 5));
  diplomacy::GameState fall = start;
  fall.phase.season = diplomacy::Season::Fall;
  fall.remove(province("PAR"));
  fall.remove(province("MUN"));
  fall.remove(province("KIE"));
  fall.place(variant(), {UnitType::Army, power("GERMANY"), at("BUR")});
  fall.place(variant(), {UnitType::Army, power("GERMANY"), at("PIC")});
  EXPECT_TRUE(accepts(variant(), fall, power("GERMANY"), power("FRANCE"), peace));
  EXPECT_FALSE(accepts_after_search(variant(), rules, fall, power("GERMANY"), power("FRANCE"), peace, 1.0, 5));
}

TEST(Negotiation, KeepsItsDeals) {
  const diplomacy::GameState start = diplomacy::GameState::initial(variant());
  const Arrangement peace{.kind = Arrangement::Kind::Peace, .powers = {power("FRANCE"), power("GERMANY")}};
  const std::vector<Order> orders = {Order::move(UnitType::Army, at("MUN"), at("BUR")),
                                     Order::support_move(UnitType::Army, at("BER"), at("MUN"), at("KIE")),
                                     Order::move(UnitType::Fleet, at("KIE"), at("HOL"))};
  // Nothing French attacked: kept as they are.
  EXPECT_EQ(keeping_deals(variant(), start, power("GERMANY"), orders, {peace}), orders);
  // Into a French army in Burgundy: a hold instead.
  const std::vector<Order> attack = {Order::move(UnitType::Army, at("MUN"), at("BUR")),
                                     Order::move(UnitType::Fleet, at("KIE"), at("HOL"))};
  diplomacy::GameState french_burgundy = start;
  french_burgundy.place(variant(), {UnitType::Army, power("FRANCE"), at("BUR")});
  EXPECT_EQ(keeping_deals(variant(), french_burgundy, power("GERMANY"), attack, {peace}),
            (std::vector<Order>{Order::hold(UnitType::Army, at("MUN")), Order::move(UnitType::Fleet, at("KIE"), at("HOL"))}));
  // A promised order is given in place of the unit's own.
  const Arrangement promise{.kind = Arrangement::Kind::Orders, .order = Order::hold(UnitType::Fleet, at("KIE")),
                            .order_power = power("GERMANY")};
  EXPECT_EQ(keeping_deals(variant(), start, power("GERMANY"), attack, {promise}),
            (std::vector<Order>{Order::move(UnitType::Army, at("MUN"), at("BUR")), Order::hold(UnitType::Fleet, at("KIE"))}));
}

TEST(Negotiation, ProposesPeaceToANeighbourAZoneOnContestedBordersAndAllianceAgainstARunawayLeader) {
  diplomacy::GameState state = diplomacy::GameState::initial(variant());
  // At the start only Trieste and Venice face each other.
  auto offers = proposals(variant(), state, power("AUSTRIA"), {});
  ASSERT_EQ(offers.size(), 1u);
  EXPECT_EQ(offers[0].to, power("ITALY"));
  EXPECT_EQ(offers[0].arrangement.kind, Arrangement::Kind::Peace);
  EXPECT_EQ(offers[0].arrangement.powers, (std::vector<diplomacy::Power>{power("AUSTRIA"), power("ITALY")}));
  // Not again once at peace; nothing for a power with no neighbour.
  EXPECT_TRUE(proposals(variant(), state, power("AUSTRIA"), {offers[0].arrangement}).empty());
  EXPECT_TRUE(proposals(variant(), state, power("FRANCE"), {}).empty());
  // Russia runs away with seven centres: Austria asks Russia's strongest other neighbour to ally against it.
  for (const char* centre : {"RUM", "SWE", "NWY"}) state.set_centre_owner(province(centre), power("RUSSIA"));
  state.place(variant(), {UnitType::Army, power("RUSSIA"), at("GAL")});
  state.place(variant(), {UnitType::Army, power("GERMANY"), at("SIL")});
  // Russia's army in Galicia and Austria's in Vienna can both enter Bohemia: Austria offers
  // to keep out of it together.
  offers = proposals(variant(), state, power("AUSTRIA"), {});
  ASSERT_EQ(offers.size(), 3u);
  EXPECT_EQ(offers[1].to, power("RUSSIA"));
  EXPECT_EQ(offers[1].arrangement.kind, Arrangement::Kind::Demilitarised);
  EXPECT_EQ(offers[1].arrangement.provinces, std::vector<diplomacy::Province>{province("BOH")});
  EXPECT_TRUE(accepts(variant(), state, power("RUSSIA"), power("AUSTRIA"), offers[1].arrangement));
  EXPECT_EQ(offers[2].arrangement.kind, Arrangement::Kind::Alliance);
  EXPECT_EQ(offers[2].arrangement.against, std::vector<diplomacy::Power>{power("RUSSIA")});
  EXPECT_NE(offers[2].to, power("AUSTRIA"));
  // No zone is offered to a power it already has a deal with.
  offers = proposals(variant(), state, power("AUSTRIA"), {offers[1].arrangement});
  EXPECT_TRUE(std::none_of(offers.begin(), offers.end(), [](const Proposal& p) {
    return p.arrangement.kind == Arrangement::Kind::Demilitarised;
  }));
}

TEST(Negotiation, TwoNegotiatorsAgreePeaceAndNeverBreakIt) {
  // Austria and Italy negotiate (their armies face each other in Trieste and Venice), the
  // others are silent DumbBots; each phase both negotiators' orders are judged against
  // their deals.
  NegotiationTable table({power("AUSTRIA"), power("ITALY")});
  std::vector<std::unique_ptr<Player>> players;
  for (int s = 0; s < 7; ++s) {
    auto inner = *make_player("dumbbot");
    const diplomacy::Power p = diplomacy::power_at(s);
    if (p == power("AUSTRIA") || p == power("ITALY")) players.push_back(std::make_unique<NegotiatingPlayer>(std::move(inner), table));
    else players.push_back(std::move(inner));
  }
  std::vector<Player*> seats;
  for (auto& p : players) seats.push_back(p.get());
  int judged = 0;
  const auto observe = [&](const diplomacy::GameState& state, diplomacy::Power p, const std::vector<Order>& orders) {
    if (p != power("AUSTRIA") && p != power("ITALY")) return;
    std::vector<std::vector<Order>> by_power(7);
    by_power[diplomacy::index(p)] = orders;
    for (const Arrangement& deal : table.deals_of(p)) {
      EXPECT_TRUE(diplomacy::judge_arrangement(variant(), state, by_power, deal).breakers.empty())
          << diplomacy::phase_code(state.phase);
      ++judged;
    }
  };
  play_game(variant(), diplomacy::standard_rules(), diplomacy::GameState::initial(variant()), seats, 7, 1905, observe);
  EXPECT_GE(table.deals_agreed(), 1);
  EXPECT_GT(judged, 10);
  const auto deals = table.deals_of(power("ITALY"));
  ASSERT_FALSE(deals.empty());
  EXPECT_EQ(deals.front().kind, Arrangement::Kind::Peace);
}

TEST(Negotiation, PartnersHearEachOthersOrdersOfThePhase) {
  NegotiationTable table({power("AUSTRIA"), power("ITALY")});
  const diplomacy::GameState start = diplomacy::GameState::initial(variant());
  const std::vector<Order> austrian = {Order::move(UnitType::Army, at("VIE"), at("GAL")),
                                       Order::hold(UnitType::Fleet, at("TRI"))};
  // No deal yet: nobody hears anything.
  table.announce(power("AUSTRIA"), start.phase, austrian);
  EXPECT_TRUE(table.partners_of(power("ITALY")).empty());
  EXPECT_TRUE(table.announced_to(power("ITALY"), start.phase).empty());
  // Austria offers Italy peace (their armies face each other) and Italy accepts.
  table.negotiate(variant(), diplomacy::standard_rules(), start, 1);
  ASSERT_EQ(table.deals_agreed(), 1);
  EXPECT_EQ(table.partners_of(power("ITALY")), std::vector<diplomacy::Power>{power("AUSTRIA")});
  EXPECT_EQ(table.announced_to(power("ITALY"), start.phase), austrian);
  // Only in the phase they were given for, and only to a partner.
  diplomacy::Phase fall = start.phase;
  fall.season = diplomacy::Season::Fall;
  EXPECT_TRUE(table.announced_to(power("ITALY"), fall).empty());
  EXPECT_TRUE(table.announced_to(power("GERMANY"), start.phase).empty());
}

// France plans Burgundy to Munich against a German army; its partner Italy's army in
// Tyrolia can reach Munich: France asks Italy for the support, and Italy gives it (a
// support of the proposer into a province where Italy has neither unit nor centre).
TEST(Negotiation, AsksItsPartnersForTheSupportsItsAttacksNeed) {
  diplomacy::GameState state = diplomacy::GameState::initial(variant());
  state.place(variant(), {UnitType::Army, power("FRANCE"), at("BUR")});
  state.place(variant(), {UnitType::Army, power("ITALY"), at("TYR")});
  const Order attack = Order::move(UnitType::Army, at("BUR"), at("MUN"));
  const Order into_picardy = Order::move(UnitType::Army, at("PAR"), at("PIC"));
  const std::vector<diplomacy::Power> partners = {power("ITALY")};
  const auto requests = support_requests(variant(), state, power("FRANCE"), {into_picardy, attack}, partners);
  ASSERT_EQ(requests.size(), 1u);
  EXPECT_EQ(requests[0].to, power("ITALY"));
  EXPECT_EQ(requests[0].arrangement.kind, Arrangement::Kind::Orders);
  EXPECT_EQ(requests[0].arrangement.order_power, power("ITALY"));
  EXPECT_EQ(requests[0].arrangement.order, Order::support_move(UnitType::Army, at("TYR"), at("BUR"), at("MUN")));
  EXPECT_TRUE(accepts(variant(), state, power("ITALY"), power("FRANCE"), requests[0].arrangement));
  // Once given, the promised support is what Italy orders for that army.
  const std::vector<Order> italian = {Order::move(UnitType::Army, at("TYR"), at("VIE"))};
  EXPECT_EQ(keeping_deals(variant(), state, power("ITALY"), italian, {requests[0].arrangement}),
            std::vector<Order>{requests[0].arrangement.order});
  // Nothing to ask without a partner next to the province attacked, nor against a partner.
  EXPECT_TRUE(support_requests(variant(), state, power("FRANCE"), {attack}, {}).empty());
  EXPECT_TRUE(support_requests(variant(), state, power("GERMANY"), {Order::move(UnitType::Army, at("MUN"), at("BUR"))},
                               std::vector<diplomacy::Power>{power("FRANCE")})
                  .empty());
  // Italy never supports an attack into its own centre.
  const Arrangement into_venice{.kind = Arrangement::Kind::Orders,
                                .order = Order::support_move(UnitType::Army, at("TYR"), at("PIE"), at("VEN")),
                                .order_power = power("ITALY")};
  diplomacy::GameState french_piedmont = state;
  french_piedmont.place(variant(), {UnitType::Army, power("FRANCE"), at("PIE")});
  EXPECT_FALSE(accepts(variant(), french_piedmont, power("ITALY"), power("FRANCE"), into_venice));
}

// Fall, every other unit gone: Italy's army in Piedmont can take an empty Marseilles or
// guard an empty Venice from the Austrian army in Trieste, Austria at peace with Italy.
// Trusting Austria to keep the peace, Italy takes Marseilles; not trusting it at all, it
// guards Venice.
TEST(Negotiation, ASearchingPlayerExpectsAPartnerToKeepTheDealAsFarAsItTrustsIt) {
  diplomacy::GameState state = diplomacy::GameState::initial(variant());
  for (int p = 0; p < variant().province_count(); ++p) state.remove(diplomacy::province_at(p));
  state.phase.season = diplomacy::Season::Fall;
  state.place(variant(), {UnitType::Army, power("ITALY"), at("PIE")});
  state.place(variant(), {UnitType::Army, power("AUSTRIA"), at("TRI")});
  const Arrangement peace{.kind = Arrangement::Kind::Peace, .powers = {power("ITALY"), power("AUSTRIA")}};
  const diplomacy::RuleOptions rules = diplomacy::standard_rules();
  const auto italian = [&](double trust_in_austria) {
    DealsInView view;
    for (int p = 0; p < variant().power_count(); ++p) {
      const bool party = diplomacy::power_at(p) == power("ITALY") || diplomacy::power_at(p) == power("AUSTRIA");
      view.deals.push_back(party ? std::vector<Arrangement>{peace} : std::vector<Arrangement>{});
      view.trusted.push_back(true);
    }
    Turn turn{variant(), rules, state, power("ITALY"), 1};
    turn.allowed = planned_within(variant(), state, power("ITALY"), Personality::Loyal, view);
    turn.trust.assign(static_cast<std::size_t>(variant().power_count()), 1.0);
    turn.trust[diplomacy::index(power("AUSTRIA"))] = trust_in_austria;
    return (*make_player("search:3"))->orders(turn);
  };
  EXPECT_EQ(italian(1.0), std::vector<Order>{Order::move(UnitType::Army, at("PIE"), at("MAR"))});
  EXPECT_EQ(italian(0.0), std::vector<Order>{Order::move(UnitType::Army, at("PIE"), at("VEN"))});
}

// Fall: a German army holds Munich, France announces Burgundy to Munich, which bounces
// alone; Italy's one army, in Tyrolia, has nothing of its own to take (Vienna and Trieste
// are Italian here) but can support the attack. Told the plan and valuing its ally, Italy
// supports it; left to itself, it does not.
TEST(Negotiation, ASearchingPlayerSupportsItsPartnersAnnouncedAttack) {
  diplomacy::GameState state = diplomacy::GameState::initial(variant());
  for (int p = 0; p < variant().province_count(); ++p)
    if (diplomacy::province_at(p) != province("MUN")) state.remove(diplomacy::province_at(p));
  state.phase.season = diplomacy::Season::Fall;
  state.set_centre_owner(province("VIE"), power("ITALY"));
  state.set_centre_owner(province("TRI"), power("ITALY"));
  state.place(variant(), {UnitType::Army, power("FRANCE"), at("BUR")});
  state.place(variant(), {UnitType::Army, power("ITALY"), at("TYR")});
  const diplomacy::RuleOptions rules = diplomacy::standard_rules();
  const Order attack = Order::move(UnitType::Army, at("BUR"), at("MUN"));
  const Order support = Order::support_move(UnitType::Army, at("TYR"), at("BUR"), at("MUN"));
  const auto italian = [&](std::vector<Order> announced, std::vector<diplomacy::Power> allies) {
    auto player = *make_player("search:2");
    Turn turn{variant(), rules, state, power("ITALY"), 11};
    turn.announced = std::move(announced);
    turn.allies = std::move(allies);
    return player->orders(turn);
  };
  const auto told = italian({attack}, {power("FRANCE")});
  EXPECT_NE(std::find(told.begin(), told.end(), support), told.end()) << test_board::text(told);
  const auto alone = italian({}, {});
  EXPECT_EQ(std::find(alone.begin(), alone.end(), support), alone.end()) << test_board::text(alone);
}

}  // namespace
}  // namespace stratagem::diplomacy_bots
