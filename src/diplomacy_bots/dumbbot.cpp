#include "dumbbot.h"

#include <algorithm>
#include <cstdlib>

#include "phase_units.h"
#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy_bots {

using namespace diplomacy;

namespace {

struct Candidate {
  Order order;
  std::int64_t value;
};

void sort_best_first(std::vector<Candidate>& candidates) {
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Candidate& a, const Candidate& b) { return a.value > b.value; });
}

// Half the time the best candidate is taken outright; otherwise the next one is taken
// with a chance that grows as its value nears the best (none beyond 20% below it), and
// the same is asked of the one after it.
constexpr int kTakeBestPercent = 50;
constexpr double kNearlyAsGood = 0.2;

int choose(const std::vector<Candidate>& best_first, Random& random) {
  int i = 0;
  while (i + 1 < static_cast<int>(best_first.size())) {
    if (random.below(100) < kTakeBestPercent) break;
    const double current = static_cast<double>(best_first[i].value);
    const double next = static_cast<double>(best_first[i + 1].value);
    const double gap = (current - next) / std::max(std::abs(current), 1.0);
    if (random.fraction() >= 1.0 - gap / kNearlyAsGood) break;
    ++i;
  }
  return i;
}

// A unit's plan while the movement orders are being chosen.
struct Plan {
  Unit unit;
  Province at;
  enum class Kind : std::uint8_t { Undecided, Hold, Move, Support } kind = Kind::Undecided;
  Location to = Location::None;  // Move
  int supported = -1;            // Support: index of the plan supported
  int supports_received = 0;
};

class MovementChooser {
 public:
  MovementChooser(const Variant& variant, const GameState& state, const Reach& reach,
                  const DestinationValues& values, Power power, Random& random)
      : variant_(variant), reach_(reach), values_(values), power_(power), random_(random) {
    claimant_.fill(-1);
    units_to_order(state, power).for_each([&](int p) {
      plans_.push_back({state.unit_at(province_at(p)), province_at(p)});
      plan_at_[p] = static_cast<int>(plans_.size()) - 1;
      own_units_.insert(p);
    });
  }

  std::vector<Order> choose_all() {
    std::vector<int> order(plans_.size());
    for (int i = 0; i < static_cast<int>(order.size()); ++i) order[i] = i;
    for (int i = static_cast<int>(order.size()) - 1; i > 0; --i) std::swap(order[i], order[random_.below(i + 1)]);
    for (int i : order) choose_for(i);
    for (int i : order)
      if (plans_[i].kind == Plan::Kind::Hold) find_support_instead_of_hold(i);
    std::vector<Order> orders;
    for (const Plan& plan : plans_) orders.push_back(order_of(plan));
    return orders;
  }

 private:
  bool needs_support(int claimant, Province dest) const {
    return 1 + plans_[claimant].supports_received <= reach_.rivals_into(power_, dest);
  }

  void choose_for(int i) {
    Plan& plan = plans_[i];
    std::vector<Candidate> candidates;
    candidates.push_back({Order::hold(plan.unit.type, plan.unit.location),
                          values_.value(plan.unit.type, plan.unit.location)});
    if (plan.unit.type == UnitType::Army) {
      variant_.army_neighbours(plan.at).for_each([&](int q) {
        const Location to = variant_.main_location(province_at(q));
        candidates.push_back({Order::move(UnitType::Army, plan.unit.location, to), values_.value(UnitType::Army, to)});
      });
    } else {
      variant_.fleet_neighbours(plan.unit.location).for_each([&](int m) {
        const Location to = location_at(m);
        candidates.push_back({Order::move(UnitType::Fleet, plan.unit.location, to), values_.value(UnitType::Fleet, to)});
      });
    }
    sort_best_first(candidates);
    for (;;) {
      const int pick = choose(candidates, random_);
      const Order order = candidates[pick].order;
      if (order.kind() == OrderKind::Hold) {
        plan.kind = Plan::Kind::Hold;
        claimant_[index(plan.at)] = i;
        return;
      }
      const Province dest = variant_.province_of(order.target());
      const int claimant = claimant_[index(dest)];
      if (claimant >= 0 && needs_support(claimant, dest)) {
        support(i, claimant);
        return;
      }
      const bool own_unit_may_stay = own_units_.contains(index(dest)) && plans_[plan_at_[index(dest)]].kind != Plan::Kind::Move;
      if (claimant >= 0 || own_unit_may_stay) {
        candidates.erase(candidates.begin() + pick);
        continue;
      }
      plan.kind = Plan::Kind::Move;
      plan.to = order.target();
      claimant_[index(dest)] = i;
      return;
    }
  }

  void support(int supporter, int claimant) {
    plans_[supporter].kind = Plan::Kind::Support;
    plans_[supporter].supported = claimant;
    ++plans_[claimant].supports_received;
    claimant_[index(plans_[supporter].at)] = supporter;
  }

  bool can_support_into(const Plan& plan, Province dest) const {
    if (dest == plan.at) return false;
    return plan.unit.type == UnitType::Army ? variant_.army_neighbours(plan.at).contains(index(dest))
                                            : variant_.fleet_reach(plan.unit.location).contains(index(dest));
  }

