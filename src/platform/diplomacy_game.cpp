#include "stratagem/platform/diplomacy_game.h"

#include <algorithm>

#include "json_fields.h"
#include "random.h"
#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/ending.h"
#include "stratagem/diplomacy/setup.h"
#include "stratagem/diplomacy/notation.h"
#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/diplomacy/order_sheet.h"
#include "stratagem/formats/diplomacy_adjudication.h"
#include "stratagem/formats/diplomacy_json.h"
#include "stratagem/formats/diplomacy_places.h"
#include "stratagem/formats/diplomacy_words.h"
#include "stratagem/platform/names.h"

namespace stratagem::platform {

using nlohmann::json;
using namespace diplomacy;

namespace {

constexpr std::size_t kLongestOrder = 200;
constexpr std::size_t kMostOrdersPerPower = 64;
// Press and treaties: characters (code points), as people count them in any script.
constexpr std::size_t kLongestMessage = 4000;
constexpr std::size_t kLongestTreaty = 4000;
constexpr int kMostTreaties = 1000;

GameError error(ErrorCode code, Problem problem, std::string field = {}, std::string detail = {}) {
  return {code, problem, std::move(field), std::move(detail)};
}

json instant_or_null(const std::optional<Instant>& instant) {
  return instant ? json(format_instant(*instant)) : json(nullptr);
}

}  // namespace

std::string_view game_status_name(GameStatus status) {
  switch (status) {
    case GameStatus::Forming: return "forming";
    case GameStatus::Active: return "active";
    case GameStatus::Finished: return "finished";
  }
  return "forming";
}

std::string_view power_status_name(PowerStatus status) {
  switch (status) {
    case PowerStatus::Playing: return "playing";
    case PowerStatus::CivilDisorder: return "civil_disorder";
    case PowerStatus::Eliminated: return "eliminated";
  }
  return "playing";
}

json Treaty::to_json() const {
  return {{"id", id},         {"phase", phase},       {"text", text},
          {"parties", parties}, {"signed_by", signed_by}, {"published", published},
          {"proposed_at", format_instant(proposed_at)}};
}

// The rules, with access to the game's state.
class DiplomacyGame::Impl {
 public:
  using Game = DiplomacyGame;

  static const std::string& code(const Game& g, Power p) { return g.variant().power_code(p); }

  static tl::expected<Power, GameError> power_named(const Game& g, std::string_view text) {
    auto power = formats::read_power(g.variant(), text);
    if (!power) return tl::unexpected(error(ErrorCode::BadRequest, Problem::UnknownPower, std::string(text)));
    return *power;
  }

  static bool holds(const Game& g, const User& user, Power p) {
    const Seat& seat = g.seats_[index(p)];
    return !seat.computer && seat.player && seat.player->id == user.id;
  }

  // The power named, if the game is running and the user plays it.
  static tl::expected<Power, GameError> own_power(const Game& g, const User& user, std::string_view text) {
    if (g.status_ != GameStatus::Active) return tl::unexpected(error(ErrorCode::Conflict, Problem::GameNotActive));
    auto power = power_named(g, text);
    if (!power) return power;
    if (!holds(g, user, *power))
      return tl::unexpected(error(ErrorCode::Forbidden, Problem::NotSeated, code(g, *power)));
    return power;
  }

  // Adjustments: builds (> 0) or removals (< 0) the power can order. Builds are limited to
  // the free home centres it owns.
  static int adjustment_change(const Game& g, Power p) {
    const int difference = g.state_.centre_count(p) - g.state_.unit_count(p);
    if (difference <= 0) return difference;
    int free_homes = 0;
    g.variant().home_centres(p).for_each([&](int c) {
      if (g.state_.centre_owner(province_at(c)) == p && !g.state_.occupied(province_at(c))) ++free_homes;
    });
    return std::min(difference, free_homes);
  }

  static bool has_something_to_order(const Game& g, Power p) {
    switch (g.state_.phase.type) {
      case PhaseType::Movement: return g.state_.unit_count(p) > 0;
      case PhaseType::Retreat: {
        bool found = false;
        g.state_.dislodged_provinces().for_each([&](int province) {
          if (g.state_.dislodged_in(province_at(province))->unit.power == p) found = true;
        });
        return found;
      }
      case PhaseType::Adjustment: return adjustment_change(g, p) != 0;
    }
    return false;
  }

  // Powers in armistice, and the neutral power before it joins: they never order.
  static bool idle(const Game& g, Power p) {
    return powers_not_ordering(g.game_rules_, {}, g.state_.phase).contains(index(p));
  }

  static bool computer_controlled(const Game& g, Power p) {
    if (idle(g, p)) return false;
    const Seat& seat = g.seats_[index(p)];
    return seat.computer || (seat.status == PowerStatus::CivilDisorder && g.options_.computer_takes_civil_disorder);
  }

  // Powers whose orders the phase waits for: something to order, and someone (a person
  // playing it or a computer) to order it. Powers in civil disorder never order (§4.3.1).
  static bool expected_to_order(const Game& g, Power p) {
    if (!has_something_to_order(g, p) || idle(g, p)) return false;
    return computer_controlled(g, p) || g.seats_[index(p)].status == PowerStatus::Playing;
  }

  static bool everyone_ready(const Game& g) {
    bool any = false;
    for (int p = 0; p < g.variant().power_count(); ++p) {
      if (!expected_to_order(g, power_at(p))) continue;
      if (!g.seats_[p].ready) return false;
      any = true;
    }
    return any;
  }

  static bool press_open(const Game& g) {
    return !g.options_.deadlines.live ||
           (g.state_.phase.type == PhaseType::Movement && g.stage_ == Stage::Negotiation);
  }

  // Press checks shared by messages and treaties.
  static tl::expected<void, GameError> press_allowed(const Game& g, bool is_public) {
    if (g.options_.press == PressRule::None)
      return tl::unexpected(error(ErrorCode::PressNotAllowed, Problem::PressNone));
    if (g.options_.press == PressRule::Public && !is_public)
      return tl::unexpected(error(ErrorCode::PressNotAllowed, Problem::PressPublicOnly));
    if (!press_open(g)) return tl::unexpected(error(ErrorCode::PressNotAllowed, Problem::PressClosed));
    return {};
  }

  static json player_status_payload(const Game& g, Power p) {
    const Seat& seat = g.seats_[index(p)];
    return {{"power", code(g, p)},
            {"status", power_status_name(seat.status)},
            {"player", seat.player ? json(seat.player->name) : json(nullptr)},
            {"computer", seat.computer}};
  }

  static void set_status(Game& g, Power p, PowerStatus status, Effects& effects) {
    Seat& seat = g.seats_[index(p)];
    if (seat.status == status) return;
    seat.status = status;
    if (status == PowerStatus::Playing) seat.missed_in_a_row = 0;
    effects.events.push_back({Audience::all(), "player_status", player_status_payload(g, p)});
  }

  // A player in civil disorder who acts for the power again is back (§4.3.1).
  static void comes_back(Game& g, Power p, Effects& effects) {
    if (g.seats_[index(p)].status == PowerStatus::CivilDisorder) set_status(g, p, PowerStatus::Playing, effects);
  }

