#pragma once
// Every legal order of a unit (movement and retreat phases) and every legal build or
// removal of a power (adjustment phase), in the sense of DATC 4.E.1: an order that,
// not knowing any other orders yet, could be valid. Bots, the web client and
// self-play draw from these lists.

#include <array>
#include <vector>

#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/types.h"

namespace stratagem::diplomacy {

class GameState;
class Variant;

// A fixed-capacity list: generating orders never allocates.
class OrderList {
 public:
  static constexpr int kCapacity = 2048;
  OrderList() {}  // leaves the storage uninitialised: lists are built in hot loops
  void push(Order o) { orders_[size_++] = o; }
  void clear() { size_ = 0; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Order& operator[](int i) const { return orders_[i]; }
  const Order* begin() const { return orders_; }
  const Order* end() const { return orders_ + size_; }

 private:
  union {
    Order orders_[kCapacity];
  };
  int size_ = 0;
};

// Generates the legal orders of one position. What all units share is worked out
// once, in the constructor: where each unit can go (by land, sea or convoy), the
// minimal convoy routes, and what a support into each province can name.
class LegalOrderGenerator {
 public:
  LegalOrderGenerator(const Variant& variant, const GameState& state);

  // Movement phase: hold, moves (also via convoy), supports and convoys of the unit
  // in province p. Retreat phase: the dislodged unit's retreats and its disband.
  void unit_orders(Province p, OrderList& out) const;

 private:
  struct ConvoyRoute {
    Province army;
    Province dest;
    ProvinceSet fleets;    // the fleets minimal routes from army to dest use
    ProvinceSet critical;  // the fleets without which no route is left: on all of them
  };
  // What a support order names, without the supporting unit (see Order::given_by).
  struct SupportTarget {
    Order order;
    Province supported;
    int convoy_route;  // for a move only a convoy makes possible: its ConvoyRoute
  };
  struct Range {
    int begin = 0, end = 0;
  };

  void find_convoy_routes(Province army);
  void add_support_targets(Province dest);
  void add_supported_moves(const Unit& mover, Province dest);
  void move_orders(const Unit& unit, OrderList& out) const;
  void support_orders(const Unit& supporter, OrderList& out) const;
  void convoy_orders(const Unit& fleet, OrderList& out) const;
  void retreat_orders(Province p, OrderList& out) const;
  int convoy_route_index(Province army, Province dest) const;

  const Variant& variant_;
  const GameState& state_;
  ProvinceSet fleets_at_sea_;
  // By province of a unit: where it can move, and where by convoy.
  std::array<ProvinceSet, kMaxProvinces> reach_, convoy_reach_;
  // By province: the units that can move there.
  std::array<ProvinceSet, kMaxProvinces> movers_into_;
  std::vector<ConvoyRoute> convoy_routes_;
  std::vector<SupportTarget> support_targets_;
  std::array<Range, kMaxProvinces> support_targets_into_;
};

// Convenience: the legal orders of the unit in province p.
void legal_orders(const Variant& variant, const GameState& state, Province p, OrderList& out);

// Adjustment phase: the builds (every type and coast on every free owned home centre)
// or removals open to a power, plus WAIVE when it may build.
void legal_adjustments(const Variant& variant, const GameState& state, Power power, OrderList& out);

// Adjustment phase: how many units the power must remove (negative) or may build.
int adjustment_delta(const Variant& variant, const GameState& state, Power power);

}  // namespace stratagem::diplomacy
