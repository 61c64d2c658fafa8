// The server's side of a DAIDE conversation (syntax.html Level 0; protocol.html ch. 3).
#include <algorithm>
#include <cctype>

#include "stratagem/daide/server.h"
#include "stratagem/daide/press.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::daide {

using diplomacy::Order;
using diplomacy::OrderKind;
using diplomacy::PhaseType;
using diplomacy::Power;

namespace {

constexpr std::string_view kMapName = "STANDARD";

TokenList message(std::initializer_list<TokenList> parts) {
  TokenList out;
  for (const TokenList& part : parts) out.insert(out.end(), part.begin(), part.end());
  return out;
}

TokenList bracket(Token t) { return {tokens::BRA, t, tokens::KET}; }

// The province an order is kept under: a new order for the same unit (or build site)
// replaces it. Waives have none.
std::optional<int> order_province(const diplomacy::Variant& variant, const Order& order) {
  if (order.kind() == OrderKind::Waive) return std::nullopt;
  return diplomacy::index(variant.province_of(order.unit()));
}

}  // namespace

ServerSession::ServerSession(Table& table, diplomacy::RuleOptions rules)
    : table_(table),
      rules_(rules),
      names_(diplomacy::standard_variant(), Representation::standard()),
      state_(diplomacy::GameState::initial(diplomacy::standard_variant())) {}

std::vector<std::uint8_t> ServerSession::receive(std::span<const std::uint8_t> octets) {
  if (!finished_) reader_.feed(octets);
  while (!finished_) {
    auto frame = reader_.next();
    if (!frame) break;
    on_frame(*frame);
  }
  return std::exchange(out_, {});
}

std::vector<std::uint8_t> ServerSession::game_changed() {
  if (!finished_ && in_game()) apply(table_.news());
  return std::exchange(out_, {});
}

std::vector<std::string> ServerSession::take_log() { return std::exchange(log_, {}); }

void ServerSession::on_frame(const Frame& frame) {
  const auto type = static_cast<MessageType>(frame.type);
  if (stage_ == Stage::AwaitingInitial) {
    if (frame.type != static_cast<std::uint8_t>(MessageType::Initial)) return error(ErrorCode::InitialNotFirst);
    if (frame.data.size() != 4) return error(ErrorCode::MessageTooShort);
    const std::uint16_t version = static_cast<std::uint16_t>(frame.data[0] << 8 | frame.data[1]);
    const std::uint16_t magic = static_cast<std::uint16_t>(frame.data[2] << 8 | frame.data[3]);
    if (magic == 0x10DA) return error(ErrorCode::WrongEndian);
    if (magic != kMagicNumber) return error(ErrorCode::BadMagicNumber);
    if (version != kProtocolVersion) return error(ErrorCode::VersionIncompatible);
    // The RM names the tokens a variant adds to the standard ones (protocol.html §3.3): on
    // the standard map none, so it is empty. A full table is legal but outside bots
    // misread it (daide-client's DumbBot swaps its name octets and then names provinces
    // "???"); MILA's server sends it empty too.
    const auto rm = encode_frame(MessageType::Representation, {});
    out_.insert(out_.end(), rm->begin(), rm->end());
    stage_ = Stage::AwaitingName;
    return;
  }
  switch (type) {
    case MessageType::Initial: return error(ErrorCode::InitialTwice);
    case MessageType::Representation: return error(ErrorCode::RepresentationFromClient);
    case MessageType::Final:
    case MessageType::Error: finished_ = true; return;
    case MessageType::Diplomacy: break;
    default: return error(ErrorCode::UnknownMessage);
  }
  if (frame.data.empty()) return error(ErrorCode::MessageTooShort);
  auto tokens = from_octets(frame.data);
  if (!tokens || std::any_of(tokens->begin(), tokens->end(), is_reserved)) return error(ErrorCode::InvalidToken);
  on_message(*tokens);
}

void ServerSession::on_message(const TokenList& tokens) {
  log_.push_back("<< " + to_text(tokens, Representation::standard()));
  auto items = parse(tokens);
  if (!items) {
    // Unbalanced brackets: PRN (message), never in answer to PRN or HUH.
    if (!tokens.empty() && (tokens[0] == tokens::PRN || tokens[0] == tokens::HUH)) return;
    TokenList prn{tokens::PRN, tokens::BRA};
    prn.insert(prn.end(), tokens.begin(), tokens.end());
    prn.push_back(tokens::KET);
    return send(prn);
  }
  if (items->empty() || items->front().is_list) return huh(tokens, 0);
  on_command(tokens, *items);
}