  static std::string canonical(const Game& g, const Order& order) {
    UnitType target_type = UnitType::Army;
    if (order.is_support())
      if (const auto supported = g.state_.unit_in(g.variant().province_of(order.target()))) target_type = supported->type;
    return format_order(g.map(), order, target_type);
  }

  struct Checked {
    std::vector<KeptOrder> kept;
    json response = json::array();
  };

  // Parses and validates one power's orders against the position, as the phase will
  // read them: what fails is reported in `language` and not kept. A later possible order
  // for the unit of a province replaces an earlier one (the list is what the player wants
  // now: a new order, clicked or typed, replaces the old one); an impossible one replaces
  // nothing, so the unit keeps the order it had and the new one is refused with its reason.
  static Checked check_orders(const Game& g, Power p, const std::vector<std::string>& texts, Language language) {
    const std::size_t count = texts.size();
    std::vector<tl::expected<ParsedOrder, OrderParseError>> parsed;
    std::vector<Province> province(count, Province::None);  // of the unit ordered
    parsed.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
      parsed.push_back(parse_order(g.map(), texts[i], g.state_.phase.type));
      if (parsed[i] && parsed[i]->order.kind() != OrderKind::Waive)
        province[i] = g.map().province_of(parsed[i]->order.unit());
    }
    // Whether an order is possible on its own matters only where a province is ordered
    // twice: checked there alone, so the usual list of one order a unit costs nothing more.
    std::vector<std::optional<VoidReason>> void_alone(count);
    for (std::size_t i = 0; i < count; ++i) {
      if (province[i] == Province::None || std::count(province.begin(), province.end(), province[i]) < 2) continue;
      OrderSheet alone(g.map(), g.rules_, g.state_);
      if (const auto status = alone.status(alone.submit(p, *parsed[i])); !status) void_alone[i] = status.error();
    }
    std::vector<bool> replaced(count, false);
    std::vector<Province> claimed;
    for (std::size_t i = count; i-- > 0;) {
      if (province[i] == Province::None || void_alone[i]) continue;
      if (std::find(claimed.begin(), claimed.end(), province[i]) != claimed.end())
        replaced[i] = true;
      else
        claimed.push_back(province[i]);
    }
    OrderSheet sheet(g.map(), g.rules_, g.state_);
    Checked checked;
    for (std::size_t i = 0; i < count; ++i) {
      json reply = {{"input", texts[i]}, {"order", nullptr}};
      if (!parsed[i]) {
        reply["error"] = formats::parse_error_text(g.map(), parsed[i].error(), language);
      } else if (void_alone[i]) {
        reply["error"] = formats::void_reason_text(*void_alone[i], language);
      } else if (replaced[i]) {
        reply["replaced"] = true;
        reply["error"] = std::string(formats::words_in(language).replaced_order);
      } else if (const auto status = sheet.status(sheet.submit(p, *parsed[i])); !status) {
        reply["error"] = formats::void_reason_text(status.error(), language);
      } else {
        const std::string order = canonical(g, *status);
        reply["order"] = order;
        checked.kept.push_back({texts[i], order});
      }
      checked.response.push_back(std::move(reply));
    }
    return checked;
  }

  static json kept_json(const std::vector<KeptOrder>& kept) {
    json out = json::array();
    for (const KeptOrder& order : kept) {
      json& entry = out.emplace_back(json::object());
      entry["input"] = order.input;
      entry["order"] = order.order;
    }
    return out;
  }

  static void keep_orders(Game& g, Power p, std::vector<KeptOrder> kept, Effects& effects) {
    g.seats_[index(p)].orders = std::move(kept);
    effects.events.push_back({Audience::only({code(g, p)}), "orders",
                              {{"power", code(g, p)}, {"phase", g.phase_code()},
                               {"orders", kept_json(*g.seats_[index(p)].orders)}}});
    effects.events.push_back({Audience::all(), "orders_given", {{"power", code(g, p)}, {"orders_given", true}}});
  }

  static Duration phase_length(const Game& g, PhaseType type) {
    const Deadlines& d = g.options_.deadlines;
    switch (type) {
      case PhaseType::Movement: return d.live ? kLiveOrderWriting : d.movement;
      case PhaseType::Retreat: return d.live ? kLiveRetreat : d.retreat;
      case PhaseType::Adjustment: return d.live ? kLiveAdjustment : d.adjustment;
    }
    return d.movement;
  }

  static void start_phase(Game& g, Instant now, Effects& effects) {
    g.phase_started_at_ = now;
    // Seed 000 §1.2.3(e): from Spring 1915 the neutral power is ordered by the seat that
    // won the coin toss.
    if (const auto& neutral = g.game_rules_.setup.neutral; neutral && g.state_.phase == neutral->joins) {
      const int toss_seat_power = first_power(g.game_rules_.setup.seats[*g.game_rules_.toss_winner].powers);
      Seat& joining = g.seats_[index(neutral->power)];
      joining.player = g.seats_[toss_seat_power].player;
      joining.computer = g.seats_[toss_seat_power].computer;
      set_status(g, neutral->power, PowerStatus::Playing, effects);
    }
    for (Seat& seat : g.seats_) {
      seat.ready = false;
      seat.orders.reset();
    }
    const PhaseType type = g.state_.phase.type;
    g.negotiation_ends_at_.reset();
    g.stage_ = Stage::Negotiation;
    Instant orders_from = now;
    if (g.options_.deadlines.live) {
      if (type == PhaseType::Movement) {
        // Seed 000 §2.2.2: 30 minutes in the game's first turn, 15 after.
        g.negotiation_ends_at_ = now + (g.movement_phases_ == 0 ? kLiveFirstNegotiation : kLiveNegotiation);
        orders_from = *g.negotiation_ends_at_;
      } else {
        g.stage_ = Stage::OrderWriting;  // §2.3.2: no press in retreats and adjustments
      }
    }
    if (type == PhaseType::Movement) ++g.movement_phases_;
    g.deadline_ = orders_from + phase_length(g, type);
    json payload = {{"phase", g.phase_code()}, {"deadline", format_instant(*g.deadline_)}};
    if (g.negotiation_ends_at_) payload["negotiation_deadline"] = format_instant(*g.negotiation_ends_at_);
    effects.events.push_back({Audience::all(), "phase_started", std::move(payload)});
  }

  static void finish(Game& g, Result result, Effects& effects) {
    g.status_ = GameStatus::Finished;
    g.deadline_.reset();
    g.negotiation_ends_at_.reset();
    g.result_ = std::move(result);
    effects.events.push_back({Audience::all(), "game_finished", result_json(g)});
  }

  static json result_json(const Game& g) {
    if (!g.result_) return nullptr;
    const auto& winners = g.result_->winners;
    return {{"reason", g.result_->reason},
            {"winner", winners.size() == 1 ? json(winners.front()) : json(nullptr)},
            {"winners", winners},
            {"survivors", g.result_->survivors},
            {"phase", g.result_->phase}};
  }

  static std::vector<std::string> codes(const Game& g, const PowerSet& powers) {
    std::vector<std::string> out;
    powers.for_each([&](int p) { out.push_back(code(g, power_at(p))); });
    return out;
  }

  static int first_power(const PowerSet& powers) {
    int first = -1;
    powers.for_each_until([&](int p) { return first = p, true; });
    return first;
  }

