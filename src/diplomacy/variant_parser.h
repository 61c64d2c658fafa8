#pragma once
// The variant format's parser (docs/variant-format.md), behind Variant::parse. It reads in
// two passes: each statement on its own, by the table of statements (keyword, block,
// reader), then the map as a whole once every code is known.

#include <string_view>

#include <tl/expected.hpp>

#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

tl::expected<Variant, VariantError> parse_variant(std::string_view text);

}  // namespace stratagem::diplomacy
