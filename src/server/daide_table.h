#pragma once
// A DAIDE client's place in the server's games (daide::Table): which game it sits at or
// watches, as which power, and every action it takes there, each one storage
// transaction like an HTTP request's. The client is a player like any other: its seat
// is a DAIDE seat of a game created with "daide_players", its user id "daide:" and a
// random token (no account), its name and version its NME's. Blocking storage calls:
// run it on a worker thread, never on an I/O thread.

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "game_cache.h"
#include "game_runner.h"
#include "stratagem/daide/server.h"
#include "stratagem/platform/user.h"
#include "stratagem/storage/store.h"

namespace stratagem::server {

class DaideTable final : public daide::Table {
 public:
  DaideTable(storage::Store& store, GameCache& games, GameRunner& runner);

  bool join(const std::string& name, const std::string& version) override;
  bool accept_map() override;
  bool leave() override;
  bool rejoin(diplomacy::Power power, long passcode) override;
  bool observe() override;
  daide::GameNews news() override;
  bool submit(diplomacy::Phase phase, const std::vector<diplomacy::Order>& orders, bool ready) override;
  bool vote_draw(bool draw) override;
  bool send_press(const std::vector<diplomacy::Power>& to, const diplomacy::PressMessage& press) override;
  std::optional<daide::ProcessedTurn> history(diplomacy::Phase phase) override;

  // The game the client sits at or watches, once it has one (for its event topic).
  std::optional<storage::GameId> game() const { return game_; }
  // A name for the log: the NME name, "observer", or "newcomer" before either.
  const std::string& who() const { return user_.name; }

 private:
  std::optional<platform::DiplomacyGame> load() const;
  std::optional<diplomacy::Power> power_of(const platform::DiplomacyGame& game) const;
  bool act(const std::function<tl::expected<platform::Effects, platform::GameError>(platform::DiplomacyGame&)>& action);
  // The game's processed phases as far as `game` has seen them (read after the game, the
  // stored list may hold phases processed since: they belong to the next news): how many,
  // and those from `first` on (0-based), parsed.
  struct Entries {
    std::size_t count = 0;
    std::vector<nlohmann::json> entries;
  };
  Entries phase_entries(const platform::DiplomacyGame& game, std::size_t first) const;
  // Entries from `first` (0-based) on, with the position each led to.
  std::vector<daide::ProcessedTurn> turns(const platform::DiplomacyGame& game, const std::vector<nlohmann::json>& entries,
                                          std::size_t first) const;

  storage::Store& store_;
  GameCache& games_;
  GameRunner& runner_;
  std::optional<storage::GameId> game_;
  platform::User user_{"", "newcomer"};
  std::size_t phases_reported_ = 0;
  std::string reported_phase_;  // the game's phase at the last news
  // The game's messages looked at for press (FRM); none before the first look, which
  // passes on nothing older.
  std::optional<std::size_t> messages_seen_;
  // Press to this client's power since the last look (none for an observer).
  std::vector<daide::PressReceived> press_since(const platform::DiplomacyGame& game);
  bool reported_once_ = false;
};

}  // namespace stratagem::server
