#pragma once
// The two halves of stratagem._core, bound by module.cpp.

#include <pybind11/pybind11.h>

namespace stratagem::python {

void bind_diplomacy(pybind11::module_& core);
void bind_dragonchess(pybind11::module_& core);

}  // namespace stratagem::python
