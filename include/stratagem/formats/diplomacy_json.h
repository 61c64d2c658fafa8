#pragma once
// The JSON of the `stratagem diplomacy` commands (shared/contracts/diplomacy-cli.md):
// reading positions and adjudication inputs, where every bad field is reported with
// where it is and what it says (`units.FRANCE[2]: "A Xyz" is not a unit: ...`), and
// writing positions and phase reports in canonical notation.

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>
#include <tl/expected.hpp>

#include "stratagem/formats/diplomacy_phase_input.h"
#include "stratagem/formats/diplomacy_report.h"
#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/game.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::formats {

// Parses JSON text; a key given twice in one object is an error too.
tl::expected<nlohmann::json, std::string> parse_json(std::string_view text);

// The input of `adjudicate`: variant, phase, units, centers, retreats, orders, and the
// game extensions of docs/diplomacy-rules.md (setup, coin_toss, ending, civil_disorder,
// declarations).
tl::expected<PhaseInput, std::string> read_phase_input(const diplomacy::Variant& variant, const nlohmann::json& input);
// A position as `write_state` writes it. `path` names the object in messages ("" at the
// top level, "next" inside an adjudicate output).
tl::expected<diplomacy::GameState, std::string> read_state(const diplomacy::Variant& variant,
                                                           const nlohmann::json& input, const std::string& path);
// "setup", "coin_toss" and "ending" of an input (docs/diplomacy-rules.md): the game's
// rules when the input names any of the game extensions, nullopt otherwise. `phase` is
// the input's phase (setup 2 needs the coin toss from Fall 1914 on).
tl::expected<std::optional<diplomacy::GameRules>, std::string> read_game_rules(const diplomacy::Variant& variant,
                                                                               const nlohmann::json& input,
                                                                               diplomacy::Phase phase);
// An adjudicate output, as `write_phase_report` writes it.
tl::expected<PhaseReport, std::string> read_phase_report(const diplomacy::Variant& variant,
                                                         const nlohmann::json& input);

// {"phase", "units", "centers"} and, in a retreat phase, "retreats". Every power of the
// variant is a key, in variant order; units and places sorted by location code.
nlohmann::ordered_json write_state(const diplomacy::Variant& variant, const diplomacy::GameState& state);
// `stratagem diplomacy new --setup CODE`: write_state's fields and "setup".
nlohmann::ordered_json write_setup_start(const diplomacy::Variant& variant, const diplomacy::Setup& setup);
// {"phase", "results", "next"}, then "seats" and "end" for a game under a setup.
nlohmann::ordered_json write_phase_report(const diplomacy::Variant& variant, const PhaseReport& report);

// Serialises as the commands print: one line, UTF-8, or indented when `pretty`.
std::string dump_json(const nlohmann::ordered_json& value, bool pretty);

// "ok", "bounce", "cut", "dislodged", "no_convoy", "void", "invalid", "hold".
std::string_view outcome_code(diplomacy::Outcome outcome);

}  // namespace stratagem::formats
