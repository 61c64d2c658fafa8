#pragma once
// The four languages a person may read the server's messages in, and how a request's
// language is chosen: the account's setting, else Accept-Language, else English.

#include <optional>
#include <string_view>
#include <vector>

#include "stratagem/diplomacy/variant.h"
#include "stratagem/formats/regional_names.h"

namespace stratagem::server {

// The engines' languages (their names of powers and places, the platform's messages).
using Language = diplomacy::Language;
// Whose names a reader of traditional Chinese reads where Taiwan's and Hong Kong's differ.
using NameRegion = formats::NameRegion;

// The best of the four for an Accept-Language header (RFC 9110 weights; zh-TW, zh-HK and
// zh-MO read as zh-Hant, other Chinese as zh-Hans); nullopt when none of them is asked for.
std::optional<Language> language_from_accept_language(std::string_view header);
// Hong Kong's names when that best language is asked for as zh-Hant-HK, zh-HK or zh-MO (as
// the web client asks for its 香港繁體 page), else Taiwan's.
NameRegion names_from_accept_language(std::string_view header);

// What an account may choose as its language: the four, and traditional Chinese with Hong
// Kong's names of places and powers (zh-Hant-HK; zh-Hant has Taiwan's). The server's own
// messages are the same in both; the sentences it writes with names (press, notices) take
// the account's names (account_names).
const std::vector<std::string_view>& account_languages();

// The language an account's setting reads in (zh-Hant-HK as zh-Hant); nullopt for another.
std::optional<Language> account_language(std::string_view code);
// Whose names an account's language reads: Hong Kong's for zh-Hant-HK, else Taiwan's.
NameRegion account_names(std::string_view code);

}  // namespace stratagem::server
