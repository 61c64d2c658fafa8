// The server's side of a DAIDE conversation, message by message, over a scripted table:
// the opening (IM, RM, NME/OBS/IAM, MAP, MDF), HLO at the start, SUB with each THX note,
// MIS, GOF, DRW, the results of a turn (ORD, SCO, NOW, TME), civil disorder, the end
// (SLO/DRW before NOW, SMR), and malformed input answered as the protocol says.
#include <random>

#include <gtest/gtest.h>

#include "stratagem/daide/server.h"
#include "stratagem/diplomacy/variant.h"
#include "support/conversation.h"

namespace stratagem::daide {
namespace {

using diplomacy::GameState;
using diplomacy::Order;
using diplomacy::Phase;
using diplomacy::Power;
using testing::diplomacy_message;
using testing::messages_in;
using Messages = std::vector<std::string>;

const diplomacy::Variant& variant() { return diplomacy::standard_variant(); }

diplomacy::Location at(std::string_view code) {
  for (int l = 0; l < variant().location_count(); ++l)
    if (variant().location_code(diplomacy::location_at(l)) == code) return diplomacy::location_at(l);
  return diplomacy::Location::None;
}

Power power(std::string_view code) {
  for (int p = 0; p < variant().power_count(); ++p)
    if (variant().power_code(diplomacy::power_at(p)) == code) return diplomacy::power_at(p);
  return Power::None;
}

// A game that answers as the test sets it.
class ScriptedTable : public Table {
 public:
  bool join(const std::string& name, const std::string& version) override {
    joined_as = name + " " + version;
    return seats_free;
  }
  bool accept_map() override {
    ++maps_accepted;
    return true;
  }
  bool leave() override {
    ++seats_left;
    return true;
  }
  bool rejoin(Power p, long passcode) override { return p == power("FRANCE") && passcode == 1234; }
  bool observe() override { return game_to_watch; }
  GameNews news() override {
    GameNews out = next;
    out.processed = std::exchange(turns_to_report, {});
    return out;
  }
  bool submit(Phase phase, const std::vector<Order>& orders, bool ready) override {
    submissions.push_back({phase, orders, ready});
    return accept_orders;
  }
  bool vote_draw(bool draw) override {
    draws.push_back(draw);
    return true;
  }
  bool send_press(const std::vector<Power>& to, const diplomacy::PressMessage& press) override {
    sent_press.push_back({Power::None, to, press});
    return true;
  }
  std::optional<ProcessedTurn> history(Phase phase) override {
    for (const auto& turn : past)
      if (turn.before.phase == phase) return turn;
    return std::nullopt;
  }

  struct Submission {
    Phase phase;
    std::vector<Order> orders;
    bool ready;
  };
  bool seats_free = true;
  bool game_to_watch = true;
  bool accept_orders = true;
  std::string joined_as;
  int maps_accepted = 0;
  int seats_left = 0;
  GameNews next;
  std::vector<ProcessedTurn> turns_to_report;  // reported once, with the next news
  std::vector<ProcessedTurn> past;
  std::vector<Submission> submissions;
  std::vector<bool> draws;
  std::vector<PressReceived> sent_press;
};

GameNews started_as_france() {
  GameNews news;
  news.started = true;
  news.settings.movement_seconds = 600;
  news.settings.retreat_seconds = 300;
  news.settings.build_seconds = 300;
  news.power = power("FRANCE");
  news.passcode = 1234;
  news.state = GameState::initial(variant());
  news.start = news.state;
  news.seconds_to_deadline = 600;
  return news;
}

class Session {
 public:
  Session() : session(table, diplomacy::standard_rules()) {}

  Messages octets(const std::vector<std::uint8_t>& data) { return messages_in(session.receive(data)); }
  Messages say(std::string_view text) { return octets(diplomacy_message(text)); }
  Messages changed() { return messages_in(session.game_changed()); }
  Messages open() { return octets(initial_message()); }
  // IM, NME, MDF, YES (MAP): a player waiting for the start.
  void join() {
    open();
    say("NME ('bot') ('1.0')");
    say("MDF");
    say("YES (MAP ('STANDARD'))");
  }
  // ... and the game starts with France ours.
  Messages start() {
    join();
    table.next = started_as_france();
    return changed();
  }

