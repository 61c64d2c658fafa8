#pragma once
// The words of orders that are not names of the map: unit types, verbs, "via convoy",
// coasts and the particles of prose, in English (with the usual one-letter abbreviations)
// and in the zh-Hant, zh-Hans and ja words of the seeds, the page's sentences (the locale
// files' game.sentence) and the server's (formats/diplomacy_words.cpp). Place and power
// names come from the variant.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "stratagem/diplomacy/types.h"

namespace stratagem::diplomacy {

enum class OrderWord : std::uint8_t {
  Army,
  Fleet,
  Hold,
  Move,
  Support,
  Convoy,
  Retreat,
  Disband,
  Build,
  Remove,
  Waive,
  To,  // "moves to"
  Via,  // "via (convoy)", 經由(運輸)
  By,   // "by convoy"
  NorthCoast,  // "nc", 北岸
  SouthCoast,
  EastCoast,
  WestCoast,
  North,  // only as "north coast", "(north)" or "/north"
  South,
  East,
  West,
  CoastNoun,  // "coast"
  At,         // "build army in Paris", "build fleet at Brest"
  Article,    // "an", "the" ("a" is Army; "build a fleet" reads it as an article)
  // Particles of Japanese and Chinese prose (パリの陸軍がブルゴーニュへ移動, 巴黎的陸軍).
  Of,       // の, 的: between a place and the unit there, and before a verbal noun
  Subject,  // が, は, a comma: after the unit that acts
  Toward,   // へ, に, まで: after a destination written before its verb
  Object,   // を: after the unit acted on, or the verbal noun
  Ending,   // する, します, 。: what may close a sentence
};

struct OrderWordMatch {
  OrderWord word;
  std::size_t length;  // bytes of the text taken
};

// The longest vocabulary word that `text` starts with, compared without regard to
// ASCII case. A word ending in a letter must not be followed by a letter or digit
// ("Par" does not start with "P..."; "Holland" does not start with "hold").
std::optional<OrderWordMatch> match_order_word(std::string_view text);

// The coast a coast word or direction names, Coast::None for other words.
Coast coast_of_word(OrderWord word);

}  // namespace stratagem::diplomacy
