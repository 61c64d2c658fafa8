#include "movement.h"

#include <algorithm>

#include "convoy_routes.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

namespace {

constexpr int kNone = -1;

// The units of the phase, numbered 0..n-1, with their orders made consistent with
// each other ("valid" in the DATC's sense) before any strength is computed.
class MovementResolver {
 public:
  MovementResolver(const Variant& variant, const RuleOptions& rules, const GameState& state,
                   const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered)
      : variant_(variant), rules_(rules), state_(state) {
    std::fill_n(unit_at_.begin(), variant.province_count(), kNone);
    std::fill_n(first_mover_into_.begin(), variant.province_count(), kNone);
    state.occupied_provinces().for_each([&](int p) {
      const int i = count_++;
      unit_at_[p] = static_cast<std::int16_t>(i);
      UnitOrder& u = units_[i];
      u = kFresh;
      u.unit = state.unit_at(province_at(p));
      u.at = province_at(p);
      u.order = ordered.contains(p) ? orders[p] : Order::hold(u.unit.type, u.unit.location);
      read_order(i);
    });
    // Most units hold, move over land or support: each step below visits only the units
    // it concerns, in the order of the units.
    for (const std::int16_t i : supports_and_convoys_)
      if (units_[i].kind == Kind::Convoy) collect_convoy_fleets(i);
    for (const std::int16_t i : moves_)
      if (units_[i].unit.type == UnitType::Army) settle_convoy_use(i);
    for (const std::int16_t i : supports_and_convoys_) match_support_or_convoy(i);
  }

  void run(PhaseResult& result, OwnOutcomes* own) {
    resolve_all();
    write_position(result.next, result.contested);
    for (int i = 0; i < count_; ++i) result.resolutions[index(units_[i].at)] = explain(i, own);
  }

  // The next position only: the explanations are never worked out.
  void run(GameState& after) {
    resolve_all();
    ProvinceSet contested;
    write_position(after, contested);
  }

 private:
  enum class Kind : std::uint8_t { Hold, Move, Support, Convoy };

  // Plain data (no member initialisers), so the array of them costs nothing until
  // used; unit k is set up from kFresh when read.
  struct UnitOrder {
    Unit unit;
    Province at;
    Order order;
    Kind kind;
    Province target;  // supported or convoyed unit's province
    Province dest;    // move, support-move or convoy destination
    bool convoyed;    // the move goes by convoy
    VoidReason void_reason;
    std::int16_t next_mover;  // next unit moving to the same province
    std::int16_t first_supporter, next_supporter;
    // Resolution of the decision (MOVE, SUPPORT or CONVOY success).
    bool resolution, resolved, visited, in_cycle, paradox;
  };
  static constexpr UnitOrder kFresh{Unit{}, Province::None, Order{}, Kind::Hold, Province::None, Province::None,
                                    false,  VoidReason::None, kNone,   kNone,      kNone,          false,
                                    false,  false,          false,    false};

  // ----- Preparation: from orders to the DATC's "valid" orders.

  void read_order(int i) {
    UnitOrder& u = units_[i];
    const Order& o = u.order;
    switch (o.kind()) {
      case OrderKind::Move:
        u.kind = Kind::Move;
        moves_.push(i);
        u.dest = variant_.province_of(o.target());
        if (u.unit.type == UnitType::Army) convoy_fleets_[i] = {};
        u.next_mover = first_mover_into_[index(u.dest)];
        first_mover_into_[index(u.dest)] = static_cast<std::int16_t>(i);
        break;
      case OrderKind::SupportHold:
        u.kind = Kind::Support;
        u.target = variant_.province_of(o.target());
        supports_and_convoys_.push(i);
        break;
      case OrderKind::SupportMove:
        u.kind = Kind::Support;
        u.target = variant_.province_of(o.target());
        u.dest = variant_.province_of(o.dest());
        supports_and_convoys_.push(i);
        break;
      case OrderKind::Convoy:
        u.kind = Kind::Convoy;
        u.target = variant_.province_of(o.target());
        u.dest = variant_.province_of(o.dest());
        supports_and_convoys_.push(i);
        break;
      default: u.kind = Kind::Hold; break;
    }
  }

  int unit_at(Province p) const { return unit_at_[index(p)]; }