  ScriptedTable table;
  ServerSession session;
};

TEST(DaideServerSession, AnswersTheInitialMessageWithAnEmptyRepresentationOnTheStandardMap) {
  Session s;
  // An RM of length zero: the standard powers and provinces, nothing added.
  EXPECT_EQ(s.session.receive(initial_message()), (std::vector<std::uint8_t>{1, 0, 0, 0}));
  EXPECT_TRUE(s.session.receive({}).empty());
}

TEST(DaideServerSession, RefusesABadInitialMessage) {
  const auto code = [](std::vector<std::uint8_t> im) {
    Session s;
    const Messages out = s.octets(im);
    EXPECT_TRUE(s.session.finished());
    return out.empty() ? std::string() : out.back();
  };
  EXPECT_EQ(code({0, 0, 0, 4, 0, 1, 0x10, 0xDA}), "EM 0x03");  // magic number byte-swapped
  EXPECT_EQ(code({0, 0, 0, 4, 0, 1, 0xAB, 0xCD}), "EM 0x04");
  EXPECT_EQ(code({0, 0, 0, 4, 0, 2, 0xDA, 0x10}), "EM 0x05");
  EXPECT_EQ(code(diplomacy_message("NME ('a') ('b')")), "EM 0x02");
  Session twice;
  twice.open();
  EXPECT_EQ(twice.octets(initial_message()), Messages{"EM 0x06"});
  Session rm;
  rm.open();
  EXPECT_EQ(rm.octets(*encode_frame(MessageType::Representation, {})), Messages{"EM 0x0D"});
  Session unknown;
  unknown.open();
  EXPECT_EQ(unknown.octets({9, 0, 0, 0}), Messages{"EM 0x08"});
  Session empty;
  empty.open();
  EXPECT_EQ(empty.octets({2, 0, 0, 0}), Messages{"EM 0x09"});
  Session reserved;
  reserved.open();
  EXPECT_EQ(reserved.octets({2, 0, 0, 2, 0x58, 0x01}), Messages{"EM 0x0E"});
}

TEST(DaideServerSession, SeatsAPlayerAndSendsTheMap) {
  Session s;
  s.open();
  EXPECT_EQ(s.say("NME ('DumbBot') ('0.7')"), (Messages{"YES (NME ('DumbBot') ('0.7'))", "MAP ('STANDARD')"}));
  EXPECT_EQ(s.table.joined_as, "DumbBot 0.7");
  EXPECT_EQ(s.say("MDF"), Messages{testing::standard_mdf()});
  EXPECT_EQ(s.say("YES (MAP ('STANDARD'))"), Messages{});
  EXPECT_EQ(s.say("HLO"), Messages{"REJ (HLO)"});
  EXPECT_EQ(s.say("SUB ((FRA AMY PAR) HLD)"), Messages{"REJ (SUB ((FRA AMY PAR) HLD))"});
  EXPECT_EQ(s.say("NME ('again') ('1')"), Messages{"REJ (NME ('again') ('1'))"});
}

TEST(DaideServerSession, SaysNothingOfTheGameBeforeTheMapIsAccepted) {
  // The game starts (the last seat taken elsewhere) while this client still reads the map:
  // it hears nothing of it until it accepts the map, then HLO, SCO and NOW in that order.
  Session s;
  s.open();
  s.say("NME ('slow') ('1')");
  EXPECT_TRUE(s.session.awaiting_map());
  s.table.next = started_as_france();
  EXPECT_EQ(s.changed(), Messages{});
  EXPECT_EQ(s.say("MDF"), Messages{testing::standard_mdf()});
  EXPECT_EQ(s.say("HLO"), Messages{"REJ (HLO)"});
  EXPECT_EQ(s.say("SUB ((FRA AMY PAR) HLD)"), Messages{"REJ (SUB ((FRA AMY PAR) HLD))"});
  EXPECT_EQ(s.changed(), Messages{});
  EXPECT_EQ(s.table.maps_accepted, 0);
  const Messages out = s.say("YES (MAP ('standard'))");  // map names are not case sensitive
  EXPECT_EQ(s.table.maps_accepted, 1);
  EXPECT_FALSE(s.session.awaiting_map());
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0], "HLO (FRA) (1234) ((LVL 0) (MTL 600) (RTL 300) (BTL 300))");
  EXPECT_TRUE(out[1].starts_with("SCO (")) << out[1];
  EXPECT_TRUE(out[2].starts_with("NOW (SPR 1901)")) << out[2];
  // A second acceptance changes nothing.
  EXPECT_EQ(s.say("YES (MAP ('STANDARD'))"), Messages{});
  EXPECT_EQ(s.table.maps_accepted, 1);
}

