#pragma once
// Names folded the way a variant's name table compares them (Variant::lookup), so that a
// player may write a name in any case, spacing or width: UTF-8 in, UTF-8 out.

#include <string>
#include <string_view>

namespace stratagem::diplomacy {

// Folds a name the way lookups compare them: ASCII letters lower-cased, spaces, '.',
// '-', '_' and apostrophes dropped, full-width ASCII folded to ASCII, and the
// ideographic space and middle dots dropped. "St. Petersburg" and "stpetersburg" meet.
std::string normalise_name(std::string_view name);

}  // namespace stratagem::diplomacy
