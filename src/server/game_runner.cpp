#include "game_runner.h"

#include <algorithm>

#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "api.h"
#include "game_action.h"
#include "game_change.h"
#include "stratagem/diplomacy_bots/end_vote.h"
#include "stratagem/diplomacy_bots/negotiation.h"
#include "stratagem/diplomacy_bots/player.h"
#include "stratagem/formats/diplomacy_places.h"

namespace stratagem::server {

class GameRunner::Pool {
 public:
  explicit Pool(std::size_t threads) : pool(threads) {}
  boost::asio::thread_pool pool;
};

GameRunner::GameRunner(storage::Store& store, GameCache& games, GameRunnerOptions options)
    : store_(store), games_(games), options_(options), pool_(std::make_unique<Pool>(options.threads)) {}

GameRunner::~GameRunner() { stop(); }

void GameRunner::start() {
  scheduler_ = std::thread([this] {
    queue_pending_computer_turns();
    scheduler_loop();
  });
}

void GameRunner::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_.exchange(true) && !scheduler_.joinable()) return;
  }
  wake_.notify_all();
  if (scheduler_.joinable()) scheduler_.join();
  pool_->pool.join();
}

void GameRunner::post_once(std::string key, std::function<void()> work) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || !in_flight_.insert(key).second) return;
  }
  boost::asio::post(pool_->pool, [this, key = std::move(key), work = std::move(work)] {
    try {
      work();
    } catch (const std::exception& e) {
      spdlog::error("{}: {}", key, e.what());
    }
    std::lock_guard lock(mutex_);
    in_flight_.erase(key);
  });
}

void GameRunner::scheduler_loop() {
  while (!stopping_) {
    const auto due = store_.due_games(now_instant(), 256);
    if (!due) {
      spdlog::warn("scheduler: {}", due.error().message);
    } else {
      for (const auto id : *due) post_once(fmt::format("deadline {}", id), [this, id] { process_due(id); });
    }
    std::unique_lock lock(mutex_);
    wake_.wait_for(lock, options_.tick, [this] { return stopping_.load(); });
  }
}

void GameRunner::process_due(storage::GameId id) {
  const auto now = now_instant();
  std::optional<platform::Game> after;
  const auto outcome = store_.update_due_game(id, now, [&](const storage::StoredGame& locked)
                                                            -> std::optional<storage::GameChange> {
    after.reset();  // fn may run more than once
    auto game = game_of(locked, games_);
    if (!game) return std::nullopt;
    const auto effects = game->advance(now);
    // A deadline that did nothing must still move, or the game would stay due forever.
    if (!effects.changed && game->next_deadline() == locked.next_deadline) {
      spdlog::warn("game {}: its deadline passed and advance() did nothing", id);
      return std::nullopt;
    }
    after = *game;
    return change_of(*game, effects, now);
  });
  if (!outcome) {
    spdlog::warn("game {}: deadline: {}", id, outcome.error().message);
    return;
  }
  if (outcome->written && after) {
    games_.put(id, outcome->version, *after);
    spdlog::debug("game {}: deadline processed (version {})", id, outcome->version);
    after_change(id, *after);
  }
}

void GameRunner::queue_pending_computer_turns() {
  storage::GameQuery query;
  query.statuses = {"active"};
  query.limit = 500;
  for (;;) {
    const auto games = store_.list_games(query);
    if (!games) {
      spdlog::warn("computer players at start: {}", games.error().message);
      return;
    }
    for (const auto& stored : *games) {
      if (stopping_) return;
      if (const auto game = game_of(stored, games_)) after_change(stored.id, *game);
    }
    if (games->size() < query.limit) return;
    query.before = games->back().id;
  }
}