TEST(DaideServerSession, AClientThatRefusesOrNeverAcceptsTheMapIsToldOff) {
  // syntax.html: REJ (MAP) if the client cannot play on the map; OFF tells a client to exit.
  Session refusing;
  refusing.open();
  refusing.say("NME ('picky') ('1')");
  EXPECT_EQ(refusing.say("YES (MAP ('FLEET_ROME'))"), Messages{"REJ (YES (MAP ('FLEET_ROME')))"});
  EXPECT_EQ(refusing.say("REJ (MAP ('STANDARD'))"), Messages{"OFF"});
  EXPECT_TRUE(refusing.session.finished());
  EXPECT_EQ(refusing.table.seats_left, 1);
  EXPECT_EQ(refusing.table.maps_accepted, 0);
  refusing.session.connection_lost();
  EXPECT_EQ(refusing.table.seats_left, 1);  // given up once
  // No answer in time (the server's limit): OFF, and the seat is free again.
  Session silent;
  silent.open();
  silent.say("NME ('silent') ('1')");
  EXPECT_EQ(messages_in(silent.session.map_not_accepted()), Messages{"OFF"});
  EXPECT_TRUE(silent.session.finished());
  EXPECT_EQ(silent.table.seats_left, 1);
  // Gone before the game starts, having accepted or not: the seat is given up.
  Session gone;
  gone.join();
  gone.session.connection_lost();
  EXPECT_EQ(gone.table.seats_left, 1);
  // Gone once the game has started: the seat is kept for IAM.
  Session playing;
  playing.start();
  playing.session.connection_lost();
  EXPECT_EQ(playing.table.seats_left, 0);
  // An observer has no seat to give up; after the map is accepted, the timer is moot.
  Session watcher;
  watcher.open();
  watcher.say("OBS");
  EXPECT_EQ(messages_in(watcher.session.map_not_accepted()), Messages{"OFF"});
  EXPECT_EQ(watcher.table.seats_left, 0);
  Session accepted;
  accepted.join();
  EXPECT_EQ(messages_in(accepted.session.map_not_accepted()), Messages{});
  EXPECT_FALSE(accepted.session.finished());
}

TEST(DaideServerSession, RefusesAJoinWithNoFreeSeat) {
  Session s;
  s.table.seats_free = false;
  s.open();
  EXPECT_EQ(s.say("NME ('late') ('1')"), Messages{"REJ (NME ('late') ('1'))"});
  EXPECT_EQ(s.say("NME 'late'"), Messages{"HUH (NME ERR 'late')"});
}

TEST(DaideServerSession, SaysHelloWhenTheGameStarts) {
  Session s;
  const Messages out = s.start();
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0], "HLO (FRA) (1234) ((LVL 0) (MTL 600) (RTL 300) (BTL 300))");
  // The start as syntax.html writes it (in another order).
  const auto position = [](std::string_view sco, std::string_view now) {
    const MapNames names(variant(), Representation::standard());
    GameState state;
    const auto items = [](std::string_view text) {
      Nodes all = *parse(*from_text(text, Representation::standard()));
      return Nodes(all.begin() + 1, all.end());
    };
    EXPECT_TRUE(read_supply_centres(items(sco), names, state));
    EXPECT_TRUE(read_position(items(now), names, state));
    return state;
  };
  EXPECT_EQ(position(out[1], out[2]), position(testing::kStartSco, testing::kStartNow));
  EXPECT_EQ(position(out[1], out[2]), GameState::initial(variant()));
  EXPECT_EQ(s.changed(), Messages{});  // nothing new
  EXPECT_EQ(s.say("HLO"), Messages{out[0]});
  EXPECT_EQ(s.say("TME"), Messages{"TME (600)"});
}