  // Files each convoy order under the army it names, if that army moves as it says.
  void collect_convoy_fleets(int i) {
    UnitOrder& u = units_[i];
    if (u.kind != Kind::Convoy) return;
    const int army = unit_at(u.target);
    if (army == kNone || units_[army].kind != Kind::Move || units_[army].dest != u.dest ||
        units_[army].unit.type != UnitType::Army)
      return;
    convoy_fleets_[army].insert(index(u.at));
  }

  bool intends_convoy(int i) const {
    const UnitOrder& army = units_[i];
    if (army.order.via_convoy()) return true;
    bool own_fleet = false;
    convoy_fleets_[i].for_each([&](int sea) { own_fleet |= units_[unit_at(province_at(sea))].unit.power == army.unit.power; });
    return own_fleet;
  }

  // Whether an army's move goes by convoy (DATC 4.A.3): always when the destination is
  // not adjacent; otherwise when the order says "via convoy" or a fleet of the army's
  // own power is ordered to convoy it.
  void settle_convoy_use(int i) {
    UnitOrder& u = units_[i];
    if (u.kind != Kind::Move || u.unit.type != UnitType::Army) return;
    const bool adjacent = variant_.army_neighbours(u.at).contains(index(u.dest));
    if (!adjacent) {
      u.convoyed = true;
    } else if (intends_convoy(i)) {
      // v2.4 preference: with no convoy route ordered at all, take the land route.
      u.convoyed = rules_.adjacent_convoy == AdjacentConvoyRule::IntentNoFallback ||
                   convoy_route_exists(variant_, convoy_fleets_[i], u.at, u.dest);
    }
    if (!u.convoyed) convoy_fleets_[i] = {};
  }

  void match_support_or_convoy(int i) {
    UnitOrder& u = units_[i];
    if (u.kind == Kind::Convoy) {
      const int army = unit_at(u.target);
      if (army == kNone || units_[army].kind != Kind::Move || units_[army].dest != u.dest)
        void_order(u, VoidReason::ConvoyedArmyMovesElsewhere);
      else if (!units_[army].convoyed)
        void_order(u, VoidReason::ConvoyedArmyNotConvoyed);
      return;
    }
    if (u.kind != Kind::Support) return;
    const int supported = unit_at(u.target);
    if (supported == kNone) {
      void_order(u, VoidReason::NoSupportedUnit);
      return;
    }
    const UnitOrder& s = units_[supported];
    if (u.order.kind() == OrderKind::SupportHold && s.kind == Kind::Move) {
      void_order(u, VoidReason::SupportedUnitMoves);
      return;
    }
    if (u.order.kind() == OrderKind::SupportMove && s.kind != Kind::Move) {
      void_order(u, VoidReason::SupportedUnitDoesNotMove);
      return;
    }
    // A support naming a coast fits only a move to that coast (DATC 6.B.9).
    const Location named = u.order.dest();
    const bool coast_named = u.order.kind() == OrderKind::SupportMove && variant_.coast_of(named) != Coast::None;
    if (u.order.kind() == OrderKind::SupportMove && (s.dest != u.dest || (coast_named && s.order.target() != named))) {
      void_order(u, VoidReason::SupportedUnitMovesElsewhere);
      return;
    }
    u.next_supporter = units_[supported].first_supporter;
    units_[supported].first_supporter = static_cast<std::int16_t>(i);
  }

  static void void_order(UnitOrder& u, VoidReason reason) {
    u.kind = Kind::Hold;
    u.void_reason = reason;
  }

  bool has_decision(int i) const { return units_[i].kind != Kind::Hold; }

  void resolve_all() {
    for (int i = 0; i < count_; ++i)
      if (has_decision(i)) resolve(i);
  }

  // ----- The guess algorithm (DATC 5.F), with the "recursion_hits" refinement.

  bool resolve(int i) {
    UnitOrder& u = units_[i];
    if (u.resolved) return u.resolution;
    if (u.in_cycle) {
      guess_based_ = true;
      return u.resolution;
    }
    if (u.visited) {
      add_to_cycle(i);
      guess_based_ = true;
      ++recursion_hits_;
      return u.resolution;
    }
    u.visited = true;
    const int old_cycle_size = cycle_size_;
    const bool old_guess_based = guess_based_;
    const int old_recursion_hits = recursion_hits_;
    guess_based_ = false;
    u.resolution = false;
    const bool first = adjudicate(i);

    if (!guess_based_) {
      guess_based_ = old_guess_based;
      return settle(i, first);
    }
    if (u.in_cycle) --recursion_hits_;
    if (recursion_hits_ == old_recursion_hits) {
      // This order is the ancestor of the whole cycle: try the other guess.
      truncate_cycle(old_cycle_size);
      u.resolution = true;
      const bool second = adjudicate(i);
      if (first == second) {
        truncate_cycle(old_cycle_size);
        guess_based_ = old_guess_based;
        return settle(i, first);
      }
      apply_backup_rule(old_cycle_size);
      truncate_cycle(old_cycle_size);
      guess_based_ = old_guess_based;
      u.visited = false;
      return resolve(i);
    }
    // A cycle was hit deeper down, but it started above this order.
    if (!u.in_cycle) add_to_cycle(i);
    u.resolution = first;
    u.visited = false;
    return first;
  }

