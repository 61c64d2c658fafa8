// stratagem._core: our computer players (src/diplomacy_bots) for a game's position:
// `player_orders` gives the orders a named player (`make_player`'s names: dumbbot,
// search:3, equilibrium:4, strongest, ...) would give for one power in the current phase.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bindings.h"
#include "py_diplomacy_game.h"
#include "text_cache.h"
#include "stratagem/diplomacy_bots/player.h"
#include "stratagem/formats/diplomacy_legal.h"

namespace stratagem::python {

void bind_players(py::module_& core) {
  core.def(
      "player_orders",
      [](const PyDiplomacyGame& game, const std::string& power_name, const std::string& player_name,
         std::uint64_t seed) {
        if (game.game().is_done()) bad_input("player_orders: the game is over");
        const diplomacy::Power power = power_named(game.variant(), power_name);
        auto player = diplomacy_bots::make_player(player_name);
        if (!player) bad_input("player_orders: " + player.error());
        // The player works on its own copy of the position, without the interpreter lock.
        const diplomacy::GameState state = game.state();
        const diplomacy::RuleOptions rules = game.game().rules();
        std::vector<std::string> texts;
        {
          py::gil_scoped_release unlocked;
          const diplomacy_bots::Turn turn{game.variant(), rules, state, power, seed};
          for (const diplomacy::Order& order : (*player)->orders(turn))
            texts.push_back(formats::canonical_order_text(game.variant(), state, order));
        }
        return texts;
      },
      py::arg("game"), py::arg("power_name"), py::arg("player") = "strongest", py::arg("seed") = 0,
      "The orders the named computer player gives for the power in the game's current phase (canonical "
      "text; the same seed gives the same orders).");
}

}  // namespace stratagem::python
