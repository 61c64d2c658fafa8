#include "text_cache.h"

#include <algorithm>

#include "bindings.h"
#include "stratagem/formats/diplomacy_places.h"

namespace stratagem::python {

using namespace diplomacy;

TextCache* text_cache = nullptr;

Power power_named(const Variant& variant, const std::string& name) {
  // The canonical code, as research loops pass it, before any other name of the power.
  for (int p = 0; p < variant.power_count(); ++p)
    if (variant.power_code(power_at(p)) == name) return power_at(p);
  auto power = formats::read_power(variant, name);
  if (!power) bad_input(power.error());
  return *power;
}

py::list sorted_texts(std::vector<std::pair<std::string_view, py::str>> entries) {
  std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  py::list list(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) list[i] = entries[i].second;
  return list;
}

std::string_view utf8_of(const py::handle& text) {
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(text.ptr(), &size);
  if (!data) throw py::error_already_set();
  return {data, static_cast<std::size_t>(size)};
}

}  // namespace stratagem::python
