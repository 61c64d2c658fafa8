#include <exception>

#include <fmt/format.h>

#include "stratagem/daide/client.h"
#include "stratagem/daide/press.h"
#include "stratagem/diplomacy_bots/negotiation.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::daide {

using diplomacy::Order;
using diplomacy::OrderKind;
using diplomacy::PhaseType;

namespace {

// What a THX note means (syntax.html, Level 0 (iii)).
std::string note_meaning(Token note) {
  switch (note.value) {
    case 0x4401: return "the build was refused (BPR)";
    case 0x4402: return "no coast given, or the unit cannot stand there (CST)";
    case 0x4403: return "not an empty supply centre (ESC)";
    case 0x4404: return "not adjacent (FAR)";
    case 0x4405: return "not a home supply centre (HSC)";
    case 0x4406: return "the convoying fleet is not at sea (NAS)";
    case 0x4407: return "no more builds allowed (NMB)";
    case 0x4408: return "no more removals allowed (NMR)";
    case 0x4409: return "no retreat needed for this unit (NRN)";
    case 0x440A: return "not the right season (NRS)";
    case 0x440B: return "no such army (NSA)";
    case 0x440C: return "not a supply centre (NSC)";
    case 0x440D: return "no such fleet (NSF)";
    case 0x440E: return "no such province (NSP)";
    case 0x4410: return "no such unit (NSU)";
    case 0x4411: return "not a valid retreat space (NVR)";
    case 0x4412: return "not our unit (NYU)";
    case 0x4413: return "not our supply centre (YSC)";
  }
  return fmt::format("note 0x{:04X}", note.value);
}

std::uint64_t turn_seed(std::uint64_t seed, diplomacy::Phase phase) {
  // SplitMix64 of the seed and the turn: every turn of a game draws fresh choices.
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ull *
                               (std::uint64_t(phase.year) * 8 + std::uint64_t(phase.season) * 2 + std::uint64_t(phase.type) + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

TokenList message(std::initializer_list<TokenList> parts) {
  TokenList out;
  for (const TokenList& part : parts) out.insert(out.end(), part.begin(), part.end());
  return out;
}

}  // namespace

std::string_view client_version() { return STRATAGEM_VERSION; }

Client::Client(diplomacy_bots::Player& player, ClientOptions options)
    : player_(player), options_(std::move(options)), names_(diplomacy::standard_variant(), Representation::standard()) {}

std::vector<std::uint8_t> Client::start() { return initial_message(); }

std::vector<std::uint8_t> Client::receive(std::span<const std::uint8_t> octets) {
  if (!finished_) {
    reader_.feed(octets);
    while (!finished_) {
      auto frame = reader_.next();
      if (!frame) break;
      on_frame(*frame);
    }
  }
  return std::exchange(out_, {});
}

void Client::connection_closed() {
  if (finished_) return;
  if (game_over_) {
    report(Event::Kind::Info, "the server closed the connection after the game ended");
    finish(std::nullopt);
  } else {
    finish("the server closed the connection before the game ended");
  }
  out_.clear();
}

std::vector<Event> Client::take_events() { return std::exchange(events_, {}); }

void Client::report(Event::Kind kind, std::string text) { events_.push_back({kind, std::move(text)}); }

std::string Client::text(const TokenList& tokens) const { return to_text(tokens, representation_); }

std::string Client::power_name(diplomacy::Power p) const { return diplomacy::standard_variant().power_code(p); }

void Client::send_frame(const std::vector<std::uint8_t>& octets) { out_.insert(out_.end(), octets.begin(), octets.end()); }

void Client::send(const TokenList& tokens) {
  auto frame = encode_frame(MessageType::Diplomacy, to_octets(tokens));
  if (!frame) {
    report(Event::Kind::Error, fmt::format("a message of {} tokens is too long to send", tokens.size()));
    return;
  }
  send_frame(*frame);
}

void Client::finish(std::optional<std::string> failure) {
  if (finished_) return;
  finished_ = true;
  stage_ = Stage::Finished;
  if (failure) {
    report(Event::Kind::Error, *failure);
    failure_ = std::move(failure);
  }
}

void Client::protocol_error(ErrorCode code, const std::string& why) {
  send_frame(error_message(code));  // an Error Message replaces the Final Message
  finish(fmt::format("{} (Error Message 0x{:02X} sent: {})", why, static_cast<int>(code),
                     describe_error(static_cast<std::uint16_t>(code))));
}

void Client::huh(const TokenList& tokens, std::size_t error_at, const std::string& why) {
  report(Event::Kind::Warning, fmt::format("cannot read the server's message {}: {}", text(tokens), why));
  TokenList marked = tokens;
  marked.insert(marked.begin() + static_cast<std::ptrdiff_t>(std::min(error_at, marked.size())), tokens::ERR);
  send(message({{tokens::HUH}, bracketed(marked)}));
}

void Client::on_frame(const Frame& frame) {
  switch (static_cast<MessageType>(frame.type)) {
    case MessageType::Initial:
      return protocol_error(ErrorCode::InitialFromServer, "the server sent an Initial Message");
    case MessageType::Representation: {
      if (stage_ != Stage::AwaitingRepresentation)
        return protocol_error(ErrorCode::UnexpectedRepresentation, "the server sent a second Representation Message");
      auto representation = Representation::from_rm(frame.data);
      if (!representation)
        return protocol_error(ErrorCode::InvalidToken, "the server's Representation Message is malformed: " + representation.error());
      representation_ = std::move(*representation);
      names_ = MapNames(diplomacy::standard_variant(), representation_);
      stage_ = Stage::Joining;
      if (options_.power && options_.passcode) {
        const auto power = names_.power_token(*options_.power);
        if (!power) return finish("the server's representation has no token for " + power_name(*options_.power));
        report(Event::Kind::Info, fmt::format("taking back {} with passcode {}", power_name(*options_.power), *options_.passcode));
        send(message({{tokens::IAM}, bracketed(TokenList{*power}), bracketed(number_tokens(*options_.passcode))}));
      } else {
        send(message({{tokens::NME}, bracketed(text_tokens(options_.name)), bracketed(text_tokens(options_.version))}));
      }
      return;
    }
    case MessageType::Diplomacy:
      if (stage_ == Stage::AwaitingRepresentation)
        return protocol_error(ErrorCode::DiplomacyBeforeRepresentation, "the server sent a Diplomacy Message before the Representation Message");
      if (frame.data.size() < 2)
        return protocol_error(ErrorCode::MessageTooShort, fmt::format("a Diplomacy Message of {} octets", frame.data.size()));
      if (frame.data.size() % 2 != 0)
        return protocol_error(ErrorCode::InvalidToken, fmt::format("a Diplomacy Message of {} octets, which cuts its last token in half", frame.data.size()));
      return on_diplomacy(*from_octets(frame.data));
    case MessageType::Final:
      if (game_over_) {
        report(Event::Kind::Info, "the server said goodbye (Final Message)");
        return finish(std::nullopt);
      }
      return finish("the server closed the conversation (Final Message) before the game ended");
    case MessageType::Error: {
      const std::uint16_t code = frame.data.size() >= 2 ? std::uint16_t(frame.data[0] << 8 | frame.data[1]) : 0;
      return finish(fmt::format("the server reported a protocol error: {}", describe_error(code)));
    }
  }
  protocol_error(ErrorCode::UnknownMessage, fmt::format("the server sent a message of unknown type {}", frame.type));
}

void Client::on_diplomacy(const TokenList& tokens) {
  for (std::size_t i = 0; i < tokens.size(); ++i)
    if (is_reserved(tokens[i]))
      return protocol_error(ErrorCode::InvalidToken, fmt::format("the server sent the private-use token 0x{:04X}", tokens[i].value));
  auto items = parse(tokens);
  if (!items) {
    report(Event::Kind::Warning, fmt::format("the server's message {} is not bracketed correctly: {}", text(tokens), items.error()));
    const bool about_an_error = !tokens.empty() && (tokens[0] == tokens::HUH || tokens[0] == tokens::PRN);
    if (!about_an_error) send(message({{tokens::PRN, tokens::BRA}, tokens, {tokens::KET}}));
    return;
  }
  on_message(tokens, *items);
}

void Client::on_message(const TokenList& tokens, const Nodes& items) {
  if (items.empty() || items[0].is_list) return huh(tokens, 0, "it does not begin with a command");
  const Token command = items[0].token;
  const Nodes arguments(items.begin() + 1, items.end());
  if (command == tokens::YES) return on_yes(arguments);
  if (command == tokens::REJ) return on_reject(arguments);
  if (command == tokens::MAP) return on_map(tokens, arguments);
  if (command == tokens::MDF) return on_map_definition(arguments);
  if (command == tokens::HLO) return on_hello(arguments);
  if (command == tokens::SCO) {
    auto read = read_supply_centres(arguments, names_, state_);
    if (!read) return huh(tokens, 1, read.error());
    return;
  }
  if (command == tokens::NOW) return on_now(arguments);
  if (command == tokens::THX) return on_thanks(arguments);
  if (command == tokens::MIS) return on_missing(arguments);
  if (command == tokens::ORD || command == tokens::SUB || command == tokens::CCD || command == tokens::NOT ||
      command == tokens::TME || command == tokens::ADM) {
    report(Event::Kind::Info, text(tokens));
    return;
  }
  if (command == tokens::OUT) {
    if (arguments.size() == 1 && arguments[0].is_list && arguments[0].items.size() == 1 && power_ &&
        names_.power(arguments[0].items[0].token) == power_)
      report(Event::Kind::Info, "we are eliminated: " + text(tokens));
    else
      report(Event::Kind::Info, text(tokens));
    return;
  }
  if (command == tokens::SLO || command == tokens::DRW) {
    game_over_ = true;
    report(Event::Kind::Info, fmt::format("the game is over: {}", text(tokens)));
    return;
  }
  if (command == tokens::SMR) {
    report(Event::Kind::Info, "summary: " + text(tokens));
    if (game_over_) {
      send_frame(final_message());
      finish(std::nullopt);
    }
    return;
  }
  if (command == tokens::OFF) {
    report(Event::Kind::Info, "the server asked us to leave (OFF)");
    return finish(game_over_ || !power_ ? std::nullopt : std::optional<std::string>("the server sent OFF before the game ended"));
  }
  if (command == tokens::HUH || command == tokens::PRN) {
    report(Event::Kind::Error, fmt::format("the server could not read a message of ours: {}", text(tokens)));
    return;
  }
  if (command == tokens::FRM) return on_press(arguments);
  if (command == tokens::SVE) {
    report(Event::Kind::Info, fmt::format("the server saves the game; to rejoin it we need only our power and passcode ({}, {})",
                                          power_ ? power_name(*power_) : "unknown", passcode_ ? std::to_string(*passcode_) : "unknown"));
    return send(message({{tokens::YES}, bracketed(tokens)}));
  }
  if (command == tokens::LOD) return on_load(arguments);
  huh(tokens, 0, "it is not a message a no-press player expects");
}

void Client::on_yes(const Nodes& items) {
  if (items.size() != 1 || !items[0].is_list || items[0].items.empty()) return;
  const Nodes& what = items[0].items;
  if (what[0].is(tokens::NME)) {
    report(Event::Kind::Info, "joined; waiting for the map and the start of the game");
  } else if (what[0].is(tokens::IAM) && options_.power) {
    power_ = options_.power;
    passcode_ = options_.passcode;
    stage_ = Stage::Playing;
    report(Event::Kind::Info, fmt::format("playing {} again; asking for the game's state", power_name(*power_)));
    send({tokens::HLO});
    send({tokens::SCO});
    send({tokens::NOW});
  }
}

void Client::on_reject(const Nodes& items) {
  const TokenList rejected = flatten(items);
  if (items.size() != 1 || !items[0].is_list || items[0].items.empty()) {
    report(Event::Kind::Warning, "the server refused something: REJ " + text(rejected));
    return;
  }
  const Node& what = items[0].items[0];
  if (what.is(tokens::NME)) return finish("the server refused to let us join (the game may have started): REJ " + text(rejected));
  if (what.is(tokens::IAM))
    return finish("the server refused to give the power back (wrong passcode, or the power is not free): REJ " + text(rejected));
  if (what.is(tokens::SUB)) {
    report(Event::Kind::Warning, "the server refused our orders (not the current turn, or the game has not started): REJ " + text(rejected));
    if (!resubmitted_after_reject_ && !game_over_) {
      resubmitted_after_reject_ = true;
      send({tokens::NOW});  // the answer tells the current turn, and we order again
    }
    return;
  }
  report(Event::Kind::Warning, "the server refused: REJ " + text(rejected));
}

void Client::on_map(const TokenList& tokens, const Nodes& items) {
  std::optional<std::string> name;
  if (items.size() == 1) name = text_of(items[0]);
  if (!name) return huh(tokens, 1, "MAP without ('name')");
  map_name_ = *name;
  report(Event::Kind::Info, fmt::format("the map is '{}'; asking for its definition", *name));
  send({tokens::MDF});
}

void Client::on_map_definition(const Nodes& items) {
  const TokenList name = map_name_ ? bracketed(text_tokens(*map_name_)) : TokenList{};
  auto check = check_map_definition(items, names_);
  if (!check) {
    if (map_name_) send(message({{tokens::REJ, tokens::BRA, tokens::MAP}, name, {tokens::KET}}));
    send_frame(final_message());
    return finish(check.error());
  }
  if (map_accepted_) return;
  map_accepted_ = true;
  report(Event::Kind::Info, "the map is the standard map");
  if (map_name_) send(message({{tokens::YES, tokens::BRA, tokens::MAP}, name, {tokens::KET}}));
}

void Client::on_hello(const Nodes& items) {
  const TokenList tokens = message({{tokens::HLO}, flatten(items)});
  if (items.size() != 3 || !items[0].is_list || items[0].items.size() != 1 || !items[1].is_list || !items[2].is_list)
    return huh(tokens, 1, "HLO is not (power) (passcode) (variant)");
  auto power = names_.power(items[0].items[0].token);
  if (!power) return finish("the server made us an observer or gave an unknown power: " + text(tokens));
  std::size_t at = 0;
  auto passcode = number_at(items[1].items, at);
  if (!passcode || at != items[1].items.size()) return huh(tokens, 2, "the passcode is not a number");
  std::optional<long> level;
  for (const Node& option : items[2].items) {
    if (!option.is_list || option.items.empty()) continue;
    std::size_t k = 1;
    const auto value = number_at(option.items, k);
    if (option.items[0].is(tokens::LVL)) level = value;
    if (option.items[0].is(tokens::MTL)) movement_seconds_ = value;
    if (option.items[0].is(tokens::RTL)) retreat_seconds_ = value;
    if (option.items[0].is(tokens::BTL)) build_seconds_ = value;
  }
  press_level_ = level.value_or(0);
  if (options_.power && *options_.power != *power)
    report(Event::Kind::Warning,
           fmt::format("the server gave us {}, not {}: a new player cannot choose (only IAM with a passcode takes a given power)",
                       power_name(*power), power_name(*options_.power)));
  power_ = power;
  passcode_ = passcode;
  stage_ = Stage::Playing;
  report(Event::Kind::Info, fmt::format("playing {} with {}; passcode {} (to rejoin: --power {} --passcode {}); press level {}",
                                        power_name(*power), player_.name(), *passcode, power_name(*power), *passcode,
                                        level ? std::to_string(*level) : "not given"));
}

void Client::on_now(const Nodes& items) {
  auto read = read_position(items, names_, state_);
  if (!read) return huh(message({{tokens::NOW}, flatten(items)}), 1, read.error());
  report(Event::Kind::Info, fmt::format("turn {}", diplomacy::phase_code(state_.phase)));
  if (state_.phase.season == diplomacy::Season::Spring && state_.phase.type == PhaseType::Movement &&
      last_spring_ != state_.phase.year) {
    // A new year: its starting centres (SCO came before this NOW) join the record.
    diplomacy_bots::CentreCounts counts;
    for (int p = 0; p < names_.variant().power_count(); ++p) counts.push_back(state_.centre_count(diplomacy::power_at(p)));
    year_starts_.push_back(std::move(counts));
    last_spring_ = state_.phase.year;
  }
  if (stage_ == Stage::Playing && !game_over_) {
    // The vote before the orders: a server may process the turn at the last orders, and a
    // DRW sent after them would fall in the next turn.
    vote_on_draw();
    submit_orders();
  }
}

diplomacy_bots::EndVote Client::judge_draw() const {
  return diplomacy_bots::vote_on_end(names_.variant(), state_, *power_, year_starts_, names_.variant().victory_centres());
}

void Client::vote_on_draw() {
  if (state_.phase.type != PhaseType::Movement || !power_ || state_.unit_count(*power_) == 0) return;
  const diplomacy_bots::EndVote vote = judge_draw();
  if (!vote.accept) return;
  report(Event::Kind::Info, fmt::format("we would take a draw ({}): DRW", vote.reason));
  send({tokens::DRW});
}

void Client::submit_orders() {
  submitted_.clear();
  missing_answers_ = 0;
  const diplomacy::Power power = *power_;
  const diplomacy::Variant& variant = names_.variant();
  bool has_orders = false;
  switch (state_.phase.type) {
    case PhaseType::Movement: has_orders = state_.unit_count(power) > 0; break;
    case PhaseType::Retreat:
      state_.dislodged_provinces().for_each([&](int p) {
        if (state_.dislodged_in(diplomacy::province_at(p))->unit.power == power) has_orders = true;
      });
      break;
    case PhaseType::Adjustment: has_orders = state_.centre_count(power) != state_.unit_count(power); break;
  }
  if (!has_orders) return;

  std::optional<long> seconds = state_.phase.type == PhaseType::Movement ? movement_seconds_
                                : state_.phase.type == PhaseType::Retreat ? retreat_seconds_
                                                                           : build_seconds_;
  diplomacy_bots::Turn turn{variant, rules_, state_, power, turn_seed(options_.seed, state_.phase),
                            options_.stop_for_turn ? options_.stop_for_turn(seconds) : std::function<bool()>{}};
  // Deals agreed by press: planned within, and kept.
  diplomacy_bots::DealsInView view{std::vector<std::vector<diplomacy::Arrangement>>(variant.power_count()),
                                   std::vector<bool>(variant.power_count(), false)};
  view.deals[diplomacy::index(power)] = deals_;  // of others' deals it knows nothing
  turn.allowed = diplomacy_bots::planned_within(variant, state_, power, diplomacy_bots::Personality::Loyal, std::move(view));
  std::vector<Order> orders;
  try {
    orders = diplomacy_bots::keeping_deals(variant, state_, power, player_.orders(turn), deals_);
  } catch (const std::exception& e) {
    report(Event::Kind::Error, fmt::format("the player {} failed ({}); the server's missing-order list will be answered instead",
                                           player_.name(), e.what()));
  }
  std::vector<TokenList> sheet;
  int builds = 0;
  for (const Order& order : orders) {
    auto tokens = order_tokens(order, power, state_, names_);
    if (!tokens) {
      report(Event::Kind::Warning, fmt::format("an order of {} could not be written in DAIDE: {}", player_.name(), tokens.error()));
      continue;
    }
    if (order.kind() == OrderKind::Build || order.kind() == OrderKind::Waive) ++builds;
    sheet.push_back(bracketed(*tokens));
  }
  // "All unused builds must be waived, even if they are unusable."
  const int owed = state_.phase.type == PhaseType::Adjustment ? state_.centre_count(power) - state_.unit_count(power) : 0;
  for (; builds < owed; ++builds) sheet.push_back(bracketed(TokenList{*names_.power_token(power), tokens::WVE}));
  submit(sheet);
}

void Client::submit(const std::vector<TokenList>& orders) {
  if (orders.empty()) return;
  TokenList sub{tokens::SUB};
  const TokenList turn = turn_tokens(state_.phase);
  sub.insert(sub.end(), turn.begin(), turn.end());
  for (const TokenList& order : orders) {
    sub.insert(sub.end(), order.begin(), order.end());
    submitted_.push_back(order);
  }
  report(Event::Kind::Info, "orders: " + text(sub));
  send(sub);
}

void Client::on_thanks(const Nodes& items) {
  if (items.size() != 2 || !items[0].is_list || !items[1].is_list || items[1].items.size() != 1) {
    report(Event::Kind::Warning, "THX not of the form (order) (note): THX " + text(flatten(items)));
    return;
  }
  const Token note = items[1].items[0].token;
  if (note == tokens::MBV) return;
  const Nodes& order = items[0].items;
  report(Event::Kind::Warning, fmt::format("the server refused our order {}: {}", text(flatten(order)), note_meaning(note)));
  if (order.empty() || !order[0].is_list) return;  // a refused waive: nothing simpler to give instead
  const bool already_simplest =
      order.size() == 2 && (order[1].is(tokens::HLD) || order[1].is(tokens::DSB) || order[1].is(tokens::REM));
  if (already_simplest || !power_) return;
  const TokenList unit = flatten({order[0]});
  switch (state_.phase.type) {
    case PhaseType::Movement: return submit({message({{tokens::BRA}, unit, {tokens::HLD, tokens::KET}})});
    case PhaseType::Retreat: return submit({message({{tokens::BRA}, unit, {tokens::DSB, tokens::KET}})});
    case PhaseType::Adjustment:
      if (order.size() == 2 && order[1].is(tokens::BLD))
        return submit({bracketed(TokenList{*names_.power_token(*power_), tokens::WVE})});
      return;
  }
}

void Client::on_missing(const Nodes& items) {
  if (items.empty() || !power_ || game_over_) return;  // nothing is missing
  if (++missing_answers_ > 2) {
    report(Event::Kind::Warning, "the server still misses orders after two answers; leaving them to its defaults");
    return;
  }
  std::vector<TokenList> orders;
  const bool counts_adjustments = items.size() == 1 && items[0].is_list && !items[0].items.empty() &&
                                  !items[0].items[0].is_list && is_integer(items[0].items[0].token);
  if (counts_adjustments) {
    std::size_t at = 0;
    const auto count = number_at(items[0].items, at);
    if (!count) return report(Event::Kind::Warning, "MIS with a number that does not read: MIS " + text(flatten(items)));
    if (*count == 0) return;  // nothing owed (the MILA server says so after every adjustment SUB)
    const Token power = *names_.power_token(*power_);
    for (long k = 0; k < -*count && k < 64; ++k) orders.push_back(bracketed(TokenList{power, tokens::WVE}));
    if (*count > 0) {
      // Removals still due: units not yet ordered removed, in the order the map lists them.
      long due = *count;
      state_.occupied_provinces().for_each([&](int p) {
        const diplomacy::Unit& unit = state_.unit_at(diplomacy::province_at(p));
        if (due == 0 || unit.power != *power_) return;
        auto tokens = unit_tokens(unit, names_);
        if (!tokens) return;
        const TokenList removal = message({{tokens::BRA}, bracketed(*tokens), {tokens::REM, tokens::KET}});
        for (const TokenList& sent : submitted_)
          if (sent == removal) return;
        orders.push_back(removal);
        --due;
      });
    }
  } else {
    for (const Node& entry : items) {
      if (!entry.is_list || entry.items.size() < 3) continue;
      const bool retreat = entry.items.size() == 5 && entry.items[3].is(tokens::MRT);
      const Nodes unit(entry.items.begin(), entry.items.begin() + 3);
      orders.push_back(message({{tokens::BRA}, bracketed(unit), {retreat ? tokens::DSB : tokens::HLD, tokens::KET}}));
    }
  }
  report(Event::Kind::Info, "the server misses orders: MIS " + text(flatten(items)));
  submit(orders);
}

void Client::on_press(const Nodes& items) {
  if (items.size() < 3 || !items[0].is_list || items[0].items.size() != 1) return;
  const Node& sender = items[0];
  if (!items[2].is_list) return;
  const TokenList press = flatten(items[2].items);
  // In a game with press (level 10 or more) a proposal is answered as our computer players
  // answer them (diplomacy_bots::accepts_after_search), and a deal we accept is kept.
  const auto proposer = sender.items[0].is_list ? std::nullopt : names_.power(sender.items[0].token);
  if (press_level_ >= 10 && proposer && power_) {
    const auto proposal = read_press(items[2].items, names_);
    if (proposal && proposal->kind == diplomacy::PressMessage::Kind::Propose &&
        proposal->arrangement.kind == diplomacy::Arrangement::Kind::Draw && proposal->arrangement.powers.empty()) {
      // A draw of every survivor: answered, and voted, as our position says.
      const diplomacy_bots::EndVote vote = judge_draw();
      report(Event::Kind::Info, fmt::format("{} the draw {} proposes ({})", vote.accept ? "accepting" : "rejecting",
                                            power_name(*proposer), vote.reason));
      send(message({{tokens::SND}, flatten({sender}), bracketed(message({{vote.accept ? tokens::YES : tokens::REJ}, bracketed(press)}))}));
      return send(vote.accept ? TokenList{tokens::DRW} : message({{tokens::NOT}, bracketed(TokenList{tokens::DRW})}));
    }
    if (proposal && proposal->kind == diplomacy::PressMessage::Kind::Propose) {
      const bool yes = diplomacy_bots::accepts_after_search(names_.variant(), rules_, state_, *power_, *proposer,
                                                            proposal->arrangement, 1.0,
                                                            turn_seed(options_.seed, state_.phase), deals_);
      if (yes) deals_.push_back(proposal->arrangement);
      report(Event::Kind::Info, fmt::format("{} the proposal of {}: {}", yes ? "accepting" : "rejecting",
                                            power_name(*proposer), text(press)));
      return send(message({{tokens::SND}, flatten({sender}), bracketed(message({{yes ? tokens::YES : tokens::REJ}, bracketed(press)}))}));
    }
    if (proposal) return report(Event::Kind::Info, "press from " + power_name(*proposer) + ": " + text(press));
  }
  // What we cannot process is answered with HUH and TRY (syntax.html, Level 10 (ix)).
  report(Event::Kind::Info, "press we cannot read, from " + text(flatten({sender})) + ": " + text(press));
  TokenList huh{tokens::HUH, tokens::BRA, tokens::ERR};
  huh.insert(huh.end(), press.begin(), press.end());
  huh.push_back(tokens::KET);
  send(message({{tokens::SND}, flatten({sender}), bracketed(huh)}));
  send(message({{tokens::SND}, flatten({sender}), {tokens::BRA, tokens::TRY, tokens::BRA, tokens::KET, tokens::KET}}));
}

void Client::on_load(const Nodes& items) {
  const TokenList load = message({{tokens::LOD}, flatten(items)});
  if (power_ && passcode_) {
    report(Event::Kind::Info, "the server restarts a saved game; taking our power back");
    const Token power = *names_.power_token(*power_);
    send(message({{tokens::IAM}, bracketed(TokenList{power}), bracketed(number_tokens(*passcode_))}));
    options_.power = power_;
    options_.passcode = passcode_;
  } else {
    report(Event::Kind::Warning, "the server asks us to load a saved game we were not part of");
    send(message({{tokens::REJ}, bracketed(load)}));
  }
}

}  // namespace stratagem::daide