  // A unit left holding helps the most valuable own move that needs it, else an own
  // unit standing where it may be attacked.
  void find_support_instead_of_hold(int i) {
    int best = -1;
    std::int64_t best_value = 0;
    for (int c = 0; c < static_cast<int>(plans_.size()); ++c) {
      if (c == i) continue;
      const Plan& other = plans_[c];
      const Province dest = other.kind == Plan::Kind::Move ? variant_.province_of(other.to) : other.at;
      if (!can_support_into(plans_[i], dest) || !needs_support(c, dest)) continue;
      // Moves first: an attack that needs help is worth more than a safe-looking hold.
      const std::int64_t value =
          values_.value(other.unit.type, other.kind == Plan::Kind::Move ? other.to : other.unit.location) +
          (other.kind == Plan::Kind::Move ? (std::int64_t{1} << 50) : 0);
      if (best < 0 || value > best_value) {
        best = c;
        best_value = value;
      }
    }
    if (best >= 0) support(i, best);
  }

  Order order_of(const Plan& plan) const {
    switch (plan.kind) {
      case Plan::Kind::Move: return Order::move(plan.unit.type, plan.unit.location, plan.to);
      case Plan::Kind::Support: {
        const Plan& other = plans_[plan.supported];
        if (other.kind == Plan::Kind::Move)
          return Order::support_move(plan.unit.type, plan.unit.location, other.unit.location, other.to);
        return Order::support_hold(plan.unit.type, plan.unit.location, other.unit.location);
      }
      default: return Order::hold(plan.unit.type, plan.unit.location);
    }
  }

  const Variant& variant_;
  const Reach& reach_;
  const DestinationValues& values_;
  Power power_;
  Random& random_;
  std::vector<Plan> plans_;
  // By province: the plan of our unit there (where own_units_ has it), and the plan
  // whose unit will stand there (-1: none yet).
  std::array<int, kMaxProvinces> plan_at_{};
  ProvinceSet own_units_;
  std::array<int, kMaxProvinces> claimant_{};
};

std::vector<Order> choose_retreats(const Variant& variant, const GameState& state, const DestinationValues& values,
                                   Power power, Random& random) {
  std::vector<DislodgedUnit> units;
  units_to_order(state, power).for_each([&](int p) { units.push_back(*state.dislodged_in(province_at(p))); });
  for (int i = static_cast<int>(units.size()) - 1; i > 0; --i) std::swap(units[i], units[random.below(i + 1)]);
  ProvinceSet taken;
  std::vector<Order> orders;
  for (const DislodgedUnit& dislodged : units) {
    const Unit& unit = dislodged.unit;
    std::vector<Candidate> candidates;
    dislodged.retreats.for_each([&](int l) {
      if (!taken.contains(index(variant.province_of(location_at(l)))))
        candidates.push_back({Order::retreat(unit.type, unit.location, location_at(l)),
                              values.value(unit.type, location_at(l))});
    });
    if (candidates.empty()) {
      orders.push_back(Order::disband(unit.type, unit.location));
      continue;
    }
    sort_best_first(candidates);
    const Order order = candidates[choose(candidates, random)].order;
    taken.insert(index(variant.province_of(order.target())));
    orders.push_back(order);
  }
  return orders;
}

std::vector<Order> choose_adjustments(const Variant& variant, const GameState& state, const DestinationValues& values,
                                      Power power, Random& random) {
  const int delta = adjustment_delta(variant, state, power);
  OrderList legal;
  legal_adjustments(variant, state, power, legal);
  std::vector<Candidate> candidates;
  for (const Order& o : legal)
    if (o.kind() != OrderKind::Waive) candidates.push_back({o, values.value(o.unit_type(), o.unit())});
  sort_best_first(candidates);
  std::vector<Order> orders;
  if (delta < 0) {
    // The unit on the least valuable place goes first.
    for (int k = 0; k < -delta && !candidates.empty(); ++k) {
      orders.push_back(candidates.back().order);
      candidates.pop_back();
    }
    return orders;
  }
  while (static_cast<int>(orders.size()) < delta && !candidates.empty()) {
    const Order build = candidates[choose(candidates, random)].order;
    orders.push_back(build);
    const Province site = variant.province_of(build.unit());
    std::erase_if(candidates, [&](const Candidate& c) { return variant.province_of(c.order.unit()) == site; });
  }
  orders.insert(orders.end(), delta - orders.size(), Order::waive());
  return orders;
}

}  // namespace

std::vector<Order> dumbbot_orders(const Variant& variant, const GameState& state, const Reach& reach,
                                  const DestinationValues& values, Power power, Random& random) {
  switch (state.phase.type) {
    case PhaseType::Movement: return MovementChooser(variant, state, reach, values, power, random).choose_all();
    case PhaseType::Retreat: return choose_retreats(variant, state, values, power, random);
    case PhaseType::Adjustment: return choose_adjustments(variant, state, values, power, random);
  }
  return {};
}

std::vector<Order> DumbBot::orders(const Turn& turn) {
  const Reach reach(turn.variant, turn.state);
  const DestinationValues values(turn.variant, turn.state, reach, turn.power, value_season(turn.state.phase));
  Random random(turn.seed);
  return dumbbot_orders(turn.variant, turn.state, reach, values, turn.power, random);
}

}  // namespace stratagem::diplomacy_bots