  // The phase entry of GET /games/{id}/phases.
  static json phase_entry(const Game& g, const formats::PhaseReport& report, const std::vector<std::string>& missed) {
    const json before = formats::write_state(g.variant(), g.state_);
    const json written = formats::write_phase_report(g.variant(), report);
    json orders = json::object();
    for (auto& [power, entries] : written["results"].items()) {
      json list = json::array();
      for (json entry : entries) {
        if (entry.contains("error")) {
          entry["reason"] = entry["error"];
          entry.erase("error");
        }
        list.push_back(std::move(entry));
      }
      orders[power] = std::move(list);
    }
    return {{"phase", before["phase"]},
            {"units", before["units"]},
            {"centers", before["centers"]},
            {"retreats", before.contains("retreats") ? before["retreats"] : json::object()},
            {"orders", std::move(orders)},
            {"missed", missed},
            {"next_phase", diplomacy::phase_code(report.next.phase)}};
  }

  static void process(Game& g, Instant now, Effects& effects) {
    const std::string phase = g.phase_code();
    std::vector<std::string> missed_now;
    formats::PhaseInput input{g.state_, {}};
    for (int p = 0; p < g.variant().power_count(); ++p) {
      const Power power = power_at(p);
      Seat& seat = g.seats_[p];
      formats::PowerOrders orders{power, {}};
      // §4.3.1: a power in civil disorder (unless a computer plays it), in armistice or
      // neutral orders nothing.
      const bool orders_count = !idle(g, power) && (seat.status != PowerStatus::CivilDisorder || computer_controlled(g, power));
      if (seat.orders && orders_count)
        for (const KeptOrder& order : *seat.orders) orders.orders.push_back(order.order);
      input.orders.push_back(std::move(orders));
      if (!has_something_to_order(g, power) || idle(g, power)) continue;
      if (seat.orders || seat.ready) {
        seat.missed_in_a_row = 0;
        continue;
      }
      // NMR bookkeeping: every missed phase is recorded, whoever (or nobody) plays the power.
      g.missed_.push_back({phase, code(g, power), seat.status == PowerStatus::CivilDisorder});
      missed_now.push_back(code(g, power));
      ++seat.missed_in_a_row;
      if (seat.status == PowerStatus::Playing && !seat.computer &&
          seat.missed_in_a_row >= g.options_.civil_disorder_after)
        set_status(g, power, PowerStatus::CivilDisorder, effects);
    }
    const formats::PhaseReport report = formats::adjudicate_phase(g.map(), g.rules_, input);
    json entry = phase_entry(g, report, missed_now);
    effects.events.push_back({Audience::all(), "phase_processed", entry});
    effects.phases.push_back(std::move(entry));
    effects.changed = true;
    g.state_ = report.next;
    ++g.processed_phases_;
    for (int p = 0; p < g.variant().power_count(); ++p)
      if (g.state_.unit_count(power_at(p)) == 0 && g.state_.centre_count(power_at(p)) == 0)
        set_status(g, power_at(p), PowerStatus::Eliminated, effects);
    // Seed 000 §5.1(a)-(b): the setup's victory count of centres, then the agreed last
    // year; seed 002: the alliance end declared with the orders of this phase.
    EndDeclarations declarations;
    for (int p = 0; p < g.variant().power_count(); ++p)
      for (const std::string& member : g.seats_[p].alliance)
        declarations.alliance[p].insert(index(*formats::read_power(g.variant(), member)));
    if (const auto end = decide_end(g.variant(), g.game_rules_, declarations, g.state_); end && *end) {
      finish(g, {(*end)->kind == EndKind::Centres ? "victory" : std::string(end_kind_code((*end)->kind)),
                 codes(g, (*end)->winners), {}, phase},
             effects);
      return;
    }
    start_phase(g, now, effects);
    // A retreat or adjustment phase in which nobody orders (only powers in civil disorder,
    // armistice or neutrality have something to do) is processed at once: waiting could
    // change nothing. Movement phases always run to their deadline, so a game nobody
    // plays still moves one phase per deadline.
    if (g.state_.phase.type != PhaseType::Movement && !anyone_expected(g)) process(g, now, effects);
  }

  static bool anyone_expected(const Game& g) {
    for (int p = 0; p < g.variant().power_count(); ++p)
      if (expected_to_order(g, power_at(p))) return true;
    return false;
  }

  static void process_if_everyone_ready(Game& g, Instant now, Effects& effects) {
    if (everyone_ready(g)) process(g, now, effects);
  }

  // Every surviving power played by a person (not in civil disorder, armistice or
  // neutral, not a computer) has voted yes, and there is at least one such power.
  template <class Vote>
  static bool agreed(const Game& g, Vote&& vote) {
    int voters = 0;
    for (int p = 0; p < g.variant().power_count(); ++p) {
      const Seat& seat = g.seats_[p];
      if (seat.status != PowerStatus::Playing || seat.computer || idle(g, power_at(p))) continue;
      if (!vote(seat)) return false;
      ++voters;
    }
    return voters > 0;
  }

  // The treaty `treaty_id` as seen by one of its parties, the caller's power `power_name`;
  // to anyone else it does not exist.
  struct TreatyParty {
    Treaty* treaty;
    std::string code;
  };
  static tl::expected<TreatyParty, GameError> treaty_party(Game& g, const User& user, std::string_view treaty_id,
                                                           std::string_view power_name) {
    auto power = own_power(g, user, power_name);
    if (!power) return tl::unexpected(power.error());
    Treaty* treaty = find_treaty(g, treaty_id);
    std::string power_code = code(g, *power);
    if (!treaty || std::find(treaty->parties.begin(), treaty->parties.end(), power_code) == treaty->parties.end())
      return tl::unexpected(error(ErrorCode::NotFound, Problem::NoSuchTreaty, std::string(treaty_id)));
    return TreatyParty{treaty, std::move(power_code)};
  }

  // A draw or end vote. A vote is secret until the game ends: only the voter's power
  // hears of it.
  static tl::expected<Effects, GameError> vote(Game& g, const User& user, std::string_view power_name,
                                               bool Seat::*ballot, const char* word, bool yes) {
    auto power = own_power(g, user, power_name);
    if (!power) return tl::unexpected(power.error());
    Effects effects;
    effects.changed = true;
    g.seats_[index(*power)].*ballot = yes;
    const std::string power_code = code(g, *power);
    effects.events.push_back(
        {Audience::only({power_code}), std::string(word) + "_vote", {{"power", power_code}, {word, yes}}});
    effects.response = {{"power", power_code}, {word, yes}};
    if (yes) end_if_agreed(g, effects);
    return effects;
  }

