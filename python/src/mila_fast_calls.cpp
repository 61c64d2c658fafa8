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

// An attribute of MILA's Game read from its instance dict, by a name interned once: from
// C, PyObject_GetAttr costs some 500 instructions a call on MILA's Game (its type's
// eleven classes), where the interpreter's own attribute reads are specialised.
class GameAttribute {
 public:
  explicit GameAttribute(const char* name) : name_(PyUnicode_InternFromString(name)) {}
  // A borrowed reference, or null (with the error set only if one occurred).
  PyObject* in(PyObject* dict) const { return PyDict_GetItemWithError(dict, name_); }
  // Whether the attribute is in `dict` and true; -1 with the error set; 2 where it is not there.
  int is_true_in(PyObject* dict) const {
    PyObject* value = in(dict);
    if (!value) return PyErr_Occurred() ? -1 : 2;
    return PyObject_IsTrue(value);
  }
  int set_on(PyObject* object, PyObject* value) const { return PyObject_SetAttr(object, name_, value); }

 private:
  PyObject* name_;  // never freed, as the text cache
};

// Whether every item of `orders` (a list) is a string, and whether all are empty.
void look_at_orders(PyObject* orders, bool& all_texts, bool& all_empty) {
  all_texts = all_empty = true;
  for (Py_ssize_t i = 0; i < PyList_GET_SIZE(orders); ++i) {
    PyObject* item = PyList_GET_ITEM(orders, i);
    if (!PyUnicode_Check(item)) {
      all_texts = false;
      return;
    }
    if (PyUnicode_GET_LENGTH(item) > 0) all_empty = false;
  }
}

// (game, power_name, orders, expand, replace): MILA's Game.set_orders (game.py) where it
// has nothing to say: the power named by its code, a list of texts, the position and
// orders not changed by hand, no NO_CHECK in a movement phase, and every order taken as
// MILA takes it (none dropped, no VIA to look at, no WAIVE to settle). Then the orders are
// given, the power's flags set as set_orders sets them, and None is returned; otherwise
// nothing changes and False is returned, and set_orders goes its own way. One call where
// set_orders' Python cost as much as the engine's work (docs/diplomacy-speed.md).
PyObject* set_orders_of(PyObject*, PyObject* const* args, Py_ssize_t count) {
  if (!arguments_given("_set_orders_of", count, 5, 5)) return nullptr;
  static const GameAttribute position_changed("_position_changed"), orders_changed("_orders_changed"),
      completed("_completed"), powers("powers"), rules("rules"), powers_read("_powers_read"), voided("_voided"),
      orders_given("orders_given"), power_orders("_orders");
  static PyObject* const no_check = PyUnicode_InternFromString("NO_CHECK");
  PyObject* const self = args[0];
  PyObject* const power_name = args[1];
  PyObject* const orders = args[2];
  if (!PyUnicode_CheckExact(power_name) || !PyList_CheckExact(orders)) Py_RETURN_FALSE;
  bool all_texts = false, all_empty = false;
  look_at_orders(orders, all_texts, all_empty);
  if (!all_texts) Py_RETURN_FALSE;
  PyObject* const attributes = PyObject_GenericGetDict(self, nullptr);
  if (!attributes) return nullptr;
  const py::object attributes_object = py::reinterpret_steal<py::object>(attributes);
  for (const GameAttribute* flag : {&position_changed, &orders_changed, &completed}) {
    const int set = flag->is_true_in(attributes);
    if (set != 0) return set < 0 ? nullptr : Py_NewRef(Py_False);
  }
  PyObject* const all_powers = powers.in(attributes);
  PyObject* const power = all_powers && PyDict_CheckExact(all_powers) ? PyDict_GetItemWithError(all_powers, power_name)
                                                                      : nullptr;
  if (!power) return PyErr_Occurred() ? nullptr : Py_NewRef(Py_False);
  const py::object power_object = py::reinterpret_borrow<py::object>(power);
  return guarded([&]() -> py::object {
    PyDiplomacyGame& game = game_of(self);
    if (game.game().is_done()) return py::bool_(false);
    const diplomacy::PhaseType phase = game.state().phase.type;
    if (phase == diplomacy::PhaseType::Movement) {
      PyObject* const rule_list = rules.in(attributes);
      if (!rule_list) {
        if (PyErr_Occurred()) throw py::error_already_set();
        return py::bool_(false);
      }
      const int no_check_set = PySequence_Contains(rule_list, no_check);
      if (no_check_set != 0) {
        if (no_check_set < 0) throw py::error_already_set();
        return py::bool_(false);
      }
    }
    const diplomacy::Power named = power_named(game.variant(), std::string(utf8_of(power_name)));
    if (phase != diplomacy::PhaseType::Movement && all_empty) {
      if (PyList_GET_SIZE(orders) > 0) return py::bool_(false);
      // MILA: no orders leave the power no retreats or adjustments.
      game.game().set_orders(named, {});
      PyObject* const voided_dict = voided.in(attributes);
      if (!voided_dict) {
        if (PyErr_Occurred()) throw py::error_already_set();
      } else if (PyDict_CheckExact(voided_dict)) {
        const int contained = PyDict_Contains(voided_dict, power_name);
        if (contained < 0 || (contained && PyDict_DelItem(voided_dict, power_name) < 0)) throw py::error_already_set();
      } else {
        py::handle(voided_dict).attr("pop")(py::handle(power_name), py::none());
      }
    } else if (!game.give_orders_if_settled(named, py::handle(orders), PyObject_IsTrue(args[4]) == 1,
                                            PyObject_IsTrue(args[3]) == 1)) {
      return py::bool_(false);
    }
    if (orders_given.set_on(power, Py_True) < 0) throw py::error_already_set();
    const int read = powers_read.is_true_in(attributes);
    if (read < 0 || (read && power_orders.set_on(power, Py_None) < 0)) throw py::error_already_set();
    return py::none();
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
    {"_set_orders_of", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(set_orders_of)), METH_FASTCALL,
     "Game.set_orders(game, power_name, orders, expand, replace) where MILA's face has nothing more to do: None, "
     "or False having changed nothing"},
    {"_give_orders_of", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(give_orders_of)), METH_FASTCALL,
     "DiplomacyGame._give_orders_by_unit(game, power_name, orders, replace, expand=True)"},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

void bind_mila_fast_calls(py::module_& core) {
  if (PyModule_AddFunctions(core.ptr(), fast_calls) != 0) throw py::error_already_set();
}

}  // namespace stratagem::python