TEST(DaideServerSession, ThanksEachOrderWithItsNote) {
  Session s;
  s.start();
  const Messages out = s.say(
      "SUB ((FRA AMY PAR) MTO BUR) ((FRA FLT BRE) MTO MUN) ((ENG FLT LON) HLD) ((FRA AMY BUR) HLD) "
      "((FRA AMY MAR) RTO GAS) ((FRA FLT BRE) CVY (FRA AMY PAR) CTO LON)");
  EXPECT_EQ(out, (Messages{"THX ((FRA AMY PAR) MTO BUR) (MBV)", "THX ((FRA FLT BRE) MTO MUN) (FAR)",
                           "THX ((ENG FLT LON) HLD) (NYU)", "THX ((FRA AMY BUR) HLD) (NSU)",
                           "THX ((FRA AMY MAR) RTO GAS) (NRS)", "THX ((FRA FLT BRE) CVY (FRA AMY PAR) CTO LON) (NAS)",
                           "MIS (FRA FLT BRE) (FRA AMY MAR)"}));
  ASSERT_EQ(s.table.submissions.size(), 1u);
  EXPECT_EQ(s.table.submissions[0].orders, (std::vector<Order>{Order::move(diplomacy::UnitType::Army, at("PAR"), at("BUR"))}));
  EXPECT_FALSE(s.table.submissions[0].ready);
  // The rest: complete, so ready (GOF is assumed each turn).
  EXPECT_EQ(s.say("SUB ((FRA FLT BRE) MTO MAO) ((FRA AMY MAR) SUP (FRA AMY PAR) MTO BUR)"),
            (Messages{"THX ((FRA FLT BRE) MTO MAO) (MBV)", "THX ((FRA AMY MAR) SUP (FRA AMY PAR) MTO BUR) (MBV)"}));
  ASSERT_EQ(s.table.submissions.size(), 2u);
  EXPECT_EQ(s.table.submissions[1].orders.size(), 3u);
  EXPECT_TRUE(s.table.submissions[1].ready);
  EXPECT_EQ(s.say("MIS"), Messages{"MIS"});
  // A later order for a unit replaces its earlier one.
  s.say("SUB ((FRA AMY PAR) HLD)");
  EXPECT_EQ(s.table.submissions.back().orders.size(), 3u);
  EXPECT_EQ(s.table.submissions.back().orders.back(), Order::hold(diplomacy::UnitType::Army, at("PAR")));
}

TEST(DaideServerSession, ReadsTheOrdersOfSyntaxHtml) {
  Session s;
  s.start();
  // Coasts, convoys with VIA, supports of fleets on coasts: as syntax.html writes them.
  EXPECT_EQ(s.say("SUB (SPR 1901) ((FRA FLT BRE) MTO ECH) ((FRA AMY MAR) MTO (SPA NCS))"),
            (Messages{"THX ((FRA FLT BRE) MTO ECH) (MBV)", "THX ((FRA AMY MAR) MTO (SPA NCS)) (MBV)", "MIS (FRA AMY PAR)"}));
  EXPECT_EQ(s.say("SUB (SPR 1902) ((FRA AMY PAR) HLD)"), Messages{"REJ (SUB (SPR 1902) ((FRA AMY PAR) HLD))"});
  EXPECT_EQ(s.say("SUB ((FRA AMY PAR) YES)"), Messages{"HUH (SUB ERR ((FRA AMY PAR) YES))"});
  EXPECT_EQ(s.say("SUB (FRA AMY PAR) HLD"), Messages{"HUH (SUB (FRA AMY PAR) ERR HLD)"});
  EXPECT_EQ(s.say("SUB ((RUS FLT (STP SCS)) MTO GOB)"), (Messages{"THX ((RUS FLT (STP SCS)) MTO GOB) (NYU)", "MIS (FRA AMY PAR)"}));
}

