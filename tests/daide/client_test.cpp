// The client's state machine, message by message, without a socket: the flow of a game
// (syntax.html Level 0), what it answers to refusals, missing orders and press, and how
// it meets malformed or unexpected input (protocol.html chapter 3).
#include <random>

#include <gtest/gtest.h>

#include "stratagem/daide/client.h"
#include "stratagem/diplomacy/variant.h"
#include "support/conversation.h"

namespace stratagem::daide {
namespace {

using testing::diplomacy_message;
using testing::kStartNow;
using testing::kStartSco;
using testing::messages_in;
using testing::standard_mdf;
using Messages = std::vector<std::string>;

// A player that gives the orders it was made with, whatever the position.
class FixedPlayer : public diplomacy_bots::Player {
 public:
  explicit FixedPlayer(std::vector<diplomacy::Order> orders) : orders_(std::move(orders)) {}
  std::string name() const override { return "fixed"; }
  std::vector<diplomacy::Order> orders(const diplomacy_bots::Turn&) override { return orders_; }

 private:
  std::vector<diplomacy::Order> orders_;
};

diplomacy::Location at(std::string_view code) {
  const auto& variant = diplomacy::standard_variant();
  for (int l = 0; l < variant.location_count(); ++l)
    if (variant.location_code(diplomacy::location_at(l)) == code) return diplomacy::location_at(l);
  return diplomacy::Location::None;
}

ClientOptions test_options() {
  ClientOptions options;
  options.version = "test";
  return options;
}

class Conversation {
 public:
  explicit Conversation(std::unique_ptr<diplomacy_bots::Player> player, ClientOptions options = test_options())
      : player_(std::move(player)), client(*player_, std::move(options)) {}
  explicit Conversation(std::string_view spec = "holdbot", ClientOptions options = test_options())
      : Conversation(*diplomacy_bots::make_player(spec), std::move(options)) {}

  Messages start() { return messages_in(client.start()); }
  Messages representation(const std::vector<std::uint8_t>& data = {}) {
    return octets(*encode_frame(MessageType::Representation, data));
  }
  Messages say(std::string_view text) { return octets(diplomacy_message(text)); }
  Messages octets(const std::vector<std::uint8_t>& octets) { return messages_in(client.receive(octets)); }
  std::string events() {
    std::string all;
    for (const Event& e : client.take_events()) all += e.text + "\n";
    return all;
  }
  // Through the start of the game as England; the client has just answered the first NOW.
  Messages join_as_england(int level = 0) {
    start();
    representation();
    say("YES (NME ('stratagem') ('test'))");
    say("MAP ('standard')");
    say(standard_mdf());
    say("HLO (ENG) (1234) ((LVL " + std::to_string(level) + ") (MTL 60))");
    say(kStartSco);
    return say(kStartNow);
  }

 private:
  std::unique_ptr<diplomacy_bots::Player> player_;

