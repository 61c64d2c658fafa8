#pragma once
// The four languages a person may read the server's messages in, and how a request's
// language is chosen: the account's setting, else Accept-Language, else English.

#include <optional>
#include <string_view>

#include "stratagem/diplomacy/variant.h"

namespace stratagem::server {

// The engines' languages (their names of powers and places, the platform's messages).
using Language = diplomacy::Language;

// The best of the four for an Accept-Language header (RFC 9110 weights; zh-TW, zh-HK and
// zh-MO read as zh-Hant, other Chinese as zh-Hans); nullopt when none of them is asked for.
std::optional<Language> language_from_accept_language(std::string_view header);

}  // namespace stratagem::server
