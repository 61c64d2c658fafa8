#include "stratagem/formats/regional_names.h"

#include <string_view>
#include <utility>

namespace stratagem::formats {
namespace {

// Taiwan's name (the variant's zh-Hant display name), then Hong Kong's.
constexpr std::pair<std::string_view, std::string_view> kHongKongNames[] = {
    {"義大利", "意大利"},
};

}  // namespace

std::string with_names_of(NameRegion region, std::string text) {
  if (region != NameRegion::HongKong) return text;
  for (const auto& [taiwan, hong_kong] : kHongKongNames)
    for (auto at = text.find(taiwan); at != std::string::npos; at = text.find(taiwan, at + hong_kong.size()))
      text.replace(at, taiwan.size(), hong_kong);
  return text;
}

}  // namespace stratagem::formats