TEST(DaideServerSession, ClearsOrdersAndWaitsWhenAsked) {
  Session s;
  s.start();
  s.say("SUB ((FRA FLT BRE) MTO MAO) ((FRA AMY MAR) HLD) ((FRA AMY PAR) HLD)");
  EXPECT_TRUE(s.table.submissions.back().ready);
  EXPECT_EQ(s.say("NOT (GOF)"), Messages{"YES (NOT (GOF))"});
  EXPECT_FALSE(s.table.submissions.back().ready);
  EXPECT_EQ(s.say("GOF"), Messages{"YES (GOF)"});
  EXPECT_TRUE(s.table.submissions.back().ready);
  EXPECT_EQ(s.say("NOT (SUB ((FRA AMY MAR) HLD))"), Messages{"YES (NOT (SUB ((FRA AMY MAR) HLD)))"});
  EXPECT_EQ(s.table.submissions.back().orders.size(), 2u);
  EXPECT_EQ(s.say("NOT (SUB ((FRA AMY MAR) HLD))"), Messages{"REJ (NOT (SUB ((FRA AMY MAR) HLD)))"});
  EXPECT_EQ(s.say("NOT (SUB)"), Messages{"YES (NOT (SUB))"});
  EXPECT_TRUE(s.table.submissions.back().orders.empty());
  EXPECT_EQ(s.say("GOF"), (Messages{"YES (GOF)", "MIS (FRA FLT BRE) (FRA AMY MAR) (FRA AMY PAR)"}));
  s.table.accept_orders = false;  // the turn moved on meanwhile
  EXPECT_EQ(s.say("SUB ((FRA AMY PAR) HLD)"), Messages{"REJ (SUB ((FRA AMY PAR) HLD))"});
}

TEST(DaideServerSession, CountsBuildsAndWaives) {
  Session s;
  s.start();
  GameNews winter = started_as_france();
  winter.state.phase = Phase{diplomacy::Season::Winter, 1901, diplomacy::PhaseType::Adjustment};
  winter.state.set_centre_owner(variant().province_of(at("SPA")), power("FRANCE"));
  winter.state.set_centre_owner(variant().province_of(at("POR")), power("FRANCE"));
  // France keeps one fleet, in Brest: five centres, one unit, four builds.
  winter.state.clear_units();
  winter.state.place(variant(), diplomacy::Unit{diplomacy::UnitType::Fleet, power("FRANCE"), at("BRE")});
  s.table.next = winter;
  s.changed();
  EXPECT_EQ(s.say("MIS"), Messages{"MIS (-4)"});
  EXPECT_EQ(s.say("SUB ((FRA FLT PAR) BLD) ((FRA AMY SPA) BLD) ((FRA AMY BRE) BLD) ((FRA FLT PIC) BLD) ((ENG FLT LON) BLD)"),
            (Messages{"THX ((FRA FLT PAR) BLD) (CST)", "THX ((FRA AMY SPA) BLD) (HSC)", "THX ((FRA AMY BRE) BLD) (ESC)",
                      "THX ((FRA FLT PIC) BLD) (NSC)", "THX ((ENG FLT LON) BLD) (NYU)", "MIS (-4)"}));
  EXPECT_EQ(s.say("SUB (FRA WVE) (FRA WVE) ((FRA AMY MAR) BLD)"),
            (Messages{"THX (FRA WVE) (MBV)", "THX (FRA WVE) (MBV)", "THX ((FRA AMY MAR) BLD) (MBV)", "MIS (-1)"}));
  EXPECT_FALSE(s.table.submissions.back().ready);
  EXPECT_EQ(s.say("SUB ((FRA AMY MAR) BLD)"), (Messages{"THX ((FRA AMY MAR) BLD) (MBV)", "MIS (-1)"}));  // the same site again
  EXPECT_EQ(s.say("SUB ((FRA AMY PAR) BLD)"), Messages{"THX ((FRA AMY PAR) BLD) (MBV)"});
  EXPECT_TRUE(s.table.submissions.back().ready);
  EXPECT_EQ(s.table.submissions.back().orders.size(), 4u);
}