  // The engine says who shares a draw or wins the lot (the seats that still have units).
  static void end_if_agreed(Game& g, Effects& effects) {
    EndDeclarations declarations;
    if (agreed(g, [](const Seat& seat) { return seat.end_vote; })) {
      const auto alive = surviving_seats(g.game_rules_, g.state_);
      if (!alive || alive->empty()) return;
      // Seed 000 §5.1(c): the lot, every surviving seat with the same chance.
      SeededRandom lot(SeededRandom::derive(g.seed_, static_cast<std::uint64_t>(g.processed_phases_), 0x107));
      declarations.agreed_end_lot = static_cast<int>(lot.below(alive->size()));
    } else if (agreed(g, [](const Seat& seat) { return seat.draw_vote; })) {
      declarations.draw = true;
    } else {
      return;
    }
    const auto end = decide_end(g.variant(), g.game_rules_, declarations, g.state_);
    if (!end || !*end) return;
    const bool draw = (*end)->kind == EndKind::Draw;
    finish(g,
           {std::string(end_kind_code((*end)->kind)), draw ? std::vector<std::string>{} : codes(g, (*end)->winners),
            draw ? codes(g, (*end)->winners) : std::vector<std::string>{}, g.phase_code()},
           effects);
  }

  // The setup seat that holds the power, or -1 (armistice, neutral).
  static int seat_of(const Game& g, Power p) {
    const auto& seats = g.game_rules_.setup.seats;
    for (int s = 0; s < static_cast<int>(seats.size()); ++s)
      if (seats[s].powers.contains(index(p))) return s;
    return -1;
  }

  static void start_game(Game& g, Instant now, Effects& effects) {
    const auto& setup_seats = g.game_rules_.setup.seats;
    const int seat_count = static_cast<int>(setup_seats.size());
    std::vector<std::optional<User>> players(static_cast<std::size_t>(seat_count));
    for (const Joiner& joiner : g.joiners_)
      if (joiner.power) players[seat_of(g, *formats::read_power(g.variant(), *joiner.power))] = joiner.user;
    std::vector<int> open;
    for (int s = 0; s < seat_count; ++s)
      if (!players[s]) open.push_back(s);
    // Seed 000 §1.2.1 leaves the draw to the players; here it is random, from the game's seed.
    SeededRandom random(g.seed_);
    random.shuffle(open);
    auto next = open.begin();
    for (const Joiner& joiner : g.joiners_)
      if (!joiner.power) players[*next++] = joiner.user;
    std::vector<bool> computer(static_cast<std::size_t>(seat_count), false);
    for (; next != open.end(); ++next) computer[*next] = true;
    g.seats_.assign(static_cast<std::size_t>(g.variant().power_count()), Seat{});
    for (int p = 0; p < g.variant().power_count(); ++p) {
      const int s = seat_of(g, power_at(p));
      if (s < 0) {
        g.seats_[p].status = PowerStatus::CivilDisorder;  // §1.2.3: armistice follows chapter 4
        continue;
      }
      g.seats_[p].player = players[s];
      g.seats_[p].computer = computer[s];
    }
    // §1.2.3(e): the coin toss, drawn now from the seed and shown when Italy joins.
    if (g.game_rules_.setup.neutral)
      g.game_rules_.toss_winner =
          static_cast<int>(SeededRandom(SeededRandom::derive(g.seed_, 1914, 0x7055)).below(static_cast<std::uint64_t>(seat_count)));
    g.status_ = GameStatus::Active;
    g.state_ = initial_state(g.variant(), g.game_rules_.setup);
    json seats = json::object();
    for (int p = 0; p < g.variant().power_count(); ++p) seats[code(g, power_at(p))] = player_status_payload(g, power_at(p));
    effects.events.push_back({Audience::all(), "game_started", {{"powers", seats}}});
    start_phase(g, now, effects);
  }

  static Treaty* find_treaty(Game& g, std::string_view id) {
    for (Treaty& treaty : g.treaties_)
      if (treaty.id == id) return &treaty;
    return nullptr;
  }

  static Audience treaty_audience(const Treaty& treaty) {
    return treaty.published ? Audience::all() : Audience::only(treaty.parties);
  }
};

const Variant& DiplomacyGame::variant() const { return standard_variant(); }

const Variant& DiplomacyGame::map() const { return map_at(variant(), game_rules_, state_.phase); }

namespace {

tl::expected<GameRules, GameError> game_rules_for(const DiplomacyOptions& options) {
  auto setup = standard_setup(standard_variant(), options.setup);
  if (!setup) return tl::unexpected(fields::bad_value("setup", "7 | 6 | 5 | 4 | 3a | 3b | 2"));
  GameRules rules;
  rules.setup = std::move(*setup);
  rules.endings.fixed_end_year = options.end_year;
  return rules;
}

}  // namespace

std::string DiplomacyGame::phase_code() const {
  return status_ == GameStatus::Forming ? std::string() : diplomacy::phase_code(state_.phase);
}

tl::expected<DiplomacyGame, GameError> DiplomacyGame::create(std::string id, DiplomacyOptions options, Instant now,
                                                             std::uint64_t seed) {
  const auto rules = rules_by_name(options.rules);
  if (!rules) return tl::unexpected(fields::bad_value("rules", "standard | datc"));
  if (options.variant != "standard") return tl::unexpected(fields::bad_value("variant", "standard"));
  auto game_rules = game_rules_for(options);
  if (!game_rules) return tl::unexpected(game_rules.error());
  if (static_cast<int>(game_rules->setup.seats.size()) != options.players)
    return tl::unexpected(fields::bad_value("setup", std::to_string(options.players) + " seats"));
  if (options.computer_players < 0 || options.computer_players > options.players)
    return tl::unexpected(fields::bad_value("computer_players", "0.." + std::to_string(options.players)));
  DiplomacyGame game;
  game.game_rules_ = std::move(*game_rules);
  game.id_ = std::move(id);
  game.options_ = std::move(options);
  game.rules_ = *rules;
  game.seed_ = seed;
  game.created_at_ = now;
  if (game.options_.computer_players == game.options_.players) {
    Effects ignored;
    Impl::start_game(game, now, ignored);
  }
  return game;
}

std::vector<std::string> DiplomacyGame::powers_of(std::string_view user_id) const {
  std::vector<std::string> out;
  if (user_id.empty()) return out;
  for (int p = 0; p < static_cast<int>(seats_.size()); ++p)
    if (!seats_[p].computer && seats_[p].player && seats_[p].player->id == user_id)
      out.push_back(Impl::code(*this, power_at(p)));
  return out;
}

PowerStatus DiplomacyGame::power_status(std::string_view power) const {
  const auto p = formats::read_power(variant(), power);
  if (!p || seats_.empty()) return PowerStatus::Playing;
  return seats_[index(*p)].status;
}

int DiplomacyGame::missed_in_a_row(std::string_view power) const {
  const auto p = formats::read_power(variant(), power);
  if (!p || seats_.empty()) return 0;
  return seats_[index(*p)].missed_in_a_row;
}

