// `stratagem diplomacy daide` as a person runs it: the built binary against the scripted
// DAIDE server, its stderr and exit status.
#include <thread>

#include <gtest/gtest.h>

#include "binary_run.h"
#include "support/conversation.h"
#include "support/scripted_server.h"

namespace stratagem::daide {
namespace {

using cli::testing::BinaryRun;
using cli::testing::run_stratagem;
using testing::ScriptedServer;

TEST(DaideCommand, PlaysAGameToTheEnd) {
  ScriptedServer server;
  BinaryRun run;
  std::thread binary([&] {
    run = run_stratagem({"diplomacy", "daide", "--host", "127.0.0.1", "--port", std::to_string(server.port()),
                         "--player", "holdbot", "--power", "England", "--name", "cli-test"});
  });
  try {
    server.accept();
    EXPECT_EQ(server.read_frame().type, 0);
    server.send_frame(MessageType::Representation, {});
    const std::string nme = server.read_message();
    EXPECT_EQ(nme.rfind("NME ('cli-test') ('", 0), 0u) << nme;
    server.send("MAP ('standard')");
    EXPECT_EQ(server.read_message(), "MDF");
    server.send(testing::standard_mdf());
    EXPECT_EQ(server.read_message(), "YES (MAP ('standard'))");
    server.send("HLO (FRA) (77) ((LVL 0) (MTL 30))");
    server.send(testing::kStartSco);
    server.send(testing::kStartNow);
    EXPECT_EQ(server.read_message(), "SUB (SPR 1901) ((FRA FLT BRE) HLD) ((FRA AMY MAR) HLD) ((FRA AMY PAR) HLD)");
    server.send("SLO (FRA)");
    server.send("OFF");
    EXPECT_TRUE(server.client_closes());
  } catch (...) {
    server.close();
    binary.join();
    throw;
  }
  binary.join();
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.err.find("warning: the server gave us FRANCE, not ENGLAND"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("playing FRANCE with holdbot; passcode 77 (to rejoin: --power FRANCE --passcode 77)"),
            std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find("the game is over: SLO (FRA)"), std::string::npos) << run.err;
}

TEST(DaideCommand, ErrorsAreSaidInWords) {
  std::uint16_t port;
  {
    ScriptedServer nobody;
    port = nobody.port();
  }
  const std::string p = std::to_string(port);
  BinaryRun run = run_stratagem({"diplomacy", "daide", "--host", "127.0.0.1", "--port", p, "--player", "holdbot"});
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.err, "error: cannot connect to 127.0.0.1:" + p + ": Connection refused\n");

  run = run_stratagem({"diplomacy", "daide", "--host", "127.0.0.1", "--port", p, "--player", "grandmaster"});
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.err.rfind("error: unknown player \"grandmaster\"", 0), 0u) << run.err;

  run = run_stratagem({"diplomacy", "daide", "--host", "127.0.0.1", "--port", p, "--player", "holdbot", "--power", "Atlantis"});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("Atlantis"), std::string::npos) << run.err;

  run = run_stratagem({"diplomacy", "daide", "--host", "127.0.0.1", "--port", p, "--player", "holdbot", "--passcode", "5"});
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.err, "error: --passcode takes a power back: give --power too\n");
}

}  // namespace
}  // namespace stratagem::daide
