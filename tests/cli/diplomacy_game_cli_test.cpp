// The game extensions of `stratagem diplomacy` (docs/diplomacy-rules.md): `new --setup`,
// and in `adjudicate` the fields setup, coin_toss, ending, civil_disorder and
// declarations, with the end in the output and in `render` in every language.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include <nlohmann/json.hpp>

#include "binary_run.h"

namespace stratagem::cli::testing {
namespace {

using nlohmann::json;

json run_json(const std::vector<std::string>& args, const std::string& input) {
  const BinaryRun run = run_stratagem(args, input);
  EXPECT_EQ(run.status, 0) << run.err;
  return run.status == 0 ? json::parse(run.out) : json();
}

json adjudicated(const json& input) { return run_json({"diplomacy", "adjudicate"}, input.dump()); }

json start_of(const std::string& setup) {
  const BinaryRun run = run_stratagem({"diplomacy", "new", "--setup", setup});
  EXPECT_EQ(run.status, 0) << run.err;
  return json::parse(run.out);
}

const json& result_of(const json& output, const std::string& power, const std::string& unit) {
  static const json none;
  for (const json& entry : output["results"][power])
    if (entry["unit"] == unit) return entry;
  ADD_FAILURE() << "no result for " << power << " " << unit;
  return none;
}

TEST(DiplomacyGameCli, NewWithASetupStartsItsGame) {
  const json two = start_of("2");
  EXPECT_EQ(two["phase"], "S1914M");
  EXPECT_EQ(two["setup"], "2");
  EXPECT_EQ(two["units"]["ITALY"], json::array({"F NAP", "A ROM", "A VEN"}));
  EXPECT_EQ(start_of("4")["phase"], "S1901M");
  const BinaryRun unknown = run_stratagem({"diplomacy", "new", "--setup", "8"});
  EXPECT_EQ(unknown.status, 2);
  EXPECT_EQ(unknown.out, "");
  EXPECT_EQ(unknown.err, "error: --setup: unknown setup \"8\" (the setups are 7, 6, 5, 4, 3a, 3b, 2)\n");
}

TEST(DiplomacyGameCli, TwoPlayerGameClosesItalyAndItsOrdersAreHeld) {
  json input = start_of("2");
  input["orders"] = {{"FRANCE", {"Army Marseilles moves to Piedmont", "A Par to Bur"}}, {"ITALY", {"A Ven H"}}};
  const json out = adjudicated(input);
  EXPECT_EQ(result_of(out, "FRANCE", "A MAR")["result"], "void");
  EXPECT_EQ(result_of(out, "FRANCE", "A PAR")["result"], "ok");
  const json& venice = result_of(out, "ITALY", "A VEN");
  EXPECT_EQ(venice["result"], "hold");
  EXPECT_EQ(venice["error"], "the power orders nothing in this phase (civil disorder, armistice or neutrality)");
  EXPECT_EQ(out["seats"], json::array({"ENGLAND+FRANCE+RUSSIA", "AUSTRIA+GERMANY+TURKEY"}));
  EXPECT_FALSE(out.contains("end"));
}

TEST(DiplomacyGameCli, LegalOrdersOfThe1914MapLeaveItalyClosed) {
  const json out = run_json({"diplomacy", "legal"}, start_of("2").dump());
  const json& marseilles = out["orders"]["FRANCE"]["A MAR"];
  EXPECT_NE(std::find(marseilles.begin(), marseilles.end(), "A MAR - GAS"), marseilles.end());
  EXPECT_EQ(std::find(marseilles.begin(), marseilles.end(), "A MAR - PIE"), marseilles.end());
  EXPECT_EQ(out["orders"]["ITALY"]["A VEN"], json::array({"A VEN H"}));
}

TEST(DiplomacyGameCli, TheCoinTossIsAValueOrASeed) {
  const json winter = json::parse(R"({"phase": "W1914A", "setup": "2",
      "units": {"FRANCE": ["A PAR"], "ITALY": ["A VEN", "A ROM", "F NAP"]},
      "centers": {"FRANCE": ["PAR", "MAR"], "ITALY": ["VEN", "ROM", "NAP"]},
      "orders": {"FRANCE": ["build army in Marseilles"]}})");
  const BinaryRun missing = run_stratagem({"diplomacy", "adjudicate"}, winter.dump());
  EXPECT_EQ(missing.status, 2);
  EXPECT_EQ(missing.err,
            "error: coin_toss: missing; from Fall 1914 on, setup 2 needs the side Italy joins "
            "({\"seat\": \"ENGLAND+FRANCE+RUSSIA\"} or {\"seed\": 7})\n");
  json by_value = winter;
  by_value["coin_toss"] = {{"seat", "AUSTRIA+GERMANY+TURKEY"}};
  const json out = adjudicated(by_value);
  EXPECT_EQ(out["next"]["phase"], "S1915M");
  EXPECT_EQ(out["next"]["units"]["FRANCE"], json::array({"A MAR", "A PAR"}));
  EXPECT_EQ(out["seats"], json::array({"ENGLAND+FRANCE+RUSSIA", "AUSTRIA+GERMANY+ITALY+TURKEY"}));
  // A seed draws the side, the same for the same seed.
  json by_seed = winter;
  by_seed["coin_toss"] = {{"seed", 7}};
  const json drawn = adjudicated(by_seed);
  EXPECT_EQ(drawn["seats"], adjudicated(by_seed)["seats"]);
  const int with_italy = std::count_if(drawn["seats"].begin(), drawn["seats"].end(), [](const json& seat) {
    return seat.get<std::string>().find("ITALY") != std::string::npos;
  });
  EXPECT_EQ(with_italy, 1);
  json wrong = winter;
  wrong["setup"] = "7";
  wrong["coin_toss"] = {{"seat", 0}};
  const BinaryRun no_toss = run_stratagem({"diplomacy", "adjudicate"}, wrong.dump());
  EXPECT_EQ(no_toss.err, "error: coin_toss: setup 7 has no coin toss (only the two-player setup 2 has one)\n");
}

// France and Germany six units each, England five; Italy and the others nothing.
json mid_game() {
  return json::parse(R"({"phase": "F1905M",
      "units": {"FRANCE": ["A PAR", "A MAR", "F BRE", "A SPA", "A BEL", "A BUR"],
                "GERMANY": ["A BER", "A MUN", "F KIE", "A HOL", "F DEN", "A SIL"],
                "ENGLAND": ["F LON", "F EDI", "A LVP", "F NWY", "F NTH"]},
      "centers": {"FRANCE": ["PAR", "MAR", "BRE", "SPA", "BEL", "POR"],
                  "GERMANY": ["BER", "MUN", "KIE", "HOL", "DEN", "TUN"],
                  "ENGLAND": ["LON", "EDI", "LVP", "NWY", "ROM"]}})");
}