void ServerSession::on_command(const TokenList& tokens, const Nodes& items) {
  const Token command = items[0].token;
  const std::size_t arguments = items.size() - 1;
  if (command == tokens::NME) return on_name(tokens, items);
  if (command == tokens::OBS) return on_observe(tokens, items);
  if (command == tokens::IAM) return on_i_am(tokens, items);
  if (command == tokens::PRN || command == tokens::HUH) return;  // the client's complaint: no answer
  if ((command == tokens::YES || command == tokens::REJ) && arguments == 1 && items[1].is_list &&
      !items[1].items.empty() && items[1].items[0].is(tokens::MAP))
    return on_map_answer(tokens, items, command == tokens::YES);
  if (command == tokens::YES || command == tokens::REJ) return;  // REJ (SVE), YES (SVE), ...
  if (command == tokens::MAP && arguments == 0) return send(message({{tokens::MAP}, bracketed(text_tokens(kMapName))}));
  if (command == tokens::MDF && arguments == 0) return send(message({{tokens::MDF}, *map_definition(names_)}));
  if (command == tokens::NOW && arguments == 0) return send(message({{tokens::NOW}, now_arguments(state_, names_)}));
  if (command == tokens::SCO && arguments == 0) return send(message({{tokens::SCO}, sco_arguments(state_, names_)}));
  if (command == tokens::HLO && arguments == 0) {
    if (stage_ != Stage::Playing || !started_ || !power_) return reject(tokens);
    return send_hello();
  }
  if (command == tokens::SUB) return on_submit(tokens, items);
  if (command == tokens::NOT && arguments == 1 && items[1].is_list) return on_not(tokens, items);
  if (command == tokens::GOF && arguments == 0) return on_go(tokens, true);
  if (command == tokens::DRW && arguments == 0) return on_draw(tokens, true);
  if (command == tokens::MIS && arguments == 0) {
    if (!game_live()) return reject(tokens);
    return send_missing();
  }
  if (command == tokens::ORD && arguments == 0) {
    if (!in_game() || last_results_.empty()) return reject(tokens);
    for (const ProcessedTurn& turn : last_results_) send_turn_results(turn, false);
    return;
  }
  if (command == tokens::HST) return on_history(tokens, items);
  if (command == tokens::TME) return on_time(tokens, items);
  if (command == tokens::SMR && arguments == 0) {
    if (!end_) return reject(tokens);
    return send_end();
  }
  // Admin messages are not relayed on this server (syntax.html allows refusing them).
  if (command == tokens::ADM) return reject(tokens);
  if (command == tokens::SND) return on_send(tokens, items);
  huh(tokens, command.category() == category::kCommand ? 1 : 0);
}

void ServerSession::on_name(const TokenList& tokens, const Nodes& items) {
  const auto name = items.size() == 3 ? text_of(items[1]) : std::nullopt;
  const auto version = items.size() == 3 ? text_of(items[2]) : std::nullopt;
  if (!name || !version) return huh(tokens, std::min<std::size_t>(items.size(), 1));
  if (stage_ != Stage::AwaitingName || !table_.join(*name, *version)) return reject(tokens);
  yes(tokens);
  joined(Stage::Playing);
}

void ServerSession::on_observe(const TokenList& tokens, const Nodes& items) {
  if (items.size() != 1 && items.size() != 3) return huh(tokens, 1);
  if (stage_ != Stage::AwaitingName || !table_.observe()) return reject(tokens);
  yes(tokens);
  joined(Stage::Observing);
}

void ServerSession::on_i_am(const TokenList& tokens, const Nodes& items) {
  std::size_t at = 0;
  const bool well_formed = items.size() == 3 && items[1].is_list && items[1].items.size() == 1 &&
                           !items[1].items[0].is_list && items[2].is_list;
  const auto power = well_formed ? names_.power(items[1].items[0].token) : std::nullopt;
  const auto passcode = well_formed ? number_at(items[2].items, at) : std::nullopt;
  if (!power || !passcode || at != items[2].items.size()) return huh(tokens, 1);
  if (stage_ != Stage::AwaitingName || !table_.rejoin(*power, *passcode)) return reject(tokens);
  yes(tokens);
  stage_ = Stage::Playing;
  // Straight into the game: no MAP and no HLO (the client asks for what it needs).
  const GameNews news = table_.news();
  hello_sent_ = true;
  apply(news);
}

