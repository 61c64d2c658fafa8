#include "outbox.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "api.h"
#include "credentials.h"
#include "stratagem/notices/notice.h"
#include "stratagem/notices/settings.h"
#include "stratagem/notices/timing.h"

namespace stratagem::server {
namespace {

using nlohmann::json;

json parsed(const std::string& text) { return json::parse(text, nullptr, false); }

std::string dump(const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); }

bool needs_a_true_game(std::string_view kind) {
  return kind == notices::kind::orders_due || kind == notices::kind::deadline_near;
}

}  // namespace

Outbox::Outbox(storage::Store& store, GameCache& games, std::vector<std::unique_ptr<ChannelSender>> senders,
               OutboxOptions options)
    : store_(store),
      games_(games),
      senders_(std::move(senders)),
      options_(options),
      claimer_(new_token().substr(0, 16)) {
  for (const auto& sender : senders_) by_channel_.emplace(std::string(sender->channel()), sender.get());
}

Outbox::~Outbox() { stop(); }

void Outbox::start() {
  threads_.emplace_back([this] { dispatch_loop(); });
  for (const auto& sender : senders_) threads_.emplace_back([this, s = sender.get()] { drain_loop(*s); });
}

void Outbox::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  woken_.notify_all();
  for (auto& thread : threads_)
    if (thread.joinable()) thread.join();
  threads_.clear();
}

void Outbox::bump(std::uint64_t& wakes) {
  {
    std::lock_guard lock(mutex_);
    ++wakes;
  }
  woken_.notify_all();
}

void Outbox::wake() { bump(notice_wakes_); }

bool Outbox::wait(const std::uint64_t& wakes, std::uint64_t& seen) {
  std::unique_lock lock(mutex_);
  woken_.wait_for(lock, options_.poll, [&] { return stopping_ || wakes != seen; });
  seen = wakes;
  return !stopping_;
}

std::vector<std::string> Outbox::player_channels() const {
  std::vector<std::string> out;
  for (const auto& [channel, sender] : by_channel_)
    if (sender->for_players()) out.push_back(channel);
  return out;
}

void Outbox::dispatch_loop() {
  // A gather key's memory only times press notices at most a day apart (press_minutes'
  // maximum): after a week it is forgotten, so the table holds the keys of live games.
  constexpr auto kGatheringMemory = std::chrono::hours(24 * 7);
  static_assert(kGatheringMemory > std::chrono::minutes(notices::AccountSettings::kMaxPressMinutes));
  constexpr auto kForgetEvery = std::chrono::hours(1);
  std::optional<storage::Instant> forgotten_at;
  std::uint64_t seen = 0;
  while (!stopping_) {
    const auto now = now_instant();
    if (!forgotten_at || now - *forgotten_at >= kForgetEvery) {
      if (auto forgot = store_.notices().forget_deliveries_before(now - kGatheringMemory); !forgot)
        spdlog::warn("notices: {}", forgot.error().message);
      forgotten_at = now;
    }
    auto dispatched = store_.notices().dispatch_notices(
        options_.batch, [&](const storage::StoredNotice& notice, storage::OutboxWriter& outbox) {
          dispatch(notice, outbox, now);
        });
    if (!dispatched) {
      spdlog::warn("notices: {}", dispatched.error().message);
    } else if (*dispatched > 0) {
      bump(delivery_wakes_);
      if (*dispatched == options_.batch) continue;  // more may be waiting
    }
    if (!wait(notice_wakes_, seen)) break;
  }
}

