#include "support/conversation.h"

#include <stdexcept>

#include <fmt/format.h>

#include "stratagem/daide/framing.h"
#include "stratagem/daide/message.h"
#include "stratagem/daide/translation.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::daide::testing {

std::vector<std::uint8_t> diplomacy_message(std::string_view text) {
  auto tokens = from_text(text, Representation::standard());
  if (!tokens) throw std::runtime_error("the test's message does not read: " + tokens.error());
  return *encode_frame(MessageType::Diplomacy, to_octets(*tokens));
}

std::vector<std::string> messages_in(const std::vector<std::uint8_t>& octets) {
  FrameReader reader;
  reader.feed(octets);
  std::vector<std::string> out;
  while (auto frame = reader.next()) {
    switch (static_cast<MessageType>(frame->type)) {
      case MessageType::Diplomacy: out.push_back(to_text(*from_octets(frame->data), Representation::standard())); break;
      case MessageType::Initial: out.push_back("IM"); break;
      case MessageType::Representation: out.push_back("RM"); break;
      case MessageType::Final: out.push_back("FM"); break;
      case MessageType::Error: out.push_back(fmt::format("EM 0x{:02X}", frame->data.size() == 2 ? frame->data[1] : 0xFF)); break;
      default: out.push_back(fmt::format("type {}", frame->type));
    }
  }
  if (reader.pending() != 0) out.push_back(fmt::format("{} stray octets", reader.pending()));
  return out;
}

std::string standard_mdf() {
  const MapNames names(diplomacy::standard_variant(), Representation::standard());
  return "MDF " + to_text(*map_definition(names), Representation::standard());
}

const std::string_view kStartSco =
    "SCO (AUS BUD TRI VIE) (ENG LVP EDI LON) (FRA BRE MAR PAR) (GER KIE BER MUN) (ITA ROM NAP VEN) "
    "(RUS STP MOS WAR SEV) (TUR ANK CON SMY) (UNO NWY SWE DEN HOL BEL SPA POR TUN GRE SER RUM BUL)";
const std::string_view kStartNow =
    "NOW (SPR 1901) (AUS FLT TRI) (AUS AMY BUD) (AUS AMY VIE) (ENG FLT LON) (ENG FLT EDI) (ENG AMY LVP) "
    "(FRA FLT BRE) (FRA AMY PAR) (FRA AMY MAR) (GER FLT KIE) (GER AMY BER) (GER AMY MUN) (ITA FLT NAP) "
    "(ITA AMY ROM) (ITA AMY VEN) (RUS FLT (STP SCS)) (RUS FLT SEV) (RUS AMY MOS) (RUS AMY WAR) "
    "(TUR FLT ANK) (TUR AMY CON) (TUR AMY SMY)";

}  // namespace stratagem::daide::testing
