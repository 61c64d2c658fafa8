#include "stratagem/diplomacy/ending.h"

#include <array>

namespace stratagem::diplomacy {

namespace {
constexpr std::array<std::string_view, 5> kEndKindCodes = {"centres", "fixed_year", "lot", "alliance", "draw"};
}

std::string_view end_kind_code(EndKind kind) { return kEndKindCodes[static_cast<int>(kind)]; }

std::optional<EndKind> end_kind_by_code(std::string_view code) {
  for (std::size_t k = 0; k < kEndKindCodes.size(); ++k)
    if (kEndKindCodes[k] == code) return static_cast<EndKind>(k);
  return std::nullopt;
}

}  // namespace stratagem::diplomacy
