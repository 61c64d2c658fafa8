#include "support/standard_map.h"

#include <gtest/gtest.h>

namespace stratagem::diplomacy::testing {

Location loc(std::string_view code) {
  for (int l = 0; l < map().location_count(); ++l)
    if (map().location_code(location_at(l)) == code) return location_at(l);
  ADD_FAILURE() << "no location " << code;
  return Location::None;
}

Province province(std::string_view code) { return map().province_of(loc(code)); }

Power power(std::string_view code) {
  for (int p = 0; p < map().power_count(); ++p)
    if (map().power_code(power_at(p)) == code) return power_at(p);
  ADD_FAILURE() << "no power " << code;
  return Power::None;
}

}  // namespace stratagem::diplomacy::testing
