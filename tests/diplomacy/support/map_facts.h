#pragma once
// The facts of a map that two programs must agree on, in a neutral form (canonical
// upper-case codes, coasts as "STP/NC"), so that our variant can be compared with the
// standard maps of other programs. Those maps (shared/maps) are copyleft: they are only
// read at test time, never copied.

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <tl/expected.hpp>
#include <utility>

#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy::testing {

struct MapFacts {
  // Directed moves (from, to); impassable provinces take part in none.
  std::set<std::pair<std::string, std::string>> army_moves;   // province codes
  std::set<std::pair<std::string, std::string>> fleet_moves;  // location codes
  std::set<std::string> supply_centres;
  std::map<std::string, std::set<std::string>> home_centres;  // power code -> provinces
  std::set<std::string> start_units;                          // "RUSSIA F STP/SC"
};

MapFacts facts_of(const Variant& variant);

// diplomacy/diplomacy's dpjudge-style standard.map: adjacency, centres and start.
tl::expected<MapFacts, std::string> read_dpjudge_map(const std::filesystem::path& file);

// jDip's std_adjacency.xml: adjacency only (its centres and units live in a file that
// was not copied), so the other fields stay empty.
tl::expected<MapFacts, std::string> read_jdip_adjacency(const std::filesystem::path& file);

}  // namespace stratagem::diplomacy::testing
