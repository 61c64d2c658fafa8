#pragma once
// Structured press (stratagem/diplomacy/press.h) in DAIDE's tokens: PRP (arrangement) and
// the answers YES/REJ/BWX (PRP (...)) and CCL (PRP (...)), arrangements PCE, ALY ... VSS,
// DRW, SLO, DMZ, XDO with its order, AND, ORR, NOT and NAR (syntax.html, levels 10-30).
// Reading says what was wrong and where, in words; nothing in a message can crash it.

#include <string>

#include <tl/expected.hpp>

#include "stratagem/daide/message.h"
#include "stratagem/daide/translation.h"
#include "stratagem/diplomacy/press.h"

namespace stratagem::daide {

// A press message from its tokens (the message's items: PRP (...), YES (PRP (...)), ...).
tl::expected<diplomacy::PressMessage, std::string> read_press(const Nodes& items, const MapNames& names);
tl::expected<diplomacy::PressMessage, std::string> read_press(const TokenList& tokens, const MapNames& names);
// Its tokens; an error when something in it has no DAIDE name.
tl::expected<TokenList, std::string> press_tokens(const diplomacy::PressMessage& message, const MapNames& names);

}  // namespace stratagem::daide