// Nothing of the game goes to the client before it has accepted the map: a client that
// has not read the map cannot read HLO, NOW or SCO (syntax.html: MAP, MDF, then YES (MAP)).
void ServerSession::joined(Stage after_map) {
  stage_ = Stage::AwaitingMap;
  after_map_ = after_map;
  send(message({{tokens::MAP}, bracketed(text_tokens(kMapName))}));
}

void ServerSession::on_map_answer(const TokenList& tokens, const Nodes& items, bool accepted) {
  if (stage_ != Stage::AwaitingMap) return;  // a second answer, or one after IAM: nothing to do
  const Nodes& answer = items[1].items;
  const auto name = answer.size() == 2 ? text_of(answer[1]) : std::nullopt;
  if (!name) return huh(tokens, 1);
  if (!std::equal(name->begin(), name->end(), kMapName.begin(), kMapName.end(),
                  [](char a, char b) { return std::toupper(static_cast<unsigned char>(a)) == b; }))
    return reject(tokens);  // not the map we sent (names are not case sensitive)
  if (!accepted) return turn_off();
  if (after_map_ == Stage::Playing && !table_.accept_map()) return reject(tokens);
  stage_ = after_map_;
  apply(table_.news());
}

std::vector<std::uint8_t> ServerSession::map_not_accepted() {
  if (!finished_ && stage_ == Stage::AwaitingMap) turn_off();
  return std::exchange(out_, {});
}

void ServerSession::connection_lost() {
  // A game that started meanwhile refuses: then the seat is the client's to take back (IAM).
  if ((stage_ == Stage::AwaitingMap && after_map_ == Stage::Playing) || (stage_ == Stage::Playing && !started_))
    table_.leave();
  stage_ = Stage::AwaitingName;
  finished_ = true;
}

// The client will not play: its seat is free again, and OFF tells it to exit.
void ServerSession::turn_off() {
  if (after_map_ == Stage::Playing) table_.leave();
  stage_ = Stage::AwaitingName;
  send({tokens::OFF});
  finished_ = true;
}

void ServerSession::apply(const GameNews& news) {
  settings_ = news.settings;
  seconds_to_deadline_ = news.seconds_to_deadline;
  start_ = news.start;
  if (!news.started) {
    state_ = news.state;
    return;
  }
  const bool starting = !started_;
  started_ = true;
  if (news.power) {
    power_ = news.power;
    passcode_ = news.passcode;
  }
  if (starting && !hello_sent_) {
    state_ = news.state;
    if (stage_ == Stage::Playing && power_) send_hello();  // an observer has no power to be told of
    send(message({{tokens::SCO}, sco_arguments(state_, names_)}));
    send(message({{tokens::NOW}, now_arguments(state_, names_)}));
    hello_sent_ = true;
  }
  const bool ends_now = news.end && !end_;
  if (ends_now) {
    end_ = news.end;
    end_phase_ = news.state.phase;
  }
  if (!news.processed.empty()) {
    last_results_.clear();
    for (std::size_t k = 0; k < news.processed.size(); ++k) {
      const ProcessedTurn& turn = news.processed[k];
      send_turn_results(turn, false, ends_now && k + 1 == news.processed.size());
      // ORD without arguments repeats the last movement turn and what followed it.
      if (turn.before.phase.type == PhaseType::Movement) last_results_.clear();
      last_results_.push_back(turn);
    }
  }
  const bool new_turn = !(news.state.phase == state_.phase) || !news.processed.empty();
  state_ = news.state;
  if (new_turn) {
    orders_.clear();
    go_ = true;
  }
  for (Power p : news.civil_disorder)
    if (std::find(civil_disorder_.begin(), civil_disorder_.end(), p) == civil_disorder_.end())
      send(message({{tokens::CCD}, bracket(*names_.power_token(p))}));
  for (Power p : civil_disorder_)
    if (std::find(news.civil_disorder.begin(), news.civil_disorder.end(), p) == news.civil_disorder.end())
      send(message({{tokens::NOT}, bracketed(message({{tokens::CCD}, bracket(*names_.power_token(p))}))}));
  civil_disorder_ = news.civil_disorder;
  for (const PressReceived& received : news.press) {
    const auto press = press_tokens(received.press, names_);
    if (!press) continue;
    TokenList to;
    for (diplomacy::Power p : received.to) to.push_back(*names_.power_token(p));
    send(message({{tokens::FRM}, bracket(*names_.power_token(received.from)), bracketed(to), bracketed(*press)}));
  }
  if (ends_now && news.processed.empty()) {
    send_end();  // a draw voted between turns
  } else if (!ends_now && new_turn && !news.processed.empty() && seconds_to_deadline_) {
    send(message({{tokens::TME}, bracketed(number_tokens(*seconds_to_deadline_))}));
  }
}

