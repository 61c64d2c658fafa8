#pragma once
// Helpers to talk to the DAIDE client in tests: messages written as text, the client's
// replies read back as text, and the standard game's opening messages.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace stratagem::daide::testing {

// A Diplomacy Message (with its header) from text in the standard representation.
std::vector<std::uint8_t> diplomacy_message(std::string_view text);
// Every message in the octets, in order: Diplomacy Messages as text, the others as
// "IM", "FM", "EM 0x0A", or "RM" / "type 9".
std::vector<std::string> messages_in(const std::vector<std::uint8_t>& octets);

// The standard map's MDF message, and the start of the game as syntax.html writes it.
std::string standard_mdf();
extern const std::string_view kStartSco;
extern const std::string_view kStartNow;

}  // namespace stratagem::daide::testing
