#pragma once
// Traditional Chinese is read with Taiwan's names or Hong Kong's where the two differ. The
// variant's zh-Hant display names are Taiwan's (seed 003's table); Hong Kong's rulebook
// (seed 000) writes 意大利 for Taiwan's 義大利, the only name of the two seeds that differs.
// The web client's src/i18n/names.ts `regionalNames` holds the same pairs.

#include <cstdint>
#include <string>

namespace stratagem::formats {

enum class NameRegion : std::uint8_t { Taiwan, HongKong };

// `text`, composed of our own words and the variant's zh-Hant names (never a person's
// words: those stay as written), with the region's names.
std::string with_names_of(NameRegion region, std::string text);

}  // namespace stratagem::formats