void GameRunner::after_change(storage::GameId id, const platform::Game& game) {
  if (game.status() != platform::GameStatus::Active) return;
  if (const auto* diplomacy = game.diplomacy()) {
    for (const auto& turn : diplomacy->computer_turns()) {
      post_once(fmt::format("game {} {} {}", id, turn.phase, turn.power_code),
                [this, id, copy = *diplomacy, turn] { play_diplomacy(id, copy, turn); });
    }
    for (const auto& vote : diplomacy->computer_votes()) {
      post_once(fmt::format("game {} vote {} {} {}", id, vote.phase, vote.on, vote.power_code),
                [this, id, copy = *diplomacy, vote] { cast_vote(id, copy, vote); });
    }
    for (const auto& proposal : diplomacy->computer_proposals()) {
      post_once(fmt::format("game {} proposal {} {}", id, proposal.message_id, proposal.power_code),
                [this, id, copy = *diplomacy, proposal] { answer_proposal(id, copy, proposal); });
    }
  } else if (const auto* dragonchess = game.dragonchess()) {
    if (const auto turn = dragonchess->computer_turn()) {
      post_once(fmt::format("game {} ply {}", id, turn->ply),
                [this, id, copy = *dragonchess, turn = *turn] { play_dragonchess(id, copy, turn); });
    }
  }
}

namespace {

// The action of a computer player, written like a person's: refused quietly when the
// phase or ply has moved on meanwhile (another process, a deadline).
template <typename Act>
void commit_computer_action(storage::Store& store, GameCache& games, GameRunner& runner, storage::GameId id,
                            const char* what, Act act) {
  const auto now = now_instant();
  const auto outcome = act_on_game(store, games, runner, id, now, [&](platform::Game& game) { return act(game, now); });
  if (!outcome) spdlog::warn("game {}: {}: {}", id, what, outcome.error().message);
  else if (outcome->refused) spdlog::debug("game {}: {} refused: {}", id, what, platform::message(*outcome->refused, Language::En));
}

// A computer's action on a Diplomacy game, refused for any other kind of game.
template <typename Fn>
auto on_diplomacy(Fn fn) {
  return [fn](platform::Game& locked, platform::Instant now) -> tl::expected<platform::Effects, platform::GameError> {
    if (!locked.diplomacy()) return tl::unexpected(platform::GameError{.code = platform::ErrorCode::Conflict});
    return fn(*locked.diplomacy(), now);
  };
}

// Every power's centres as each year of the game began (its Spring movement), the first
// year first and the current one last: the Springs of the stored phases (each phase's
// entry has the position it was played from), and the current Spring not yet played.
std::vector<diplomacy_bots::CentreCounts> year_start_centres(const platform::DiplomacyGame& game,
                                                             const std::vector<storage::ProcessedPhase>& phases) {
  const diplomacy::Variant& variant = game.variant();
  std::vector<diplomacy_bots::CentreCounts> out;
  for (const auto& phase : phases) {
    const auto entry = nlohmann::json::parse(phase.json, nullptr, false);
    const std::string code = entry.is_object() ? entry.value("phase", "") : "";
    if (!code.starts_with("S") || !code.ends_with("M")) continue;
    diplomacy_bots::CentreCounts counts(static_cast<std::size_t>(variant.power_count()), 0);
    for (const auto& [power, centres] : entry.value("centers", nlohmann::json::object()).items())
      if (const auto p = formats::read_power(variant, power)) counts[diplomacy::index(*p)] = static_cast<int>(centres.size());
    out.push_back(std::move(counts));
  }
  const diplomacy::Phase now = game.state().phase;
  if (now.season == diplomacy::Season::Spring && now.type == diplomacy::PhaseType::Movement) {
    diplomacy_bots::CentreCounts counts;
    for (int p = 0; p < variant.power_count(); ++p) counts.push_back(game.state().centre_count(diplomacy::power_at(p)));
    out.push_back(std::move(counts));
  }
  return out;
}

diplomacy_bots::Personality personality_of(const platform::DiplomacyGame& game, diplomacy::Power power) {
  return game.computer_personality(power) == "opportunist" ? diplomacy_bots::Personality::Opportunist
                                                            : diplomacy_bots::Personality::Loyal;
}

}  // namespace