 public:
  Client client;
};

TEST(DaideClient, JoinsAndOrdersTheFirstTurn) {
  Conversation c;
  EXPECT_EQ(c.start(), Messages{"IM"});
  EXPECT_EQ(c.representation(), Messages{"NME ('stratagem') ('test')"});
  EXPECT_EQ(c.say("YES (NME ('stratagem') ('test'))"), Messages{});
  EXPECT_EQ(c.say("MAP ('standard')"), Messages{"MDF"});
  EXPECT_EQ(c.say(standard_mdf()), Messages{"YES (MAP ('standard'))"});
  EXPECT_EQ(c.say("HLO (ENG) (1234) ((LVL 0) (MTL 60))"), Messages{});
  EXPECT_EQ(c.client.power(), diplomacy::power_at(1));  // ENGLAND
  EXPECT_EQ(c.say(kStartSco), Messages{});
  EXPECT_EQ(c.say(kStartNow), Messages{"SUB (SPR 1901) ((ENG FLT EDI) HLD) ((ENG FLT LON) HLD) ((ENG AMY LVP) HLD)"});
  EXPECT_EQ(c.client.state(), diplomacy::GameState::initial(diplomacy::standard_variant()));
  EXPECT_EQ(c.say("THX ((ENG FLT EDI) HLD) (MBV)"), Messages{});
  EXPECT_FALSE(c.client.finished());
  EXPECT_NE(c.events().find("passcode 1234 (to rejoin: --power ENGLAND --passcode 1234)"), std::string::npos);
}

TEST(DaideClient, StandardRepresentationMessageIsAccepted) {
  Conversation c;
  c.start();
  std::vector<std::uint8_t> data;
  for (Token t : Representation::standard().powers()) {
    const auto name = *Representation::standard().mnemonic(t);
    data.insert(data.end(), {std::uint8_t(t.value >> 8), std::uint8_t(t.value & 0xFF), std::uint8_t(name[0]),
                             std::uint8_t(name[1]), std::uint8_t(name[2]), 0});
  }
  for (Token t : Representation::standard().provinces()) {
    const auto name = *Representation::standard().mnemonic(t);
    data.insert(data.end(), {std::uint8_t(t.value >> 8), std::uint8_t(t.value & 0xFF), std::uint8_t(name[0]),
                             std::uint8_t(name[1]), std::uint8_t(name[2]), 0});
  }
  EXPECT_EQ(c.representation(data), Messages{"NME ('stratagem') ('test')"});
  c.say("MAP ('standard')");
  EXPECT_EQ(c.say(standard_mdf()), Messages{"YES (MAP ('standard'))"});
}

TEST(DaideClient, RefusedOrdersAreReplacedByHolds) {
  Conversation c(std::make_unique<FixedPlayer>(std::vector{
      diplomacy::Order::move(diplomacy::UnitType::Fleet, at("LON"), at("NTH")),
      diplomacy::Order::hold(diplomacy::UnitType::Fleet, at("EDI")),
      diplomacy::Order::hold(diplomacy::UnitType::Army, at("LVP"))}));
  EXPECT_EQ(c.join_as_england(),
            Messages{"SUB (SPR 1901) ((ENG FLT LON) MTO NTH) ((ENG FLT EDI) HLD) ((ENG AMY LVP) HLD)"});
  c.events();
  EXPECT_EQ(c.say("THX ((ENG FLT LON) MTO NTH) (FAR)"), Messages{"SUB (SPR 1901) ((ENG FLT LON) HLD)"});
  EXPECT_EQ(c.events(), "the server refused our order (ENG FLT LON) MTO NTH: not adjacent (FAR)\n"
                        "orders: SUB (SPR 1901) ((ENG FLT LON) HLD)\n");
  // A refused hold has nothing simpler to fall back on.
  EXPECT_EQ(c.say("THX ((ENG FLT LON) HLD) (NYU)"), Messages{});
}

TEST(DaideClient, MissingOrdersAreSuppliedTwiceAtMost) {
  Conversation c(std::make_unique<FixedPlayer>(std::vector<diplomacy::Order>{}));
  EXPECT_EQ(c.join_as_england(), Messages{});  // the player gave nothing
  EXPECT_EQ(c.say("MIS (ENG FLT EDI) (ENG AMY LVP)"), Messages{"SUB (SPR 1901) ((ENG FLT EDI) HLD) ((ENG AMY LVP) HLD)"});
  EXPECT_EQ(c.say("MIS (ENG AMY LVP)"), Messages{"SUB (SPR 1901) ((ENG AMY LVP) HLD)"});
  EXPECT_EQ(c.say("MIS (ENG AMY LVP)"), Messages{});
  EXPECT_EQ(c.say("MIS"), Messages{});
}

TEST(DaideClient, MissingRetreatsAndAdjustments) {
  Conversation c(std::make_unique<FixedPlayer>(std::vector<diplomacy::Order>{}));
  c.join_as_england();
  EXPECT_EQ(c.say("NOW (SUM 1901) (ENG FLT NTH MRT (LON YOR)) (GER FLT NTH)"), Messages{});
  EXPECT_EQ(c.say("MIS (ENG FLT NTH MRT (LON YOR))"), Messages{"SUB (SUM 1901) ((ENG FLT NTH) DSB)"});
  c.say("SCO (ENG LON EDI LVP NWY) (UNO BEL)");
  EXPECT_EQ(c.say("NOW (WIN 1901) (ENG FLT LON) (ENG FLT NTH) (ENG AMY LVP)"), Messages{"SUB (WIN 1901) (ENG WVE)"});
  EXPECT_EQ(c.say("MIS (-1)"), Messages{"SUB (WIN 1901) (ENG WVE)"});
  EXPECT_EQ(c.say("MIS (0)"), Messages{});
  c.say("SCO (ENG LON) (UNO BEL)");
  EXPECT_EQ(c.say("NOW (WIN 1902) (ENG FLT LON) (ENG FLT NTH) (ENG AMY LVP)"), Messages{});
  EXPECT_EQ(c.say("MIS (2)"), Messages{"SUB (WIN 1902) ((ENG FLT LON) REM) ((ENG AMY LVP) REM)"});
}

TEST(DaideClient, HoldBotRetreatsByDisbandingAndWaivesBuilds) {
  Conversation c;
  c.join_as_england();
  EXPECT_EQ(c.say("NOW (SUM 1901) (ENG FLT NTH MRT (LON YOR)) (GER FLT NTH) (ENG FLT LON)"),
            Messages{"SUB (SUM 1901) ((ENG FLT NTH) DSB)"});
  EXPECT_EQ(c.say("NOW (AUT 1901) (ENG FLT LON) (FRA FLT ECH MRT ())"), Messages{});  // nothing of ours dislodged
  c.say("SCO (ENG LON EDI LVP NWY) (UNO BEL)");
  EXPECT_EQ(c.say("NOW (WIN 1901) (ENG FLT LON)"), Messages{"SUB (WIN 1901) (ENG WVE) (ENG WVE) (ENG WVE)"});
}

TEST(DaideClient, RejectedSubmissionAsksForTheTurnOnce) {
  Conversation c;
  c.join_as_england();
  EXPECT_EQ(c.say("REJ (SUB (SPR 1901) ((ENG FLT EDI) HLD))"), Messages{"NOW"});
  EXPECT_EQ(c.say(kStartNow), Messages{"SUB (SPR 1901) ((ENG FLT EDI) HLD) ((ENG FLT LON) HLD) ((ENG AMY LVP) HLD)"});
  EXPECT_EQ(c.say("REJ (SUB (SPR 1901) ((ENG FLT EDI) HLD))"), Messages{});
  EXPECT_FALSE(c.client.finished());
}

TEST(DaideClient, GameEndsWithSoloThenSummary) {
  Conversation c;
  c.join_as_england();
  EXPECT_EQ(c.say("ORD (SPR 1901) ((ENG FLT EDI) HLD) (SUC)"), Messages{});
  EXPECT_EQ(c.say("SLO (FRA)"), Messages{});
  EXPECT_TRUE(c.client.game_over());
  EXPECT_EQ(c.say(kStartNow), Messages{});  // no orders once the game is over
  EXPECT_EQ(c.say("SMR (SPR 1901) (ENG ('x') ('1') 3)"), Messages{"FM"});
  EXPECT_TRUE(c.client.finished());
  EXPECT_FALSE(c.client.failure());
}

TEST(DaideClient, DrawThenOffEndsQuietly) {
  Conversation c;
  c.join_as_england();
  EXPECT_EQ(c.say("DRW"), Messages{});
  EXPECT_EQ(c.say("OFF"), Messages{});
  EXPECT_TRUE(c.client.finished());
  EXPECT_FALSE(c.client.failure());
}

TEST(DaideClient, OffOrClosingBeforeTheEndIsReported) {
  Conversation off;
  off.join_as_england();
  EXPECT_EQ(off.say("OFF"), Messages{});
  EXPECT_EQ(off.client.failure(), "the server sent OFF before the game ended");
  Conversation closed;
  closed.join_as_england();
  closed.client.connection_closed();
  EXPECT_EQ(closed.client.failure(), "the server closed the connection before the game ended");
}

TEST(DaideClient, TakesAPowerBackWithIam) {
  ClientOptions options = test_options();
  options.power = diplomacy::power_at(2);
  options.passcode = 20000;  // beyond 14 bits: sent with a Bignum
  Conversation c("holdbot", options);
  c.start();
  EXPECT_EQ(c.representation(), Messages{"IAM (FRA) (78 0x4C20)"});
  EXPECT_EQ(c.say("YES (IAM (FRA) (78 0x4C20))"), (Messages{"HLO", "SCO", "NOW"}));
  c.say("HLO (FRA) (78 0x4C20) ((LVL 0))");
  c.say(kStartSco);
  EXPECT_EQ(c.say(kStartNow), Messages{"SUB (SPR 1901) ((FRA FLT BRE) HLD) ((FRA AMY MAR) HLD) ((FRA AMY PAR) HLD)"});
}

TEST(DaideClient, RefusedJoinEndsWithTheReason) {
  Conversation c;
  c.start();
  c.representation();
  EXPECT_EQ(c.say("REJ (NME ('stratagem') ('test'))"), Messages{});
  EXPECT_TRUE(c.client.finished());
  EXPECT_EQ(c.client.failure(),
            "the server refused to let us join (the game may have started): REJ (NME ('stratagem') ('test'))");
}

TEST(DaideClient, AnotherMapIsRefused) {
  Conversation c;
  c.start();
  c.representation();
  c.say("MAP ('standard')");
  std::string mdf = standard_mdf();
  mdf.replace(mdf.find("(BOH (AMY"), 9, "(BOH (AMY UKR");  // Bohemia next to the Ukraine
  EXPECT_EQ(c.say(mdf), (Messages{"REJ (MAP ('standard'))", "FM"}));
  EXPECT_EQ(c.client.failure(), "the server's map is not the standard map: moves of an army from BOH: the server has UKR "
                                "more and nothing fewer than the standard map");
}

TEST(DaideClient, PressIsAnsweredWithHuhAndTry) {
  Conversation c;
  c.join_as_england();
  EXPECT_EQ(c.say("FRM (FRA) (ENG) (PRP (PCE (ENG FRA)))"),
            (Messages{"SND (FRA) (HUH (ERR PRP (PCE (ENG FRA))))", "SND (FRA) (TRY ())"}));
}

TEST(DaideClient, AtPressLevelsItAnswersProposalsAndKeepsItsDeals) {
  Conversation c("dumbbot");
  c.join_as_england(30);
  EXPECT_EQ(c.say("FRM (FRA) (ENG) (PRP (PCE (ENG FRA)))"), Messages{"SND (FRA) (YES (PRP (PCE (ENG FRA))))"});
  // An alliance against itself is refused; answers and other press are only noted.
  EXPECT_EQ(c.say("FRM (FRA) (ENG) (PRP (ALY (FRA GER) VSS (ENG)))"), Messages{"SND (FRA) (REJ (PRP (ALY (FRA GER) VSS (ENG))))"});
  EXPECT_EQ(c.say("FRM (GER) (ENG) (YES (PRP (PCE (ENG GER))))"), Messages{});
  EXPECT_NE(c.events().find("accepting the proposal of FRANCE"), std::string::npos);
}

TEST(DaideClient, ADealItAcceptedChangesItsOrders) {
  // A player that sends the London fleet into the Channel, until the Channel is a DMZ.
  Conversation c(std::make_unique<FixedPlayer>(std::vector<diplomacy::Order>{
      diplomacy::Order::move(diplomacy::UnitType::Fleet, at("LON"), at("ENG"))}));
  EXPECT_EQ(c.join_as_england(30), Messages{"SUB (SPR 1901) ((ENG FLT LON) MTO ECH)"});
  EXPECT_EQ(c.say("FRM (FRA) (ENG) (PRP (DMZ (ENG FRA) (ECH)))"), Messages{"SND (FRA) (YES (PRP (DMZ (ENG FRA) (ECH))))"});
  EXPECT_EQ(c.say(kStartNow), Messages{"SUB (SPR 1901) ((ENG FLT LON) HLD)"});
}

// Its draw votes (diplomacy_bots::vote_on_end): none while it grows in 1901; DRW before its
// orders on each movement turn its position would take a draw (England down to London from
// three centres); a proposed draw answered the same way, with DRW or NOT (DRW).
TEST(DaideClient, VotesForADrawByItsPosition) {
  Conversation c;
  EXPECT_EQ(c.join_as_england(30), Messages{"SUB (SPR 1901) ((ENG FLT EDI) HLD) ((ENG FLT LON) HLD) ((ENG AMY LVP) HLD)"});
  EXPECT_EQ(c.say("FRM (FRA) (ENG) (PRP (DRW))"), (Messages{"SND (FRA) (REJ (PRP (DRW)))", "NOT (DRW)"}));
  EXPECT_NE(c.events().find("rejecting the draw FRANCE proposes (grows)"), std::string::npos);
  c.say("SCO (AUS BUD TRI VIE) (ENG LON) (FRA BRE MAR PAR EDI LVP) (GER KIE BER MUN) (ITA ROM NAP VEN) "
        "(RUS STP MOS WAR SEV) (TUR ANK CON SMY) (UNO NWY SWE DEN HOL BEL SPA POR TUN GRE SER RUM BUL)");
  EXPECT_EQ(c.say("NOW (SPR 1902) (ENG FLT LON) (FRA FLT EDI) (FRA AMY LVP) (FRA AMY PAR)"),
            (Messages{"DRW", "SUB (SPR 1902) ((ENG FLT LON) HLD)"}));
  EXPECT_NE(c.events().find("we would take a draw (about to be eliminated): DRW"), std::string::npos);
  EXPECT_EQ(c.say("FRM (FRA) (ENG) (PRP (DRW))"), (Messages{"SND (FRA) (YES (PRP (DRW)))", "DRW"}));
}

TEST(DaideClient, SaveAndLoad) {
  Conversation c;
  c.join_as_england();
  EXPECT_EQ(c.say("SVE ('game1')"), Messages{"YES (SVE ('game1'))"});
  EXPECT_EQ(c.say("LOD ('game1')"), Messages{"IAM (ENG) (1234)"});
  Conversation stranger;
  stranger.start();
  stranger.representation();
  EXPECT_EQ(stranger.say("LOD ('game1')"), Messages{"REJ (LOD ('game1'))"});
}

TEST(DaideClient, TransportErrorsAreAnsweredWithErrorMessages) {
  {
    Conversation c;
    c.start();
    EXPECT_EQ(c.say("HLO (ENG) (1) ((LVL 0))"), Messages{"EM 0x0A"});
    EXPECT_EQ(c.client.failure(), "the server sent a Diplomacy Message before the Representation Message (Error Message "
                                  "0x0A sent: a diplomacy message before the representation message)");
  }
  auto after_rm = [](const std::vector<std::uint8_t>& octets) {
    Conversation c;
    c.start();
    c.representation();
    Messages out = c.octets(octets);
    EXPECT_TRUE(c.client.finished());
    EXPECT_TRUE(c.client.failure());
    return out;
  };
  EXPECT_EQ(after_rm({9, 0, 0, 0}), Messages{"EM 0x08"});
  EXPECT_EQ(after_rm({0, 0, 0, 4, 0, 1, 0xDA, 0x10}), Messages{"EM 0x07"});
  EXPECT_EQ(after_rm({1, 0, 0, 0}), Messages{"EM 0x0C"});
  EXPECT_EQ(after_rm({2, 0, 0, 3, 0x48, 0x04, 0x40}), Messages{"EM 0x0E"});
  EXPECT_EQ(after_rm({2, 0, 0, 2, 0x5A, 0x01}), Messages{"EM 0x0E"});
  EXPECT_EQ(after_rm({2, 0, 0, 0}), Messages{"EM 0x09"});
  {
    Conversation c;
    c.start();
    EXPECT_EQ(c.representation({0x41, 0x00, 'a', 'b', 'c', 0}), Messages{"EM 0x0E"});
  }
  {
    Conversation c;
    c.join_as_england();
    EXPECT_EQ(c.octets(error_message(ErrorCode::VersionIncompatible)), Messages{});
    EXPECT_EQ(c.client.failure(), "the server reported a protocol error: incompatible protocol versions");
  }
}

TEST(DaideClient, LanguageErrorsAreAnsweredWithHuhOrPrn) {
  Conversation c;
  c.join_as_england();
  EXPECT_EQ(c.say("HLO (ENG"), Messages{"PRN (HLO (ENG)"});
  EXPECT_EQ(c.say("PRN (SUB"), Messages{});  // never answer an error with an error
  EXPECT_EQ(c.say("YOR"), Messages{"HUH (ERR YOR)"});
  EXPECT_EQ(c.say("(YOR)"), Messages{"HUH (ERR (YOR))"});
  EXPECT_EQ(c.say("NOW (SPR 1901) (ENG AMY NTH)"), Messages{"HUH (NOW ERR (SPR 1901) (ENG AMY NTH))"});
  EXPECT_EQ(c.say("HUH (SUB ERR (ENG))"), Messages{});
  EXPECT_EQ(c.say("MAP"), Messages{"HUH (MAP ERR)"});
  EXPECT_FALSE(c.client.finished());
  const std::string events = c.events();
  EXPECT_NE(events.find("NOW: (ENG AMY NTH): an army cannot stand on NTH"), std::string::npos);
  EXPECT_NE(events.find("the server could not read a message of ours: HUH (SUB ERR (ENG))"), std::string::npos);
  // The position is unchanged by the refused NOW, and the game goes on.
  EXPECT_EQ(c.client.state(), diplomacy::GameState::initial(diplomacy::standard_variant()));
}

TEST(DaideClient, NoInputCrashesIt) {
  // Random octets, random well-framed token strings, and a real game's messages cut
  // and corrupted, fed after joining. Whatever happens, the client answers or ends.
  std::mt19937_64 random(9);
  const std::vector<std::uint8_t> real = diplomacy_message(std::string(kStartNow) + " " + std::string(kStartSco));
  for (int round = 0; round < 1500; ++round) {
    Conversation c("random");
    c.join_as_england();
    std::vector<std::uint8_t> input;
    switch (round % 3) {
      case 0:
        input.resize(random() % 64);
        for (auto& b : input) b = static_cast<std::uint8_t>(random());
        break;
      case 1: {
        std::vector<std::uint8_t> data(2 * (1 + random() % 24));
        const std::uint8_t categories[] = {0x40, 0x41, 0x42, 0x43, 0x46, 0x47, 0x48, 0x49, 0x4B, 0x50, 0x52, 0x55, 0x57, 0x00};
        for (std::size_t k = 0; k < data.size(); k += 2) {
          data[k] = categories[random() % std::size(categories)];
          data[k + 1] = static_cast<std::uint8_t>(random() % 80);
        }
        input = *encode_frame(MessageType::Diplomacy, data);
        break;
      }
      case 2:
        input = real;
        for (int k = 0; k < 3; ++k) input[4 + random() % (input.size() - 4)] = static_cast<std::uint8_t>(random());
        break;
    }
    c.octets(input);
    c.events();
  }
  SUCCEED();
}

}  // namespace
}  // namespace stratagem::daide