void ServerSession::send_hello() {
  TokenList options = bracketed(TokenList{tokens::LVL, integer_token(settings_.level)});
  const auto limit = [&](Token name, const std::optional<long>& seconds) {
    if (seconds) options = message({options, bracketed(message({{name}, number_tokens(*seconds)}))});
  };
  limit(tokens::MTL, settings_.movement_seconds);
  limit(tokens::RTL, settings_.retreat_seconds);
  limit(tokens::BTL, settings_.build_seconds);
  send(message({{tokens::HLO}, bracket(*names_.power_token(*power_)), bracketed(number_tokens(passcode_)), bracketed(options)}));
}

void ServerSession::send_turn_results(const ProcessedTurn& turn, bool always_centres, bool game_ends) {
  const diplomacy::GameState& after = turn.after;
  const TokenList turn_list = turn_tokens(turn.before.phase);
  for (const OrderResult& r : turn.results) {
    auto order = order_tokens(r.order, r.power, turn.before, names_);
    if (!order) continue;  // e.g. a convoyed move whose fleets are gone: nothing a client could read
    TokenList result;
    if (r.result) result.push_back(*r.result);
    if (r.dislodged) result.push_back(tokens::RET);
    send(message({{tokens::ORD}, turn_list, bracketed(*order), bracketed(result)}));
  }
  bool centres_changed = false;
  names_.variant().all_supply_centres().for_each([&](int c) {
    centres_changed |= after.centre_owner(diplomacy::province_at(c)) != turn.before.centre_owner(diplomacy::province_at(c));
  });
  if (centres_changed || always_centres) send(message({{tokens::SCO}, sco_arguments(after, names_)}));
  if (game_ends) send_end();
  send(message({{tokens::NOW}, now_arguments(after, names_)}));
}

void ServerSession::send_end() {
  if (end_->solo) {
    send(message({{tokens::SLO}, bracket(*names_.power_token(*end_->solo))}));
  } else if (end_->shared.empty()) {
    send({tokens::DRW});
  } else {
    TokenList powers;
    for (Power p : end_->shared) powers.push_back(*names_.power_token(p));
    send(message({{tokens::DRW}, bracketed(powers)}));
  }
  TokenList summary = message({{tokens::SMR}, turn_tokens(end_phase_)});
  for (const PowerSummary& s : end_->summary) {
    TokenList entry = message({{*names_.power_token(s.power)}, bracketed(text_tokens(s.name)),
                               bracketed(text_tokens(s.version)), number_tokens(s.centres)});
    if (s.eliminated_in) entry = message({entry, number_tokens(*s.eliminated_in)});
    summary = message({summary, bracketed(entry)});
  }
  send(summary);
}

void ServerSession::on_submit(const TokenList& tokens, const Nodes& items) {
  std::size_t first = 1;
  if (items.size() > 1 && items[1].is_list && !items[1].items.empty() && !items[1].items[0].is_list &&
      items[1].items[0].token.category() == category::kPhase) {
    const auto phase = read_turn(items[1]);
    if (!phase) return huh(tokens, 1);
    if (!game_live() || !(*phase == state_.phase)) return reject(tokens);
    first = 2;
  }
  if (!game_live()) return reject(tokens);
  for (std::size_t k = first; k < items.size(); ++k)
    if (!items[k].is_list) return huh(tokens, k);
  std::vector<TokenList> thanks;
  std::vector<Order> accepted = orders_;
  for (std::size_t k = first; k < items.size(); ++k) {
    auto order = read_order(items[k].items, *power_, state_, rules_, names_);
    if (!order && order.error().syntax_error_at) return huh(tokens, k);
    Token note = order ? tokens::MBV : order.error().note;
    if (order) {
      const auto province = order_province(names_.variant(), *order);
      if (province)
        std::erase_if(accepted, [&](const Order& o) { return order_province(names_.variant(), o) == province; });
      accepted.push_back(*order);
    }
    thanks.push_back(message({{tokens::THX}, bracketed(items[k].items), bracket(note)}));
  }
  const std::vector<Order> before = std::exchange(orders_, accepted);
  if (!submit_current(orders_complete())) {
    orders_ = before;
    return reject(tokens);
  }
  for (const TokenList& t : thanks) send(t);
  if (!orders_complete()) send_missing();
}

