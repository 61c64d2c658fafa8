// Any bytes as what a DAIDE client sends to our server: the session answers or ends,
// never crashes. The table seats the client as France in a game of press level 30 that
// has started, takes every submission and reports a processed turn, press and now and then
// the end or no power at all (a seat taken over) whenever asked, so mutations reach every
// command. The bytes are fed in two pieces (cut where the first byte says), as a socket may
// split them; the seeds are real openings (IM, NME, MDF, YES (MAP), SUB, GOF, DRW, SND).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>

#include "stratagem/daide/server.h"
#include "stratagem/diplomacy/variant.h"

using namespace stratagem;

namespace {

class AcceptingTable : public daide::Table {
 public:
  bool join(const std::string&, const std::string&) override { return true; }
  bool accept_map() override { return true; }
  bool leave() override { return true; }
  bool rejoin(diplomacy::Power, long passcode) override { return passcode == 1; }
  bool observe() override { return true; }
  daide::GameNews news() override {
    const auto& variant = diplomacy::standard_variant();
    daide::GameNews news;
    news.started = true;
    news.settings.level = 30;  // press too
    news.power = diplomacy::power_at(2);
    news.passcode = 1;
    news.state = diplomacy::GameState::initial(variant);
    news.seconds_to_deadline = 60;
    news.start = news.state;
    news.processed.push_back({news.state, {}, news.state});
    news.press.push_back({diplomacy::power_at(0), {diplomacy::power_at(2)},
                          {diplomacy::PressMessage::Kind::Propose,
                           {.kind = diplomacy::Arrangement::Kind::Peace, .powers = {diplomacy::power_at(0), diplomacy::power_at(2)}}}});
    if (++calls_ % 3 == 0) news.end = daide::GameEnd{diplomacy::power_at(2), {}, {}};
    if (calls_ % 5 == 4) news.power.reset();  // a seat taken over meanwhile
    return news;
  }
  bool submit(diplomacy::Phase, const std::vector<diplomacy::Order>&, bool) override { return true; }
  bool vote_draw(bool) override { return true; }
  bool send_press(const std::vector<diplomacy::Power>&, const diplomacy::PressMessage&) override { return true; }
  std::optional<daide::ProcessedTurn> history(diplomacy::Phase) override {
    const auto start = diplomacy::GameState::initial(diplomacy::standard_variant());
    return daide::ProcessedTurn{start, {}, start};
  }

 private:
  int calls_ = 0;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  AcceptingTable table;
  daide::ServerSession session(table, diplomacy::standard_rules());
  const std::span<const std::uint8_t> stream(data + 1, size - 1);
  const std::size_t cut = std::min<std::size_t>(data[0] * 16, stream.size());
  (void)session.receive(stream.first(cut));
  (void)session.game_changed();
  (void)session.receive(stream.subspan(cut));
  (void)session.game_changed();
  (void)session.take_log();
  return 0;
}
