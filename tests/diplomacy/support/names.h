#pragma once
// What a name resolves to in a variant, as codes, for tests that check the names a map
// reads: power codes ("ENGLAND") and location codes ("ENG").

#include <string>
#include <string_view>
#include <vector>

#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy::testing {

std::vector<std::string> resolve(const Variant& variant, std::string_view name);

}  // namespace stratagem::diplomacy::testing