  bool settle(int i, bool result) {
    UnitOrder& u = units_[i];
    u.resolution = result;
    u.resolved = true;
    u.visited = false;
    return result;
  }

  void add_to_cycle(int i) {
    units_[i].in_cycle = true;
    cycle_[cycle_size_++] = static_cast<std::int16_t>(i);
  }

  void truncate_cycle(int size) {
    while (cycle_size_ > size) units_[cycle_[--cycle_size_]].in_cycle = false;
  }

  // Zero or two solutions (DATC 5.B.9): a cycle with a convoy is a convoy paradox, and
  // by the Szykman rule its convoys fail; a cycle of moves only is circular movement,
  // and all of them succeed.
  void apply_backup_rule(int from) {
    bool has_convoy = false, only_moves = true;
    for (int k = from; k < cycle_size_; ++k) {
      has_convoy |= units_[cycle_[k]].kind == Kind::Convoy;
      only_moves &= units_[cycle_[k]].kind == Kind::Move;
    }
    for (int k = from; k < cycle_size_; ++k) {
      UnitOrder& u = units_[cycle_[k]];
      u.visited = false;
      if (has_convoy) {
        if (u.kind == Kind::Convoy) {
          u.paradox = true;
          settle(cycle_[k], false);
        }
      } else {
        settle(cycle_[k], only_moves);
      }
    }
  }

  bool adjudicate(int i) {
    switch (units_[i].kind) {
      case Kind::Move: return adjudicate_move(i);
      case Kind::Support: return adjudicate_support(i);
      case Kind::Convoy: return adjudicate_convoy(i);
      case Kind::Hold: break;
    }
    return true;
  }

  // ----- The equations (DATC 5.B).

  bool head_to_head(int i, int j) const {
    if (j == kNone) return false;
    const UnitOrder &a = units_[i], &b = units_[j];
    return b.kind == Kind::Move && b.dest == a.at && a.dest == b.at && !a.convoyed && !b.convoyed;
  }

  bool adjudicate_move(int i) {
    const UnitOrder& u = units_[i];
    if (!path(i)) return false;
    const int attack = attack_strength(i);
    const int defender = unit_at(u.dest);
    if (head_to_head(i, defender)) {
      if (attack <= defend_strength(defender)) return false;
    } else if (attack <= hold_strength(u.dest)) {
      return false;
    }
    for (int k = first_mover_into_[index(u.dest)]; k != kNone; k = units_[k].next_mover)
      if (k != i && attack <= prevent_strength(k)) return false;
    return true;
  }

  bool adjudicate_support(int i) {
    const UnitOrder& u = units_[i];
    for (int k = first_mover_into_[index(u.at)]; k != kNone; k = units_[k].next_mover) {
      const UnitOrder& attacker = units_[k];
      if (attacker.unit.power == u.unit.power) continue;
      if (u.dest == attacker.at) {
        // An attack from where the support goes cuts it only by dislodging.
        if (resolve(k)) return false;
        continue;
      }
      if (path(k)) return false;
    }
    return true;
  }

  bool adjudicate_convoy(int i) {
    // DATC 5.D: the attackers' moves are adjudicated, not resolved, so that convoy
    // paradoxes form clean single cycles.
    for (int k = first_mover_into_[index(units_[i].at)]; k != kNone; k = units_[k].next_mover)
      if (adjudicate_move(k)) return false;
    return true;
  }

  bool path(int i) {
    const UnitOrder& u = units_[i];
    if (!u.convoyed) return true;
    ProvinceSet working;
    convoy_fleets_[i].for_each([&](int sea) {
      if (resolve(unit_at(province_at(sea)))) working.insert(sea);
    });
    return convoy_route_exists(variant_, working, u.at, u.dest);
  }

