// Translation between DAIDE and the engine: names, the standard map's MDF against the
// examples of syntax.html, the MDF check, NOW and SCO into positions, orders into SUB's
// form as syntax.html writes them.
#include <algorithm>

#include <gtest/gtest.h>

#include "stratagem/daide/translation.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::daide {
namespace {

using diplomacy::GameState;
using diplomacy::Location;
using diplomacy::Order;
using diplomacy::UnitType;

const diplomacy::Variant& variant() { return diplomacy::standard_variant(); }
const MapNames& names() {
  static const MapNames n(variant(), Representation::standard());
  return n;
}

TokenList tokens_of(std::string_view text) {
  auto tokens = from_text(text, Representation::standard());
  EXPECT_TRUE(tokens) << text << ": " << tokens.error();
  return tokens ? *tokens : TokenList{};
}
Nodes nodes_of(std::string_view text) { return *parse(tokens_of(text)); }
std::string text_of_tokens(const TokenList& tokens) { return to_text(tokens, Representation::standard()); }

Location at(std::string_view code) {
  for (int l = 0; l < variant().location_count(); ++l)
    if (variant().location_code(diplomacy::location_at(l)) == code) return diplomacy::location_at(l);
  ADD_FAILURE() << "no location " << code;
  return Location::None;
}
diplomacy::Power power(std::string_view mnemonic) { return *names().power(*Representation::standard().token(mnemonic)); }

// A node with every list's items sorted (by their text): lists compared as sets.
std::string sorted_text(const Node& node) {
  if (!node.is_list) return text_of_tokens({node.token});
  std::vector<std::string> items;
  for (const Node& item : node.items) items.push_back(sorted_text(item));
  std::sort(items.begin() + (items.empty() ? 0 : 1), items.end());  // the head stays first
  std::string s;
  for (const auto& item : items) s += (s.empty() ? "" : " ") + item;
  return "(" + s + ")";
}

TEST(DaideNames, EveryDaideProvinceIsOneEngineProvince) {
  std::vector<int> seen;
  for (Token t : Representation::standard().provinces()) {
    auto p = names().province(t);
    ASSERT_TRUE(p) << text_of_tokens({t});
    seen.push_back(diplomacy::index(*p));
    EXPECT_EQ(names().province_token(*p), t);
  }
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(std::unique(seen.begin(), seen.end()), seen.end());
  EXPECT_EQ(seen.size(), 75u);
  EXPECT_EQ(variant().province_code(*names().province(*Representation::standard().token("ECH"))), "ENG");
  EXPECT_EQ(variant().province_code(*names().province(*Representation::standard().token("GOB"))), "BOT");
  EXPECT_EQ(variant().province_code(*names().province(*Representation::standard().token("GOL"))), "LYO");
  EXPECT_EQ(variant().power_code(power("ENG")), "ENGLAND");
  EXPECT_EQ(variant().power_code(power("TUR")), "TURKEY");
}

TEST(DaideMapDefinition, AdjacenciesMatchTheExamplesOfTheSyntaxDocument) {
  auto mdf = map_definition(names());
  ASSERT_TRUE(mdf) << mdf.error();
  const Nodes arguments = *parse(*mdf);
  ASSERT_EQ(arguments.size(), 3u);
  for (std::string_view example : {
           "(ANK (FLT ARM BLA CON) (AMY CON SMY ARM))",
           "(ADR (FLT ION ALB TRI VEN APU))",
           "(CON (AMY BUL SMY ANK) (FLT BLA (BUL ECS) (BUL SCS) AEG SMY ANK))",
           "(BUL (AMY GRE SER RUM CON) ((FLT ECS) RUM BLA CON) ((FLT SCS) CON AEG GRE))",
           "(BOH (AMY TYR MUN SIL GAL VIE))",
       }) {
    const Node wanted = nodes_of(example)[0];
    const auto found = std::find_if(arguments[2].items.begin(), arguments[2].items.end(),
                                    [&](const Node& entry) { return entry.items[0].token == wanted.items[0].token; });
    ASSERT_NE(found, arguments[2].items.end()) << example;
    // The entries' unit groups in any order, and the provinces in each in any order.
    std::vector<std::string> ours, theirs;
    for (std::size_t k = 1; k < found->items.size(); ++k) ours.push_back(sorted_text(found->items[k]));
    for (std::size_t k = 1; k < wanted.items.size(); ++k) theirs.push_back(sorted_text(wanted.items[k]));
    std::sort(ours.begin(), ours.end());
    std::sort(theirs.begin(), theirs.end());
    EXPECT_EQ(ours, theirs) << example;
  }
}

TEST(DaideMapDefinition, PowersAndCentresAreTheStandardOnes) {
  const Nodes arguments = *parse(*map_definition(names()));
  EXPECT_EQ(text_of_tokens(flatten({arguments[0]})), "(AUS ENG FRA GER ITA RUS TUR)");
  const Node& groups = arguments[1].items[0];
  ASSERT_EQ(groups.items.size(), 8u);
  EXPECT_EQ(sorted_text(groups.items[0]), "(AUS BUD TRI VIE)");
  EXPECT_EQ(sorted_text(groups.items[5]), "(RUS MOS SEV STP WAR)");
  EXPECT_EQ(sorted_text(groups.items[7]), "(UNO BEL BUL DEN GRE HOL NWY POR RUM SER SPA SWE TUN)");
  EXPECT_EQ(arguments[1].items[1].items.size(), 75u - 34u);
  EXPECT_EQ(arguments[2].items.size(), 75u);
}

TEST(DaideMapDefinition, TheStandardMapPassesInAnyOrder) {
  Nodes arguments = *parse(*map_definition(names()));
  EXPECT_TRUE(check_map_definition(arguments, names()));
  std::reverse(arguments[2].items.begin(), arguments[2].items.end());
  std::reverse(arguments[0].items.begin(), arguments[0].items.end());
  for (Node& entry : arguments[2].items) std::reverse(entry.items.begin() + 1, entry.items.end());
  EXPECT_TRUE(check_map_definition(arguments, names()));
}

TEST(DaideMapDefinition, AnotherMapIsRefusedWithTheDifferenceInWords) {
  Nodes arguments = *parse(*map_definition(names()));
  // Take BOH-VIE out of Bohemia's army moves.
  for (Node& entry : arguments[2].items)
    if (entry.items[0].is(*Representation::standard().token("BOH"))) entry.items[1].items.pop_back();
  auto check = check_map_definition(arguments, names());
  ASSERT_FALSE(check);
  EXPECT_EQ(check.error(),
            "the server's map is not the standard map: moves of an army from BOH: the server has nothing more and VIE fewer "
            "than the standard map");

  Nodes neutral_spain = *parse(*map_definition(names()));
  Node& spain_group = neutral_spain[1].items[0].items[7];
  spain_group.items.erase(std::find_if(spain_group.items.begin(), spain_group.items.end(),
                                       [](const Node& n) { return n.is(*Representation::standard().token("SPA")); }));
  neutral_spain[1].items[1].items.push_back(Node{*Representation::standard().token("SPA"), {}, false});
  check = check_map_definition(neutral_spain, names());
  ASSERT_FALSE(check);
  EXPECT_EQ(check.error(), "the server's map is not the standard map: home centres of UNO: the server has nothing more and "
                           "SPA fewer than the standard map");
}

TEST(DaideMapDefinition, FleetMovesFromInlandProvincesAreIgnored) {
  // The MILA server lists them (e.g. BUD (FLT RUM TRI)); no fleet can ever make them.
  Nodes arguments = *parse(*map_definition(names()));
  for (Node& entry : arguments[2].items) {
    if (entry.items[0].is(*Representation::standard().token("BUD")))
      entry.items.push_back(nodes_of("(FLT RUM TRI)")[0]);
    if (entry.items[0].is(*Representation::standard().token("ADR"))) entry.items.push_back(nodes_of("(AMY VEN)")[0]);
  }
  EXPECT_TRUE(check_map_definition(arguments, names()));
  // From a coast they count.
  for (Node& entry : arguments[2].items)
    if (entry.items[0].is(*Representation::standard().token("STP"))) entry.items[2].items.push_back(nodes_of("NWG")[0]);
  EXPECT_EQ(check_map_definition(arguments, names()).error(),
            "the server's map is not the standard map: moves of a fleet on NCS from STP: the server has NWG more and "
            "nothing fewer than the standard map");
}

TEST(DaideMapDefinition, MalformedDefinitionsAreRefused) {
  EXPECT_EQ(check_map_definition(nodes_of("(AUS) (ENG)"), names()).error(),
            "malformed MDF: expected three lists (powers) (provinces) (adjacencies)");
  EXPECT_EQ(check_map_definition(nodes_of("(AUS HLO) (() ()) ()"), names()).error(),
            "malformed MDF: a non-power in the powers list: HLO");
  EXPECT_EQ(check_map_definition(nodes_of("(AUS) (() ()) (ANK)"), names()).error(),
            "malformed MDF: an adjacency entry that is not (province (unit_type ...) ...): ANK");
}

constexpr std::string_view kStartSco =
    "(AUS BUD TRI VIE) (ENG LVP EDI LON) (FRA BRE MAR PAR) (GER KIE BER MUN) (ITA ROM NAP VEN) "
    "(RUS STP MOS WAR SEV) (TUR ANK CON SMY) (UNO NWY SWE DEN HOL BEL SPA POR TUN GRE SER RUM BUL)";
constexpr std::string_view kStartNow =
    "(SPR 1901) (AUS FLT TRI) (AUS AMY BUD) (AUS AMY VIE) (ENG FLT LON) (ENG FLT EDI) (ENG AMY LVP) "
    "(FRA FLT BRE) (FRA AMY PAR) (FRA AMY MAR) (GER FLT KIE) (GER AMY BER) (GER AMY MUN) (ITA FLT NAP) "
    "(ITA AMY ROM) (ITA AMY VEN) (RUS FLT (STP SCS)) (RUS FLT SEV) (RUS AMY MOS) (RUS AMY WAR) "
    "(TUR FLT ANK) (TUR AMY CON) (TUR AMY SMY)";

TEST(DaidePosition, TheStartOfTheSyntaxDocumentIsTheEnginesStart) {
  GameState state;
  ASSERT_TRUE(read_supply_centres(nodes_of(kStartSco), names(), state));
  auto read = read_position(nodes_of(kStartNow), names(), state);
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(state, GameState::initial(variant()));
}

TEST(DaidePosition, RetreatOptionsBecomeDislodgedUnits) {
  GameState state;
  auto read = read_position(
      nodes_of("(AUT 1901) (ENG FLT NTH MRT (LON YOR EDI NWG)) (GER FLT NTH) (TUR FLT CON MRT (BLA SMY (BUL ECS) (BUL SCS)))"
               " (RUS AMY ANK)"),
      names(), state);
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(diplomacy::phase_code(state.phase), "F1901R");
  const auto north_sea = variant().province_of(at("NTH"));
  ASSERT_TRUE(state.dislodged_in(north_sea));
  EXPECT_EQ(state.dislodged_in(north_sea)->unit.power, power("ENG"));
  EXPECT_EQ(state.unit_at(north_sea).power, power("GER"));
  const diplomacy::LocationSet options = state.dislodged_in(variant().province_of(at("CON")))->retreats;
  EXPECT_EQ(options.size(), 4);
  EXPECT_TRUE(options.contains(diplomacy::index(at("BUL/EC"))));
  EXPECT_TRUE(options.contains(diplomacy::index(at("BUL/SC"))));
  EXPECT_FALSE(state.occupied(variant().province_of(at("CON"))));
  EXPECT_EQ(state.unit_count(power("RUS")), 1);
}

TEST(DaidePosition, ImpossiblePositionsAreRefusedInWords) {
  GameState state = GameState::initial(variant());
  const GameState before = state;
  EXPECT_EQ(read_position(nodes_of("(SPR 1901) (ENG AMY NTH)"), names(), state).error(),
            "NOW: (ENG AMY NTH): an army cannot stand on NTH");
  EXPECT_EQ(read_position(nodes_of("(SPR 1901) (ENG FLT STP)"), names(), state).error(),
            "NOW: (ENG FLT STP): a fleet cannot stand on STP");
  EXPECT_EQ(read_position(nodes_of("(SPR 1901) (ENG FLT (LON NCS))"), names(), state).error(),
            "NOW: LON has no coast NCS");
  EXPECT_EQ(read_position(nodes_of("(SPR 1901) (ENG AMY LON) (FRA AMY LON)"), names(), state).error(),
            "NOW: two units in LON");
  EXPECT_EQ(read_position(nodes_of("(SPR 1901) (UNO AMY LON)"), names(), state).error(),
            "NOW: UNO is not a power of the standard map");
  EXPECT_EQ(read_position(nodes_of("(SPR 1901) (ENG AMY LON MRT (WAL))"), names(), state).error(),
            "NOW: (ENG AMY LON MRT (WAL)) has retreat options outside a retreat turn");
  EXPECT_EQ(read_position(nodes_of("(HLO 1901)"), names(), state).error(),
            "NOW: a turn whose season is the token 0x4804, not SPR, SUM, FAL, AUT or WIN");
  EXPECT_EQ(read_position(nodes_of("(SPR)"), names(), state).error(), "NOW: a turn that is not (season year)");
  EXPECT_EQ(read_supply_centres(nodes_of("(ENG LON YOR)"), names(), state).error(),
            "SCO: YOR is not a supply centre of the standard map");
  EXPECT_EQ(state, before);  // a refused message changes nothing
}

TEST(DaideOrders, OrdersAreWrittenAsTheSyntaxDocumentWritesThem) {
  GameState state;
  ASSERT_TRUE(read_position(nodes_of("(SPR 1901) (ENG AMY LVP) (ENG FLT LON) (ENG FLT EDI) (ENG FLT BAR) (ENG FLT NWY) "
                                     "(ENG AMY YOR) (ENG FLT NTH) (ENG FLT NWG)"),
                            names(), state));
  const diplomacy::Power england = power("ENG");
  auto written = [&](const Order& order) {
    auto tokens = order_tokens(order, england, state, names());
    EXPECT_TRUE(tokens) << tokens.error();
    return tokens ? text_of_tokens(*tokens) : std::string();
  };
  EXPECT_EQ(written(Order::hold(UnitType::Army, at("LVP"))), "(ENG AMY LVP) HLD");
  EXPECT_EQ(written(Order::move(UnitType::Fleet, at("LON"), at("NTH"))), "(ENG FLT LON) MTO NTH");
  EXPECT_EQ(written(Order::support_move(UnitType::Fleet, at("EDI"), at("LON"), at("NTH"))),
            "(ENG FLT EDI) SUP (ENG FLT LON) MTO NTH");
  EXPECT_EQ(written(Order::move(UnitType::Fleet, at("BAR"), at("STP/NC"))), "(ENG FLT BAR) MTO (STP NCS)");
  EXPECT_EQ(written(Order::support_move(UnitType::Fleet, at("NWY"), at("BAR"), at("STP/NC"))),
            "(ENG FLT NWY) SUP (ENG FLT BAR) MTO STP");
  EXPECT_EQ(written(Order::move(UnitType::Army, at("YOR"), at("NWY"), true)), "(ENG AMY YOR) CTO NWY VIA (NTH)");
  EXPECT_EQ(written(Order::convoy(at("NTH"), at("YOR"), at("NWY"))), "(ENG FLT NTH) CVY (ENG AMY YOR) CTO NWY");
  EXPECT_EQ(written(Order::support_hold(UnitType::Fleet, at("NWG"), at("NTH"))), "(ENG FLT NWG) SUP (ENG FLT NTH)");
  EXPECT_EQ(written(Order::build(UnitType::Fleet, at("STP/NC"))), "(ENG FLT (STP NCS)) BLD");
  EXPECT_EQ(written(Order::remove(UnitType::Fleet, at("BAR"))), "(ENG FLT BAR) REM");
  EXPECT_EQ(written(Order::waive()), "ENG WVE");
  EXPECT_EQ(order_tokens(Order::hold(UnitType::Army, at("PAR")), england, state, names()).error(),
            "it names a location where there is no such unit");
}

TEST(DaideOrders, ConvoyRoutesListTheFleetsInTheOrderTheArmyPasses) {
  GameState state;
  ASSERT_TRUE(read_position(nodes_of("(FAL 1901) (ITA AMY TUN) (ITA FLT ION) (ITA FLT EAS) (ITA FLT TYS)"), names(), state));
  auto tokens = order_tokens(Order::move(UnitType::Army, at("TUN"), at("SYR"), true), power("ITA"), state, names());
  ASSERT_TRUE(tokens) << tokens.error();
  EXPECT_EQ(text_of_tokens(*tokens), "(ITA AMY TUN) CTO SYR VIA (ION EAS)");
  EXPECT_EQ(order_tokens(Order::move(UnitType::Army, at("TUN"), at("LVP"), true), power("ITA"), state, names()).error(),
            "no fleets at sea make a convoy route for it");
}

TEST(DaideOrders, RetreatsAndDisbandsNameTheDislodgedUnit) {
  GameState state;
  ASSERT_TRUE(read_position(nodes_of("(SUM 1901) (TUR FLT CON MRT (BLA (BUL SCS))) (RUS AMY CON)"), names(), state));
  EXPECT_EQ(text_of_tokens(*order_tokens(Order::retreat(UnitType::Fleet, at("CON"), at("BUL/SC")), power("TUR"), state, names())),
            "(TUR FLT CON) RTO (BUL SCS)");
  EXPECT_EQ(text_of_tokens(*order_tokens(Order::disband(UnitType::Fleet, at("CON")), power("TUR"), state, names())),
            "(TUR FLT CON) DSB");
}

TEST(DaideTurns, RoundTrip) {
  for (std::string_view turn : {"(SPR 1901)", "(SUM 1902)", "(FAL 1903)", "(AUT 1904)", "(WIN 1905)"}) {
    auto phase = read_turn(nodes_of(turn)[0]);
    ASSERT_TRUE(phase);
    EXPECT_EQ(text_of_tokens(turn_tokens(*phase)), turn);
  }
}

}  // namespace
}  // namespace stratagem::daide