void GameRunner::play_diplomacy(storage::GameId id, platform::DiplomacyGame game, platform::ComputerTurn turn) {
  auto player = diplomacy_bots::make_player(diplomacy_bots::strongest_player());
  if (!player) {
    spdlog::error("computer player: {}", player.error());
    return;
  }
  // Talkative computers open each year with their proposals (the game's computers_propose).
  const auto& options = game.options();
  if (options.computers_propose && options.press != platform::PressRule::None && turn.phase.starts_with("S") &&
      turn.phase.ends_with("M")) {
    for (const auto& proposal : diplomacy_bots::proposals(game.variant(), game.state(), turn.power,
                                                          game.holding_deals(turn.power)))
      commit_computer_action(store_, games_, *this, id, "computer proposal",
                             on_diplomacy([&](platform::DiplomacyGame& locked, platform::Instant now) {
                               return locked.propose_as_computer(turn, proposal.to, proposal.arrangement, now);
                             }));
  }
  // The game as it stands now: a partner played by a computer may have ordered since this
  // turn was queued, and its orders are worth knowing.
  if (auto current = current_diplomacy(id); current && current->phase_code() == turn.phase) game = std::move(*current);
  const auto give_up_at = std::chrono::steady_clock::now() + options_.diplomacy_think;
  // It plans within the deals: its own orders keep them as its personality does, and it
  // expects a partner it trusts to keep them.
  diplomacy_bots::DealsInView view;
  std::vector<double> trust;
  for (int p = 0; p < game.variant().power_count(); ++p) {
    view.deals.push_back(game.holding_deals(diplomacy::power_at(p)));
    const auto [kept, broken] = game.deal_record(diplomacy::power_at(p));
    trust.push_back(diplomacy_bots::trust(kept, broken));
    view.trusted.push_back(trust.back() >= diplomacy_bots::kTrusted);
  }
  const std::vector<diplomacy::Arrangement> mine = view.deals[diplomacy::index(turn.power)];
  // Partners it trusts count as allies; those played by computers have told it their orders.
  const std::vector<diplomacy::Power> allies = diplomacy_bots::trusted_partners(turn.power, mine, trust);
  std::vector<diplomacy::Order> announced;
  for (const diplomacy::Power partner : allies)
    for (const auto& order : game.computer_orders_given(partner)) announced.push_back(order);
  const auto personality = personality_of(game, turn.power);
  const auto orders = (*player)->orders(diplomacy_bots::Turn{
      .variant = game.variant(),
      .rules = game.rules(),
      .state = game.state(),
      .power = turn.power,
      .seed = turn.seed,
      .should_stop = [&] { return stopping_ || std::chrono::steady_clock::now() >= give_up_at; },
      .allowed = diplomacy_bots::planned_within(game.variant(), game.state(), turn.power, personality, std::move(view)),
      .announced = std::move(announced),
      .allies = allies,
      .trust = std::move(trust),
  });
  const auto kept = diplomacy_bots::keeping_deals(game.variant(), game.state(), turn.power, orders, mine, personality);
  // A talkative computer asks its partners for the supports its attacks need.
  if (options.computers_propose && options.press != platform::PressRule::None)
    for (const auto& request : diplomacy_bots::support_requests(game.variant(), game.state(), turn.power, kept, allies))
      commit_computer_action(store_, games_, *this, id, "computer support request",
                             on_diplomacy([&](platform::DiplomacyGame& locked, platform::Instant now) {
                               return locked.propose_as_computer(turn, request.to, request.arrangement, now);
                             }));
  commit_computer_action(store_, games_, *this, id, "computer orders",
                         on_diplomacy([&](platform::DiplomacyGame& locked, platform::Instant now) {
                           return locked.submit_computer_orders(turn, kept, now);
                         }));
}