TEST(DaideServerSession, ReportsATurnAndTheNext) {
  Session s;
  s.start();
  ProcessedTurn turn{GameState::initial(variant()), {}, GameState::initial(variant())};
  turn.results.push_back({power("FRANCE"), Order::move(diplomacy::UnitType::Army, at("PAR"), at("BUR")), tokens::SUC, false});
  turn.results.push_back({power("GERMANY"), Order::move(diplomacy::UnitType::Army, at("MUN"), at("BUR")), tokens::BNC, false});
  turn.results.push_back({power("ENGLAND"), Order::hold(diplomacy::UnitType::Fleet, at("LON")), std::nullopt, true});
  turn.after.phase = Phase{diplomacy::Season::Fall, 1901, diplomacy::PhaseType::Movement};
  turn.after.set_centre_owner(variant().province_of(at("BEL")), power("FRANCE"));
  GameNews fall = started_as_france();
  fall.state = turn.after;
  fall.seconds_to_deadline = 599;
  s.table.next = fall;
  s.table.turns_to_report = {turn};
  const Messages out = s.changed();
  ASSERT_EQ(out.size(), 6u);
  EXPECT_EQ(out[0], "ORD (SPR 1901) ((FRA AMY PAR) MTO BUR) (SUC)");
  EXPECT_EQ(out[1], "ORD (SPR 1901) ((GER AMY MUN) MTO BUR) (BNC)");
  EXPECT_EQ(out[2], "ORD (SPR 1901) ((ENG FLT LON) HLD) (RET)");
  EXPECT_TRUE(out[3].starts_with("SCO ")) << out[3];
  EXPECT_NE(out[3].find("(FRA BEL BRE MAR PAR)"), std::string::npos) << out[3];
  EXPECT_TRUE(out[4].starts_with("NOW (FAL 1901)")) << out[4];
  EXPECT_EQ(out[5], "TME (599)");
  // ORD without arguments repeats them.
  const Messages again = s.say("ORD");
  ASSERT_EQ(again.size(), 5u);
  EXPECT_EQ(again[0], out[0]);
  // HST: a past turn always with its SCO; REJ for one not played.
  s.table.past = {turn};
  EXPECT_EQ(s.say("HST (SPR 1901)").size(), 5u);
  EXPECT_EQ(s.say("HST (SPR 1950)"), Messages{"REJ (HST (SPR 1950))"});
  // HST alone: the start of the game (its setup's).
  const Messages begun = s.say("HST");
  ASSERT_EQ(begun.size(), 2u);
  EXPECT_TRUE(begun[1].starts_with("NOW (SPR 1901) ")) << begun[1];
}

TEST(DaideServerSession, EndsWithSoloBeforeTheLastNowAndASummary) {
  Session s;
  s.start();
  ProcessedTurn turn{GameState::initial(variant()), {}, GameState::initial(variant())};
  turn.after.phase = Phase{diplomacy::Season::Fall, 1901, diplomacy::PhaseType::Movement};
  GameNews over = started_as_france();
  over.state = turn.after;
  GameEnd end;
  end.solo = power("FRANCE");
  end.summary.push_back({power("FRANCE"), "bot", "1.0", 18, std::nullopt});
  end.summary.push_back({power("ENGLAND"), "Alice", "person", 0, 1905});
  over.end = end;
  s.table.next = over;
  s.table.turns_to_report = {turn};
  const Messages out = s.changed();
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0], "SLO (FRA)");
  EXPECT_EQ(out[1], "SMR (FAL 1901) (FRA ('bot') ('1.0') 18) (ENG ('Alice') ('person') 0 1905)");
  EXPECT_TRUE(out[2].starts_with("NOW (FAL 1901)")) << out[2];
  EXPECT_EQ(s.say("SMR"), (Messages{"SLO (FRA)", out[1]}));
  EXPECT_EQ(s.say("SUB ((FRA AMY PAR) HLD)"), Messages{"REJ (SUB ((FRA AMY PAR) HLD))"});
  EXPECT_EQ(s.say("DRW"), Messages{"REJ (DRW)"});
}

TEST(DaideServerSession, VotesForADrawAndHearsOfCivilDisorder) {
  Session s;
  s.start();
  EXPECT_EQ(s.say("DRW"), Messages{"YES (DRW)"});
  EXPECT_EQ(s.say("NOT (DRW)"), Messages{"YES (NOT (DRW))"});
  EXPECT_EQ(s.table.draws, (std::vector<bool>{true, false}));
  GameNews news = started_as_france();
  news.civil_disorder = {power("ITALY")};
  s.table.next = news;
  EXPECT_EQ(s.changed(), Messages{"CCD (ITA)"});
  news.civil_disorder = {};
  s.table.next = news;
  EXPECT_EQ(s.changed(), Messages{"NOT (CCD (ITA))"});
}

