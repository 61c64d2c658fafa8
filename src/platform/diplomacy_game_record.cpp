// The stored record of a game: written on every change, read back on start-up.
#include "diplomacy_game_impl.h"
#include "game_record.h"
#include "json_writer.h"

namespace stratagem::platform {

namespace {

void write_user(JsonWriter& out, const std::optional<User>& user) {
  if (!user) {
    out.null();
    return;
  }
  out.begin_object().key("id").string(user->id).key("name").string(user->name).end_object();
}

std::optional<Instant> read_instant(const json& value) {
  if (value.is_null()) return std::nullopt;
  const auto instant = parse_instant(value.get<std::string>());
  if (!instant) throw std::runtime_error("bad time " + value.dump());
  return instant;
}

constexpr int kRecordVersion = 1;

}  // namespace

// The record is written on every change to a game: straight into text, each object's keys
// in sorted order (JsonWriter).
std::string DiplomacyGame::record() const {
  JsonWriter out;
  out.begin_object();
  out.key("created_at").string(format_instant(created_at_));
  if (creator_) {  // records before pausing have none
    out.key("creator");
    write_user(out, creator_);
  }
  out.key("deadline");
  if (deadline_) out.string(format_instant(*deadline_)); else out.null();
  // Structured press, only once there is some (records before it have neither key).
  const bool press = !proposals_.empty() || !deals_.empty();
  if (press) {
    out.key("deals").begin_array();
    for (const Deal& d : deals_) {
      json deal = Impl::deal_json(d);
      deal["broken_by"] = d.broken_by;
      deal["broken_phase"] = d.broken_phase;
      out.value(deal);
    }
    out.end_array();
  }
  out.key("game").string("diplomacy");
  out.key("id").string(id_);
  out.key("joiners").begin_array();
  for (const Joiner& joiner : joiners_) {
    out.begin_object();
    if (joiner.awaiting_map) out.key("awaiting_map").boolean(true);
    if (joiner.daide) out.key("daide").string(*joiner.daide);
    out.key("power");
    if (joiner.power) out.string(*joiner.power); else out.null();
    out.key("user");
    write_user(out, joiner.user);
    out.end_object();
  }
  out.end_array();
  out.key("message_count").integer(message_count_);
  out.key("missed").begin_array();
  for (const MissedPhase& entry : missed_) {
    out.begin_object()
        .key("civil_disorder").boolean(entry.civil_disorder)
        .key("phase").string(entry.phase)
        .key("power").string(entry.power)
        .end_object();
  }
  out.end_array();
  out.key("movement_phases").integer(movement_phases_);
  out.key("negotiation_ends_at");
  if (negotiation_ends_at_) out.string(format_instant(*negotiation_ends_at_)); else out.null();
  out.key("options").raw(options_text_);
  if (pause_) {
    out.key("pause").begin_object().key("deadline_left_ms").integer(pause_->deadline_left.count());
    out.key("negotiation_left_ms");
    if (pause_->negotiation_left) out.integer(pause_->negotiation_left->count()); else out.null();
    out.key("since").string(format_instant(pause_->since)).end_object();
  }
  if (!pause_asked_.empty()) {
    out.key("pause_asked").begin_array();
    for (const std::string& id : pause_asked_) out.string(id);
    out.end_array();
  }
  out.key("phase_started_at").string(format_instant(phase_started_at_));
  out.key("processed_phases").integer(processed_phases_);
  if (press) {
    out.key("proposals").begin_array();
    for (const Proposal& p : proposals_) {
      out.begin_object()
          .key("accepted_by").strings(p.accepted_by)
          .key("addressees").strings(p.addressees)
          .key("arrangement").value(p.arrangement)
          .key("from").string(p.from)
          .key("message_id").string(p.message_id)
          .key("open").boolean(p.open)
          .key("phase").string(p.phase)
          .end_object();
    }
    out.end_array();
  }
  out.key("record_version").integer(kRecordVersion);
  out.key("result");
  if (result_) {
    out.begin_object()
        .key("phase").string(result_->phase)
        .key("reason").string(result_->reason)
        .key("survivors").strings(result_->survivors)
        .key("winners").strings(result_->winners)
        .end_object();
  } else {
    out.null();
  }
  out.key("seats").begin_array();
  for (const Seat& seat : seats_) {
    out.begin_object();
    out.key("alliance").strings(seat.alliance);
    out.key("computer").boolean(seat.computer);
    if (seat.daide) out.key("daide").string(*seat.daide);
    out.key("draw_vote").boolean(seat.draw_vote);
    if (!seat.draw_voted_in.empty()) out.key("draw_voted_in").string(seat.draw_voted_in);
    out.key("end_vote").boolean(seat.end_vote);
    if (!seat.end_voted_in.empty()) out.key("end_voted_in").string(seat.end_voted_in);
    out.key("missed_in_a_row").integer(seat.missed_in_a_row);
    out.key("orders");
    if (seat.orders) {
      out.begin_array();
      for (const KeptOrder& order : *seat.orders)
        out.begin_object().key("input").string(order.input).key("order").string(order.order).end_object();
      out.end_array();
    } else {
      out.null();
    }
    out.key("player");
    write_user(out, seat.player);
    out.key("ready").boolean(seat.ready);
    out.key("status").string(power_status_name(seat.status));
    out.end_object();
  }
  out.end_array();
  out.key("seed").unsigned_integer(seed_);
  out.key("stage").string(stage_ == Stage::Negotiation ? "negotiation" : "order_writing");
  out.key("state");
  if (status_ == GameStatus::Forming) out.null(); else out.raw(position_.text());
  out.key("status").string(game_status_name(status_));
  out.key("toss_winner");
  if (game_rules_.toss_winner) out.integer(*game_rules_.toss_winner); else out.null();
  out.key("treaties").begin_array();
  for (const Treaty& treaty : treaties_) out.value(treaty.to_json());
  out.end_array();
  out.end_object();
  return std::move(out).take();
}

json DiplomacyGame::to_json() const { return json::parse(record()); }

void DiplomacyGame::set_options(DiplomacyOptions options) {
  options_ = std::move(options);
  options_text_ = std::move(JsonWriter().value(diplomacy_options_json(options_))).take();
}

void DiplomacyGame::Position::set(const diplomacy::Variant& variant, diplomacy::GameState state) {
  std::string text = std::move(JsonWriter().value(formats::write_state(variant, state))).take();
  set(std::move(state), std::move(text));
}

void DiplomacyGame::Position::set(diplomacy::GameState state, std::string text) {
  state_ = std::move(state);
  text_ = std::move(text);
}

tl::expected<DiplomacyGame, std::string> DiplomacyGame::from_json(const json& record) {
  try {
    STRATAGEM_TRY_ASSIGN(auto head, read_record_head(record, kRecordVersion, read_diplomacy_options));
    DiplomacyGame game;
    game.id_ = std::move(head.id);
    game.set_options(std::move(head.options));
    game.seed_ = head.seed;
    game.status_ = head.status;
    game.rules_ = *rules_by_name(game.options_.rules);
    auto game_rules = game_rules_for(game.options_);
    if (!game_rules) return tl::unexpected("options: " + message(game_rules.error(), Language::En));
    game.game_rules_ = std::move(*game_rules);
    if (!record.at("toss_winner").is_null()) game.game_rules_.toss_winner = record.at("toss_winner").get<int>();
    game.created_at_ = *read_instant(record.at("created_at"));
    for (const json& joiner : record.at("joiners")) {
      std::optional<std::string> power;
      if (!joiner.at("power").is_null()) power = joiner.at("power").get<std::string>();
      std::optional<std::string> daide;
      if (joiner.contains("daide")) daide = joiner.at("daide").get<std::string>();
      game.joiners_.push_back({*read_user(joiner.at("user")), power, daide, joiner.value("awaiting_map", false)});
    }
    for (const json& entry : record.at("seats")) {
      Seat seat;
      seat.player = read_user(entry.at("player"));
      seat.computer = entry.at("computer").get<bool>();
      if (entry.contains("daide")) seat.daide = entry.at("daide").get<std::string>();
      const std::string seat_status = entry.at("status").get<std::string>();
      if (seat_status == "playing") seat.status = PowerStatus::Playing;
      else if (seat_status == "civil_disorder") seat.status = PowerStatus::CivilDisorder;
      else if (seat_status == "eliminated") seat.status = PowerStatus::Eliminated;
      else return tl::unexpected("seats: " + seat_status + " is not a power status");
      seat.missed_in_a_row = entry.at("missed_in_a_row").get<int>();
      seat.ready = entry.at("ready").get<bool>();
      seat.draw_vote = entry.at("draw_vote").get<bool>();
      seat.end_vote = entry.at("end_vote").get<bool>();
      seat.draw_voted_in = entry.value("draw_voted_in", "");
      seat.end_voted_in = entry.value("end_voted_in", "");
      seat.alliance = entry.at("alliance").get<std::vector<std::string>>();
      if (!entry.at("orders").is_null()) {
        seat.orders.emplace();
        for (const json& order : entry.at("orders"))
          seat.orders->push_back({order.at("input").get<std::string>(), order.at("order").get<std::string>()});
      }
      game.seats_.push_back(std::move(seat));
    }
    if (game.status_ != GameStatus::Forming &&
        game.seats_.size() != static_cast<std::size_t>(game.variant().power_count()))
      return tl::unexpected("seats: " + std::to_string(game.seats_.size()) + " seats for " +
                            std::to_string(game.variant().power_count()) + " powers");
    if (!record.at("state").is_null()) {
      STRATAGEM_TRY_ASSIGN(auto state, formats::read_state(game.variant(), record.at("state"), "state"));
      // The text as stored: what set() wrote from this very position.
      game.position_.set(std::move(state), std::move(JsonWriter().value(record.at("state"))).take());
    }
    game.stage_ = record.at("stage") == "order_writing" ? Stage::OrderWriting : Stage::Negotiation;
    game.phase_started_at_ = *read_instant(record.at("phase_started_at"));
    game.negotiation_ends_at_ = read_instant(record.at("negotiation_ends_at"));
    game.deadline_ = read_instant(record.at("deadline"));
    if (const auto creator = record.find("creator"); creator != record.end())
      game.creator_ = User{creator->at("id").get<std::string>(), creator->at("name").get<std::string>()};
    if (const auto pause = record.find("pause"); pause != record.end()) {
      game.pause_ = Pause{*read_instant(pause->at("since")), Duration(pause->at("deadline_left_ms").get<std::int64_t>()),
                          std::nullopt};
      if (!pause->at("negotiation_left_ms").is_null())
        game.pause_->negotiation_left = Duration(pause->at("negotiation_left_ms").get<std::int64_t>());
    }
    if (const auto asked = record.find("pause_asked"); asked != record.end())
      game.pause_asked_ = asked->get<std::vector<std::string>>();
    game.processed_phases_ = record.at("processed_phases").get<int>();
    game.movement_phases_ = record.at("movement_phases").get<int>();
    for (const json& entry : record.at("missed"))
      game.missed_.push_back({entry.at("phase").get<std::string>(), entry.at("power").get<std::string>(),
                              entry.at("civil_disorder").get<bool>()});
    for (const json& entry : record.at("treaties")) {
      Treaty treaty;
      treaty.id = entry.at("id").get<std::string>();
      treaty.phase = entry.at("phase").get<std::string>();
      treaty.text = entry.at("text").get<std::string>();
      treaty.parties = entry.at("parties").get<std::vector<std::string>>();
      treaty.signed_by = entry.at("signed_by").get<std::vector<std::string>>();
      treaty.published = entry.at("published").get<bool>();
      treaty.proposed_at = *read_instant(entry.at("proposed_at"));
      game.treaties_.push_back(std::move(treaty));
    }
    game.message_count_ = record.at("message_count").get<int>();
    if (record.contains("proposals")) {
      for (const json& p : record.at("proposals"))
        game.proposals_.push_back({p.at("message_id").get<std::string>(), p.at("phase").get<std::string>(),
                                   p.at("from").get<std::string>(), p.at("addressees").get<std::vector<std::string>>(),
                                   p.at("arrangement"), p.at("accepted_by").get<std::vector<std::string>>(),
                                   p.at("open").get<bool>()});
      for (const json& d : record.at("deals"))
        game.deals_.push_back({d.at("id").get<std::string>(), d.at("arrangement"),
                               d.at("parties").get<std::vector<std::string>>(), d.at("agreed_phase").get<std::string>(),
                               d.at("state").get<std::string>(), d.at("broken_by").get<std::vector<std::string>>(),
                               d.at("broken_phase").get<std::string>()});
    }
    // What the rules later take for granted: powers that read, a coin toss that names a seat.
    const auto is_power = [&](const std::string& name) { return formats::read_power(game.variant(), name).has_value(); };
    for (const Joiner& joiner : game.joiners_)
      if (joiner.power && (!is_power(*joiner.power) || Impl::seat_of(game, *formats::read_power(game.variant(), *joiner.power)) < 0))
        return tl::unexpected("joiners: " + *joiner.power + " is not a power of a seat");
    for (const Seat& seat : game.seats_)
      for (const std::string& member : seat.alliance)
        if (!is_power(member)) return tl::unexpected("seats: alliance member " + member + " is not a power");
    const auto& toss = game.game_rules_.toss_winner;
    if (game.game_rules_.setup.neutral && game.status_ != GameStatus::Forming &&
        (!toss || *toss < 0 || *toss >= static_cast<int>(game.game_rules_.setup.seats.size())))
      return tl::unexpected(std::string("toss_winner: not a seat of the two-player game"));
    if (const json& result = record.at("result"); !result.is_null()) {
      Result r;
      r.reason = result.at("reason").get<std::string>();
      r.winners = result.at("winners").get<std::vector<std::string>>();
      r.survivors = result.at("survivors").get<std::vector<std::string>>();
      r.phase = result.at("phase").get<std::string>();
      game.result_ = std::move(r);
    }
    return game;
  } catch (const std::exception& e) {
    return tl::unexpected(std::string("game record: ") + e.what());
  }
}

}  // namespace stratagem::platform
