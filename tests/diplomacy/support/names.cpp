#include "support/names.h"

#include "stratagem/diplomacy/name_folding.h"

namespace stratagem::diplomacy::testing {

std::vector<std::string> resolve(const Variant& variant, std::string_view name) {
  std::vector<std::string> codes;
  for (const NameTarget& t : variant.lookup(normalise_name(name)))
    codes.push_back(t.kind == NameTarget::Kind::Power ? variant.power_code(power_at(t.id))
                                                      : variant.location_code(location_at(t.id)));
  return codes;
}

}  // namespace stratagem::diplomacy::testing
