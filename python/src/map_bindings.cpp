// The map part of stratagem._core: a variant's tables as plain Python data, from which
// diplomacy.engine.map builds MILA's Map (docs/python.md). Codes are the variant's own;
// the Python side decides how MILA spells and orders them.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "bindings.h"
#include "stratagem/diplomacy/notation.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"
#include "stratagem/formats/diplomacy_places.h"

namespace stratagem::python {

namespace py = pybind11;
using namespace diplomacy;

namespace {

// The variants compiled in, by id.
const Variant* variant_named(const std::string& name) {
  return name == standard_variant().id() ? &standard_variant() : nullptr;
}

const char* terrain_word(Terrain terrain) {
  switch (terrain) {
    case Terrain::Inland: return "inland";
    case Terrain::Coastal: return "coastal";
    case Terrain::Sea: return "sea";
    case Terrain::Impassable: return "impassable";
  }
  return "impassable";
}

template <class Set, class Code>
std::vector<std::string> codes_of(const Set& set, Code code) {
  std::vector<std::string> codes;
  set.for_each([&](int i) { codes.push_back(code(i)); });
  return codes;
}

py::dict tables_of(const Variant& v) {
  auto province = [&](int p) { return v.province_code(province_at(p)); };
  auto location = [&](int l) { return v.location_code(location_at(l)); };

  py::list powers;
  for (int i = 0; i < v.power_count(); ++i) {
    const Power power = power_at(i);
    std::vector<std::string> units;
    for (const Unit& unit : v.start_units())
      if (unit.power == power) units.push_back(format_unit(v, unit));
    py::dict entry;
    entry["code"] = v.power_code(power);
    entry["adjective"] = v.power_adjective(power, Language::En);
    entry["homes"] = codes_of(v.home_centres(power), province);
    entry["units"] = units;
    powers.append(entry);
  }

  py::list provinces;
  for (int p = 0; p < v.province_count(); ++p) {
    const Province here = province_at(p);
    std::vector<std::string> coasts;
    for (Location coast : v.coasts(here)) coasts.push_back(v.location_code(coast));
    py::dict entry;
    entry["code"] = v.province_code(here);
    entry["name"] = v.province_name(here, Language::En);
    entry["terrain"] = terrain_word(v.terrain(here));
    entry["centre"] = v.is_supply_centre(here);
    entry["army"] = codes_of(v.army_neighbours(here), province);
    entry["coasts"] = coasts;
    provinces.append(entry);
  }

  py::list locations;
  for (int l = 0; l < v.location_count(); ++l) {
    const Location here = location_at(l);
    py::dict entry;
    entry["code"] = v.location_code(here);
    entry["province"] = v.province_code(v.province_of(here));
    entry["fleet"] = codes_of(v.fleet_neighbours(here), location);
    locations.append(entry);
  }

  py::list names;
  for (const WrittenName& name : v.written_names()) {
    const bool power = name.target.kind == NameTarget::Kind::Power;
    names.append(py::make_tuple(name.text, power ? v.power_code(power_at(name.target.id))
                                                 : v.location_code(location_at(name.target.id))));
  }

  py::dict tables;
  tables["id"] = v.id();
  tables["victory"] = v.victory_centres();
  tables["start"] = phase_code(v.start_phase());
  tables["powers"] = powers;
  tables["provinces"] = provinces;
  tables["locations"] = locations;
  tables["names"] = names;
  return tables;
}

}  // namespace

void bind_map(py::module_& core) {
  core.def("map_names", [] { return std::vector<std::string>{standard_variant().id()}; },
           "The ids of the maps compiled in.");
  core.def(
      "map_tables",
      [](const std::string& name) {
        const Variant* variant = variant_named(name);
        if (!variant) bad_input("no map " + formats::in_quotes(name) + " (the maps are: " + standard_variant().id() + ")");
        return tables_of(*variant);
      },
      py::arg("name"),
      "A map's powers, provinces, locations, adjacency and names as written, as plain data "
      "(diplomacy.engine.map.Map is built from them).");
}

}  // namespace stratagem::python