tl::expected<Effects, GameError> DiplomacyGame::join(const User& user, std::optional<std::string> power, Instant now) {
  const int human_seats = options_.players - options_.computer_players;
  if (status_ != GameStatus::Forming || static_cast<int>(joiners_.size()) >= human_seats)
    return tl::unexpected(error(ErrorCode::Conflict, Problem::GameNotForming));
  for (const Joiner& joiner : joiners_)
    if (joiner.user.id == user.id) return tl::unexpected(error(ErrorCode::Conflict, Problem::AlreadySeated));
  if (power) {
    auto p = Impl::power_named(*this, *power);
    if (!p) return tl::unexpected(p.error());
    power = Impl::code(*this, *p);
    const int seat = Impl::seat_of(*this, *p);
    if (seat < 0) return tl::unexpected(fields::bad_value("power", "a power that a seat of this game plays"));
    // A seat of several powers (seed 000 §1.2.3(c)-(e)) is asked for by any of them.
    for (const Joiner& joiner : joiners_)
      if (joiner.power && Impl::seat_of(*this, *formats::read_power(variant(), *joiner.power)) == seat)
        return tl::unexpected(error(ErrorCode::Conflict, Problem::PowerTaken, *power));
  }
  joiners_.push_back({user, power});
  Effects effects;
  effects.changed = true;
  effects.events.push_back(
      {Audience::all(), "player_joined", {{"player", user.name}, {"power", power ? json(*power) : json(nullptr)}}});
  if (static_cast<int>(joiners_.size()) == human_seats) Impl::start_game(*this, now, effects);
  // The powers are known now if asked for (the seat's powers) or drawn at the start.
  std::vector<std::string> powers = powers_of(user.id);
  if (powers.empty() && power)
    powers = Impl::codes(*this, game_rules_.setup.seats[Impl::seat_of(*this, *formats::read_power(variant(), *power))].powers);
  effects.response = {{"power", powers.empty() ? json(nullptr) : json(powers.front())}, {"powers", powers}};
  return effects;
}

tl::expected<Effects, GameError> DiplomacyGame::submit_orders(const User& user, std::string_view phase,
                                                              const OrdersByPower& orders, Language language,
                                                              Instant) {
  if (status_ != GameStatus::Active) return tl::unexpected(error(ErrorCode::Conflict, Problem::GameNotActive));
  if (phase != phase_code())
    return tl::unexpected(error(ErrorCode::WrongPhase, Problem::WrongPhase, std::string(phase), phase_code()));
  std::vector<std::pair<Power, const std::vector<std::string>*>> checked_powers;
  for (const auto& [name, texts] : orders) {
    auto power = Impl::own_power(*this, user, name);
    if (!power) return tl::unexpected(power.error());
    const std::string field = "orders." + name;
    if (texts.size() > kMostOrdersPerPower)
      return tl::unexpected(fields::bad_value(field, "at most " + std::to_string(kMostOrdersPerPower) + " orders"));
    for (std::size_t i = 0; i < texts.size(); ++i)
      if (texts[i].size() > kLongestOrder || !fields::valid_utf8(texts[i]))
        return tl::unexpected(fields::bad_value(field + "[" + std::to_string(i) + "]",
                                                "at most " + std::to_string(kLongestOrder) + " bytes of UTF-8"));
    checked_powers.emplace_back(*power, &texts);
  }
  Effects effects;
  effects.changed = true;
  json response = json::object();
  for (const auto& [power, texts] : checked_powers) {
    Impl::Checked checked = Impl::check_orders(*this, power, *texts, language);
    response[Impl::code(*this, power)] = std::move(checked.response);
    Impl::keep_orders(*this, power, std::move(checked.kept), effects);
    Impl::comes_back(*this, power, effects);
  }
  effects.response = {{"orders", std::move(response)}};
  return effects;
}

tl::expected<Effects, GameError> DiplomacyGame::set_ready(const User& user, std::string_view power_name, bool ready,
                                                          Instant now) {
  auto power = Impl::own_power(*this, user, power_name);
  if (!power) return tl::unexpected(power.error());
  Effects effects;
  effects.changed = true;
  seats_[index(*power)].ready = ready;
  effects.events.push_back({Audience::all(), "ready", {{"power", Impl::code(*this, *power)}, {"ready", ready}}});
  if (ready) Impl::comes_back(*this, *power, effects);
  effects.response = {{"power", Impl::code(*this, *power)}, {"ready", ready}};
  Impl::process_if_everyone_ready(*this, now, effects);
  return effects;
}

tl::expected<Effects, GameError> DiplomacyGame::send_message(const User& user, std::string_view from,
                                                             std::optional<std::vector<std::string>> to,
                                                             std::string text, Instant now) {
  auto sender = Impl::own_power(*this, user, from);
  if (!sender) return tl::unexpected(sender.error());
  if (text.empty() || !fields::valid_utf8(text) || code_points(text) > kLongestMessage)
    return tl::unexpected(GameError{ErrorCode::BadRequest, Problem::BadText, "text", std::to_string(kLongestMessage)});
  std::vector<std::string> recipients;
  if (to) {
    if (to->empty()) return tl::unexpected(fields::bad_value("to", "[POWER, ...] | \"all\""));
    // Each power at most once: a list longer than the powers cannot be one.
    if (to->size() > static_cast<std::size_t>(variant().power_count()))
      return tl::unexpected(fields::bad_value("to", "each power at most once"));
    for (const std::string& name : *to) {
      auto power = Impl::power_named(*this, name);
      if (!power) return tl::unexpected(power.error());
      if (*power == *sender) return tl::unexpected(fields::bad_value("to", "powers other than the sender"));
      const auto code = Impl::code(*this, *power);
      if (std::find(recipients.begin(), recipients.end(), code) != recipients.end())
        return tl::unexpected(fields::bad_value("to", "each power at most once"));
      recipients.push_back(code);
    }
  }
  if (auto allowed = Impl::press_allowed(*this, recipients.empty()); !allowed) return tl::unexpected(allowed.error());
  std::sort(recipients.begin(), recipients.end());
  Message message{std::to_string(++message_count_), phase_code(), Impl::code(*this, *sender), recipients,
                  std::move(text), now};
  Effects effects;
  effects.changed = true;
  std::vector<std::string> audience = recipients;
  audience.push_back(message.from);
  effects.events.push_back(
      {message.is_public() ? Audience::all() : Audience::only(std::move(audience)), "message", message.to_json()});
  effects.response = {{"id", message.id}, {"sent_at", format_instant(now)}, {"phase", message.phase}};
  effects.messages.push_back(std::move(message));
  return effects;
}

tl::expected<Effects, GameError> DiplomacyGame::vote_draw(const User& user, std::string_view power_name, bool draw,
                                                          Instant) {
  return Impl::vote(*this, user, power_name, &Seat::draw_vote, "draw", draw);
}

tl::expected<Effects, GameError> DiplomacyGame::vote_end(const User& user, std::string_view power_name, bool end,
                                                         Instant) {
  return Impl::vote(*this, user, power_name, &Seat::end_vote, "end", end);
}

tl::expected<Effects, GameError> DiplomacyGame::declare_alliance_end(const User& user, std::string_view power_name,
                                                                    std::vector<std::string> partners, Instant) {
  auto power = Impl::own_power(*this, user, power_name);
  if (!power) return tl::unexpected(power.error());
  PowerSet group;
  for (std::size_t i = 0; i < partners.size(); ++i) {
    const auto partner = formats::read_power(variant(), partners[i]);
    if (!partner) return tl::unexpected(fields::bad_value("with[" + std::to_string(i) + "]", "a power"));
    group.insert(index(*partner));
  }
  std::vector<std::string>& declared = seats_[index(*power)].alliance;
  declared.clear();
  if (!group.empty()) {
    group.insert(index(*power));
    declared = Impl::codes(*this, group);
  }
  const std::string code = Impl::code(*this, *power);
  Effects effects;
  effects.changed = true;
  effects.events.push_back({Audience::only({code}), "alliance_end", {{"power", code}, {"with", declared}}});
  effects.response = {{"power", code}, {"with", declared}};
  return effects;
}