// Runs inside storage's transaction: it reads through `outbox` only. A notice that cannot
// be read is logged and dropped, not left to block the others; a database failure goes
// up to storage, which undoes the batch and reports it.
void Outbox::dispatch(const storage::StoredNotice& notice, storage::OutboxWriter& outbox, storage::Instant now) {
  try {
    const json data = parsed(notice.payload);
    const auto deliver = [&](std::string_view channel, std::string recipient, storage::Instant due,
                             std::optional<std::string> gather_key = std::nullopt) {
      outbox.add(storage::NewDelivery{.channel = std::string(channel),
                                      .recipient = std::move(recipient),
                                      .user = notice.user,
                                      .game = notice.game,
                                      .kind = notice.kind,
                                      .payload = notice.payload,
                                      .due_at = due,
                                      .gather_key = std::move(gather_key)});
    };
    if (!notice.user) {
      // The game's group chats.
      const auto chats = by_channel_.find(std::string_view("webhook"));
      if (chats == by_channel_.end()) return;
      for (const storage::Webhook& webhook : outbox.webhooks(notice.game)) {
        auto due = notice.kind == notices::kind::deadline_near
                       ? notices::reminder_time(data, webhook.reminder_hours, now)
                       : std::optional(now);
        if (due) deliver(chats->first, std::to_string(webhook.id), *due);
      }
      return;
    }
    const auto account = notices::account_settings_from_json(
        parsed(outbox.settings(*notice.user, 0).value_or("{}")));
    std::optional<notices::Events> game_events;
    if (auto own = outbox.settings(*notice.user, notice.game))
      game_events = notices::events_from_json(parsed(*own).value("events", json::object()));
    for (const std::string& channel : notices::channels_for(notice.kind, account, game_events)) {
      const auto sender = by_channel_.find(channel);
      if (sender == by_channel_.end() || !sender->second->for_players()) continue;
      for (std::string recipient : sender->second->recipients(outbox, *notice.user)) {
        if (notice.kind == notices::kind::deadline_near) {
          if (auto due = notices::reminder_time(data, account.reminder_hours, now)) deliver(channel, recipient, *due);
        } else if (notice.kind == notices::kind::press) {
          // At most one press notice a game every press_minutes on each channel: what
          // comes meanwhile joins the one waiting.
          auto key = fmt::format("press:{}:{}:{}:{}", *notice.user, notice.game, channel, recipient);
          if (auto waiting = outbox.waiting(key)) {
            outbox.replace_payload(waiting->id, dump(notices::gather_press(parsed(waiting->payload), data)));
          } else {
            // Its own statement: an argument moving `key` away could be made before the
            // one that reads it (C++ leaves the order open, and g++ goes right to left),
            // and then the last press notice was never found and this one went at once.
            const auto due = notices::press_time(outbox.last_delivered(key), account.press_minutes, now);
            deliver(channel, std::move(recipient), due, std::move(key));
          }
        } else {
          deliver(channel, std::move(recipient), now);
        }
      }
    }
  } catch (const json::exception& e) {
    spdlog::error("notice {} ({}) of game {} not dispatched: {}", notice.id, notice.kind, notice.game, e.what());
  }
}

void Outbox::drain_loop(ChannelSender& sender) {
  std::uint64_t seen = 0;
  while (!stopping_) {
    const auto now = now_instant();
    auto claimed = store_.notices().claim_deliveries(sender.channel(), claimer_, now, now + options_.lease,
                                                     options_.batch);
    if (!claimed) {
      spdlog::warn("{} outbox: {}", sender.channel(), claimed.error().message);
    } else {
      for (const auto& delivery : *claimed) {
        if (stopping_) break;  // left claimed: its lease lapses and it is sent after the restart
        drain(sender, delivery);
      }
      if (claimed->size() == options_.batch) continue;
    }
    if (!wait(delivery_wakes_, seen)) break;
  }
}

void Outbox::drain(ChannelSender& sender, const storage::Delivery& delivery) {
  std::optional<platform::Game> game;
  if (delivery.game != 0) {
    if (auto stored = store_.load_game(delivery.game)) {
      game = game_of(*stored, games_);
    } else if (stored.error().code != storage::StoreErrorCode::not_found) {
      store_.notices().retry_delivery(delivery.id, claimer_, notices::retry_time(delivery.attempts, now_instant()),
                                      stored.error().message);
      return;
    }
  }
  const auto user = delivery.user ? std::optional<std::string>(std::to_string(*delivery.user)) : std::nullopt;
  if (needs_a_true_game(delivery.kind) &&
      (!game || !notices::still_true(*game, delivery.kind, parsed(delivery.payload), user))) {
    store_.notices().drop_delivery(delivery.id, claimer_);  // the phase moved on, or the orders came
    return;
  }
  SendOutcome outcome;
  try {
    outcome = sender.send(delivery, game ? &*game : nullptr);
  } catch (const std::exception& e) {
    outcome = SendOutcome::retry(fmt::format("the sender threw: {}", e.what()));
  }
  const auto now = now_instant();
  switch (outcome.kind) {
    case SendOutcome::Kind::sent: {
      auto recorded = store_.notices().delivered(delivery.id, claimer_, now);
      if (!recorded)
        spdlog::warn("{} {} sent, but not recorded as delivered: {}", sender.channel(), delivery.id,
                     recorded.error().message);
      else if (!*recorded)
        spdlog::warn("{} {} sent after its claim lapsed: it may have been sent twice", sender.channel(), delivery.id);
      return;
    }
    case SendOutcome::Kind::retry:
      if (delivery.attempts < notices::kMostAttempts) {
        spdlog::info("{} {} ({}): {}; trying again later", sender.channel(), delivery.id, delivery.kind,
                     outcome.reason);
        store_.notices().retry_delivery(delivery.id, claimer_,
                                        notices::retry_time(delivery.attempts, now, outcome.wait_asked),
                                        outcome.reason);
        return;
      }
      spdlog::warn("{} {} ({}) given up after {} attempts: {}", sender.channel(), delivery.id, delivery.kind,
                   delivery.attempts, outcome.reason);
      break;
    case SendOutcome::Kind::drop:
      spdlog::warn("{} {} ({}) not sent: {}", sender.channel(), delivery.id, delivery.kind, outcome.reason);
      break;
  }
  store_.notices().drop_delivery(delivery.id, claimer_);
}

}  // namespace stratagem::server