TEST(DaideServerSession, TakesAPowerBackWithItsPasscode) {
  Session s;
  s.open();
  EXPECT_EQ(s.say("IAM (FRA) (99)"), Messages{"REJ (IAM (FRA) (99))"});
  s.table.next = started_as_france();
  EXPECT_EQ(s.say("IAM (FRA) (1234)"), Messages{"YES (IAM (FRA) (1234))"});  // no MAP, no HLO
  EXPECT_EQ(s.say("HLO"), Messages{"HLO (FRA) (1234) ((LVL 0) (MTL 600) (RTL 300) (BTL 300))"});
  EXPECT_EQ(s.say("SUB ((FRA AMY PAR) HLD)").front(), "THX ((FRA AMY PAR) HLD) (MBV)");
}

TEST(DaideServerSession, LetsAnObserverWatch) {
  Session s;
  s.open();
  EXPECT_EQ(s.say("OBS"), (Messages{"YES (OBS)", "MAP ('STANDARD')"}));
  s.table.next = started_as_france();
  s.table.next.power.reset();
  EXPECT_EQ(s.changed(), Messages{});  // nothing before the map is accepted
  const Messages start = s.say("YES (MAP ('STANDARD'))");  // no HLO for an observer: the position only
  ASSERT_EQ(start.size(), 2u);
  EXPECT_TRUE(start[0].starts_with("SCO (UNO")) << start[0];
  EXPECT_TRUE(start[1].starts_with("NOW (SPR 1901)")) << start[1];
  EXPECT_TRUE(s.say("NOW").front().starts_with("NOW (SPR 1901)"));
  EXPECT_EQ(s.say("SUB ((FRA AMY PAR) HLD)"), Messages{"REJ (SUB ((FRA AMY PAR) HLD))"});
  EXPECT_EQ(s.say("DRW"), Messages{"REJ (DRW)"});
  Session nothing;
  nothing.table.game_to_watch = false;
  nothing.open();
  EXPECT_EQ(nothing.say("OBS ('watcher') ('1')"), Messages{"REJ (OBS ('watcher') ('1'))"});
}

TEST(DaideServerSession, AnswersMalformedMessagesAsTheProtocolSays) {
  Session s;
  s.start();
  EXPECT_EQ(s.say("SUB ((FRA AMY PAR) HLD"), Messages{"PRN (SUB ((FRA AMY PAR) HLD)"});
  EXPECT_EQ(s.say("PRN (SUB ("), Messages{});  // never PRN for a PRN
  EXPECT_EQ(s.say("HUH (ERR SUB)"), Messages{});
  EXPECT_EQ(s.say("ORD ORD"), Messages{"HUH (ORD ERR ORD)"});
  EXPECT_EQ(s.say("(NOW)"), Messages{"HUH (ERR (NOW))"});
  EXPECT_EQ(s.say("SND (ENG) (PRP (PCE (FRA ENG)))"), Messages{"HUH (ERR SND (ENG) (PRP (PCE (FRA ENG))))"});
  EXPECT_EQ(s.say("ADM ('bot') ('hello')"), Messages{"REJ (ADM ('bot') ('hello'))"});
  EXPECT_EQ(s.say("TME (30)"), Messages{"REJ (TME (30))"});
  EXPECT_FALSE(s.session.finished());
  EXPECT_EQ(s.octets(final_message()), Messages{});
  EXPECT_TRUE(s.session.finished());
}