  int supports(int i, Power excluded = Power::None) {
    int n = 0;
    for (int s = units_[i].first_supporter; s != kNone; s = units_[s].next_supporter)
      if (units_[s].unit.power != excluded && resolve(s)) ++n;
    return n;
  }

  int attack_strength(int i) {
    const UnitOrder& u = units_[i];
    if (!path(i)) return 0;
    const int j = unit_at(u.dest);
    if (j == kNone || (units_[j].kind == Kind::Move && !head_to_head(i, j) && resolve(j)))
      return 1 + supports(i);
    if (units_[j].unit.power == u.unit.power) return 0;
    return 1 + supports(i, units_[j].unit.power);
  }

  int hold_strength(Province p) {
    const int j = unit_at(p);
    if (j == kNone) return 0;
    if (units_[j].kind == Kind::Move) return resolve(j) ? 0 : 1;
    return 1 + supports(j);
  }

  int defend_strength(int i) { return 1 + supports(i); }

  int prevent_strength(int i) {
    if (!path(i)) return 0;
    const int j = unit_at(units_[i].dest);
    if (head_to_head(i, j) && resolve(j)) return 0;
    return 1 + supports(i);
  }

  // ----- After resolution: outcomes, explanations and the next position.

  bool moved(int i) const { return units_[i].kind == Kind::Move && units_[i].resolution; }

  Location location(int i) const { return units_[i].unit.location; }

  // The strongest opposition a failed move met, and who offered it.
  std::pair<int, int> strongest_opposition(int i) {
    const UnitOrder& u = units_[i];
    int by = kNone, strength = -1;
    const auto consider = [&](int unit, int s) {
      if (unit != kNone && s > strength) {
        by = unit;
        strength = s;
      }
    };
    const int defender = unit_at(u.dest);
    if (head_to_head(i, defender))
      consider(defender, defend_strength(defender));
    else
      consider(defender, hold_strength(u.dest));
    for (int k = first_mover_into_[index(u.dest)]; k != kNone; k = units_[k].next_mover)
      if (k != i) consider(k, prevent_strength(k));
    return {by, std::max(strength, 0)};
  }

  Resolution explain(int i, OwnOutcomes* own) {
    UnitOrder& u = units_[i];
    Resolution r;
    if (u.void_reason != VoidReason::None) {
      r.outcome = Outcome::Void;
      r.void_reason = u.void_reason;
    } else {
      switch (u.kind) {
        case Kind::Hold:
          r.outcome = Outcome::Ok;
          break;
        case Kind::Move: {
          r.strength = static_cast<std::int8_t>(attack_strength(i));
          if (!path(i)) {
            r.outcome = Outcome::NoConvoy;
            convoy_fleets_[i].for_each([&](int sea) { r.paradox |= units_[unit_at(province_at(sea))].paradox; });
            break;
          }
          const auto [by, opposing] = strongest_opposition(i);
          r.opposing_strength = static_cast<std::int8_t>(opposing);
          if (u.resolution) {
            r.outcome = Outcome::Ok;
          } else {
            r.outcome = Outcome::Bounce;
            r.by = by == kNone ? Location::None : location(by);
          }
          break;
        }
        case Kind::Support:
          r.outcome = u.resolution ? Outcome::Ok : Outcome::Cut;
          if (const int k = cutter(i); !u.resolution && k != kNone) r.by = location(k);
          break;
        case Kind::Convoy:
          r.outcome = Outcome::Ok;
          if (u.paradox) {
            r.outcome = Outcome::Void;
            r.void_reason = VoidReason::ConvoyParadox;
            r.paradox = true;
          }
          break;
      }
    }
    if (own) (*own)[index(u.at)] = {r.outcome, r.opposing_strength};
    if (const int k = dislodger_[i]; k != kNone) {
      r.outcome = Outcome::Dislodged;
      r.by = location(k);
      r.strength = static_cast<std::int8_t>(u.kind == Kind::Move ? 1 : hold_strength(u.at));
      r.opposing_strength = static_cast<std::int8_t>(attack_strength(k));
    }
    return r;
  }

  int cutter(int i) {
    const UnitOrder& u = units_[i];
    for (int k = first_mover_into_[index(u.at)]; k != kNone; k = units_[k].next_mover) {
      if (units_[k].unit.power == u.unit.power) continue;
      if (u.dest == units_[k].at ? moved(k) : path(k)) return k;
    }
    return kNone;
  }

