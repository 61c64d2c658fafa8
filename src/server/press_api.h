#pragma once
// Structured press on the API (issue 19): a message's "press" may be DAIDE text
// ("PRP (PCE (FRA GER))", levels 10-30 of ../shared/daide/syntax.html), which becomes the
// platform's JSON of it before the game sees the message; and a message or deal the
// platform keeps as JSON is shown with "press" as canonical DAIDE text and "sentence",
// the proposal or answer in the reader's language.

#include <nlohmann/json.hpp>
#include <tl/expected.hpp>

#include "http_message.h"
#include "language.h"

namespace stratagem::server {

// body["press"] as DAIDE text into its JSON (an object is left for the platform to read);
// 400 naming where reading stopped.
tl::expected<void, ApiError> read_press_text(nlohmann::json& body, Language language);
// A listed message with "press" (JSON): "press" as DAIDE text, and "sentence" (with the
// reader's names).
void show_press(nlohmann::json& message, Language language, NameRegion names);
// A deal of DiplomacyGame::deals_for: "press" (PRP of its arrangement), "sentence" (the
// proposal that made it) and "agreement" (the agreement in force since it was made).
void show_deal(nlohmann::json& deal, Language language, NameRegion names);

}  // namespace stratagem::server
