#pragma once
// Every legal order of a unit (movement and retreat phases) and every legal build or
// removal of a power (adjustment phase), in the sense of DATC 4.E.1: an order that,
// not knowing any other orders yet, could be valid. Bots, the web client and
// self-play draw from these lists.

#include <array>
#include <cstddef>

#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/types.h"

namespace stratagem::diplomacy {

class GameState;
class Variant;

// A fixed-capacity list: generating orders never allocates.
class OrderList {
 public:
  static constexpr int kCapacity = 1024;
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

// Movement phase: all legal orders of the unit in province p (hold, moves, moves via
// convoy, supports, convoys). Retreat phase: the dislodged unit's retreats and disband.
void legal_orders(const Variant& variant, const GameState& state, Province p, OrderList& out);

// Adjustment phase: the builds (every type and coast on every free owned home centre)
// or removals open to a power, plus WAIVE when it may build.
void legal_adjustments(const Variant& variant, const GameState& state, Power power, OrderList& out);

// Adjustment phase: how many units the power must remove (negative) or may build.
int adjustment_delta(const Variant& variant, const GameState& state, Power power);

}  // namespace stratagem::diplomacy
