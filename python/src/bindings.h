#pragma once
// The two halves of stratagem._core, bound by module.cpp.

#include <pybind11/pybind11.h>

#include <string>

#include "stratagem/diplomacy/rules.h"

namespace stratagem::python {

void bind_diplomacy(pybind11::module_& core);
void bind_research(pybind11::module_& core);  // after bind_diplomacy
void bind_mila_fast_calls(pybind11::module_& core);  // after bind_diplomacy
void bind_dragonchess(pybind11::module_& core);
void bind_map(pybind11::module_& core);
void bind_players(pybind11::module_& core);

// Bad input from Python: a ValueError with the message.
[[noreturn]] void bad_input(const std::string& message);
// A rule profile by name ("standard", "datc"), or bad_input.
diplomacy::RuleOptions rules_named(const std::string& name);

}  // namespace stratagem::python
