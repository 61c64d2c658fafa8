// What one phase's orders did to an arrangement of structured press.
#include "stratagem/diplomacy/press.h"

#include <algorithm>
#include <optional>

#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

namespace {

class DealJudge {
 public:
  DealJudge(const Variant& variant, const GameState& before,
            std::span<const std::vector<Order>> orders)
      : variant_(variant), before_(before), orders_(orders) {}

  ArrangementVerdict judge(const Arrangement& a) const {
    switch (a.kind) {
      case Arrangement::Kind::Peace: return among(a.powers);
      case Arrangement::Kind::Alliance: return among(a.powers);
      case Arrangement::Kind::Demilitarised: return keep_out(a.powers, a.provinces);
      case Arrangement::Kind::Orders: return promised(a);
      case Arrangement::Kind::And: {
        ArrangementVerdict all{{}, true};
        for (const Arrangement& part : a.parts) {
          const ArrangementVerdict v = judge(part);
          for (Power p : v.breakers) add(all.breakers, p);
          all.kept = all.kept && v.kept;
        }
        if (!all.breakers.empty()) all.kept = false;
        return all;
      }
      case Arrangement::Kind::Or: {
        ArrangementVerdict any;
        bool every_part_broken = !a.parts.empty();
        for (const Arrangement& part : a.parts) {
          const ArrangementVerdict v = judge(part);
          if (v.breakers.empty()) every_part_broken = false;
          if (v.kept) any.kept = true;
          for (Power p : v.breakers) add(any.breakers, p);
        }
        if (!every_part_broken) any.breakers.clear();
        return any;
      }
      default: return {};  // draws, solos, negations: nothing an order can break
    }
  }

 private:
  static void add(std::vector<Power>& list, Power p) {
    if (std::find(list.begin(), list.end(), p) == list.end()) list.push_back(p);
  }

  // The province an order takes or helps to take, if any.
  std::optional<Province> attacked(const Order& o) const {
    if (o.kind() == OrderKind::Move || o.kind() == OrderKind::Retreat) return variant_.province_of(o.target());
    if (o.kind() == OrderKind::SupportMove) return variant_.province_of(o.dest());
    return std::nullopt;
  }

  // A peace or an alliance: no party moves (or supports a move) into a partner's unit or
  // centre.
  ArrangementVerdict among(const std::vector<Power>& parties) const {
    ArrangementVerdict v;
    for (Power p : parties) {
      for (const Order& o : orders_[index(p)]) {
        const auto province = attacked(o);
        if (!province) continue;
        const auto unit = before_.unit_in(*province);
        const Power owner = before_.centre_owner(*province);
        for (Power q : parties) {
          if (q == p) continue;
          if ((unit && unit->power == q) || owner == q) add(v.breakers, p);
        }
      }
    }
    return v;
  }

  ArrangementVerdict keep_out(const std::vector<Power>& parties, const std::vector<Province>& zone) const {
    ArrangementVerdict v;
    for (Power p : parties)
      for (const Order& o : orders_[index(p)])
        if ((o.kind() == OrderKind::Move || o.kind() == OrderKind::Retreat || o.kind() == OrderKind::Build) &&
            std::find(zone.begin(), zone.end(),
                      variant_.province_of(o.kind() == OrderKind::Build ? o.unit() : o.target())) != zone.end())
          add(v.breakers, p);
    return v;
  }

  // XDO: settled in the first phase of the order's kind (movement, retreat or adjustment).
  ArrangementVerdict promised(const Arrangement& a) const {
    const auto kind = a.order.kind();
    const auto phase = kind == OrderKind::Retreat || kind == OrderKind::Disband ? PhaseType::Retreat
                       : kind == OrderKind::Build || kind == OrderKind::Remove || kind == OrderKind::Waive
                           ? PhaseType::Adjustment
                           : PhaseType::Movement;
    if (before_.phase.type != phase || a.order_power == Power::None) return {};
    const auto& given = orders_[index(a.order_power)];
    const bool kept = std::any_of(given.begin(), given.end(), [&](const Order& o) {
      return o.kind() == a.order.kind() && variant_.province_of(o.unit()) == variant_.province_of(a.order.unit()) &&
             (o.target() == Location::None ||
              variant_.province_of(o.target()) == variant_.province_of(a.order.target())) &&
             (o.dest() == Location::None || variant_.province_of(o.dest()) == variant_.province_of(a.order.dest()));
    });
    if (kept) return {{}, true};
    return {{a.order_power}, false};
  }

  const Variant& variant_;
  const GameState& before_;
  std::span<const std::vector<Order>> orders_;
};

}  // namespace

ArrangementVerdict judge_arrangement(const Variant& variant, const GameState& before,
                                     std::span<const std::vector<Order>> orders_by_power, const Arrangement& arrangement) {
  return DealJudge(variant, before, orders_by_power).judge(arrangement);
}

}  // namespace stratagem::diplomacy