tl::expected<Effects, GameError> DiplomacyGame::give_up(const User& user, std::string_view power_name, Instant now) {
  auto power = Impl::own_power(*this, user, power_name);
  if (!power) return tl::unexpected(power.error());
  Seat& seat = seats_[index(*power)];
  Effects effects;
  effects.changed = true;
  seat.player.reset();
  seat.orders.reset();
  seat.ready = false;
  seat.draw_vote = false;
  seat.end_vote = false;
  seat.alliance.clear();
  if (seat.status == PowerStatus::Playing) seat.status = PowerStatus::CivilDisorder;
  effects.events.push_back({Audience::all(), "player_status", Impl::player_status_payload(*this, *power)});
  effects.response = Impl::player_status_payload(*this, *power);
  // The phase no longer waits for this power: the others may all be ready.
  Impl::process_if_everyone_ready(*this, now, effects);
  return effects;
}

tl::expected<Effects, GameError> DiplomacyGame::take_seat(const User& user, std::string_view power_name, Instant) {
  if (status_ != GameStatus::Active) return tl::unexpected(error(ErrorCode::Conflict, Problem::GameNotActive));
  auto power = Impl::power_named(*this, power_name);
  if (!power) return tl::unexpected(power.error());
  Seat& seat = seats_[index(*power)];
  const std::string code = Impl::code(*this, *power);
  if (seat.status != PowerStatus::CivilDisorder || seat.computer || Impl::idle(*this, *power) ||
      Impl::seat_of(*this, *power) < 0)
    return tl::unexpected(error(ErrorCode::Conflict, Problem::SeatNotOpen, code));
  const bool own_player = seat.player && seat.player->id == user.id;
  if (!own_player) {
    // §4.3.2: a newcomer, or a player whose own powers are all eliminated.
    for (const std::string& held : powers_of(user.id))
      if (power_status(held) != PowerStatus::Eliminated)
        return tl::unexpected(error(ErrorCode::Conflict, Problem::NotEliminated));
  }
  Effects effects;
  effects.changed = true;
  seat.player = user;
  seat.status = PowerStatus::Playing;
  seat.missed_in_a_row = 0;
  seat.draw_vote = false;
  seat.end_vote = false;
  seat.alliance.clear();
  effects.events.push_back({Audience::all(), "player_status", Impl::player_status_payload(*this, *power)});
  effects.response = Impl::player_status_payload(*this, *power);
  return effects;
}

tl::expected<Effects, GameError> DiplomacyGame::propose_treaty(const User& user, std::string_view from,
                                                               std::vector<std::string> parties, std::string text,
                                                               Instant now) {
  auto proposer = Impl::own_power(*this, user, from);
  if (!proposer) return tl::unexpected(proposer.error());
  if (text.empty() || !fields::valid_utf8(text) || code_points(text) > kLongestTreaty)
    return tl::unexpected(GameError{ErrorCode::BadRequest, Problem::BadText, "text", std::to_string(kLongestTreaty)});
  if (static_cast<int>(treaties_.size()) >= kMostTreaties)
    return tl::unexpected(fields::bad_value("text", "at most " + std::to_string(kMostTreaties) + " treaties"));
  std::vector<std::string> codes = {Impl::code(*this, *proposer)};
  for (const std::string& name : parties) {
    auto power = Impl::power_named(*this, name);
    if (!power) return tl::unexpected(power.error());
    const std::string code = Impl::code(*this, *power);
    if (std::find(codes.begin(), codes.end(), code) == codes.end()) codes.push_back(code);
  }
  if (codes.size() < 2) return tl::unexpected(fields::bad_value("parties", "at least one power besides the proposer"));
  // A treaty is private to its parties until published: it needs private press.
  if (auto allowed = Impl::press_allowed(*this, false); !allowed) return tl::unexpected(allowed.error());
  Treaty treaty{std::to_string(treaties_.size() + 1), phase_code(), std::move(text), codes, {codes.front()}, false, now};
  Effects effects;
  effects.changed = true;
  effects.events.push_back({Impl::treaty_audience(treaty), "treaty", treaty.to_json()});
  effects.response = treaty.to_json();
  treaties_.push_back(std::move(treaty));
  return effects;
}

tl::expected<Effects, GameError> DiplomacyGame::sign_treaty(const User& user, std::string_view treaty_id,
                                                            std::string_view power_name, Instant) {
  auto party = Impl::treaty_party(*this, user, treaty_id, power_name);
  if (!party) return tl::unexpected(party.error());
  auto& [treaty, code] = *party;
  if (std::find(treaty->signed_by.begin(), treaty->signed_by.end(), code) != treaty->signed_by.end())
    return tl::unexpected(error(ErrorCode::Conflict, Problem::AlreadySigned, code));
  if (auto allowed = Impl::press_allowed(*this, false); !allowed) return tl::unexpected(allowed.error());
  treaty->signed_by.push_back(code);
  Effects effects;
  effects.changed = true;
  effects.events.push_back({Impl::treaty_audience(*treaty), "treaty", treaty->to_json()});
  effects.response = treaty->to_json();
  return effects;
}

tl::expected<Effects, GameError> DiplomacyGame::publish_treaty(const User& user, std::string_view treaty_id,
                                                               std::string_view power_name, Instant) {
  auto party = Impl::treaty_party(*this, user, treaty_id, power_name);
  if (!party) return tl::unexpected(party.error());
  auto& [treaty, code] = *party;
  if (treaty->signed_by.size() != treaty->parties.size())
    return tl::unexpected(error(ErrorCode::Conflict, Problem::TreatyUnsigned));
  // Publishing is public press (seed 000 §2.2.5-2.2.6).
  if (auto allowed = Impl::press_allowed(*this, true); !allowed) return tl::unexpected(allowed.error());
  Effects effects;
  effects.response = treaty->to_json();
  if (treaty->published) return effects;
  treaty->published = true;
  effects.changed = true;
  effects.events.push_back({Audience::all(), "treaty", treaty->to_json()});
  effects.response = treaty->to_json();
  return effects;
}

std::vector<ComputerTurn> DiplomacyGame::computer_turns() const {
  std::vector<ComputerTurn> turns;
  if (status_ != GameStatus::Active) return turns;
  for (int p = 0; p < variant().power_count(); ++p) {
    const Power power = power_at(p);
    if (!Impl::computer_controlled(*this, power) || !Impl::has_something_to_order(*this, power) || seats_[p].ready)
      continue;
    turns.push_back({power, Impl::code(*this, power), phase_code(),
                     SeededRandom::derive(seed_, static_cast<std::uint64_t>(processed_phases_), static_cast<std::uint64_t>(p))});
  }
  return turns;
}