bool ServerSession::submit_current(bool complete) { return table_.submit(state_.phase, orders_, complete && go_); }

bool ServerSession::orders_complete() const {
  const diplomacy::Variant& variant = names_.variant();
  const Power power = *power_;
  if (state_.phase.type == PhaseType::Adjustment) {
    const int owed = state_.centre_count(power) - state_.unit_count(power);
    return static_cast<int>(orders_.size()) >= std::abs(owed);
  }
  bool complete = true;
  const auto needs = [&](int p) {
    if (std::none_of(orders_.begin(), orders_.end(), [&](const Order& o) { return order_province(variant, o) == p; }))
      complete = false;
  };
  if (state_.phase.type == PhaseType::Retreat) {
    state_.dislodged_provinces().for_each([&](int p) {
      if (state_.dislodged_in(diplomacy::province_at(p))->unit.power == power) needs(p);
    });
  } else {
    state_.occupied_provinces().for_each([&](int p) {
      if (state_.unit_at(diplomacy::province_at(p)).power == power) needs(p);
    });
  }
  return complete;
}

void ServerSession::send_missing() {
  const diplomacy::Variant& variant = names_.variant();
  const Power power = *power_;
  TokenList missing{tokens::MIS};
  if (state_.phase.type == PhaseType::Adjustment) {
    const int owed = state_.centre_count(power) - state_.unit_count(power);
    const int left = std::max(0, std::abs(owed) - static_cast<int>(orders_.size()));
    // Negative: builds still to order; positive: removals.
    if (left > 0) missing = message({missing, bracketed(number_tokens(owed > 0 ? -left : left))});
    return send(missing);
  }
  const auto ordered = [&](int p) {
    return std::any_of(orders_.begin(), orders_.end(), [&](const Order& o) { return order_province(variant, o) == p; });
  };
  const TokenList now = now_arguments(state_, names_);
  const Nodes entries = *parse(now);
  for (std::size_t k = 1; k < entries.size(); ++k) {
    const Nodes& unit = entries[k].items;
    const bool must_retreat = unit.size() == 5;
    if ((state_.phase.type == PhaseType::Retreat) != must_retreat) continue;
    if (names_.power(unit[0].token) != power) continue;
    const auto location = read_location(unit[2], names_);
    if (!location || ordered(diplomacy::index(variant.province_of(*location)))) continue;
    missing = message({missing, bracketed(unit)});
  }
  send(missing);
}

void ServerSession::on_not(const TokenList& tokens, const Nodes& items) {
  const Nodes& what = items[1].items;
  if (what.empty() || what[0].is_list) return huh(tokens, 1);
  const Token command = what[0].token;
  if (command == tokens::GOF && what.size() == 1) return on_go(tokens, false);
  if (command == tokens::DRW && what.size() == 1) return on_draw(tokens, false);
  if (command == tokens::TME) return reject(tokens);  // no timed requests are kept, so none to cancel
  if (command != tokens::SUB) return huh(tokens, 1);
  if (!game_live()) return reject(tokens);
  std::vector<Order> kept = orders_;
  if (what.size() == 1) {
    kept.clear();
  } else {
    if (what.size() != 2 || !what[1].is_list) return huh(tokens, 1);
    auto order = read_order(what[1].items, *power_, state_, rules_, names_);
    const auto found = order ? std::find(kept.begin(), kept.end(), *order) : kept.end();
    if (found == kept.end()) return reject(tokens);
    kept.erase(found);
  }
  const std::vector<Order> before = std::exchange(orders_, kept);
  if (!submit_current(false)) {
    orders_ = before;
    return reject(tokens);
  }
  yes(tokens);
}

