// The real client over real TCP against a scripted DAIDE server on 127.0.0.1: the
// framing, the RM, a game's message flow turn by turn (with a MIS and a REJ case), and
// the ways a session ends.
#include <algorithm>
#include <functional>
#include <optional>
#include <thread>

#include <gtest/gtest.h>

#include "stratagem/daide/tcp_client.h"
#include "support/client_thread.h"
#include "support/conversation.h"
#include "support/scripted_server.h"

namespace stratagem::daide {
namespace {

using testing::kStartNow;
using testing::kStartSco;
using testing::ClientThread;
using testing::ScriptedServer;
using testing::standard_mdf;

// IM, RM, NME, MAP/MDF, HLO, SCO: the client is England and about to get the first NOW.
void open_game(ScriptedServer& server) {
  server.accept();
  const Frame im = server.read_frame();
  EXPECT_EQ(im.type, 0);
  EXPECT_EQ(im.data, (std::vector<std::uint8_t>{0x00, 0x01, 0xDA, 0x10}));
  server.send_frame(MessageType::Representation, testing::standard_representation_data());
  EXPECT_EQ(server.read_message(), "NME ('stratagem') ('test')");
  server.send("YES (NME ('stratagem') ('test'))");
  server.send("MAP ('standard')");
  EXPECT_EQ(server.read_message(), "MDF");
  server.send(standard_mdf());
  EXPECT_EQ(server.read_message(), "YES (MAP ('standard'))");
  server.send("HLO (ENG) (1234) ((LVL 0) (MTL 5))");
  server.send(kStartSco);
}

TEST(DaideSession, HoldBotPlaysTurnsWithMissingOrdersAndARejection) {
  ScriptedServer server;
  ClientThread client(server, "holdbot");
  open_game(server);

  server.send(kStartNow);
  EXPECT_EQ(server.read_message(), "SUB (SPR 1901) ((ENG FLT EDI) HLD) ((ENG FLT LON) HLD) ((ENG AMY LVP) HLD)");
  server.send("THX ((ENG FLT EDI) HLD) (MBV)");
  server.send("THX ((ENG FLT LON) HLD) (MBV)");
  server.send("THX ((ENG AMY LVP) HLD) (NSU)");
  server.send("MIS (ENG AMY LVP)");
  EXPECT_EQ(server.read_message(), "SUB (SPR 1901) ((ENG AMY LVP) HLD)");
  server.send("THX ((ENG AMY LVP) HLD) (MBV)");
  server.send("ORD (SPR 1901) ((ENG FLT EDI) HLD) (SUC)");
  server.send("ORD (SPR 1901) ((FRA AMY PAR) MTO BUR) (SUC)");

  server.send("NOW (FAL 1901) (ENG FLT LON) (ENG FLT EDI) (ENG AMY LVP) (FRA AMY BUR)");
  EXPECT_EQ(server.read_message(), "SUB (FAL 1901) ((ENG FLT EDI) HLD) ((ENG FLT LON) HLD) ((ENG AMY LVP) HLD)");
  server.send("REJ (SUB (FAL 1901) ((ENG FLT EDI) HLD) ((ENG FLT LON) HLD) ((ENG AMY LVP) HLD))");
  EXPECT_EQ(server.read_message(), "NOW");
  server.send("NOW (FAL 1901) (ENG FLT LON) (ENG FLT EDI) (ENG AMY LVP) (FRA AMY BUR)");
  EXPECT_EQ(server.read_message(), "SUB (FAL 1901) ((ENG FLT EDI) HLD) ((ENG FLT LON) HLD) ((ENG AMY LVP) HLD)");

  server.send("SCO (ENG LVP EDI LON NWY) (FRA BRE MAR PAR) (UNO BEL)");
  server.send("NOW (WIN 1901) (ENG FLT LON) (ENG FLT EDI) (ENG AMY LVP) (FRA AMY BUR)");
  EXPECT_EQ(server.read_message(), "SUB (WIN 1901) (ENG WVE)");
  server.send("THX (ENG WVE) (MBV)");
  server.send("DRW");
  server.send("OFF");
  EXPECT_TRUE(server.client_closes());
  const auto& result = client.result();
  EXPECT_TRUE(result) << result.error();
  const std::string events = client.events();
  EXPECT_NE(events.find("the game is over: DRW"), std::string::npos) << events;
  EXPECT_NE(events.find("the server refused our order (ENG AMY LVP) HLD: no such unit (NSU)"), std::string::npos) << events;
}

class DaideSessionPlayers : public ::testing::TestWithParam<const char*> {};

TEST_P(DaideSessionPlayers, OrdersEachOfItsUnitsOnce) {
  ScriptedServer server;
  ClientOptions options;
  options.seed = 5;
  // Deadlines reach a searching player through should_stop; this one has passed at once.
  options.stop_for_turn = [](std::optional<long> seconds) -> std::function<bool()> {
    EXPECT_EQ(seconds, 5);  // MTL of open_game's HLO
    return [] { return true; };
  };
  ClientThread client(server, GetParam(), options);
  open_game(server);
  server.send(kStartNow);
  const std::string sub = server.read_message();
  auto tokens = from_text(sub, Representation::standard());
  ASSERT_TRUE(tokens);
  const Nodes items = *parse(*tokens);
  ASSERT_EQ(items.size(), 5u) << sub;  // SUB (turn) and three orders
  EXPECT_EQ(to_text(flatten({items[1]}), Representation::standard()), "(SPR 1901)");
  std::vector<std::string> units;
  for (std::size_t k = 2; k < items.size(); ++k) units.push_back(to_text(flatten({items[k].items[0]}), Representation::standard()));
  std::sort(units.begin(), units.end());
  EXPECT_EQ(units, (std::vector<std::string>{"(ENG AMY LVP)", "(ENG FLT EDI)", "(ENG FLT LON)"})) << sub;
  server.send("OFF");
  EXPECT_TRUE(server.client_closes());
  EXPECT_EQ(client.result().error(), "the server sent OFF before the game ended");
}

INSTANTIATE_TEST_SUITE_P(EveryKind, DaideSessionPlayers, ::testing::Values("random", "holdbot", "dumbbot", "search:1"));

TEST(DaideSession, SoloThenSummaryEndsWithAFinalMessage) {
  ScriptedServer server;
  ClientThread client(server, "holdbot");
  open_game(server);
  server.send("SLO (ENG)");
  server.send("SMR (SPR 1901) (ENG ('stratagem') ('test') 18)");
  const Frame fm = server.read_frame();
  EXPECT_EQ(fm.type, 3);
  EXPECT_TRUE(fm.data.empty());
  EXPECT_TRUE(server.client_closes());
  EXPECT_TRUE(client.result());
}

TEST(DaideSession, AnotherMapIsRefusedAndTheClientLeaves) {
  ScriptedServer server;
  ClientThread client(server, "holdbot");
  server.accept();
  server.read_frame();
  server.send_frame(MessageType::Representation, {});
  server.read_message();
  server.send("MAP ('fleet_rome')");
  EXPECT_EQ(server.read_message(), "MDF");
  server.send("MDF (AUS ENG) (((AUS VIE) (UNO)) (BOH)) ((VIE (AMY BOH)) (BOH (AMY VIE)))");
  EXPECT_EQ(server.read_message(), "REJ (MAP ('fleet_rome'))");
  EXPECT_EQ(server.read_frame().type, 3);
  EXPECT_TRUE(server.client_closes());
  const auto& result = client.result();
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().rfind("the server's map is not the standard map: ", 0), 0u) << result.error();
}

TEST(DaideSession, ADiplomacyMessageBeforeTheRepresentationGetsAnErrorMessage) {
  ScriptedServer server;
  ClientThread client(server, "holdbot");
  server.accept();
  server.read_frame();
  server.send("HLO (ENG) (1) ((LVL 0))");
  const Frame em = server.read_frame();
  EXPECT_EQ(em.type, 4);
  EXPECT_EQ(em.data, (std::vector<std::uint8_t>{0x00, 0x0A}));
  EXPECT_TRUE(server.client_closes());
  EXPECT_FALSE(client.result());
}

TEST(DaideSession, ServerGoingAwayMidGameIsAnError) {
  ScriptedServer server;
  ClientThread client(server, "holdbot");
  open_game(server);
  server.close();
  EXPECT_EQ(client.result().error(), "the server closed the connection before the game ended");
}

TEST(DaideSession, NoServerIsAnErrorInWords) {
  std::uint16_t port;
  {
    ScriptedServer nobody;
    port = nobody.port();
  }
  auto player = *diplomacy_bots::make_player("holdbot");
  Client client(*player, {});
  const auto result = run_over_tcp("127.0.0.1", port, client, {});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error(), "cannot connect to 127.0.0.1:" + std::to_string(port) + ": Connection refused");
}

}  // namespace
}  // namespace stratagem::daide
