#pragma once
// Every legal order of a unit (movement and retreat phases) and every legal build or
// removal of a power (adjustment phase), in the sense of DATC 4.E.1: an order that,
// not knowing any other orders yet, could be valid. Bots, the web client and
// self-play draw from these lists.

#include <array>

#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/types.h"

namespace stratagem::diplomacy {

class GameState;
class Variant;

// A fixed-capacity list: generating orders never allocates.
class OrderList {
 public:
  static constexpr int kCapacity = 2048;
  void push(Order o) { orders_[size_++] = o; }
  void clear() { size_ = 0; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Order& operator[](int i) const { return orders_[i]; }
  const Order* begin() const { return orders_.data(); }
  const Order* end() const { return orders_.data() + size_; }

 private:
  std::array<Order, kCapacity> orders_;
  int size_ = 0;
};

// Generates the legal orders of one position; what all units share (which fleets
// can convoy, who can reach where) is worked out once, in the constructor.
class LegalOrderGenerator {
 public:
  LegalOrderGenerator(const Variant& variant, const GameState& state);

  // Movement phase: hold, moves (also via convoy), supports and convoys of the unit
  // in province p. Retreat phase: the dislodged unit's retreats and its disband.
  void unit_orders(Province p, OrderList& out) const;

 private:
  void support_orders(const Unit& supporter, OrderList& out) const;
  void supported_moves(const Unit& supporter, const Unit& mover, Province dest, OrderList& out) const;
  void convoy_orders(const Unit& fleet, OrderList& out) const;
  void retreat_orders(Province p, OrderList& out) const;

  const Variant& variant_;
  const GameState& state_;
  ProvinceSet fleets_at_sea_;
  // By province of a unit: the provinces it can legally move to, and those it can
  // reach by convoy; by province: the units that can move there, and those of them
  // that need a convoy to do it.
  std::array<ProvinceSet, kMaxProvinces> reach_{}, convoy_reach_{};
  std::array<ProvinceSet, kMaxProvinces> movers_into_{}, convoyed_into_{};
};

// Convenience: the legal orders of the unit in province p.
void legal_orders(const Variant& variant, const GameState& state, Province p, OrderList& out);

// Adjustment phase: the builds (every type and coast on every free owned home centre)
// or removals open to a power, plus WAIVE when it may build.
void legal_adjustments(const Variant& variant, const GameState& state, Power power, OrderList& out);

// Adjustment phase: how many units the power must remove (negative) or may build.
int adjustment_delta(const Variant& variant, const GameState& state, Power power);

}  // namespace stratagem::diplomacy
