// The research part of stratagem._core (stratagem.env, stratagem.distributed): the action
// vocabulary, the map's rows for the board tensors, many games stepped at once, and
// random games replayable by their seed.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bindings.h"
#include "vector_games.h"
#include "stratagem/diplomacy/action_vocabulary.h"
#include "stratagem/diplomacy/board_encoding.h"
#include "stratagem/diplomacy/selfplay.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::python {

namespace py = pybind11;
using namespace diplomacy;

void bind_research(py::module_& core) {
  core.def(
      "order_vocabulary", [] { return action_vocabulary(standard_variant()); },
      "Every order legal in some position of the standard map, canonical, sorted (docs/python.md).");

  py::class_<VectorGames>(core, "VectorGames",
                          "Many games stepped at once in C++ threads (stratagem.env.VectorEnv).")
      .def(py::init([](int games, int max_year, int threads, const std::string& rules) {
             if (games < 1) bad_input("games: must be at least 1, got " + std::to_string(games));
             if (threads < 1) bad_input("threads: must be at least 1, got " + std::to_string(threads));
             const int first_year = standard_variant().start_phase().year;
             if (max_year < first_year || max_year > 9999)
               bad_input("max_year: must be from " + std::to_string(first_year) + " to 9999, got " + std::to_string(max_year));
             return std::make_unique<VectorGames>(standard_variant(), rules_named(rules),
                                                  action_vocabulary(standard_variant()), games, max_year, threads);
           }),
           py::arg("games"), py::arg("max_year") = 1930, py::arg("threads") = 1, py::arg("rules") = "standard")
      .def_property_readonly("size", &VectorGames::size)
      .def_property_readonly("phases", &VectorGames::phases)
      .def("step",
           [](VectorGames& games, const py::array_t<std::int32_t, py::array::c_style | py::array::forcecast>& actions,
              py::array_t<float, py::array::c_style>& boards, py::array_t<std::int32_t, py::array::c_style>& centres,
              py::array_t<std::uint8_t, py::array::c_style>& done) {
             if (actions.ndim() != 2 || actions.shape(0) != games.size())
               bad_input("actions: must have shape (games, orders), games = " + std::to_string(games.size()));
             if (boards.size() != static_cast<py::ssize_t>(games.size()) * games.locations() * kBoardFeatures ||
                 centres.size() != static_cast<py::ssize_t>(games.size()) * standard_variant().power_count() ||
                 done.size() != games.size())
               bad_input("boards, centres, done: must have shapes (games, 81, 35), (games, 7), (games,)");
             const std::int32_t* a = actions.data();
             const int width = static_cast<int>(actions.shape(1));
             float* b = boards.mutable_data();
             std::int32_t* c = centres.mutable_data();
             std::uint8_t* d = done.mutable_data();
             py::gil_scoped_release unlocked;
             games.step(a, width, b, c, d);
           },
           py::arg("actions"), py::arg("boards"), py::arg("centres"), py::arg("done"))
      .def("observe",
           [](const VectorGames& games, py::array_t<float, py::array::c_style>& boards,
              py::array_t<std::int32_t, py::array::c_style>& centres) {
             if (boards.size() != static_cast<py::ssize_t>(games.size()) * games.locations() * kBoardFeatures ||
                 centres.size() != static_cast<py::ssize_t>(games.size()) * standard_variant().power_count())
               bad_input("boards, centres: must have shapes (games, 81, 35), (games, 7)");
             float* b = boards.mutable_data();
             std::int32_t* c = centres.mutable_data();
             py::gil_scoped_release unlocked;
             games.observe(b, c);
           },
           py::arg("boards"), py::arg("centres"))
      .def("legal", [](const VectorGames& games) {
        std::vector<std::int64_t> offsets;
        std::vector<std::int32_t> indices;
        {
          py::gil_scoped_release unlocked;
          games.legal(offsets, indices);
        }
        return py::make_tuple(py::array_t<std::int64_t>(static_cast<py::ssize_t>(offsets.size()), offsets.data()),
                              py::array_t<std::int32_t>(static_cast<py::ssize_t>(indices.size()), indices.data()));
      });

  core.def(
      "location_codes",
      [] {
        const Variant& variant = standard_variant();
        std::vector<std::string> codes;
        for (const Location l : board_locations(variant)) codes.push_back(variant.location_code(l));
        return codes;
      },
      "The standard map's locations in the variant's order: the rows of encode_board.");

  core.def(
      "location_areas",
      [] {
        const Variant& variant = standard_variant();
        std::vector<std::string> areas;
        for (const Location l : board_locations(variant)) {
          const Terrain terrain = variant.terrain(variant.province_of(l));
          areas.emplace_back(terrain == Terrain::Sea ? "water" : terrain == Terrain::Coastal ? "coast" : "land");
        }
        return areas;
      },
      "The area type of each row of encode_board: land, water or coast.");

  core.def(
      "supply_centres",
      [] {
        const Variant& variant = standard_variant();
        std::vector<std::string> centres;
        for (int p = 0; p < variant.province_count(); ++p)
          if (variant.is_supply_centre(province_at(p))) centres.push_back(variant.province_code(province_at(p)));
        return centres;
      },
      "The standard map's supply centres (province codes).");

  core.def(
      "random_games",
      [](const std::vector<std::uint64_t>& seeds, int max_year, const std::string& rules) {
        const int first_year = standard_variant().start_phase().year;
        if (max_year < first_year || max_year > 9999)
          bad_input("max_year: must be from " + std::to_string(first_year) + " to 9999, got " +
                    std::to_string(max_year));
        const RuleOptions options = rules_named(rules);
        std::vector<RandomGame> played;
        played.reserve(seeds.size());
        {
          py::gil_scoped_release unlocked;
          for (const std::uint64_t seed : seeds) played.push_back(play_random_game(standard_variant(), options, seed, max_year));
        }
        py::list out;
        const Variant& variant = standard_variant();
        for (std::size_t i = 0; i < seeds.size(); ++i) {
          py::dict centres;
          for (int p = 0; p < variant.power_count(); ++p)
            centres[py::str(variant.power_code(power_at(p)))] = played[i].final_state.centre_count(power_at(p));
          py::dict game;
          game["seed"] = seeds[i];
          game["phases"] = played[i].phases;
          game["centres"] = centres;
          game["winner"] = played[i].winner == Power::None ? py::object(py::none()) : py::object(py::str(variant.power_code(played[i].winner)));
          out.append(game);
        }
        return out;
      },
      py::arg("seeds"), py::arg("max_year") = 1930, py::arg("rules") = "standard",
      "Random games, one per seed (each replayed by its seed alone): [{seed, phases, centres, winner}].");
}

}  // namespace stratagem::python
