// stratagem._core: the Diplomacy half. `DiplomacyGame` (py_diplomacy_game.h) carries the
// names of MILA's `diplomacy.Game` (the pure-Python `stratagem.diplomacy.Game` and MILA's
// face `diplomacy.engine.game.Game` derive from it and add what is easier in Python);
// `selfplay` plays random games on several threads; `encode_board` and
// `encode_previous_orders` fill board tensors.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bindings.h"
#include "mila_hash.h"
#include "py_diplomacy_game.h"
#include "stratagem/diplomacy/board_encoding.h"
#include "stratagem/diplomacy/position_hash.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"
#include "stratagem/formats/diplomacy_places.h"
#include "stratagem/runners/parallel_selfplay.h"

namespace stratagem::python {

[[noreturn]] void bad_input(const std::string& message) { throw pybind11::value_error(message); }

diplomacy::RuleOptions rules_named(const std::string& name) {
  auto rules = diplomacy::rules_by_name(name);
  if (!rules)
    bad_input("rules: unknown rule profile " + formats::in_quotes(name) + " (the profiles are standard, datc)");
  return *rules;
}

using namespace diplomacy;

namespace {

// A float32 array (games, locations, features) that `encoder_of(game)` fills row block by
// row block: the encoders are made with the interpreter lock held (they read the games)
// and run with it released, in place.
template <class EncoderOf>
py::array_t<float> encode_games(const std::vector<const PyDiplomacyGame*>& games, const char* name,
                                std::size_t features, EncoderOf encoder_of) {
  const Variant& variant = standard_variant();
  const auto locations = static_cast<py::ssize_t>(board_locations(variant).size());
  py::array_t<float> out({static_cast<py::ssize_t>(games.size()), locations, static_cast<py::ssize_t>(features)});
  float* data = out.mutable_data();
  using Encoder = decltype(encoder_of(*games.front()));
  std::vector<Encoder> encoders;
  encoders.reserve(games.size());
  for (const PyDiplomacyGame* game : games) {
    if (game == nullptr) bad_input(std::string(name) + ": a game is None");
    encoders.push_back(encoder_of(*game));
  }
  {
    py::gil_scoped_release unlocked;
    const auto stride = static_cast<std::size_t>(locations) * features;
    for (std::size_t i = 0; i < encoders.size(); ++i) encoders[i](variant, std::span<float>(data + i * stride, stride));
  }
  return out;
}

}  // namespace

void bind_diplomacy(py::module_& core) {
  text_cache = new TextCache(standard_variant());

  py::class_<PyDiplomacyGame>(core, "DiplomacyGame")
      .def(py::init<const std::string&, std::optional<int>>(), py::arg("rules") = "standard",
           py::arg("max_year") = py::none())
      .def(py::init<const PyDiplomacyGame&>(), py::arg("other"))
      .def("get_current_phase", &PyDiplomacyGame::current_phase)
      .def_property_readonly("is_game_done", [](PyDiplomacyGame& g) { return g.game().is_done(); })
      .def("get_units", &PyDiplomacyGame::units, py::arg("power_name") = py::none())
      .def("get_centers", &PyDiplomacyGame::centres, py::arg("power_name") = py::none())
      .def("get_orderable_locations", &PyDiplomacyGame::orderable_locations, py::arg("power_name") = py::none())
      .def("get_all_possible_orders", [](const PyDiplomacyGame& game) { return game.all_possible_orders(); })
      .def("set_orders", &PyDiplomacyGame::set_orders, py::arg("power_name"), py::arg("orders"),
           py::arg("expand") = true, py::arg("replace") = true)
      .def_property("strict", &PyDiplomacyGame::strict, &PyDiplomacyGame::set_strict)
      .def_property("error", &PyDiplomacyGame::errors, &PyDiplomacyGame::set_errors)
      .def(
          "get_hash", [](const PyDiplomacyGame& game) { return position_hash(game.variant(), game.state()); },
          "A Zobrist hash of the position (units, dislodged units, centres, phase): equal for equal positions.")
      .def("get_orders", &PyDiplomacyGame::orders, py::arg("power_name") = py::none())
      .def("clear_orders", &PyDiplomacyGame::clear_orders)
      .def("process", &PyDiplomacyGame::process)
      .def("get_order_results", &PyDiplomacyGame::order_results)
      .def_property_readonly("rule_profile", &PyDiplomacyGame::rules_profile)
      .def_property_readonly("max_year", &PyDiplomacyGame::max_year)
      .def("_state_json", &PyDiplomacyGame::state_text)
      .def("_played_phases", &PyDiplomacyGame::played_phases)
      .def("_current_orders", &PyDiplomacyGame::current_orders_dict)
      .def("_restore", &PyDiplomacyGame::restore, py::arg("phases"), py::arg("completed"))
      .def("_process_with_mila_results", &PyDiplomacyGame::process_with_mila_results)
      .def("_history_results", &PyDiplomacyGame::history_results, py::arg("index"), py::arg("words"))
      .def("_history_state", &PyDiplomacyGame::history_state, py::arg("index"), py::arg("name"), py::arg("note"),
           py::arg("timestamp"))
      .def("_history_orders", &PyDiplomacyGame::history_orders, py::arg("index"))
      .def("_history_size", &PyDiplomacyGame::history_size)
      .def("_give_orders_by_unit", &PyDiplomacyGame::give_orders_by_unit, py::arg("power_name"), py::arg("orders"),
           py::arg("replace"), py::arg("expand") = true)
      .def("_set_position", &PyDiplomacyGame::set_position, py::arg("position"))
      .def("_mila_state", &PyDiplomacyGame::mila_state, py::arg("name"), py::arg("note"), py::arg("timestamp"))
      .def("_mila_lists", &PyDiplomacyGame::mila_lists, py::arg("power_name"))
      .def("_mila_refusal", &PyDiplomacyGame::mila_refusal, py::arg("power_name"), py::arg("order"))
      .def("_mila_possible_orders", [](const PyDiplomacyGame& game) { return game.all_possible_orders(true); })
      .def("_mila_hash", [](const PyDiplomacyGame& game) { return mila_hash(game.variant(), game.state()); })
      .def("_set_arrivals", &PyDiplomacyGame::set_arrivals, py::arg("units"), py::arg("dislodged"), py::arg("centers"),
           py::arg("influence"))
      .def_static(
          "_valid_unit",
          [](const std::string& text) { return formats::read_unit(standard_variant(), text).has_value(); },
          py::arg("unit"), "Whether a unit (\"A PAR\", \"F STP/SC\") can stand where it is written.")
      .def_static(
          "_supply_centres",
          [] {
            py::list centres;
            standard_variant().all_supply_centres().for_each(
                [&](int p) { centres.append(text_cache->province(province_at(p))); });
            return centres;
          },
          "The provinces that are supply centres.");

  core.def(
      "_set_mila_hash_keys",
      [](std::array<std::vector<std::uint64_t>, 2> unit_type, std::vector<std::vector<std::uint64_t>> unit_power,
         std::array<std::vector<std::uint64_t>, 2> dislodged_type,
         std::vector<std::vector<std::uint64_t>> dislodged_power, std::vector<std::vector<std::uint64_t>> centre,
         std::vector<std::vector<std::uint64_t>> home) {
        const auto locations = static_cast<std::size_t>(standard_variant().location_count());
        const auto powers = static_cast<std::size_t>(standard_variant().power_count());
        for (const auto* table : {&unit_power, &dislodged_power, &centre, &home})
          if (table->size() != powers) bad_input("_set_mila_hash_keys: a table of keys for each power");
        for (const auto* table : {&unit_power, &dislodged_power, &centre, &home})
          for (const auto& keys : *table)
            if (keys.size() != locations) bad_input("_set_mila_hash_keys: a key for each location");
        for (const auto& keys : {unit_type[0], unit_type[1], dislodged_type[0], dislodged_type[1]})
          if (keys.size() != locations) bad_input("_set_mila_hash_keys: a key for each location");
        set_mila_hash_keys({unit_type, dislodged_type, unit_power, dislodged_power, centre, home});
      },
      py::arg("unit_type"), py::arg("unit_power"), py::arg("dislodged_type"), py::arg("dislodged_power"),
      py::arg("centre"), py::arg("home"),
      "MILA's Zobrist keys, by location index of the variant (diplomacy/engine/game.py draws them at import).");

  core.def(
      "selfplay",
      [](int games, const py::int_& seed_number, int threads, int max_year, const std::string& rules) {
        const std::uint64_t seed = PyLong_AsUnsignedLongLong(seed_number.ptr());
        if (PyErr_Occurred()) {
          PyErr_Clear();
          bad_input("seed: " + std::string(py::repr(seed_number)) +
                    " is not a whole number from 0 to 18446744073709551615");
        }
        const int first_year = standard_variant().start_phase().year;
        if (games < 1) bad_input("games: must be at least 1, got " + std::to_string(games));
        if (threads < 1) bad_input("threads: must be at least 1, got " + std::to_string(threads));
        if (max_year < first_year || max_year > 9999)
          bad_input("max_year: must be from " + std::to_string(first_year) + " to 9999, got " +
                    std::to_string(max_year));
        const RuleOptions options = rules_named(rules);
        runners::ParallelSelfplayResult result;
        {
          py::gil_scoped_release unlocked;
          result = runners::play_random_games_in_parallel(standard_variant(), options, games, seed, max_year, threads);
        }
        py::dict out;
        out["games"] = result.stats.games;
        out["phases"] = result.stats.phases;
        out["seconds"] = result.seconds;
        out["phases_per_second"] = result.seconds > 0 ? static_cast<double>(result.stats.phases) / result.seconds : 0.0;
        out["won"] = result.stats.won;
        out["threads"] = threads;
        return out;
      },
      py::arg("games"), py::arg("seed"), py::arg("threads") = 1, py::arg("max_year") = 1930,
      py::arg("rules") = "standard");

  core.def(
      "encode_board",
      [](const std::vector<const PyDiplomacyGame*>& games) {
        return encode_games(games, "encode_board", kBoardFeatures, [](const PyDiplomacyGame& game) {
          return [&state = game.state()](const Variant& variant, std::span<float> rows) {
            encode_board(variant, state, rows);
          };
        });
      },
      py::arg("games"), "The board features of each game: float32 array (games, locations, 35) (docs/python.md).");

  core.def(
      "encode_previous_orders",
      [](const std::vector<const PyDiplomacyGame*>& games) {
        return encode_games(games, "encode_previous_orders", kOrderFeatures, [](const PyDiplomacyGame& game) {
          const PlayedPhase* last = nullptr;
          for (const PlayedPhase& phase : game.game().history())
            if (phase.state.phase.type == PhaseType::Movement) last = &phase;
          return [last](const Variant& variant, std::span<float> rows) {
            if (!last) {
              // No movement phase played yet: every row says "no order".
              encode_orders(variant, GameState::initial(variant), {}, rows);
              return;
            }
            encode_orders(variant, last->state, last->accepted, rows);
          };
        });
      },
      py::arg("games"),
      "The orders of each game's last movement phase: float32 array (games, locations, 40) (docs/python.md).");
}

}  // namespace stratagem::python
