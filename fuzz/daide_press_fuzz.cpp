// Any bytes as the tokens of a press message (two octets a token): reading it gives a
// message or a reason, never a crash; what reads is written back, read again and equal,
// and said in the four languages.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "stratagem/daide/press.h"
#include "stratagem/formats/diplomacy_press.h"

using namespace stratagem;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const daide::MapNames names(diplomacy::standard_variant(), daide::Representation::standard());
  const auto tokens = daide::from_octets(std::span<const std::uint8_t>(data, size));
  if (!tokens) return 0;
  const auto message = daide::read_press(*tokens, names);
  if (!message) return 0;
  const auto written = daide::press_tokens(*message, names);
  if (!written) return 0;
  const auto again = daide::read_press(*written, names);
  if (!again || !(*again == *message)) std::abort();  // writing and reading must agree
  for (int language = 0; language < diplomacy::kLanguageCount; ++language)
    (void)formats::press_sentence(names.variant(), diplomacy::power_at(0), *message,
                                  static_cast<diplomacy::Language>(language));
  return 0;
}
