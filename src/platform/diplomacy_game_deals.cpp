// Structured press between the powers (issue 19): proposals, their answers, the deals
// agreed, and after each phase which deal a party's orders kept or broke.
#include "diplomacy_game_impl.h"

#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/diplomacy/validation.h"
#include "stratagem/formats/diplomacy_press.h"
#include "stratagem/forward_error.h"

namespace stratagem::platform {

using diplomacy::Arrangement;
using diplomacy::Order;
using diplomacy::OrderKind;
using diplomacy::PressMessage;

namespace {

bool contains(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

// An order's text as the engine reads it for `power` in the game's position, if it is one
// that position allows.
std::optional<Order> engine_order(const DiplomacyGame& g, diplomacy::Power power, const std::string& text) {
  auto parsed = diplomacy::read_order_at(g.variant(), text, g.state());
  if (!parsed) return std::nullopt;
  auto valid = diplomacy::validate(g.map(), g.rules(), g.state(), power, *parsed);
  if (!valid) return std::nullopt;
  return *valid;
}

}  // namespace

std::optional<PressMessage> DiplomacyGame::Impl::press_of(const Game& g, const json& arrangement) {
  auto press = formats::press_from_json(g.variant(), json{{"kind", "propose"}, {"arrangement", arrangement}});
  if (!press) return std::nullopt;
  return *press;
}

tl::expected<void, GameError> DiplomacyGame::Impl::record_press(Game& g, Message& message, const json& press,
                                                                Effects& effects) {
  auto read = formats::press_from_json(g.variant(), press);
  if (!read) return tl::unexpected(fields::bad_value("press", read.error()));
  const json canonical = formats::press_json(g.variant(), *read);
  message.press = canonical;
  const json& arrangement = canonical["arrangement"];
  switch (read->kind) {
    case PressMessage::Kind::Propose: {
      std::vector<std::string> addressees = message.to;
      if (addressees.empty())
        for (int p = 0; p < g.variant().power_count(); ++p)
          if (code(g, power_at(p)) != message.from && g.seats_[p].status != PowerStatus::Eliminated &&
              !idle(g, power_at(p)))
            addressees.push_back(code(g, power_at(p)));
      g.proposals_.push_back({message.id, message.phase, message.from, addressees, arrangement, {}, true});
      return {};
    }
    case PressMessage::Kind::Cancel: {
      for (Proposal& p : g.proposals_)
        if (p.open && p.from == message.from && p.arrangement == arrangement) p.open = false;
      return {};
    }
    default: break;
  }
  // An answer: to the proposer of an open proposal of the same arrangement addressed to us.
  Proposal* answered = nullptr;
  for (auto it = g.proposals_.rbegin(); it != g.proposals_.rend() && !answered; ++it)
    if (it->open && it->arrangement == arrangement && contains(it->addressees, message.from) &&
        (message.to.empty() || contains(message.to, it->from)))
      answered = &*it;
  if (!answered) return tl::unexpected(fields::bad_value("press", "an answer to an open proposal addressed to you"));
  if (read->kind != PressMessage::Kind::Accept) {
    answered->open = false;
    return {};
  }
  if (!contains(answered->accepted_by, message.from)) answered->accepted_by.push_back(message.from);
  if (answered->accepted_by.size() < answered->addressees.size()) return {};
  answered->open = false;
  Deal deal;
  deal.id = std::to_string(g.deals_.size() + 1);
  deal.arrangement = arrangement;
  deal.parties.push_back(answered->from);
  for (const std::string& power : answered->addressees) deal.parties.push_back(power);
  deal.agreed_phase = g.phase_code();
  g.deals_.push_back(deal);
  effects.events.push_back({Audience::only(deal.parties), "deal", deal_json(deal)});
  effects.response["deal"] = deal.id;
  return {};
}

json DiplomacyGame::Impl::deal_json(const Deal& deal) {
  json out = {{"id", deal.id},       {"arrangement", deal.arrangement}, {"parties", deal.parties},
              {"agreed_phase", deal.agreed_phase}, {"state", deal.state}};
  if (deal.state == "broken") {
    out["broken_by"] = deal.broken_by;
    out["broken_phase"] = deal.broken_phase;
  }
  return out;
}

void DiplomacyGame::Impl::judge_deals(Game& g, const formats::PhaseReport& report, Effects& effects) {
  if (std::none_of(g.deals_.begin(), g.deals_.end(), [](const Deal& d) { return d.state == "holding"; })) return;
  // Every power's orders as the engine reads them, against the position they were given in.
  std::vector<std::vector<Order>> orders(static_cast<std::size_t>(g.variant().power_count()));
  for (int p = 0; p < g.variant().power_count(); ++p) {
    if (p >= static_cast<int>(report.results.size())) break;
    for (const auto& entry : report.results[p]) {
      if (!entry.order || entry.result == diplomacy::Outcome::Void || entry.result == diplomacy::Outcome::Invalid) continue;
      if (auto order = engine_order(g, power_at(p), *entry.order)) orders[p].push_back(*order);
    }
  }
  const std::string phase = g.phase_code();
  for (Deal& deal : g.deals_) {
    if (deal.state != "holding") continue;
    const auto press = press_of(g, deal.arrangement);
    if (!press) continue;
    const diplomacy::ArrangementVerdict verdict = diplomacy::judge_arrangement(g.variant(), g.state(), orders, press->arrangement);
    if (verdict.breakers.empty() && !verdict.kept) continue;
    if (!verdict.breakers.empty()) {
      deal.state = "broken";
      for (Power p : verdict.breakers) deal.broken_by.push_back(code(g, p));
      deal.broken_phase = phase;
    } else {
      deal.state = "kept";
    }
    effects.events.push_back({Audience::only(deal.parties), "deal", deal_json(deal)});
  }
}

void DiplomacyGame::Impl::close_deals(Game& g) {
  for (Deal& deal : g.deals_)
    if (deal.state == "holding") deal.state = "kept";
  for (Proposal& proposal : g.proposals_) proposal.open = false;
}

json DiplomacyGame::deals_for(std::string_view user_id) const {
  const std::vector<std::string> mine = powers_of(user_id);
  json out = json::array();
  for (const Deal& deal : deals_)
    if (std::any_of(mine.begin(), mine.end(), [&](const std::string& p) { return contains(deal.parties, p); }))
      out.push_back(Impl::deal_json(deal));
  return out;
}

std::vector<Arrangement> DiplomacyGame::holding_deals(Power power) const {
  std::vector<Arrangement> out;
  const std::string code = Impl::code(*this, power);
  for (const Deal& deal : deals_)
    if (deal.state == "holding" && contains(deal.parties, code))
      if (const auto press = Impl::press_of(*this, deal.arrangement)) out.push_back(press->arrangement);
  return out;
}

std::pair<int, int> DiplomacyGame::deal_record(Power power) const {
  const std::string code = Impl::code(*this, power);
  int kept = 0, broken = 0;
  for (const Deal& deal : deals_) {
    if (contains(deal.broken_by, code)) ++broken;
    else if (contains(deal.parties, code)) ++kept;
  }
  return {kept, broken};
}

std::vector<Order> DiplomacyGame::computer_orders_given(Power power) const {
  std::vector<Order> out;
  if (index(power) >= variant().power_count()) return out;
  const Seat& seat = seats_[index(power)];
  if (!Impl::computer_controlled(*this, power) || !seat.orders) return out;
  for (const KeptOrder& kept : *seat.orders)
    if (auto order = engine_order(*this, power, kept.order)) out.push_back(*order);
  return out;
}

std::string DiplomacyGame::computer_personality(Power power) const {
  if (options_.computer_personality != "mixed") return options_.computer_personality;
  return SeededRandom(SeededRandom::derive(seed_, 0x0990, index(power))).below(2) ? "opportunist" : "loyal";
}

std::vector<DiplomacyGame::ComputerProposal> DiplomacyGame::computer_proposals() const {
  std::vector<ComputerProposal> out;
  if (status_ != GameStatus::Active || pause_) return out;
  for (const Proposal& proposal : proposals_) {
    if (!proposal.open) continue;
    for (const std::string& addressee : proposal.addressees) {
      const auto power = formats::read_power(variant(), addressee);
      if (!power || !seats_[index(*power)].computer || contains(proposal.accepted_by, addressee)) continue;
      auto press = Impl::press_of(*this, proposal.arrangement);
      if (!press) continue;
      out.push_back({*power, addressee, proposal.from, proposal.message_id, *press});
    }
  }
  return out;
}

tl::expected<Effects, GameError> DiplomacyGame::answer_as_computer(const ComputerProposal& proposal, bool accept,
                                                                   Instant now) {
  const auto open = computer_proposals();
  if (std::find(open.begin(), open.end(), proposal) == open.end())
    return tl::unexpected(error(ErrorCode::Conflict, Problem::WrongPhase, phase_code(), phase_code()));
  PressMessage answer = proposal.press;
  answer.kind = accept ? PressMessage::Kind::Accept : PressMessage::Kind::Reject;
  return Impl::computer_press(*this, proposal.power_code, proposal.proposer, answer, now);
}

tl::expected<Effects, GameError> DiplomacyGame::propose_as_computer(const ComputerTurn& turn, Power to,
                                                                    const Arrangement& arrangement, Instant now) {
  if (status_ != GameStatus::Active || pause_ || turn.phase != phase_code() || !options_.computers_propose ||
      !seats_[index(turn.power)].computer)
    return tl::unexpected(error(ErrorCode::Conflict, Problem::WrongPhase, turn.phase, phase_code()));
  STRATAGEM_TRY(Impl::press_allowed(*this, false));
  return Impl::computer_press(*this, turn.power_code, Impl::code(*this, to), {PressMessage::Kind::Propose, arrangement}, now);
}

tl::expected<Effects, GameError> DiplomacyGame::Impl::computer_press(Game& g, const std::string& from, const std::string& to,
                                                                     const PressMessage& press, Instant now) {
  Message message{std::to_string(g.message_count_ + 1), g.phase_code(), from, {to}, "", now, std::nullopt};
  Effects effects;
  STRATAGEM_TRY(record_press(g, message, formats::press_json(g.variant(), press), effects));
  ++g.message_count_;
  effects.changed = true;
  effects.events.push_back({Audience::only({from, to}), "message", message.to_json()});
  effects.messages.push_back(std::move(message));
  return effects;
}

}  // namespace stratagem::platform