tl::expected<Effects, GameError> DiplomacyGame::submit_computer_orders(const ComputerTurn& turn,
                                                                       const std::vector<Order>& orders, Instant now) {
  if (status_ != GameStatus::Active) return tl::unexpected(error(ErrorCode::Conflict, Problem::GameNotActive));
  if (turn.phase != phase_code())
    return tl::unexpected(error(ErrorCode::WrongPhase, Problem::WrongPhase, turn.phase, phase_code()));
  if (turn.power == Power::None || index(turn.power) >= variant().power_count() ||
      !Impl::computer_controlled(*this, turn.power))
    return tl::unexpected(error(ErrorCode::Forbidden, Problem::NotSeated, turn.power_code));
  // The normal path: the orders as text, read and checked like a person's.
  std::vector<std::string> texts;
  for (const Order& order : orders) texts.push_back(Impl::canonical(*this, order));
  Effects effects;
  effects.changed = true;
  Impl::Checked checked = Impl::check_orders(*this, turn.power, texts, Language::En);
  effects.response = {{"orders", {{turn.power_code, std::move(checked.response)}}}};
  Impl::keep_orders(*this, turn.power, std::move(checked.kept), effects);
  seats_[index(turn.power)].ready = true;
  effects.events.push_back({Audience::all(), "ready", {{"power", turn.power_code}, {"ready", true}}});
  Impl::process_if_everyone_ready(*this, now, effects);
  return effects;
}

std::optional<Instant> DiplomacyGame::next_deadline() const {
  if (status_ != GameStatus::Active) return std::nullopt;
  if (negotiation_ends_at_ && stage_ == Stage::Negotiation) return negotiation_ends_at_;
  return deadline_;
}

Effects DiplomacyGame::advance(Instant now) {
  Effects effects;
  // Each step moves the next deadline past `now` or ends the game; two steps at most.
  for (int step = 0; step < 4; ++step) {
    const auto due = next_deadline();
    if (!due || *due > now) break;
    effects.changed = true;
    if (stage_ == Stage::Negotiation && negotiation_ends_at_) {
      // Seed 000 §2.3.1-2.3.2: order writing, with press closed.
      stage_ = Stage::OrderWriting;
      effects.events.push_back({Audience::all(), "press_closed", {{"phase", phase_code()}}});
    } else {
      Impl::process(*this, now, effects);
    }
  }
  return effects;
}

json DiplomacyGame::view_for(std::string_view user_id) const {
  json view = {{"id", id_},
               {"game", "diplomacy"},
               {"name", options_.name},
               {"status", game_status_name(status_)},
               {"options", diplomacy_options_json(options_)},
               {"phase", status_ == GameStatus::Forming ? json(nullptr) : json(phase_code())},
               {"deadline", status_ == GameStatus::Active ? instant_or_null(deadline_) : json(nullptr)},
               {"result", Impl::result_json(*this)},
               {"winner", result_ && result_->winners.size() == 1 ? json(result_->winners.front()) : json(nullptr)}};
  const std::vector<std::string> mine = powers_of(user_id);
  view["my_powers"] = mine;
  // The setup's seats (seed 000 §1.2.3): who plays which powers together, so that a
  // player joining a game of fewer than seven sees what each seat commands.
  json seat_powers = json::array();
  for (const auto& seat : game_rules_.setup.seats) seat_powers.push_back(Impl::codes(*this, seat.powers));
  view["seat_powers"] = std::move(seat_powers);
  if (status_ == GameStatus::Forming) {
    json joined = json::array();
    for (const Joiner& joiner : joiners_)
      joined.push_back({{"player", joiner.user.name}, {"power", joiner.power ? json(*joiner.power) : json(nullptr)}});
    view["players"] = std::move(joined);
    view["seats"] = {{"taken", joiners_.size()}, {"open", options_.players - options_.computer_players - static_cast<int>(joiners_.size())}};
    view["powers"] = json::object();
    view["my_orders"] = json::object();
    return view;
  }
  if (options_.deadlines.live)
    view["stage"] = stage_ == Stage::Negotiation ? "negotiation" : "order_writing";
  view["negotiation_deadline"] = status_ == GameStatus::Active ? instant_or_null(negotiation_ends_at_) : json(nullptr);
  view["press_open"] = status_ == GameStatus::Active && options_.press != PressRule::None && Impl::press_open(*this);
  nlohmann::ordered_json position = formats::write_state(variant(), state_);
  view["units"] = std::move(position["units"]);
  view["centers"] = std::move(position["centers"]);
  view["retreats"] = position.contains("retreats") ? json(std::move(position["retreats"])) : json::object();
  json powers = json::object(), my_orders = json::object(), draw_votes = json::object(), end_votes = json::object(),
       alliance = json::object();
  for (int p = 0; p < variant().power_count(); ++p) {
    const Seat& seat = seats_[p];
    const std::string& code = Impl::code(*this, power_at(p));
    // Field by field, as in to_json: the view is written on every request for a game.
    json& power = powers[code];
    power["player"] = seat.player && !seat.computer ? json(seat.player->name) : json(nullptr);
    power["computer"] = seat.computer;
    power["status"] = power_status_name(seat.status);
    power["ready"] = seat.ready;
    power["orders_given"] = seat.orders.has_value();
    power["missed_in_a_row"] = seat.missed_in_a_row;
    power["to_order"] = status_ == GameStatus::Active && Impl::has_something_to_order(*this, power_at(p)) &&
                        !Impl::idle(*this, power_at(p));
    power["armistice"] = game_rules_.setup.armistice.contains(p);
    power["neutral"] = Impl::idle(*this, power_at(p)) && !game_rules_.setup.armistice.contains(p);
    if (std::find(mine.begin(), mine.end(), code) != mine.end()) {
      my_orders[code] = seat.orders ? Impl::kept_json(*seat.orders) : json::array();
      draw_votes[code] = seat.draw_vote;
      end_votes[code] = seat.end_vote;
      alliance[code] = seat.alliance;
    }
  }
  view["powers"] = std::move(powers);
  view["my_orders"] = std::move(my_orders);
  view["draw_votes"] = std::move(draw_votes);
  view["end_votes"] = std::move(end_votes);
  view["alliance_end"] = std::move(alliance);
  json missed = json::array();
  for (const MissedPhase& entry : missed_)
    missed.push_back({{"phase", entry.phase}, {"power", entry.power}, {"civil_disorder", entry.civil_disorder}});
  view["missed_phases"] = std::move(missed);
  json treaties = json::array();
  for (const Treaty& treaty : treaties_) {
    const bool party = std::any_of(mine.begin(), mine.end(), [&](const std::string& power) {
      return std::find(treaty.parties.begin(), treaty.parties.end(), power) != treaty.parties.end();
    });
    if (treaty.published || party) treaties.push_back(treaty.to_json());
  }
  view["treaties"] = std::move(treaties);
  return view;
}

json DiplomacyGame::messages_for(std::string_view user_id, const std::vector<Message>& all) const {
  const std::vector<std::string> mine = powers_of(user_id);
  const auto is_mine = [&](const std::string& power) {
    return std::find(mine.begin(), mine.end(), power) != mine.end();
  };
  json out = json::array();
  for (const Message& message : all)
    if (message.is_public() || is_mine(message.from) || std::any_of(message.to.begin(), message.to.end(), is_mine))
      out.push_back(message.to_json());
  return out;
}

