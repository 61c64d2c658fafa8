// Property-based tests of the Diplomacy engine (rapidcheck): positions reached by random
// play from the standard start (random_play.h), each property checked on many of them.
// The number of cases and the seed come from RC_PARAMS (tests/properties/CMakeLists.txt).

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <string>
#include <vector>

#include "random_play.h"
#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/notation.h"
#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/diplomacy/order_sheet.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/validation.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::properties {
namespace {

using namespace stratagem::diplomacy;

const Variant& map() { return standard_variant(); }

const char* phase_type_name(PhaseType t) {
  return t == PhaseType::Movement ? "movement" : t == PhaseType::Retreat ? "retreat" : "adjustment";
}

// An order with its giver, as the order sheet takes it.
struct Given {
  Power power;
  Order order;
};

// Every legal order of the position with the power that may give it: each unit's (or
// dislodged unit's) list, or in an adjustment phase each power's builds, removals, WAIVE.
std::vector<Given> all_legal_orders(const GameState& state) {
  std::vector<Given> out;
  OrderList list;
  if (state.phase.type == PhaseType::Adjustment) {
    for (int i = 0; i < map().power_count(); ++i) {
      list.clear();
      legal_adjustments(map(), state, power_at(i), list);
      for (const Order& o : list) out.push_back({power_at(i), o});
    }
    return out;
  }
  const LegalOrderGenerator generator(map(), state);
  const bool retreat = state.phase.type == PhaseType::Retreat;
  (retreat ? state.dislodged_provinces() : state.occupied_provinces()).for_each([&](int p) {
    const Power owner = retreat ? state.dislodged_in(province_at(p))->unit.power : state.unit_at(province_at(p)).power;
    list.clear();
    generator.unit_orders(province_at(p), list);
    for (const Order& o : list) out.push_back({owner, o});
  });
  return out;
}

std::string text_of(const GameState& state, const Order& o) {
  const auto supported = o.is_support() ? state.unit_in(map().province_of(o.target())) : std::nullopt;
  return format_order(map(), o, supported ? supported->type : UnitType::Army);
}

// The text and the packed bits, for messages about two orders that may print alike.
std::string describe_order(const GameState& state, const Order& o) {
  char raw[16];
  std::snprintf(raw, sizeof raw, "%08x", static_cast<unsigned>(o.raw()));
  return "\"" + text_of(state, o) + "\" (raw " + raw + ")";
}

// 1. Every listed order has canonical text that reads back as the same order, and
// validate() accepts it for its power unchanged.
RC_GTEST_PROP(DiplomacyProperties, LegalOrdersReadBackAndValidate, ()) {
  const GameState state = random_diplomacy_position();
  RC_TAG(phase_type_name(state.phase.type));
  for (const Given& g : all_legal_orders(state)) {
    const std::string text = text_of(state, g.order);
    const auto parsed = parse_order(map(), text, state.phase.type);
    if (!parsed) RC_FAIL(phase_code(state.phase) + ": \"" + text + "\" does not parse: " + parsed.error().message);
    if (parsed->order != g.order)
      RC_FAIL(phase_code(state.phase) + ": " + describe_order(state, g.order) + " reads back as " +
              describe_order(state, parsed->order));
    const auto valid = validate(map(), standard_rules(), state, g.power, *parsed);
    if (!valid)
      RC_FAIL(phase_code(state.phase) + ": \"" + text + "\" of " + map().power_code(g.power) +
              " is void: " + describe(valid.error()));
    if (*valid != g.order)
      RC_FAIL(phase_code(state.phase) + ": " + describe_order(state, g.order) + " validates as " +
              describe_order(state, *valid));
  }
}

// 2. Adjudication does not depend on the order in which orders are submitted. The orders
// of a random phase (plus, in movement and retreat phases, a second legal order for some
// units, which voids both: DATC 4.D.3) go through two OrderSheets in two random orders;
// the sheets, and the adjudication of each, must be equal.
RC_GTEST_PROP(DiplomacyProperties, AdjudicationIgnoresSubmissionOrder, ()) {
  const GameState state = random_diplomacy_position();
  RC_TAG(phase_type_name(state.phase.type));
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  const PhaseOrders chosen = random_orders(map(), state, seed);

  std::vector<Given> submissions;
  Splitmix random(~seed);
  if (state.phase.type != PhaseType::Adjustment) {
    const LegalOrderGenerator generator(map(), state);
    const bool retreat = state.phase.type == PhaseType::Retreat;
    chosen.ordered.for_each([&](int p) {
      const Power owner =
          retreat ? state.dislodged_in(province_at(p))->unit.power : state.unit_at(province_at(p)).power;
      submissions.push_back({owner, chosen.orders[p]});
      if (random.below(8) == 0) submissions.push_back({owner, generator.pick(province_at(p), random.next())});
    });
  } else {
    chosen.ordered.for_each([&](int p) {
      const Order o = chosen.orders[p];
      const Power power = o.kind() == OrderKind::Build ? map().home_power(province_at(p)) : state.unit_at(province_at(p)).power;
      submissions.push_back({power, o});
    });
  }
  const std::size_t n = submissions.size();
  std::vector<std::size_t> first(n), second(n);
  std::iota(first.begin(), first.end(), 0);
  std::iota(second.begin(), second.end(), 0);
  // Two random permutations (Fisher-Yates with generated indices, so they shrink too).
  for (auto* perm : {&first, &second})
    for (std::size_t i = n; i > 1; --i) std::swap((*perm)[i - 1], (*perm)[*rc::gen::inRange<std::size_t>(0, i)]);

  auto run = [&](const std::vector<std::size_t>& permutation) {
    OrderSheet sheet(map(), standard_rules(), state);
    for (std::size_t k : permutation) {
      ParsedOrder parsed;
      parsed.order = submissions[k].order;
      parsed.unit_type_given = true;
      sheet.submit(submissions[k].power, parsed);
    }
    return sheet;
  };
  const OrderSheet a = run(first), b = run(second);
  // Each submission ends the same way (carried out or void, and why) in both sheets.
  std::vector<int> number_in_a(n), number_in_b(n);
  for (std::size_t k = 0; k < n; ++k) {
    number_in_a[first[k]] = static_cast<int>(k);
    number_in_b[second[k]] = static_cast<int>(k);
  }
  for (std::size_t k = 0; k < n; ++k)
    if (a.status(number_in_a[k]) != b.status(number_in_b[k]))
      RC_FAIL(phase_code(state.phase) + ": " + describe_order(state, submissions[k].order) +
              " ends differently in the two sheets");
  RC_ASSERT(a.ordered() == b.ordered());
  a.ordered().for_each([&](int p) {
    if (a.orders()[p] != b.orders()[p])
      RC_FAIL("the sheets differ for " + map().province_code(province_at(p)) + ": \"" + text_of(state, a.orders()[p]) +
              "\" and \"" + text_of(state, b.orders()[p]) + "\"");
  });
  for (int i = 0; i < map().power_count(); ++i) RC_ASSERT(a.waives(power_at(i)) == b.waives(power_at(i)));

  const PhaseResult ra = adjudicate(map(), standard_rules(), state, a.orders(), a.ordered());
  const PhaseResult rb = adjudicate(map(), standard_rules(), state, b.orders(), b.ordered());
  for (int p = 0; p < map().province_count(); ++p)
    if (ra.resolutions[p] != rb.resolutions[p])
      RC_FAIL(phase_code(state.phase) + ": the resolutions of " + map().province_code(province_at(p)) + " differ");
  RC_ASSERT(ra.next == rb.next);
  RC_ASSERT(ra.removed_without_order == rb.removed_without_order);
  RC_ASSERT(ra.contested == rb.contested);
}

// Where each unit of `state` is after the phase: a province of next.units, or (movement)
// of next's dislodged units. Checked against the resolutions, unit by unit.
void check_conservation(const GameState& state, const PhaseOrders& orders, const PhaseResult& result) {
  const GameState& next = result.next;
  const std::string phase = phase_code(state.phase);
  auto name = [](Province p) { return map().province_code(p); };
  int stayed_or_moved = 0, dislodged = 0;
  ProvinceSet reached;  // provinces of next's units accounted for
  switch (state.phase.type) {
    case PhaseType::Movement:
      state.occupied_provinces().for_each([&](int i) {
        const Province p = province_at(i);
        const Unit unit = state.unit_at(p);
        const Resolution& r = result.resolutions[i];
        const bool moves = orders.ordered.contains(i) && orders.orders[i].kind() == OrderKind::Move;
        if (r.outcome == Outcome::Dislodged) {
          // It waits in next's dislodged units with somewhere to go, or, with nowhere to
          // go, is disbanded at once (docs/diplomacy-rules.md, Retreats): every place it
          // could move to is taken, contested, or the attacker's origin.
          const auto d = next.dislodged_in(p);
          if (d) {
            if (d->unit != unit) RC_FAIL(phase + ": another unit is dislodged from " + name(p));
            if (d->retreats.empty()) RC_FAIL(phase + ": the unit dislodged from " + name(p) + " waits with nowhere to go");
            ++dislodged;
          }
          const Province attacker_origin = r.by == Location::None ? Province::None : map().province_of(r.by);
          if (r.by == Location::None) RC_FAIL(phase + ": the unit in " + name(p) + " is dislodged by nobody");
          for (int l = 0; l < map().location_count(); ++l) {
            const Location to = location_at(l);
            const Province q = map().province_of(to);
            const bool adjacent = unit.type == UnitType::Army
                                      ? to == map().main_location(q) && map().terrain(q) != Terrain::Sea &&
                                            map().army_neighbours(p).contains(index(q))
                                      : map().fleet_neighbours(unit.location).contains(l);
            const bool open = adjacent && !next.occupied(q) && !result.contested.contains(index(q)) && q != attacker_origin;
            if (d && d->retreats.contains(l) && !adjacent)
              RC_FAIL(phase + ": the unit dislodged from " + name(p) + " may retreat to " + map().location_code(to) + ", not adjacent");
            if (d && d->retreats.contains(l) && (next.occupied(q) || result.contested.contains(index(q))))
              RC_FAIL(phase + ": the unit dislodged from " + name(p) + " may retreat to " + map().location_code(to) + ", taken or contested");
            if (!d && open)
              RC_FAIL(phase + ": the unit dislodged from " + name(p) + " is disbanded, but " + map().location_code(to) + " was open");
          }
          return;
        }
        const Location at = moves && r.outcome == Outcome::Ok ? orders.orders[i].target() : unit.location;
        const Province q = map().province_of(at);
        if (reached.contains(index(q))) RC_FAIL(phase + ": two units end in " + name(q));
        reached.insert(index(q));
        const auto u = next.unit_in(q);
        if (!u || *u != Unit{unit.type, unit.power, at})
          RC_FAIL(phase + ": the unit from " + name(p) + " is not in " + map().location_code(at));
        ++stayed_or_moved;
      });
      RC_ASSERT(next.occupied_provinces().size() == stayed_or_moved);
      RC_ASSERT(next.dislodged_provinces().size() == dislodged);
      if (dislodged) RC_ASSERT(next.phase.type == PhaseType::Retreat);
      break;
    case PhaseType::Retreat:
      RC_ASSERT(next.dislodged_provinces().empty());
      state.occupied_provinces().for_each([&](int i) {
        const Province p = province_at(i);
        if (next.unit_in(p) != state.unit_in(p)) RC_FAIL(phase + ": the unit in " + name(p) + " changed in a retreat");
        reached.insert(i);
      });
      state.dislodged_provinces().for_each([&](int i) {
        const Unit unit = state.dislodged_in(province_at(i))->unit;
        const Order o = orders.orders[i];
        if (!orders.ordered.contains(i) || o.kind() != OrderKind::Retreat || result.resolutions[i].outcome != Outcome::Ok)
          return;  // disbanded
        const Province q = map().province_of(o.target());
        if (reached.contains(index(q))) RC_FAIL(phase + ": two units end in " + name(q));
        reached.insert(index(q));
        if (next.unit_in(q) != Unit{unit.type, unit.power, o.target()})
          RC_FAIL(phase + ": the unit retreating from " + name(province_at(i)) + " is not in " + name(q));
      });
      RC_ASSERT(next.occupied_provinces() == reached);
      break;
    case PhaseType::Adjustment:
      // Units stay where they are unless removed; new ones stand on build sites.
      next.occupied_provinces().for_each([&](int i) {
        const Province p = province_at(i);
        const bool built = orders.ordered.contains(i) && orders.orders[i].kind() == OrderKind::Build &&
                           result.resolutions[i].outcome == Outcome::Ok;
        if (built ? state.occupied(p) : next.unit_in(p) != state.unit_in(p))
          RC_FAIL(phase + ": the unit in " + name(p) + " came from nowhere");
        if (built && *next.unit_in(p) != Unit{orders.orders[i].unit_type(), map().home_power(p), orders.orders[i].unit()})
          RC_FAIL(phase + ": the unit built in " + name(p) + " is not the one ordered");
      });
      state.occupied_provinces().for_each([&](int i) {
        const Province p = province_at(i);
        if (next.occupied(p)) return;
        const bool removed = orders.ordered.contains(i) && orders.orders[i].kind() == OrderKind::Remove &&
                             result.resolutions[i].outcome == Outcome::Ok;
        const auto& disorder = result.removed_without_order;
        if (removed == (std::find(disorder.begin(), disorder.end(), state.unit_at(p)) != disorder.end()))
          RC_FAIL(phase + ": the unit in " + name(p) + " vanished without one removal");
      });
      for (int k = 0; k < map().power_count(); ++k) {
        const Power power = power_at(k);
        const int centres = state.centre_count(power), before = state.unit_count(power),
                  after = next.unit_count(power);
        if (after > centres)
          RC_FAIL(phase + ": " + map().power_code(power) + " has " + std::to_string(after) + " units on " +
                  std::to_string(centres) + " centres");
        if (before >= centres && after != centres)
          RC_FAIL(phase + ": " + map().power_code(power) + " keeps " + std::to_string(after) + " of " +
                  std::to_string(before) + " units on " + std::to_string(centres) + " centres");
        if (before < centres && after < before) RC_FAIL(phase + ": " + map().power_code(power) + " lost units while building");
      }
      break;
  }
}

// 3. Conservation, at every phase of the game: a movement phase leaves every unit in its
// place, at its destination, or dislodged, exactly once; a retreat phase moves only the
// dislodged; after adjustments no power has more units than centres (and one that had at
// least as many has exactly as many).
RC_GTEST_PROP(DiplomacyProperties, UnitsAreConserved, ()) {
  const auto history = *diplomacy_history();
  replay(history, check_conservation);
}

// Supply centres: owners only on centres, counts agree with owners, at most all centres.
void check_centres(const GameState& state) {
  int owned = 0;
  std::vector<int> counted(map().power_count(), 0);
  for (int p = 0; p < map().province_count(); ++p) {
    const Power owner = state.centre_owner(province_at(p));
    if (owner == Power::None) continue;
    if (!map().is_supply_centre(province_at(p)))
      RC_FAIL(phase_code(state.phase) + ": " + map().province_code(province_at(p)) + " is owned but no centre");
    RC_ASSERT(index(owner) < map().power_count());
    ++counted[index(owner)];
    ++owned;
  }
  int total = 0;
  for (int k = 0; k < map().power_count(); ++k) {
    if (state.centre_count(power_at(k)) != counted[k])
      RC_FAIL(phase_code(state.phase) + ": " + map().power_code(power_at(k)) + " is said to own " +
              std::to_string(state.centre_count(power_at(k))) + " centres but owns " + std::to_string(counted[k]));
    total += state.centre_count(power_at(k));
  }
  RC_ASSERT(total == owned);
  RC_ASSERT(total <= map().all_supply_centres().size());
  RC_ASSERT(map().all_supply_centres().size() == 34);
}

// 4. Supply-centre counts sum to at most 34, and each owned centre has one owner whose
// count includes it, at every phase of the game.
RC_GTEST_PROP(DiplomacyProperties, CentreOwnershipIsConsistent, ()) {
  const auto history = *diplomacy_history();
  const GameState last = replay(history, [](const GameState& state, const PhaseOrders&, const PhaseResult&) {
    check_centres(state);
  });
  check_centres(last);
}

}  // namespace
}  // namespace stratagem::properties
