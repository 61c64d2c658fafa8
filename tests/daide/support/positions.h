#pragma once
// What a DAIDE server sends about a position: NOW (with MRT retreat options) and SCO, as
// token lists of their arguments. Tests write positions with these and read them back
// through the client's translation.

#include "stratagem/daide/translation.h"
#include "stratagem/diplomacy/state.h"

namespace stratagem::daide::testing {

TokenList now_arguments(const diplomacy::GameState& state, const MapNames& names);
TokenList sco_arguments(const diplomacy::GameState& state, const MapNames& names);

}  // namespace stratagem::daide::testing
