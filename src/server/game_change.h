#pragma once
// What storage writes after an action or a deadline changed a game: the record, its
// status and next deadline, and the effects (phases, messages, events) in one change,
// with the notices they mean to send (notices::notices_of) for the outbox.

#include <optional>
#include <vector>

#include "stratagem/platform/effects.h"
#include "stratagem/platform/game.h"
#include "stratagem/storage/store.h"

namespace stratagem::server {

storage::GameChange change_of(const platform::Game& game, const platform::Effects& effects, platform::Instant now,
                              std::optional<std::vector<storage::UserId>> players = std::nullopt);

// The game's messages as the platform reads them: ids numbered 1, 2, ... in the order
// stored, as the platform numbers them when they are sent.
std::vector<platform::Message> platform_messages(const std::vector<storage::StoredMessage>& stored);

}  // namespace stratagem::server
