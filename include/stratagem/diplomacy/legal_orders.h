#pragma once
// Every legal order of a unit (movement and retreat phases) and every legal build or
// removal of a power (adjustment phase), in the sense of DATC 4.E.1: an order that,
// not knowing any other orders yet, could be valid. Bots, the web client and
// self-play draw from these lists.

#include <array>
#include <cstdint>
#include <span>
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
// minimal convoy routes, and how many supports into each province there are to give.
class LegalOrderGenerator {
 public:
  LegalOrderGenerator(const Variant& variant, const GameState& state);

  // Movement phase: hold, moves (also via convoy), supports and convoys of the unit
  // in province p. Retreat phase: the dislodged unit's retreats and its disband.
  void unit_orders(Province p, OrderList& out) const;
  // The number of those orders, and the k-th of them (0 <= k < count), without
  // listing them all: self-play draws orders this way.
  int count(Province p) const;
  Order nth(Province p, int k) const;
  // One of them drawn uniformly, given a uniformly random 64-bit number (the
  // unit has at least one order: hold, or disband in a retreat phase).
  Order pick(Province p, std::uint64_t random) const;

 private:
  struct Range {
    int begin, end;
  };
  // A minimal convoy route of an army: its fleets and the provinces it reaches.
  struct ConvoyPath {
    ProvinceSet fleets, dests;
  };
  // A fleet every route of an army to `dests` needs, where the army cannot go by land:
  // the fleet may not support those moves (DATC 6.D.31).
  struct Unsupportable {
    Province army;
    ProvinceSet dests;
  };
  // A unit's orders counted by group: hold and moves, then the supports (by province of
  // its reach, in increasing order), then convoys.
  struct Tally {
    int moves_end = 0, supports_end = 0, total = 0;
  };

  void find_convoy_routes(Province army);
  void find_unsupportable(Province fleet);
  ProvinceSet convoy_dests(Province fleet, Province army) const;
  // The unit in p: where it can support (where it could move but by convoy).
  std::span<const Province> support_reach(Province p, const Unit& supporter) const;
  int supported_destination_count(const Unit& mover, Province dest) const;
  template <class Visit>
  void for_each_supported_destination(const Unit& mover, Province dest, Visit&& visit) const;
  bool needs_convoy_through(Province mover, Province dest, Province fleet) const;
  bool may_need_convoy_through(Province p, Province dest) const;
  int unsupportable_count(Province fleet, Province dest) const;
  // Below, p is the province of the unit concerned, `unit` or `supporter`.
  int support_count(Province p, const Unit& supporter, Province dest) const;
  template <class Visit>
  void for_each_support(Province p, const Unit& supporter, Province dest, Visit&& visit) const;
  template <class Visit>
  void for_each_convoy(Province p, const Unit& fleet, Visit&& visit) const;
  template <class Visit>
  void for_each_order(Province p, Visit&& visit) const;
  Tally tally(Province p, const Unit& unit) const;
  Order locate(Province p, const Unit& unit, const Tally& tally, int k) const;
  Order nth_move(Province p, const Unit& unit, int k) const;
  Order nth_support(Province p, const Unit& supporter, Province dest, int k) const;

  const Variant& variant_;
  const GameState& state_;
  ProvinceSet fleets_at_sea_;
  // The tables by province below are written before they are read, and only for the
  // provinces concerned, so they are left uninitialised: clearing them all cost more
  // than the rest of the constructor.
  // By province of an army next to a fleet at sea: where it can move by convoy.
  union {
    std::array<ProvinceSet, kMaxProvinces> convoy_reach_;
  };
  // By province: the units that can move there, and how many support orders name a
  // unit holding or arriving there (before leaving out the supporter's own move).
  union {
    std::array<ProvinceSet, kMaxProvinces> movers_into_;
  };
  std::array<std::int16_t, kMaxProvinces> supports_into_;
  // Armies that can be convoyed, and by army their minimal routes (a slice of
  // convoy_paths_) and the fleets on any of them.
  ProvinceSet convoyable_;
  std::vector<ConvoyPath> convoy_paths_;
  std::array<Range, kMaxProvinces> paths_of_;
  union {
    std::array<ProvinceSet, kMaxProvinces> route_fleets_;
  };
  // By fleet at sea: what it may not support (a slice of unsupportable_), and the
  // provinces concerned.
  std::vector<Unsupportable> unsupportable_;
  std::array<Range, kMaxProvinces> unsupportable_of_;
  union {
    std::array<ProvinceSet, kMaxProvinces> unsupportable_into_;
  };
};

// Convenience: the legal orders of the unit in province p.
void legal_orders(const Variant& variant, const GameState& state, Province p, OrderList& out);

// The units, other than the one in `except`, with a legal move into province `dest` in
// a movement phase (by land or sea, or by convoy where fleets stand on a route), in
// province order: whose move a support naming only its destination can mean.
std::vector<Unit> units_able_to_move_into(const Variant& variant, const GameState& state, Province dest,
                                          Province except);

// Adjustment phase: the builds (every type and coast on every free owned home centre)
// or removals open to a power, plus WAIVE when it may build.
void legal_adjustments(const Variant& variant, const GameState& state, Power power, OrderList& out);

// Adjustment phase: how many units the power must remove (negative) or may build.
int adjustment_delta(const Variant& variant, const GameState& state, Power power);

}  // namespace stratagem::diplomacy
