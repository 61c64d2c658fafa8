#pragma once
// The game's processed phases (entries of GET /games/{id}/phases) as a DAIDE server
// reports them in ORD: each order as the engine reads it, with its result in DAIDE's
// words (SUC, BNC, CUT, DSR, NSO, RET).

#include <optional>

#include <nlohmann/json.hpp>

#include "stratagem/daide/server.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::server {

// The position a phase entry was played from.
std::optional<diplomacy::GameState> phase_position(const diplomacy::Variant& variant, const nlohmann::json& entry);

// `after`: the position the phase led to (the next entry's, or the game's now).
// Nullopt for an entry that cannot be read (logged by the caller).
std::optional<daide::ProcessedTurn> processed_turn(const diplomacy::Variant& variant, const nlohmann::json& entry,
                                                   const diplomacy::GameState& after);

}  // namespace stratagem::server
