#pragma once
// The standard map's things by canonical code, for tests: loc("STP/NC"),
// province("PAR"), power("FRANCE"). An unknown code fails the test.

#include <string_view>

#include "stratagem/diplomacy/types.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy::testing {

inline const Variant& map() { return standard_variant(); }
Location loc(std::string_view code);
Province province(std::string_view code);
Power power(std::string_view code);

}  // namespace stratagem::diplomacy::testing