void ServerSession::on_go(const TokenList& tokens, bool go) {
  if (!game_live()) return reject(tokens);
  go_ = go;
  if (!submit_current(orders_complete())) return reject(tokens);
  yes(tokens);
  if (go && !orders_complete()) send_missing();
}

void ServerSession::on_draw(const TokenList& tokens, bool draw) {
  if (!game_live() || !table_.vote_draw(draw)) return reject(tokens);
  yes(tokens);
}

void ServerSession::on_history(const TokenList& tokens, const Nodes& items) {
  if (items.size() == 1) {
    if (!in_game() || !started_) return reject(tokens);
    send(message({{tokens::SCO}, sco_arguments(start_, names_)}));
    return send(message({{tokens::NOW}, now_arguments(start_, names_)}));
  }
  const auto phase = items.size() == 2 ? read_turn(items[1]) : tl::unexpected(std::string());
  if (!phase) return huh(tokens, 1);
  const auto turn = in_game() ? table_.history(*phase) : std::nullopt;
  if (!turn) return reject(tokens);
  send_turn_results(*turn, true);
}

void ServerSession::on_send(const TokenList& tokens, const Nodes& items) {
  // A game without press is level 0: SND is not in its language at all.
  if (settings_.level < 10) return huh(tokens, 0);
  std::size_t at = 1;
  if (items.size() > at && items[at].is_list && !items[at].items.empty() && !items[at].items[0].is_list &&
      items[at].items[0].token.category() == category::kPhase)
    ++at;  // SND (turn) (powers) (press): the turn is the current one or the message is late anyway
  if (items.size() != at + 2 || !items[at].is_list || !items[at + 1].is_list || items[at].items.empty())
    return huh(tokens, std::min(items.size(), at));
  std::vector<diplomacy::Power> to;
  for (const Node& node : items[at].items) {
    const auto power = node.is_list ? std::nullopt : names_.power(node.token);
    if (!power) return huh(tokens, at);
    to.push_back(*power);
  }
  if (!game_live()) return reject(tokens);
  const Nodes& press_items = items[at + 1].items;
  // A player that cannot read a message says so (HUH) and lists what it can (TRY): taken,
  // not passed on, since only proposals and their answers are press here.
  if (!press_items.empty() && (press_items[0].is(tokens::HUH) || press_items[0].is(tokens::TRY))) return yes(tokens);
  const auto press = read_press(press_items, names_);
  if (!press) return huh(tokens, at + 1);
  if (!table_.send_press(to, *press)) return reject(tokens);
  yes(tokens);
}

void ServerSession::on_time(const TokenList& tokens, const Nodes& items) {
  if (items.size() == 1) {
    if (!seconds_to_deadline_ || !game_live()) return reject(tokens);
    return send(message({{tokens::TME}, bracketed(number_tokens(*seconds_to_deadline_))}));
  }
  // Timed reminders are not offered: the game's deadline comes with every NOW (TME).
  reject(tokens);
}

void ServerSession::send(const TokenList& tokens) {
  log_.push_back(">> " + to_text(tokens, Representation::standard()));
  const auto frame = encode_frame(MessageType::Diplomacy, to_octets(tokens));
  if (frame) out_.insert(out_.end(), frame->begin(), frame->end());
}

void ServerSession::yes(const TokenList& tokens) { send(message({{tokens::YES}, bracketed(tokens)})); }
void ServerSession::reject(const TokenList& tokens) { send(message({{tokens::REJ}, bracketed(tokens)})); }

void ServerSession::huh(const TokenList& tokens, std::size_t error_at) {
  // ERR goes before the offending top-level item.
  const auto items = parse(tokens);
  TokenList marked{tokens::HUH, tokens::BRA};
  if (!items || error_at >= items->size()) {
    marked.insert(marked.end(), tokens.begin(), tokens.end());
    marked.push_back(tokens::ERR);
  } else {
    for (std::size_t k = 0; k < items->size(); ++k) {
      if (k == error_at) marked.push_back(tokens::ERR);
      const TokenList part = flatten({(*items)[k]});
      marked.insert(marked.end(), part.begin(), part.end());
    }
  }
  marked.push_back(tokens::KET);
  send(marked);
}

void ServerSession::error(ErrorCode code) {
  const auto em = error_message(code);
  log_.push_back(">> EM " + describe_error(static_cast<std::uint16_t>(code)));
  out_.insert(out_.end(), em.begin(), em.end());
  finished_ = true;
}

}  // namespace stratagem::daide