TEST(DiplomacyGameCli, EveryEndingWithItsWinners) {
  json fixed = mid_game();
  fixed["ending"] = {{"fixed_year", 1905}};
  EXPECT_EQ(adjudicated(fixed)["end"],
            json::parse(R"({"kind": "fixed_year", "winners": ["FRANCE", "GERMANY"], "seats": ["FRANCE", "GERMANY"]})"));

  json lot = mid_game();
  lot["declarations"] = {{"agreed_end", {{"lot", 2}}}};  // survivors: England, France, Germany
  EXPECT_EQ(adjudicated(lot)["end"],
            json::parse(R"({"kind": "lot", "winners": ["GERMANY"], "seats": ["GERMANY"]})"));
  lot["declarations"] = {{"agreed_end", {{"lot", 3}}}};
  const BinaryRun out_of_range = run_stratagem({"diplomacy", "adjudicate"}, lot.dump());
  EXPECT_EQ(out_of_range.status, 2);
  EXPECT_EQ(out_of_range.err, "error: agreed end: lot 3 is not one of the 3 surviving seats (0 to 2)\n");
  lot["declarations"] = {{"agreed_end", {{"seed", 99}}}};
  const json drawn = adjudicated(lot)["end"];
  EXPECT_EQ(drawn["kind"], "lot");
  EXPECT_EQ(drawn["winners"].size(), 1u);
  EXPECT_EQ(drawn, adjudicated(lot)["end"]);

  json alliance = mid_game();
  alliance["declarations"] = {{"alliance",
                               {{"FRANCE", {"FRANCE", "GERMANY", "ENGLAND"}},
                                {"GERMANY", {"ENGLAND", "FRANCE", "GERMANY"}},
                                {"ENGLAND", {"GERMANY", "FRANCE", "ENGLAND"}}}}};
  EXPECT_FALSE(adjudicated(alliance).contains("end"));  // 17 centres
  alliance["ending"] = {{"alliance_centres", 17}};
  EXPECT_EQ(adjudicated(alliance)["end"]["kind"], "alliance");
  EXPECT_EQ(adjudicated(alliance)["end"]["winners"], json::array({"ENGLAND", "FRANCE", "GERMANY"}));

  json draw = mid_game();
  draw["declarations"] = {{"draw", true}};
  EXPECT_EQ(adjudicated(draw)["end"],
            json::parse(R"({"kind": "draw", "winners": ["ENGLAND", "FRANCE", "GERMANY"],
                            "seats": ["ENGLAND", "FRANCE", "GERMANY"]})"));
}

TEST(DiplomacyGameCli, RenderSaysTheEndInEveryLanguage) {
  json fixed = mid_game();
  fixed["ending"] = {{"fixed_year", 1905}};
  const std::string report = adjudicated(fixed).dump();
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"en", "Game over at the agreed year: France, Germany won with the most units"},
      {"zh-Hant", "遊戲於議定年份結束：法國、德國以最多部隊勝出"},
      {"zh-Hans", "游戏于约定年份结束：法国、德国以最多部队获胜"},
      {"ja", "約束の年でゲーム終了：フランス、ドイツが最多の軍で勝利"},
  };
  for (const auto& [language, line] : expected) {
    const BinaryRun run = run_stratagem({"diplomacy", "render", "--lang", language}, report);
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find("\n" + line + "\n"), std::string::npos) << language << ":\n" << run.out;
  }
}

TEST(DiplomacyGameCli, CivilDisorderIsAPhaseInput) {
  json input = mid_game();
  input["civil_disorder"] = {"GERMANY"};
  input["orders"] = {{"GERMANY", {"A Sil - War"}}};
  const json out = adjudicated(input);
  EXPECT_EQ(result_of(out, "GERMANY", "A SIL")["result"], "hold");
  EXPECT_EQ(out["next"]["units"]["GERMANY"][5], "A SIL");
  const BinaryRun render = run_stratagem({"diplomacy", "render", "--lang", "zh-Hant"}, out.dump());
  EXPECT_NE(render.out.find("該國此階段不下指令（內亂、停戰或中立）"), std::string::npos) << render.out;
  input["civil_disorder"] = {"PRUSSIA"};
  const BinaryRun bad = run_stratagem({"diplomacy", "adjudicate"}, input.dump());
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err.rfind("error: civil_disorder[0]: ", 0), 0u) << bad.err;
}

}  // namespace
}  // namespace stratagem::cli::testing
