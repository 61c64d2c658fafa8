#pragma once
// DiplomacyGame's internals, shared by the files that implement it: one concept each —
// the lifecycle and seats (diplomacy_game.cpp), press and treaties (_press), votes
// (_votes), what each user sees (_view) and the stored record (_record). Private to
// src/platform: only those files include it.

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
#include "stratagem/forward_error.h"
#include "stratagem/platform/diplomacy_game.h"
#include "stratagem/platform/names.h"

namespace stratagem::platform {

using nlohmann::json;
using namespace diplomacy;

constexpr std::size_t kLongestOrder = 200;
constexpr std::size_t kMostOrdersPerPower = 64;
// Press and treaties: characters (code points), as people count them in any script.
constexpr std::size_t kLongestMessage = 4000;
constexpr std::size_t kLongestTreaty = 4000;
constexpr int kMostTreaties = 1000;

inline GameError error(ErrorCode code, Problem problem, std::string field = {}, std::string detail = {}) {
  return {code, problem, std::move(field), std::move(detail)};
}

inline json instant_or_null(const std::optional<Instant>& instant) {
  return instant ? json(format_instant(*instant)) : json(nullptr);
}

// The setup and endings the options ask for (creating a game, reading its record back).
inline tl::expected<GameRules, GameError> game_rules_for(const DiplomacyOptions& options) {
  auto setup = standard_setup(standard_variant(), options.setup);
  if (!setup) return tl::unexpected(fields::bad_value("setup", "7 | 6 | 5 | 4 | 3a | 3b | 2"));
  GameRules rules;
  rules.setup = std::move(*setup);
  rules.endings.fixed_end_year = options.end_year;
  return rules;
}

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
    const int difference = g.state().centre_count(p) - g.state().unit_count(p);
    if (difference <= 0) return difference;
    int free_homes = 0;
    g.variant().home_centres(p).for_each([&](int c) {
      if (g.state().centre_owner(province_at(c)) == p && !g.state().occupied(province_at(c))) ++free_homes;
    });
    return std::min(difference, free_homes);
  }

  static bool has_something_to_order(const Game& g, Power p) {
    switch (g.state().phase.type) {
      case PhaseType::Movement: return g.state().unit_count(p) > 0;
      case PhaseType::Retreat: {
        bool found = false;
        g.state().dislodged_provinces().for_each([&](int province) {
          if (g.state().dislodged_in(province_at(province))->unit.power == p) found = true;
        });
        return found;
      }
      case PhaseType::Adjustment: return adjustment_change(g, p) != 0 || must_waive(g, p);
    }
    return false;
  }

  // syntax.html: "All unused builds must be waived, even if they are unusable". A DAIDE
  // client owing builds it has no free home centre for still orders its waives, and the
  // turn waits for them as a DAIDE server's would (a person is not asked to).
  static bool must_waive(const Game& g, Power p) {
    return !g.seats_.empty() && g.seats_[index(p)].daide && g.state().centre_count(p) > g.state().unit_count(p);
  }

  // Powers in armistice, and the neutral power before it joins: they never order.
  static bool idle(const Game& g, Power p) {
    return powers_not_ordering(g.game_rules_, {}, g.state().phase).contains(index(p));
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
           (g.state().phase.type == PhaseType::Movement && g.stage_ == Stage::Negotiation);
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
            {"computer", seat.computer || seat.daide.has_value()}};
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
      if (const auto supported = g.state().unit_in(g.variant().province_of(order.target()))) target_type = supported->type;
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
      parsed.push_back(read_order_at(g.map(), texts[i], g.state()));
      if (parsed[i] && parsed[i]->order.kind() != OrderKind::Waive)
        province[i] = g.map().province_of(parsed[i]->order.unit());
    }
    // Whether an order is possible on its own matters only where a province is ordered
    // twice: checked there alone, so the usual list of one order a unit costs nothing more.
    std::vector<std::optional<VoidReason>> void_alone(count);
    for (std::size_t i = 0; i < count; ++i) {
      if (province[i] == Province::None || std::count(province.begin(), province.end(), province[i]) < 2) continue;
      OrderSheet alone(g.map(), g.rules_, g.state());
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
    OrderSheet sheet(g.map(), g.rules_, g.state());
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
    if (const auto& neutral = g.game_rules_.setup.neutral; neutral && g.state().phase == neutral->joins) {
      const int toss_seat_power = first_power(g.game_rules_.setup.seats[*g.game_rules_.toss_winner].powers);
      Seat& joining = g.seats_[index(neutral->power)];
      joining.player = g.seats_[toss_seat_power].player;
      joining.computer = g.seats_[toss_seat_power].computer;
      set_status(g, neutral->power, PowerStatus::Playing, effects);
    }
    for (Seat& seat : g.seats_) {
      seat.ready = false;
      seat.orders.reset();
      // A computer's vote answers the position it was cast in: at a new phase it votes again.
      // A DAIDE client's DRW holds for one turn (syntax.html: "the player must resend the
      // command each turn if it continues to want a draw").
      if (seat.computer) seat.draw_vote = seat.end_vote = false;
      if (seat.daide) seat.draw_vote = false;
    }
    const PhaseType type = g.state().phase.type;
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
    g.pause_.reset();
    g.pause_asked_.clear();
    g.result_ = std::move(result);
    close_deals(g);
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
    const json before = formats::write_state(g.variant(), g.state());
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
    formats::PhaseInput input{g.state(), {}};
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
    judge_deals(g, report, effects);
    json entry = phase_entry(g, report, missed_now);
    effects.events.push_back({Audience::all(), "phase_processed", entry});
    effects.phases.push_back(std::move(entry));
    effects.changed = true;
    g.position_.set(g.variant(), report.next);
    ++g.processed_phases_;
    for (int p = 0; p < g.variant().power_count(); ++p)
      if (g.state().unit_count(power_at(p)) == 0 && g.state().centre_count(power_at(p)) == 0)
        set_status(g, power_at(p), PowerStatus::Eliminated, effects);
    // Seed 000 §5.1(a)-(b): the setup's victory count of centres, then the agreed last
    // year; seed 002: the alliance end declared with the orders of this phase.
    EndDeclarations declarations;
    for (int p = 0; p < g.variant().power_count(); ++p)
      for (const std::string& member : g.seats_[p].alliance)
        declarations.alliance[p].insert(index(*formats::read_power(g.variant(), member)));
    if (const auto end = decide_end(g.variant(), g.game_rules_, declarations, g.state()); end && *end) {
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
    if (g.state().phase.type != PhaseType::Movement && !anyone_expected(g)) process(g, now, effects);
  }

  static bool anyone_expected(const Game& g) {
    for (int p = 0; p < g.variant().power_count(); ++p)
      if (expected_to_order(g, power_at(p))) return true;
    return false;
  }

  // A paused game waits: the phase is processed when it resumes.
  static void process_if_everyone_ready(Game& g, Instant now, Effects& effects) {
    if (!g.pause_ && everyone_ready(g)) process(g, now, effects);
  }

  // A power whose vote counts: played by a person or a DAIDE client (not in civil
  // disorder, armistice or neutral), or by one of our computers (its seat, or civil
  // disorder the computer takes), which votes by its position when asked.
  static bool votes(const Game& g, Power p) {
    const Seat& seat = g.seats_[index(p)];
    return computer_controlled(g, p) || (seat.status == PowerStatus::Playing && !idle(g, p));
  }

  // The powers whose votes end the game (the view's "voters").
  static std::vector<Power> voters(const Game& g) {
    std::vector<Power> out;
    for (int p = 0; p < g.variant().power_count(); ++p)
      if (votes(g, power_at(p))) out.push_back(power_at(p));
    return out;
  }

  // Every voter has voted yes, and there is at least one.
  template <class Vote>
  static bool agreed(const Game& g, Vote&& vote) {
    const std::vector<Power> all = voters(g);
    return !all.empty() && std::all_of(all.begin(), all.end(), [&](Power p) { return vote(g.seats_[index(p)]); });
  }

  // A draw (or end by lot) is proposed: someone not played by a computer votes for it.
  static bool proposed(const Game& g, bool Seat::*ballot) {
    for (int p = 0; p < g.variant().power_count(); ++p)
      if (votes(g, power_at(p)) && !computer_controlled(g, power_at(p)) && g.seats_[p].*ballot) return true;
    return false;
  }

  // The treaty `treaty_id` as seen by one of its parties, the caller's power `power_name`;
  // to anyone else it does not exist.
  struct TreatyParty {
    Treaty* treaty;
    std::string code;
  };
  static tl::expected<TreatyParty, GameError> treaty_party(Game& g, const User& user, std::string_view treaty_id,
                                                           std::string_view power_name) {
    STRATAGEM_TRY_ASSIGN(auto power, own_power(g, user, power_name));
    Treaty* treaty = find_treaty(g, treaty_id);
    std::string power_code = code(g, power);
    if (!treaty || std::find(treaty->parties.begin(), treaty->parties.end(), power_code) == treaty->parties.end())
      return tl::unexpected(error(ErrorCode::NotFound, Problem::NoSuchTreaty, std::string(treaty_id)));
    return TreatyParty{treaty, std::move(power_code)};
  }

  // A draw or end vote. A secret vote (the default) is heard by the voter's power alone
  // until the game ends; a public one by everyone.
  static tl::expected<Effects, GameError> vote(Game& g, const User& user, std::string_view power_name,
                                               bool Seat::*ballot, const char* word, bool yes) {
    STRATAGEM_TRY_ASSIGN(auto power, own_power(g, user, power_name));
    Effects effects;
    effects.changed = true;
    g.seats_[index(power)].*ballot = yes;
    const std::string power_code = code(g, power);
    effects.events.push_back({g.options_.public_votes ? Audience::all() : Audience::only({power_code}),
                              std::string(word) + "_vote", {{"power", power_code}, {word, yes}}});
    effects.response = {{"power", power_code}, {word, yes}};
    if (yes) end_if_agreed(g, effects);
    return effects;
  }

  // The engine says who shares a draw or wins the lot (the seats that still have units).
  static void end_if_agreed(Game& g, Effects& effects) {
    EndDeclarations declarations;
    if (agreed(g, [](const Seat& seat) { return seat.end_vote; })) {
      const auto alive = surviving_seats(g.game_rules_, g.state());
      if (!alive || alive->empty()) return;
      // Seed 000 §5.1(c): the lot, every surviving seat with the same chance.
      SeededRandom lot(SeededRandom::derive(g.seed_, static_cast<std::uint64_t>(g.processed_phases_), 0x107));
      declarations.agreed_end_lot = static_cast<int>(lot.below(alive->size()));
    } else if (agreed(g, [](const Seat& seat) { return seat.draw_vote; })) {
      declarations.draw = true;
    } else {
      return;
    }
    const auto end = decide_end(g.variant(), g.game_rules_, declarations, g.state());
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

  // A person or a DAIDE client joins a forming game; the last seat starts it.
  static Effects seat_joiner(Game& g, Joiner joiner, Instant now) {
    const User user = joiner.user;
    const std::optional<std::string> power = joiner.power;
    g.joiners_.push_back(std::move(joiner));
    Effects effects;
    effects.changed = true;
    effects.events.push_back(
        {Audience::all(), "player_joined", {{"player", user.name}, {"power", power ? json(*power) : json(nullptr)}}});
    start_if_everyone_seated(g, now, effects);
    // The powers are known now if asked for (the seat's powers) or drawn at the start.
    std::vector<std::string> powers = g.powers_of(user.id);
    if (powers.empty() && power)
      powers = codes(g, g.game_rules_.setup.seats[seat_of(g, *formats::read_power(g.variant(), *power))].powers);
    effects.response = {{"power", powers.empty() ? json(nullptr) : json(powers.front())}, {"powers", powers}};
    return effects;
  }

  // Every seat taken, and every DAIDE client ready (it has accepted the map): the game starts.
  static void start_if_everyone_seated(Game& g, Instant now, Effects& effects) {
    if (static_cast<int>(g.joiners_.size()) != g.options_.players - g.options_.computer_players) return;
    if (std::any_of(g.joiners_.begin(), g.joiners_.end(), [](const Joiner& j) { return j.awaiting_map; })) return;
    start_game(g, now, effects);
  }

  static void start_game(Game& g, Instant now, Effects& effects) {
    const auto& setup_seats = g.game_rules_.setup.seats;
    const int seat_count = static_cast<int>(setup_seats.size());
    std::vector<const Joiner*> players(static_cast<std::size_t>(seat_count), nullptr);
    for (const Joiner& joiner : g.joiners_)
      if (joiner.power) players[seat_of(g, *formats::read_power(g.variant(), *joiner.power))] = &joiner;
    std::vector<int> open;
    for (int s = 0; s < seat_count; ++s)
      if (!players[s]) open.push_back(s);
    // Seed 000 §1.2.1 leaves the draw to the players; here it is random, from the game's seed.
    SeededRandom random(g.seed_);
    random.shuffle(open);
    auto next = open.begin();
    for (const Joiner& joiner : g.joiners_)
      if (!joiner.power) players[*next++] = &joiner;
    std::vector<bool> computer(static_cast<std::size_t>(seat_count), false);
    for (; next != open.end(); ++next) computer[*next] = true;
    g.seats_.assign(static_cast<std::size_t>(g.variant().power_count()), Seat{});
    for (int p = 0; p < g.variant().power_count(); ++p) {
      const int s = seat_of(g, power_at(p));
      if (s < 0) {
        g.seats_[p].status = PowerStatus::CivilDisorder;  // §1.2.3: armistice follows chapter 4
        continue;
      }
      if (players[s]) {
        g.seats_[p].player = players[s]->user;
        g.seats_[p].daide = players[s]->daide;
      }
      g.seats_[p].computer = computer[s];
    }
    // §1.2.3(e): the coin toss, drawn now from the seed and shown when Italy joins.
    if (g.game_rules_.setup.neutral)
      g.game_rules_.toss_winner =
          static_cast<int>(SeededRandom(SeededRandom::derive(g.seed_, 1914, 0x7055)).below(static_cast<std::uint64_t>(seat_count)));
    g.status_ = GameStatus::Active;
    g.position_.set(g.variant(), initial_state(g.variant(), g.game_rules_.setup));
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

  // --- structured press (diplomacy_game_deals.cpp)
  static std::optional<diplomacy::PressMessage> press_of(const Game& g, const json& arrangement);
  // Reads the message's press (formats::press_json's JSON), keeps its canonical form in
  // the message, and files it: a proposal, an answer (a deal when the last addressee
  // accepts) or a cancellation.
  static tl::expected<void, GameError> record_press(Game& g, Message& message, const json& press, Effects& effects);
  static json deal_json(const Deal& deal);
  // A press message from a computer's power to one other power.
  static tl::expected<Effects, GameError> computer_press(Game& g, const std::string& from, const std::string& to,
                                                         const diplomacy::PressMessage& press, Instant now);
  // After a phase is adjudicated (g.state() still the position it was played from).
  static void judge_deals(Game& g, const formats::PhaseReport& report, Effects& effects);
  // At the end of the game: deals never broken were kept.
  static void close_deals(Game& g);
};

}  // namespace stratagem::platform
