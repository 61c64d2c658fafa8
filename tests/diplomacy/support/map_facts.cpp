#include "support/map_facts.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <vector>

namespace stratagem::diplomacy::testing {
namespace {

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

bool is_upper_case(const std::string& s) {
  return std::none_of(s.begin(), s.end(), [](unsigned char c) { return std::islower(c); });
}

// Upper case, coasts written "/NC", and the other programs' aliases mapped to our codes.
std::string canonical(std::string code) {
  std::transform(code.begin(), code.end(), code.begin(), [](unsigned char c) { return std::toupper(c); });
  std::replace(code.begin(), code.end(), '-', '/');
  const std::size_t slash = code.find('/');
  const std::string province = code.substr(0, slash);
  static const std::map<std::string, std::string> kAliases = {
      {"NAT", "NAO"}, {"NRG", "NWG"}, {"MID", "MAO"}, {"GOL", "LYO"}, {"NOR", "NWY"}};
  const auto alias = kAliases.find(province);
  if (alias == kAliases.end()) return code;
  return alias->second + (slash == std::string::npos ? "" : code.substr(slash));
}

std::string province_part(const std::string& location) { return location.substr(0, location.find('/')); }

tl::expected<std::string, std::string> read_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return tl::unexpected("cannot open " + file.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The value of attribute `name` in an XML start tag, or "" if absent.
std::string attribute(const std::string& tag, const std::string& name) {
  const std::string key = " " + name + "=\"";
  const std::size_t start = tag.find(key);
  if (start == std::string::npos) return "";
  const std::size_t value = start + key.size();
  return tag.substr(value, tag.find('"', value) - value);
}

}  // namespace

MapFacts facts_of(const Variant& variant) {
  MapFacts facts;
  for (int p = 0; p < variant.province_count(); ++p) {
    variant.army_neighbours(province_at(p)).for_each([&](int q) {
      facts.army_moves.emplace(variant.province_code(province_at(p)), variant.province_code(province_at(q)));
    });
    if (variant.is_supply_centre(province_at(p)))
      facts.supply_centres.insert(variant.province_code(province_at(p)));
  }
  for (int l = 0; l < variant.location_count(); ++l)
    variant.fleet_neighbours(location_at(l)).for_each([&](int m) {
      facts.fleet_moves.emplace(variant.location_code(location_at(l)), variant.location_code(location_at(m)));
    });
  for (int i = 0; i < variant.power_count(); ++i) {
    auto& homes = facts.home_centres[variant.power_code(power_at(i))];
    variant.home_centres(power_at(i)).for_each([&](int p) {
      homes.insert(variant.province_code(province_at(p)));
    });
  }
  for (const Unit& unit : variant.start_units())
    facts.start_units.insert(variant.power_code(unit.power) + (unit.type == UnitType::Army ? " A " : " F ") +
                             variant.location_code(unit.location));
  return facts;
}

// Format: a header of powers ("AUSTRIA (AUSTRIAN) BUD TRI VIE" then unit lines "A BUD"),
// "UNOWNED <centres>", name lines with '=', then "<WATER|COAST|LAND|SHUT> <loc> ABUTS
// <neighbours>". A location written in lower case holds armies only (the main location
// of a split-coast province); a neighbour written in lower case is reachable by armies
// only.
tl::expected<MapFacts, std::string> read_dpjudge_map(const std::filesystem::path& file) {
  auto text = read_text(file);
  if (!text) return tl::unexpected(text.error());
  struct Abuts {
    std::string kind, location;
    std::vector<std::string> neighbours;
  };
  std::vector<Abuts> abuts;
  MapFacts facts;
  std::istringstream in(*text);
  std::string power;
  bool in_header = true;
  for (std::string line; std::getline(in, line);) {
    const auto w = words(line);
    if (w.empty() || w[0].front() == '#') continue;
    if (w.size() >= 3 && w[2] == "ABUTS") {
      abuts.push_back({w[0], w[1], std::vector<std::string>(w.begin() + 3, w.end())});
      continue;
    }
    if (!in_header || w[0] == "BEGIN") continue;
    if (line.find('=') != std::string::npos) {
      in_header = false;
    } else if (w[0] == "UNOWNED") {
      for (std::size_t i = 1; i < w.size(); ++i) facts.supply_centres.insert(canonical(w[i]));
    } else if (w.size() >= 2 && w[1].front() == '(') {
      power = w[0];
      auto& homes = facts.home_centres[power];
      for (std::size_t i = 2; i < w.size(); ++i) {
        homes.insert(canonical(w[i]));
        facts.supply_centres.insert(canonical(w[i]));
      }
    } else if (w.size() == 2 && (w[0] == "A" || w[0] == "F")) {
      facts.start_units.insert(power + " " + w[0] + " " + canonical(w[1]));
    } else {
      return tl::unexpected("unexpected header line in " + file.string() + ": " + line);
    }
  }
  std::set<std::string> fleet_locations, land_provinces;
  for (const Abuts& a : abuts) {
    if ((a.kind == "WATER" || a.kind == "COAST") && is_upper_case(a.location))
      fleet_locations.insert(canonical(a.location));
    if (a.kind == "COAST" || a.kind == "LAND") land_provinces.insert(province_part(canonical(a.location)));
  }
  for (const Abuts& a : abuts) {
    const std::string from = canonical(a.location);
    const bool army_line = (a.kind == "COAST" || a.kind == "LAND") && from.find('/') == std::string::npos;
    const bool fleet_line = fleet_locations.count(from) > 0;
    for (const std::string& written : a.neighbours) {
      const std::string to = canonical(written);
      if (army_line && land_provinces.count(province_part(to)))
        facts.army_moves.emplace(from, province_part(to));
      if (fleet_line && is_upper_case(written) && fleet_locations.count(to))
        facts.fleet_moves.emplace(from, to);
    }
  }
  if (abuts.empty()) return tl::unexpected("no adjacency lines in " + file.string());
  return facts;
}

// Format: <PROVINCE shortname=".." isImpassable=".."> holding <ADJACENCY type=".."
// refs=".."/> elements; type "mv" lists army moves, "xc" fleet moves of a province with
// one coast, "nc"/"sc"/"ec" fleet moves from that coast. Coasts are written "bul-sc".
tl::expected<MapFacts, std::string> read_jdip_adjacency(const std::filesystem::path& file) {
  auto text = read_text(file);
  if (!text) return tl::unexpected(text.error());
  struct Adjacency {
    std::string from, type;
    std::vector<std::string> refs;
  };
  std::vector<Adjacency> adjacencies;
  std::set<std::string> impassable;
  for (std::size_t at = text->find("<PROVINCE "); at != std::string::npos;
       at = text->find("<PROVINCE ", at + 1)) {
    const std::size_t end = text->find("</PROVINCE>", at);
    if (end == std::string::npos) return tl::unexpected("unterminated PROVINCE element in " + file.string());
    const std::string block = text->substr(at, end - at);
    const std::string tag = block.substr(0, block.find('>'));
    const std::string province = canonical(attribute(tag, "shortname"));
    if (attribute(tag, "isImpassable") == "true") impassable.insert(province);
    for (std::size_t a = block.find("<ADJACENCY"); a != std::string::npos;
         a = block.find("<ADJACENCY", a + 1)) {
      const std::string element = block.substr(a, block.find('>', a) - a);
      adjacencies.push_back({province, attribute(element, "type"), words(attribute(element, "refs"))});
    }
  }
  if (adjacencies.empty()) return tl::unexpected("no ADJACENCY elements in " + file.string());
  MapFacts facts;
  for (const Adjacency& a : adjacencies) {
    for (const std::string& ref : a.refs) {
      const std::string to = canonical(ref);
      if (a.type == "mv") {
        if (!impassable.count(a.from) && !impassable.count(province_part(to)))
          facts.army_moves.emplace(a.from, to);
      } else if (a.type == "xc") {
        facts.fleet_moves.emplace(a.from, to);
      } else {
        facts.fleet_moves.emplace(canonical(a.from + "-" + a.type), to);
      }
    }
  }
  return facts;
}

}  // namespace stratagem::diplomacy::testing
