#pragma once
// How our computer players negotiate (issue 19), as plain functions of the position:
// whether to accept a proposal, and their orders made to keep the deals they agreed to.
// A loyal player never breaks an accepted deal (an order that would is replaced by a
// hold, or left out where no hold is possible); an opportunist breaks one when the order
// that breaks it takes a supply centre at the end of the year. Both trust a power by its
// record of deals kept and broken, and deal no more with one that broke more than it kept.

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/press.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy_bots {

enum class Personality : std::uint8_t { Loyal, Opportunist };

// Trust in a power from the deals it kept and broke: (kept + 1) / (kept + broken + 2), so
// 0.5 for a stranger; below 0.5 a power is not believed.
double trust(int kept, int broken);
constexpr double kTrusted = 0.5;

// Whether `power` accepts `arrangement`, proposed by `proposer`, in `state`:
//  - peace with the proposer, unless the proposer leads by three centres or more;
//  - an alliance it is part of, against powers that include the leader or hold at least
//    as many centres as it does, never against itself or with its target;
//  - a demilitarised zone that holds none of its centres or units;
//  - an order the proposer promises, or, of its own units, a hold or a support to hold;
//  - a draw unless it leads; a solo only its own;
//  - AND when it accepts every part, ORR when it accepts one; never NOT or NAR.
// Nothing from a proposer trusted less than kTrusted.
bool accepts(const diplomacy::Variant& variant, const diplomacy::GameState& state, diplomacy::Power power,
             diplomacy::Power proposer, const diplomacy::Arrangement& arrangement, double trust_in_proposer = 1.0);

// The answer our computer players give: accepts() allows it, and for a peace, an alliance,
// a demilitarised zone or a combination of them, in a movement phase, a search (level 1,
// seeded with `seed`) expects at least as much for `power` with the deal as without it
// (less a tenth of a centre): its own orders within the deal, and the proposer's too if
// trusted. `held`:
// the deals `power` holds already, kept in both cases.
bool accepts_after_search(const diplomacy::Variant& variant, const diplomacy::RuleOptions& rules,
                          const diplomacy::GameState& state, diplomacy::Power power, diplomacy::Power proposer,
                          const diplomacy::Arrangement& arrangement, double trust_in_proposer, std::uint64_t seed,
                          const std::vector<diplomacy::Arrangement>& held = {});

// What `power` proposes at the start of a year (at most three proposals, to one power
// each): peace to the neighbour it leads least or trails (a power with a unit next to one
// of its units or centres) that is not the leader and with which it has no deal; a
// demilitarised zone of up to three contested borders (empty provinces both can move
// into, neither's centre) to the other neighbour with the most of them and no deal with
// it; and, when the leader is three centres or more ahead of it, an alliance against the
// leader to the leader's other strongest neighbour. `deals`: those holding for `power`; `listeners`:
// the powers that would hear a proposal (empty: every power).
struct Proposal {
  diplomacy::Power to = diplomacy::Power::None;
  diplomacy::Arrangement arrangement;
};
std::vector<Proposal> proposals(const diplomacy::Variant& variant, const diplomacy::GameState& state,
                                diplomacy::Power power, const std::vector<diplomacy::Arrangement>& deals,
                                std::span<const diplomacy::Power> listeners = {});

// The supports `power` asks of its partners for its planned `orders` (at most two, an XDO
// each of a partner's unit supporting one of its moves): for each move that attacks a unit
// of a power that is not a partner, the first partner unit (in province order) that can
// move into the province attacked, each partner unit asked once.
std::vector<Proposal> support_requests(const diplomacy::Variant& variant, const diplomacy::GameState& state,
                                       diplomacy::Power power, const std::vector<diplomacy::Order>& orders,
                                       std::span<const diplomacy::Power> partners);

// `orders` of `power`, each one that would break one of `deals` (judge_arrangement with
// that order alone) replaced by a hold of its unit in a movement phase, or dropped.
// An opportunist keeps an order that breaks a deal when it is a move into a supply centre
// it does not own in a fall movement phase.
std::vector<diplomacy::Order> keeping_deals(const diplomacy::Variant& variant, const diplomacy::GameState& state,
                                            diplomacy::Power power, std::vector<diplomacy::Order> orders,
                                            const std::vector<diplomacy::Arrangement>& deals,
                                            Personality personality = Personality::Loyal);

// Whether `power` may give `order` under `deals` (keeping_deals would keep it as it is):
// what Turn::allowed asks of the search.
bool within_deals(const diplomacy::Variant& variant, const diplomacy::GameState& state, diplomacy::Power power,
                  const diplomacy::Order& order, const std::vector<diplomacy::Arrangement>& deals,
                  Personality personality = Personality::Loyal);

// The partners `power` counts as allies: the other parties of its peaces and alliances among
// `deals` that it trusts (`trust` by power index, at least kTrusted), each once.
std::vector<diplomacy::Power> trusted_partners(diplomacy::Power power, const std::vector<diplomacy::Arrangement>& deals,
                                               std::span<const double> trust);

// What a negotiating player knows of the deals when it plans, by power index: the deals
// each power holds, and whether it trusts that power.
struct DealsInView {
  std::vector<std::vector<diplomacy::Arrangement>> deals;
  std::vector<bool> trusted;
};
// Turn::allowed for `power`'s planning: its own orders within its deals as its personality
// keeps them, a trusted partner's as a loyal player keeps his, an untrusted power's anything.
// `variant` and `state` must outlive it.
std::function<bool(diplomacy::Power, const diplomacy::Order&)> planned_within(
    const diplomacy::Variant& variant, const diplomacy::GameState& state, diplomacy::Power power,
    Personality personality, DealsInView view);

}  // namespace stratagem::diplomacy_bots
