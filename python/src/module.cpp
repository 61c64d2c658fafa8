// stratagem._core: the engines for the `stratagem` Python package
// (shared/contracts/python-api.md). The package's pure-Python modules put the names
// where the contract wants them.
#include <pybind11/pybind11.h>

#include "bindings.h"

PYBIND11_MODULE(_core, core) {
  core.doc() =
      "Stratagem's Diplomacy and Dragonchess engines (use the stratagem.diplomacy and "
      "stratagem.dragonchess modules)";
  stratagem::python::bind_diplomacy(core);
  stratagem::python::bind_mila_fast_calls(core);  // after bind_diplomacy
  stratagem::python::bind_research(core);
  stratagem::python::bind_dragonchess(core);
  stratagem::python::bind_map(core);
  stratagem::python::bind_players(core);
}