TEST(DaideServerSession, PressAtLevelThirty) {
  Session s;
  s.join();
  GameNews news = started_as_france();
  news.settings.level = 30;
  s.table.next = news;
  EXPECT_EQ(s.changed().front(), "HLO (FRA) (1234) ((LVL 30) (MTL 600) (RTL 300) (BTL 300))");
  EXPECT_EQ(s.say("SND (GER) (PRP (PCE (FRA GER)))"), Messages{"YES (SND (GER) (PRP (PCE (FRA GER))))"});
  ASSERT_EQ(s.table.sent_press.size(), 1u);
  EXPECT_EQ(s.table.sent_press[0].to, std::vector<Power>{power("GERMANY")});
  EXPECT_EQ(s.table.sent_press[0].press.arrangement.kind, diplomacy::Arrangement::Kind::Peace);
  EXPECT_EQ(s.say("SND (SPR 1901) (GER ENG) (PRP (DMZ (FRA GER ENG) (ECH)))"),
            Messages{"YES (SND (SPR 1901) (GER ENG) (PRP (DMZ (FRA GER ENG) (ECH))))"});
  // What a player cannot read it says so: taken, not passed on.
  EXPECT_EQ(s.say("SND (GER) (HUH (ERR PRP (PCE (FRA GER))))"), Messages{"YES (SND (GER) (HUH (ERR PRP (PCE (FRA GER)))))"});
  EXPECT_EQ(s.table.sent_press.size(), 2u);
  EXPECT_EQ(s.say("SND (GER) (PRP (PCE (FRA PAR)))"), Messages{"HUH (SND (GER) ERR (PRP (PCE (FRA PAR))))"});
  EXPECT_EQ(s.say("SND (PAR) (PRP (PCE (FRA GER)))"), Messages{"HUH (SND ERR (PAR) (PRP (PCE (FRA GER))))"});
  // Press to us comes as FRM.
  diplomacy::PressMessage accepted;
  accepted.kind = diplomacy::PressMessage::Kind::Accept;
  accepted.arrangement.kind = diplomacy::Arrangement::Kind::Peace;
  accepted.arrangement.powers = {power("FRANCE"), power("GERMANY")};
  news.press.push_back({power("GERMANY"), {power("FRANCE")}, accepted});
  s.table.next = news;
  EXPECT_EQ(s.changed(), Messages{"FRM (GER) (FRA) (YES (PRP (PCE (FRA GER))))"});
}

TEST(DaideServerSession, APlayerWithoutAPowerIsRefusedNotTrusted) {
  // The game says nothing of a power for this client (its seat taken over meanwhile).
  Session s;
  s.join();
  GameNews news = started_as_france();
  news.power.reset();
  s.table.next = news;
  const Messages out = s.changed();
  ASSERT_EQ(out.size(), 2u);  // the position, no HLO
  EXPECT_EQ(s.say("HLO"), Messages{"REJ (HLO)"});
  EXPECT_EQ(s.say("SUB ((FRA AMY PAR) HLD)"), Messages{"REJ (SUB ((FRA AMY PAR) HLD))"});
  EXPECT_EQ(s.say("MIS"), Messages{"REJ (MIS)"});
  EXPECT_EQ(s.say("GOF"), Messages{"REJ (GOF)"});
  EXPECT_TRUE(s.table.submissions.empty());
}

TEST(DaideServerSession, NoInputCrashesIt) {
  std::mt19937 random(7);
  for (int round = 0; round < 300; ++round) {
    Session s;
    s.start();
    std::vector<std::uint8_t> octets;
    if (round % 2 == 0) {
      // Random tokens in well-formed frames: every command with random arguments.
      std::vector<std::uint8_t> data;
      const int count = 1 + static_cast<int>(random() % 24);
      const std::uint8_t categories[] = {0x40, 0x41, 0x42, 0x43, 0x44, 0x46, 0x47, 0x48, 0x49, 0x4A, 0x4B, 0x50, 0x55, 0x00};
      for (int k = 0; k < count; ++k) {
        data.push_back(categories[random() % std::size(categories)]);
        data.push_back(static_cast<std::uint8_t>(random() % 32));
      }
      if (round % 4 == 0) data[0] = 0x48, data[1] = static_cast<std::uint8_t>(random() % 0x1F);
      octets = *encode_frame(MessageType::Diplomacy, data);
    } else {
      octets.resize(random() % 64);
      for (auto& o : octets) o = static_cast<std::uint8_t>(random());
    }
    s.session.receive(octets);
    s.session.game_changed();
  }
}

}  // namespace
}  // namespace stratagem::daide
