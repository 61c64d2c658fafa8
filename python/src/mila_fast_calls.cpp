// The calls MILA's face (python/diplomacy/engine/game.py) makes several times a phase, as
// plain CPython functions of stratagem._core taking the game as their first argument.
// pybind11's dispatch of a method costs 1,500-2,000 instructions a call (the function
// record, the argument casters, the instance's type looked up among the registered ones):
// more than the work of most of these. MILA's README loop makes about 30 such calls a
// phase (docs/diplomacy-speed.md). Each does exactly what the pybind11 method of the same
// meaning does (diplomacy_bindings.cpp), with the same errors.
#include <Python.h>

#include <exception>
#include <optional>
#include <string>

#include "bindings.h"
#include "py_diplomacy_game.h"

namespace stratagem::python {

namespace {

// The game object behind `self`: an instance of DiplomacyGame or of a Python class
// derived from it (MILA's Game). pybind11 keeps the C++ object of a class with a single
// bound base in the instance itself (its "simple layout"); anything else is cast.
PyDiplomacyGame& game_of(PyObject* self) {
  static PyTypeObject* const bound = reinterpret_cast<PyTypeObject*>(py::type::of<PyDiplomacyGame>().ptr());
  if (!PyObject_TypeCheck(self, bound))
    throw py::type_error(std::string("the game: a DiplomacyGame, got ") + Py_TYPE(self)->tp_name);
  auto* instance = reinterpret_cast<py::detail::instance*>(self);
  if (instance->simple_layout && instance->simple_holder_constructed && instance->simple_value_holder[0])
    return *static_cast<PyDiplomacyGame*>(instance->simple_value_holder[0]);
  return py::cast<PyDiplomacyGame&>(py::handle(self));
}

// Runs `call`, its C++ exceptions turned into Python's as pybind11 turns them.
template <class Call>
PyObject* guarded(Call call) {
  try {
    return call().release().ptr();
  } catch (py::error_already_set& error) {
    error.restore();
  } catch (py::builtin_exception& error) {
    error.set_error();
  } catch (const std::exception& error) {
    PyErr_SetString(PyExc_RuntimeError, error.what());
  }
  return nullptr;
}

std::optional<std::string> optional_text(PyObject* value) {
  if (value == Py_None) return std::nullopt;
  return py::cast<std::string>(py::handle(value));
}

PyObject* phase_of(PyObject*, PyObject* self) {
  return guarded([&] {
    // Never freed, as the text cache: not released after the interpreter has shut down.
    static PyObject* const completed = PyUnicode_InternFromString("COMPLETED");
    const DiplomacyGame& game = game_of(self).game();
    return game.is_done() ? py::reinterpret_borrow<py::str>(completed) : text_cache->phase(game.state().phase);
  });
}

PyObject* is_done_of(PyObject*, PyObject* self) {
  return guarded([&] { return py::bool_(game_of(self).game().is_done()); });
}

PyObject* history_size_of(PyObject*, PyObject* self) {
  return guarded([&] { return py::int_(game_of(self).history_size()); });
}

PyObject* via_unsettled_of(PyObject*, PyObject* self) {
  return guarded([&] { return py::bool_(game_of(self).via_left_unsettled()); });
}

PyObject* possible_orders_of(PyObject*, PyObject* self) {
  return guarded([&] { return game_of(self).all_possible_orders(true); });
}

PyObject* process_of(PyObject*, PyObject* self) {
  return guarded([&] { return game_of(self).process_with_mila_results(); });
}

bool arguments_given(const char* name, Py_ssize_t given, Py_ssize_t least, Py_ssize_t most) {
  if (given >= least && given <= most) return true;
  PyErr_Format(PyExc_TypeError, "%s: takes %zd to %zd arguments, got %zd", name, least, most, given);
  return false;
}

// (game, power_name or None)
PyObject* orderable_of(PyObject*, PyObject* const* args, Py_ssize_t count) {
  if (!arguments_given("_orderable_of", count, 2, 2)) return nullptr;
  return guarded([&] { return game_of(args[0]).orderable_locations(optional_text(args[1])); });
}

// (game, power_name, orders, replace, expand=True): DiplomacyGame._give_orders_by_unit.
PyObject* give_orders_of(PyObject*, PyObject* const* args, Py_ssize_t count) {
  if (!arguments_given("_give_orders_of", count, 4, 5)) return nullptr;
  return guarded([&] {
    const bool replace = PyObject_IsTrue(args[3]) == 1;
    const bool expand = count < 5 || PyObject_IsTrue(args[4]) == 1;
    return game_of(args[0]).give_orders_by_unit(py::cast<std::string>(py::handle(args[1])), py::handle(args[2]),
                                               replace, expand);
  });
}

PyMethodDef fast_calls[] = {
    {"_phase_of", phase_of, METH_O, "DiplomacyGame.get_current_phase(game)"},
    {"_is_done_of", is_done_of, METH_O, "DiplomacyGame.is_game_done of game"},
    {"_history_size_of", history_size_of, METH_O, "DiplomacyGame._history_size(game)"},
    {"_via_unsettled_of", via_unsettled_of, METH_O,
     "whether the last _give_orders_of(game, ...) left a text that may say VIA not held as written"},
    {"_possible_orders_of", possible_orders_of, METH_O, "DiplomacyGame._mila_possible_orders(game)"},
    {"_process_of", process_of, METH_O, "DiplomacyGame._process_with_mila_results(game)"},
    {"_orderable_of", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(orderable_of)), METH_FASTCALL,
     "DiplomacyGame.get_orderable_locations(game, power_name)"},
    {"_give_orders_of", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(give_orders_of)), METH_FASTCALL,
     "DiplomacyGame._give_orders_by_unit(game, power_name, orders, replace, expand=True)"},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

void bind_mila_fast_calls(py::module_& core) {
  if (PyModule_AddFunctions(core.ptr(), fast_calls) != 0) throw py::error_already_set();
}

}  // namespace stratagem::python