void GameRunner::answer_proposal(storage::GameId id, platform::DiplomacyGame game,
                                 platform::DiplomacyGame::ComputerProposal proposal) {
  const auto proposer = formats::read_power(game.variant(), proposal.proposer);
  const auto [kept, broken] = proposer ? game.deal_record(*proposer) : std::pair<int, int>{0, 0};
  const bool accept =
      proposer && diplomacy_bots::accepts_after_search(game.variant(), game.rules(), game.state(), proposal.power, *proposer,
                                                       proposal.press.arrangement, diplomacy_bots::trust(kept, broken),
                                                       std::hash<std::string>{}(proposal.message_id),
                                                       game.holding_deals(proposal.power));
  // With the answer, in the same commit, orders it has given already are given again
  // within the new deal (an order it promised, for one), so the phase is never played
  // between the two.
  commit_computer_action(store_, games_, *this, id, "computer answer",
                         on_diplomacy([&](platform::DiplomacyGame& locked, platform::Instant now) {
                           auto answered = locked.answer_as_computer(proposal, accept, now);
                           if (!answered || !accept) return answered;
                           const auto given = locked.computer_orders_given(proposal.power);
                           if (given.empty()) return answered;
                           const auto within = diplomacy_bots::keeping_deals(
                               locked.variant(), locked.state(), proposal.power, given,
                               locked.holding_deals(proposal.power), personality_of(locked, proposal.power));
                           if (within == given) return answered;
                           const platform::ComputerTurn turn{proposal.power, proposal.power_code, locked.phase_code(), 0};
                           if (auto again = locked.submit_computer_orders(turn, within, now)) answered->append(std::move(*again));
                           return answered;
                         }));
}

void GameRunner::cast_vote(storage::GameId id, platform::DiplomacyGame game,
                           platform::DiplomacyGame::ComputerVote vote) {
  const auto phases = store_.phases(id);
  if (!phases) {
    spdlog::warn("game {}: computer vote: {}", id, phases.error().message);
    return;
  }
  const auto judged = diplomacy_bots::vote_on_end(game.variant(), game.state(), vote.power,
                                                  year_start_centres(game, *phases),
                                                  game.game_rules().setup.victory_centres);
  spdlog::debug("game {}: {} votes {} the {}: {}", id, vote.power_code, judged.accept ? "for" : "against", vote.on,
                judged.reason);
  commit_computer_action(store_, games_, *this, id, "computer vote",
                         on_diplomacy([&](platform::DiplomacyGame& locked, platform::Instant now) {
                           return locked.vote_as_computer(vote, judged.accept, now);
                         }));
}

std::optional<platform::DiplomacyGame> GameRunner::current_diplomacy(storage::GameId id) {
  const auto stored = store_.load_game(id);
  if (!stored) return std::nullopt;
  auto current = game_of(*stored, games_);
  if (!current || !current->diplomacy()) return std::nullopt;
  return *current->diplomacy();
}

// With clocks, a thirtieth of what is left plus most of the increment, so that the
// computer never loses on time; without, options_.dragonchess_think.
std::chrono::milliseconds GameRunner::think_time(const platform::DragonchessGame& game) const {
  const auto view = game.view_for("", now_instant());
  const auto& clocks = view["clocks"];
  if (!clocks.is_object() || !view["side_to_move"].is_string()) return options_.dragonchess_think;
  const auto& left = clocks[view["side_to_move"].get<std::string>()];
  if (!left.is_number()) return options_.dragonchess_think;
  const double increment = view.value("increment_seconds", 0.0);
  const auto budget = std::chrono::milliseconds(static_cast<long>((left.get<double>() / 30 + increment * 0.8) * 1000));
  return std::clamp(budget, std::chrono::milliseconds(50), options_.dragonchess_think);
}

void GameRunner::play_dragonchess(storage::GameId id, platform::DragonchessGame game,
                                  platform::DragonchessComputerTurn turn) {
  const auto give_up_at = std::chrono::steady_clock::now() + think_time(game);
  const auto move = platform::find_computer_move(
      game, turn, [&] { return stopping_ || std::chrono::steady_clock::now() >= give_up_at; });
  if (!move) return;  // no legal move: the game has ended by the engine's rules already
  commit_computer_action(store_, games_, *this, id, "computer move", [&](platform::Game& locked, platform::Instant now) {
    return locked.dragonchess() ? locked.dragonchess()->submit_computer_move(turn, *move, now)
                                : tl::expected<platform::Effects, platform::GameError>(
                                      tl::unexpected(platform::GameError{.code = platform::ErrorCode::Conflict}));
  });
}

}  // namespace stratagem::server
