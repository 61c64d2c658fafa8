// Any bytes as what a DAIDE server sends: the client answers or ends, never crashes. The
// bytes are fed in two pieces (cut where the first byte says), as a socket may split them;
// the seeds are the start of a real conversation, so mutations reach every stage.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>

#include "stratagem/daide/client.h"
#include "stratagem/diplomacy_bots/player.h"

using namespace stratagem;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto player = *diplomacy_bots::make_player("random");
  if (size == 0) return 0;
  daide::Client client(*player, {});
  (void)client.start();
  const std::span<const std::uint8_t> stream(data + 1, size - 1);
  const std::size_t cut = std::min<std::size_t>(data[0] * 16, stream.size());
  (void)client.receive(stream.first(cut));
  (void)client.receive(stream.subspan(cut));
  (void)client.take_events();
  client.connection_closed();
  return 0;
}
