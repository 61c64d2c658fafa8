// Perft over the cases of tests/data/dragonchess/perft.txt (positions, rule switches and leaf
// counts by depth; the file says where each figure comes from), and perft_divide.
#include <charconv>
#include <fstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "stratagem/dragonchess/perft.h"
#include "support/test_paths.h"

namespace stratagem::dragonchess {
namespace {

// Counts above this are kept for the record and not run by the suite.
constexpr std::uint64_t kMostLeavesRun = 100'000'000;

struct PerftCase {
  int line = 0;
  std::string position;
  std::vector<std::string> rule_switches;
  std::vector<std::pair<int, std::uint64_t>> counts;  // depth, leaves
};

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
  return text;
}

template <class Number>
bool read_number(std::string_view text, Number& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc{} && end == text.data() + text.size();
}

// One case per line: <position> [;rule NAME=VALUE]... ;D<depth> <count>...
std::vector<PerftCase> read_cases() {
  const auto path = diplomacy::testing::test_data_path("dragonchess/perft.txt");
  std::ifstream file(path);
  EXPECT_TRUE(file) << "cannot read " << path;
  std::vector<PerftCase> cases;
  std::string text;
  for (int number = 1; std::getline(file, text); ++number) {
    std::string_view line = trimmed(text);
    if (line.empty() || line.front() == '#') continue;
    PerftCase c;
    c.line = number;
    std::size_t semicolon = line.find(';');
    c.position = trimmed(line.substr(0, semicolon));
    while (semicolon != std::string_view::npos) {
      line.remove_prefix(semicolon + 1);
      semicolon = line.find(';');
      const std::string_view field = trimmed(line.substr(0, semicolon));
      if (field.starts_with("rule ")) {
        c.rule_switches.emplace_back(trimmed(field.substr(5)));
        continue;
      }
      const std::size_t space = field.find(' ');
      int depth = 0;
      std::uint64_t leaves = 0;
      if (!field.starts_with('D') || space == std::string_view::npos || !read_number(field.substr(1, space - 1), depth) ||
          !read_number(trimmed(field.substr(space + 1)), leaves)) {
        ADD_FAILURE() << path << " line " << number << ": '" << field << "' is neither 'rule NAME=VALUE' nor 'D<depth> <count>'";
        continue;
      }
      c.counts.emplace_back(depth, leaves);
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

TEST(Perft, CasesOfTheDataFile) {
  const std::vector<PerftCase> cases = read_cases();
  ASSERT_GE(cases.size(), 10u);
  int run = 0;
  for (const PerftCase& c : cases) {
    SCOPED_TRACE("perft.txt line " + std::to_string(c.line));
    Rules rules;
    for (const std::string& rule_switch : c.rule_switches) {
      const auto applied = apply_rule_switch(rules, rule_switch);
      ASSERT_TRUE(applied) << applied.error().message;
    }
    auto pos = c.position == "startpos" ? Position::start(rules) : Position::from_text(c.position, rules);
    ASSERT_TRUE(pos) << pos.error().message;
    for (const auto& [depth, leaves] : c.counts) {
      if (leaves > kMostLeavesRun) continue;
      EXPECT_EQ(perft(*pos, depth), leaves) << "depth " << depth;
      ++run;
    }
  }
  EXPECT_GE(run, 25);
}

TEST(Perft, DivideSumsToPerft) {
  Position pos = Position::start();
  std::uint64_t sum = 0;
  for (const auto& [move, nodes] : perft_divide(pos, 3)) sum += nodes;
  EXPECT_EQ(sum, 735'480u);
  EXPECT_EQ(pos.text(), kStartPositionText);
}

}  // namespace
}  // namespace stratagem::dragonchess
