#pragma once
// An order, packed into 32 bits so order lists are cheap to build and copy:
//
//   bits  0- 7  unit       location of the ordered unit (the build site for Build)
//   bits  8-15  target     Move/Retreat: destination. Support/Convoy: the location of
//                          the supported or convoyed unit
//   bits 16-23  dest       SupportMove/Convoy: where the supported/convoyed unit goes
//   bits 24-27  kind       OrderKind
//   bit  28     fleet      the ordered unit (or the unit to build) is a fleet
//   bit  29     via        Move: "via convoy" was written
//
// Orders name locations, not units: the power that gave an order and the unit
// standing there are checked against a GameState (see validate()).

#include <cstdint>

#include "stratagem/diplomacy/types.h"

namespace stratagem::diplomacy {

enum class OrderKind : std::uint8_t {
  Hold,
  Move,
  SupportHold,
  SupportMove,
  Convoy,
  Retreat,
  Disband,
  Build,
  Remove,
  Waive,
};

class Order {
 public:
  constexpr Order() = default;

  static constexpr Order hold(UnitType t, Location at) { return make(OrderKind::Hold, t, at); }
  static constexpr Order move(UnitType t, Location at, Location to, bool via_convoy = false) {
    return make(OrderKind::Move, t, at, to, Location::None, via_convoy);
  }
  static constexpr Order support_hold(UnitType t, Location at, Location supported) {
    return make(OrderKind::SupportHold, t, at, supported);
  }
  static constexpr Order support_move(UnitType t, Location at, Location supported, Location to) {
    return make(OrderKind::SupportMove, t, at, supported, to);
  }
  static constexpr Order convoy(Location at, Location army, Location to) {
    return make(OrderKind::Convoy, UnitType::Fleet, at, army, to);
  }
  static constexpr Order retreat(UnitType t, Location at, Location to) {
    return make(OrderKind::Retreat, t, at, to);
  }
  static constexpr Order disband(UnitType t, Location at) { return make(OrderKind::Disband, t, at); }
  static constexpr Order build(UnitType t, Location at) { return make(OrderKind::Build, t, at); }
  static constexpr Order remove(UnitType t, Location at) { return make(OrderKind::Remove, t, at); }
  static constexpr Order waive() { return make(OrderKind::Waive, UnitType::Army, Location::None); }

  constexpr OrderKind kind() const { return static_cast<OrderKind>((bits_ >> 24) & 0xF); }
  constexpr UnitType unit_type() const { return (bits_ >> 28) & 1 ? UnitType::Fleet : UnitType::Army; }
  constexpr Location unit() const { return static_cast<Location>(bits_ & 0xFF); }
  constexpr Location target() const { return static_cast<Location>((bits_ >> 8) & 0xFF); }
  constexpr Location dest() const { return static_cast<Location>((bits_ >> 16) & 0xFF); }
  constexpr bool via_convoy() const { return (bits_ >> 29) & 1; }
  constexpr std::uint32_t raw() const { return bits_; }
  static constexpr Order from_raw(std::uint32_t bits) {
    Order o;
    o.bits_ = bits;
    return o;
  }

  // The same order given by another unit: many orders differ only in who gives them.
  constexpr Order given_by(UnitType t, Location at) const {
    Order o;
    o.bits_ = (bits_ & ~(0xFFu | 1u << 28)) | std::uint32_t(index(at)) | std::uint32_t(t == UnitType::Fleet) << 28;
    return o;
  }

  constexpr bool is_support() const {
    return kind() == OrderKind::SupportHold || kind() == OrderKind::SupportMove;
  }

  friend constexpr bool operator==(const Order&, const Order&) = default;

 private:
  static constexpr Order make(OrderKind k, UnitType t, Location at, Location target = Location::None,
                              Location dest = Location::None, bool via = false) {
    Order o;
    o.bits_ = std::uint32_t(index(at)) | std::uint32_t(index(target)) << 8 |
              std::uint32_t(index(dest)) << 16 | std::uint32_t(k) << 24 |
              std::uint32_t(t == UnitType::Fleet) << 28 | std::uint32_t(via) << 29;
    return o;
  }
  std::uint32_t bits_ = 0xFFFFFF;  // a Hold by nobody
};

static_assert(sizeof(Order) == 4);

}  // namespace stratagem::diplomacy