  // The units after the phase (the dislodged set apart with where each may retreat) and
  // the provinces left contested; also finds each unit's dislodger, which explain() reads.
  void write_position(GameState& after, ProvinceSet& contested) {
    // At most one move into a province succeeds: the unit it finds there, if that unit
    // did not move away, is dislodged by it.
    std::fill_n(dislodger_.begin(), count_, kNone);
    UnitList dislodged;
    for (const std::int16_t k : moves_) {
      if (!moved(k)) continue;
      const int i = unit_at(units_[k].dest);
      if (i != kNone && !moved(i)) {
        dislodger_[i] = k;
        dislodged.push(i);
      }
    }
    // The units that stay where they are stay; the others leave, then those that moved
    // arrive (a unit may move into a province another has just left).
    after = state_;
    after.clear_dislodged();
    for (const std::int16_t i : moves_)
      if (moved(i)) after.remove(units_[i].at);
    for (const std::int16_t i : dislodged) after.remove(units_[i].at);
    for (const std::int16_t i : moves_)
      if (moved(i)) after.place(variant_, Unit{units_[i].unit.type, units_[i].unit.power, units_[i].order.target()});
    // Provinces left empty by a standoff: a move with some strength failed there.
    for (const std::int16_t i : moves_)
      if (!units_[i].resolution && !after.occupied(units_[i].dest) && prevent_strength(i) > 0)
        contested.insert(index(units_[i].dest));
    for (const std::int16_t i : dislodged)
      after.add_dislodged(variant_, {units_[i].unit, retreats(i, dislodger_[i], after, contested)});
  }

  LocationSet retreats(int i, int attacker, const GameState& after, const ProvinceSet& contested) const {
    const UnitOrder& u = units_[i];
    ProvinceSet closed = after.occupied_provinces() | contested;
    if (!units_[attacker].convoyed || !rules_.retreat_to_convoying_attacker_origin)
      closed.insert(index(units_[attacker].at));
    LocationSet open;
    if (u.unit.type == UnitType::Army) {
      variant_.army_neighbours(u.at).for_each([&](int p) {
        if (!closed.contains(p)) open.insert(p);
      });
    } else {
      variant_.fleet_neighbours(u.unit.location).for_each([&](int l) {
        if (!closed.contains(index(variant_.province_of(location_at(l))))) open.insert(l);
      });
    }
    return open;
  }

  // Units by number (fixed capacity: one entry per unit at most).
  struct UnitList {
    std::int16_t units[kMaxProvinces];
    int size = 0;
    UnitList() {}  // the entries are written before they are read
    void push(int i) { units[size++] = static_cast<std::int16_t>(i); }
    const std::int16_t* begin() const { return units; }
    const std::int16_t* end() const { return units + size; }
  };

  const Variant& variant_;
  const RuleOptions& rules_;
  const GameState& state_;
  int count_ = 0;
  UnitList moves_, supports_and_convoys_;  // in increasing order, filled as the orders are read
  union {
    UnitOrder units_[kMaxProvinces];  // the first count_ are in use
  };
  std::array<std::int16_t, kMaxProvinces> unit_at_;  // filled in the constructor
  std::array<std::int16_t, kMaxProvinces> first_mover_into_;  // likewise
  std::array<std::int16_t, kMaxProvinces> cycle_;  // the first cycle_size_ are in use
  // By unit: the seas whose fleets convoy its move (an army's move only, set when read).
  union {
    std::array<ProvinceSet, kMaxProvinces> convoy_fleets_;
  };
  // By unit, once resolved: the unit that dislodged it, or kNone.
  std::array<std::int16_t, kMaxProvinces> dislodger_;
  int cycle_size_ = 0;
  int recursion_hits_ = 0;
  bool guess_based_ = false;
};

}  // namespace

void resolve_movement(const Variant& variant, const RuleOptions& rules, const GameState& state,
                      const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered, PhaseResult& result,
                      OwnOutcomes* own) {
  MovementResolver(variant, rules, state, orders, ordered).run(result, own);
}

void resolve_movement_position(const Variant& variant, const RuleOptions& rules, const GameState& state,
                               const std::array<Order, kMaxProvinces>& orders, const ProvinceSet& ordered,
                               GameState& next) {
  MovementResolver(variant, rules, state, orders, ordered).run(next);
}

}  // namespace stratagem::diplomacy
