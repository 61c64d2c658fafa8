#pragma once
// A variant: the map (provinces, coasts, adjacency), the powers, the names people use
// for them, the starting position and the victory condition. A variant is data: it is
// parsed from the text format described in docs/variant-format.md, so adding a map
// needs no code. The standard map ships compiled in (standard_variant()).

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <tl/expected.hpp>

#include "stratagem/diplomacy/types.h"

namespace stratagem::diplomacy {

// Languages in which names are kept. Every language's names are accepted as input.
enum class Language : std::uint8_t { En, ZhHant, ZhHans, Ja };
constexpr int kLanguageCount = 4;

// The languages' codes, as the variant format, the contracts and BCP 47 write them: "en",
// "zh-Hant", "zh-Hans", "ja".
std::optional<Language> language_by_code(std::string_view code);
std::string_view language_code(Language language);

// What a name in the variant's tables refers to.
struct NameTarget {
  enum class Kind : std::uint8_t { Power, Location } kind;
  std::uint8_t id;  // index(Power) or index(Location)
  friend bool operator==(const NameTarget&, const NameTarget&) = default;
};

// A name as the variant text writes it (a `name`, `adjective`, `alias` or `coast-name`
// line), with what it names: for front ends that index names their own way (the Python
// module's MILA Map builds MILA's alias table from them).
struct WrittenName {
  std::string text;
  NameTarget target;
};

// A parse failure of variant text: line number (1-based) and what was wrong.
struct VariantError {
  int line = 0;
  std::string message;
};

class Variant {
 public:
  static tl::expected<Variant, VariantError> parse(std::string_view text);

  const std::string& id() const { return id_; }

  // --- powers
  int power_count() const { return static_cast<int>(powers_.size()); }
  // Canonical upper-case name, e.g. "AUSTRIA".
  const std::string& power_code(Power p) const { return powers_[index(p)].code; }
  const std::string& power_name(Power p, Language lang) const;
  const std::string& power_adjective(Power p, Language lang) const;
  const ProvinceSet& home_centres(Power p) const { return powers_[index(p)].home_centres; }

  // --- provinces and locations
  int province_count() const { return static_cast<int>(provinces_.size()); }
  int location_count() const { return static_cast<int>(locations_.size()); }
  // Canonical code: "PAR", "STP/NC".
  const std::string& location_code(Location l) const { return locations_[index(l)].code; }
  const std::string& province_code(Province p) const { return provinces_[index(p)].code; }
  const std::string& province_name(Province p, Language lang) const;
  // What a map writes where the display name does not fit (the variant's `short` line),
  // else the display name. A short name names its province and nothing else.
  const std::string& province_short_name(Province p, Language lang) const;
  Terrain terrain(Province p) const { return provinces_[index(p)].terrain; }
  bool is_supply_centre(Province p) const { return provinces_[index(p)].supply_centre; }
  // Power whose home centre this is, or Power::None.
  Power home_power(Province p) const { return provinces_[index(p)].home_power; }
  Province province_of(Location l) const { return locations_[index(l)].province; }
  Coast coast_of(Location l) const { return locations_[index(l)].coast; }
  Location main_location(Province p) const { return location_at(index(p)); }
  // Named coasts of a split-coast province (STP/NC, STP/SC); empty otherwise.
  std::span<const Location> coasts(Province p) const { return provinces_[index(p)].coasts; }
  bool has_split_coasts(Province p) const { return split_coasts_.contains(index(p)); }
  // Where a fleet may stand: seas, single-coast coastal provinces, named coasts.
  bool fleet_can_stand(Location l) const { return locations_[index(l)].fleet_can_stand; }