bool DiplomacyGame::can_see(const Audience& audience, std::string_view user_id) const {
  if (audience.everyone) return true;
  if (audience.holders) return std::binary_search(audience.holders->begin(), audience.holders->end(), user_id);
  const std::vector<std::string> mine = powers_of(user_id);
  return std::any_of(audience.seats.begin(), audience.seats.end(), [&](const std::string& seat) {
    return std::find(mine.begin(), mine.end(), seat) != mine.end();
  });
}

Audience DiplomacyGame::addressed(Audience audience) const {
  if (audience.everyone || audience.holders) return audience;
  std::vector<std::string> holders;
  for (int p = 0; p < static_cast<int>(seats_.size()); ++p) {
    const auto& seat = seats_[p];
    if (seat.computer || !seat.player) continue;
    const auto code = Impl::code(*this, power_at(p));
    if (std::binary_search(audience.seats.begin(), audience.seats.end(), code)) holders.push_back(seat.player->id);
  }
  std::sort(holders.begin(), holders.end());
  holders.erase(std::unique(holders.begin(), holders.end()), holders.end());
  audience.holders = std::move(holders);
  return audience;
}

// --- the stored record

namespace {

json user_json(const std::optional<User>& user) {
  if (!user) return nullptr;
  json out = json::object();
  out["id"] = user->id;
  out["name"] = user->name;
  return out;
}

std::optional<User> read_user(const json& value) {
  if (value.is_null()) return std::nullopt;
  return User{value.at("id").get<std::string>(), value.at("name").get<std::string>()};
}

std::optional<Instant> read_instant(const json& value) {
  if (value.is_null()) return std::nullopt;
  const auto instant = parse_instant(value.get<std::string>());
  if (!instant) throw std::runtime_error("bad time " + value.dump());
  return instant;
}

constexpr int kRecordVersion = 1;

}  // namespace

// The record is written on every change to a game, so its objects are filled field by
// field: an initializer list would first build a two-element array for each field.
json DiplomacyGame::to_json() const {
  json seats = json::array();
  for (const Seat& seat : seats_) {
    json& out = seats.emplace_back(json::object());
    out["player"] = user_json(seat.player);
    out["computer"] = seat.computer;
    out["status"] = power_status_name(seat.status);
    out["missed_in_a_row"] = seat.missed_in_a_row;
    out["ready"] = seat.ready;
    out["draw_vote"] = seat.draw_vote;
    out["end_vote"] = seat.end_vote;
    out["alliance"] = seat.alliance;
    out["orders"] = seat.orders ? Impl::kept_json(*seat.orders) : json(nullptr);
  }
  json joiners = json::array();
  for (const Joiner& joiner : joiners_)
    joiners.push_back({{"user", user_json(joiner.user)}, {"power", joiner.power ? json(*joiner.power) : json(nullptr)}});
  json missed = json::array();
  for (const MissedPhase& entry : missed_)
    missed.push_back({{"phase", entry.phase}, {"power", entry.power}, {"civil_disorder", entry.civil_disorder}});
  json treaties = json::array();
  for (const Treaty& treaty : treaties_) treaties.push_back(treaty.to_json());
  json result = nullptr;
  if (result_)
    result = {{"reason", result_->reason},
              {"winners", result_->winners},
              {"survivors", result_->survivors},
              {"phase", result_->phase}};
  json record = json::object();
  record["record_version"] = kRecordVersion;
  record["game"] = "diplomacy";
  record["id"] = id_;
  record["options"] = diplomacy_options_json(options_);
  record["seed"] = seed_;
  record["toss_winner"] = game_rules_.toss_winner ? json(*game_rules_.toss_winner) : json(nullptr);
  record["status"] = game_status_name(status_);
  record["created_at"] = format_instant(created_at_);
  record["joiners"] = std::move(joiners);
  record["seats"] = std::move(seats);
  record["state"] = status_ == GameStatus::Forming ? json(nullptr) : json(formats::write_state(variant(), state_));
  record["stage"] = stage_ == Stage::Negotiation ? "negotiation" : "order_writing";
  record["phase_started_at"] = format_instant(phase_started_at_);
  record["negotiation_ends_at"] = instant_or_null(negotiation_ends_at_);
  record["deadline"] = instant_or_null(deadline_);
  record["processed_phases"] = processed_phases_;
  record["movement_phases"] = movement_phases_;
  record["missed"] = std::move(missed);
  record["treaties"] = std::move(treaties);
  record["message_count"] = message_count_;
  record["result"] = std::move(result);
  return record;
}

tl::expected<DiplomacyGame, std::string> DiplomacyGame::from_json(const json& record) {
  try {
    if (record.at("record_version") != kRecordVersion)
      return tl::unexpected("record_version " + record.at("record_version").dump() + " is not known");
    auto options = read_diplomacy_options(record.at("options"));
    if (!options) return tl::unexpected("options: " + message(options.error(), Language::En));
    DiplomacyGame game;
    game.id_ = record.at("id").get<std::string>();
    game.options_ = std::move(*options);
    game.rules_ = *rules_by_name(game.options_.rules);
    auto game_rules = game_rules_for(game.options_);
    if (!game_rules) return tl::unexpected("options: " + message(game_rules.error(), Language::En));
    game.game_rules_ = std::move(*game_rules);
    if (!record.at("toss_winner").is_null()) game.game_rules_.toss_winner = record.at("toss_winner").get<int>();
    game.seed_ = record.at("seed").get<std::uint64_t>();
    const std::string status = record.at("status").get<std::string>();
    if (status == "forming") game.status_ = GameStatus::Forming;
    else if (status == "active") game.status_ = GameStatus::Active;
    else if (status == "finished") game.status_ = GameStatus::Finished;
    else return tl::unexpected("status: " + status + " is not a game status");
    game.created_at_ = *read_instant(record.at("created_at"));
    for (const json& joiner : record.at("joiners")) {
      std::optional<std::string> power;
      if (!joiner.at("power").is_null()) power = joiner.at("power").get<std::string>();
      game.joiners_.push_back({*read_user(joiner.at("user")), power});
    }
    for (const json& entry : record.at("seats")) {
      Seat seat;
      seat.player = read_user(entry.at("player"));
      seat.computer = entry.at("computer").get<bool>();
      const std::string seat_status = entry.at("status").get<std::string>();
      if (seat_status == "playing") seat.status = PowerStatus::Playing;
      else if (seat_status == "civil_disorder") seat.status = PowerStatus::CivilDisorder;
      else if (seat_status == "eliminated") seat.status = PowerStatus::Eliminated;
      else return tl::unexpected("seats: " + seat_status + " is not a power status");
      seat.missed_in_a_row = entry.at("missed_in_a_row").get<int>();
      seat.ready = entry.at("ready").get<bool>();
      seat.draw_vote = entry.at("draw_vote").get<bool>();
      seat.end_vote = entry.at("end_vote").get<bool>();
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
      auto state = formats::read_state(game.variant(), record.at("state"), "state");
      if (!state) return tl::unexpected(state.error());
      game.state_ = std::move(*state);
    }
    game.stage_ = record.at("stage") == "order_writing" ? Stage::OrderWriting : Stage::Negotiation;
    game.phase_started_at_ = *read_instant(record.at("phase_started_at"));
    game.negotiation_ends_at_ = read_instant(record.at("negotiation_ends_at"));
    game.deadline_ = read_instant(record.at("deadline"));
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