  // --- adjacency
  // Provinces an army can move to from province p.
  const ProvinceSet& army_neighbours(Province p) const { return provinces_[index(p)].army_neighbours; }
  // Locations a fleet at l can move to (coast-exact).
  const LocationSet& fleet_neighbours(Location l) const { return locations_[index(l)].fleet_neighbours; }
  // Provinces a fleet at l can reach (fleet_neighbours projected onto provinces).
  const ProvinceSet& fleet_reach(Location l) const { return locations_[index(l)].fleet_reach; }
  // Provinces a unit of `type` at l can move to: an army's neighbours or a fleet's reach.
  const ProvinceSet& reach(UnitType type, Location l) const {
    return type == UnitType::Army ? army_neighbours(province_of(l)) : fleet_reach(l);
  }
  // The same adjacency as lists in increasing order, for loops that visit every
  // neighbour: walking a short list costs far less than scanning a 192-bit set.
  std::span<const Province> army_neighbour_list(Province p) const { return provinces_[index(p)].army_neighbour_list; }
  std::span<const Location> fleet_neighbour_list(Location l) const { return locations_[index(l)].fleet_neighbour_list; }
  std::span<const Province> fleet_reach_list(Location l) const { return locations_[index(l)].fleet_reach_list; }
  // Sea provinces from which a fleet can move into province p (any of its coasts).
  const ProvinceSet& adjacent_seas(Province p) const { return provinces_[index(p)].adjacent_seas; }
  const ProvinceSet& all_supply_centres() const { return supply_centres_; }
  const ProvinceSet& sea_provinces() const { return seas_; }
  const ProvinceSet& coastal_provinces() const { return coastal_; }
  const ProvinceSet& split_coast_provinces() const { return split_coasts_; }

  // --- names
  // Every target the normalised name may refer to (normalise_name(), name_folding.h);
  // several targets mean the name is ambiguous. Empty if unknown.
  std::span<const NameTarget> lookup(std::string_view normalised) const;
  // Longest prefix of `normalised` that is a known name; 0 if none. Lets the order
  // parser read scripts written without spaces (陸軍莫斯科移動華沙).
  int longest_name_prefix(std::string_view normalised) const;
  // Every name as written (codes are not repeated here): each power's names and adjectives
  // language by language, then its aliases; then each province's, followed by its coasts'.
  std::span<const WrittenName> written_names() const { return written_names_; }

  // The same variant with `closed` made impassable: no unit may move, retreat, support
  // or convoy into those provinces, and a unit standing in one cannot leave it (seed 000
  // §4.1: land closed as Switzerland is; the two-player game's neutral Italy).
  Variant with_provinces_closed(const ProvinceSet& closed) const;

  // --- game
  int victory_centres() const { return victory_centres_; }
  Phase start_phase() const { return start_phase_; }
  std::span<const Unit> start_units() const { return start_units_; }

 private:
  struct PowerInfo {
    std::string code;
    std::array<std::string, kLanguageCount> names, adjectives;
    ProvinceSet home_centres;
  };
  struct ProvinceInfo {
    std::string code;
    std::array<std::string, kLanguageCount> names, short_names;
    Terrain terrain = Terrain::Inland;
    bool supply_centre = false;
    Power home_power = Power::None;
    std::vector<Location> coasts;
    ProvinceSet army_neighbours;
    ProvinceSet adjacent_seas;
    std::vector<Province> army_neighbour_list;
  };
  struct LocationInfo {
    std::string code;
    Province province = Province::None;
    Coast coast = Coast::None;
    bool fleet_can_stand = false;
    LocationSet fleet_neighbours;
    ProvinceSet fleet_reach;
    std::vector<Location> fleet_neighbour_list;
    std::vector<Province> fleet_reach_list;
  };
  struct NameEntry {
    std::string normalised;
    std::vector<NameTarget> targets;
  };
  friend class VariantBuilder;
  // Writes the adjacency lists from the adjacency sets, once these are final.
  void list_adjacency();

  std::string id_;
  std::vector<PowerInfo> powers_;
  std::vector<ProvinceInfo> provinces_;
  std::vector<LocationInfo> locations_;
  std::vector<NameEntry> names_;  // sorted by normalised
  std::vector<WrittenName> written_names_;
  ProvinceSet supply_centres_, seas_, coastal_, split_coasts_;
  int victory_centres_ = 0;
  Phase start_phase_{};
  std::vector<Unit> start_units_;
};

// The standard map of seeds 000-003, parsed from data/diplomacy/standard.variant.
const Variant& standard_variant();

}  // namespace stratagem::diplomacy
