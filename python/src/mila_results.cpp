#include "mila_results.h"

#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/notation.h"

namespace stratagem::python {

using namespace diplomacy;

std::string_view mila_word(MilaResult result) {
  switch (result) {
    case MilaResult::Ok: return "";
    case MilaResult::NoConvoy: return "no convoy";
    case MilaResult::Bounce: return "bounce";
    case MilaResult::Void: return "void";
    case MilaResult::Cut: return "cut";
    case MilaResult::Dislodged: return "dislodged";
    case MilaResult::Disrupted: return "disrupted";
    case MilaResult::Disband: return "disband";
  }
  return "";
}

namespace {

// MILA's words for the order of the unit in `p`, from what our adjudicator resolved.
// Where MILA's own resolution leaves another trace than ours, the words follow MILA:
//  - a support of a move against a unit of the supporter's own power that stays is `void`
//    (MILA marks it so when the move bounces or dislodges without it);
//  - a convoy that is not on a route of its army, and every convoy and support of an army
//    whose convoy failed, is `no convoy`; a convoy our Szykman rule voids is `disrupted`;
//  - a dislodged unit's own result comes first, then `dislodged` (a disrupted convoy
//    that is then dislodged is just `dislodged`).
class MovementWords {
 public:
  MovementWords(const Variant& variant, const GameState& state, const AdjudicatedPhase& adjudicated)
      : variant_(variant), state_(state), orders_(adjudicated.sheet), result_(adjudicated.result) {}

  std::vector<MilaResult> of(int p) const {
    const Resolution& r = result_.resolutions[p];
    const bool dislodged = r.outcome == Outcome::Dislodged;
    std::vector<MilaResult> words = own_words(p, dislodged ? r.order_outcome : r.outcome, r);
    if (dislodged) {
      std::erase(words, MilaResult::Disrupted);
      words.push_back(MilaResult::Dislodged);
    }
    return words;
  }

 private:
  const Order* order_at(Province p) const {
    return orders_.ordered().contains(index(p)) ? &orders_.orders()[index(p)] : nullptr;
  }
  Outcome outcome_at(Province p) const { return result_.resolutions[index(p)].order_outcome; }
  bool convoy_failed(Province army) const {
    const Order* order = order_at(army);
    return order && order->kind() == OrderKind::Move && outcome_at(army) == Outcome::NoConvoy;
  }
  // The unit in `p` moved away.
  bool moved_out(Province p) const {
    const Order* order = order_at(p);
    return order && order->kind() == OrderKind::Move && outcome_at(p) == Outcome::Ok;
  }

  std::vector<MilaResult> own_words(int p, Outcome outcome, const Resolution& r) const {
    const Order* order = order_at(province_at(p));
    const OrderKind kind = order ? order->kind() : OrderKind::Hold;
    if (kind == OrderKind::Convoy) {
      if (outcome == Outcome::Void && r.void_reason == VoidReason::ConvoyParadox) return {MilaResult::Disrupted};
      if (outcome == Outcome::Void && r.void_reason == VoidReason::ConvoyNotNeeded) return {MilaResult::NoConvoy};
      if (outcome != Outcome::Void && convoy_failed(variant_.province_of(order->target())))
        return {MilaResult::NoConvoy};
    }
    if (order && order->is_support() && outcome != Outcome::Void && outcome != Outcome::Cut) {
      const Province supported = variant_.province_of(order->target());
      if (convoy_failed(supported)) return {MilaResult::NoConvoy};
      if (kind == OrderKind::SupportMove) {
        const Province attacked = variant_.province_of(order->dest());
        const Unit& supporter = state_.unit_at(province_at(p));
        if (state_.occupied(attacked) && state_.unit_at(attacked).power == supporter.power && !moved_out(attacked))
          return {MilaResult::Void};
      }
    }
    switch (outcome) {
      case Outcome::Bounce: return {MilaResult::Bounce};
      case Outcome::Cut: return {MilaResult::Cut};
      case Outcome::NoConvoy: return {MilaResult::NoConvoy};
      case Outcome::Void: return {MilaResult::Void};
      default: return {};
    }
  }

  const Variant& variant_;
  const GameState& state_;
  const OrderSheet& orders_;
  const PhaseResult& result_;
};

void movement_results(const Variant& variant, const GameState& state, const AdjudicatedPhase& adjudicated,
                      std::vector<MilaUnitResult>& out) {
  const MovementWords words(variant, state, adjudicated);
  state.occupied_provinces().for_each([&](int p) {
    const Resolution& r = adjudicated.result.resolutions[p];
    MilaUnitResult entry{format_unit(variant, state.unit_at(province_at(p))), words.of(p)};
    if (r.outcome == Outcome::Dislodged) entry.dislodged_by = variant.province_code(variant.province_of(r.by));
    out.push_back(std::move(entry));
  });
}

void retreat_results(const Variant& variant, const GameState& state, const AdjudicatedPhase& adjudicated,
                     std::vector<MilaUnitResult>& out) {
  state.dislodged_provinces().for_each([&](int p) {
    const Resolution& r = adjudicated.result.resolutions[p];
    MilaUnitResult entry{format_unit(variant, state.dislodged_in(province_at(p))->unit), {}};
    const bool retreated = adjudicated.sheet.ordered().contains(p) &&
                           adjudicated.sheet.orders()[p].kind() == OrderKind::Retreat && r.outcome == Outcome::Ok;
    if (r.outcome == Outcome::Bounce) entry.results.push_back(MilaResult::Bounce);
    if (!retreated) entry.results.push_back(MilaResult::Disband);
    out.push_back(std::move(entry));
  });
}

void adjustment_results(const Variant& variant, const GameState& state, const AdjudicatedPhase& adjudicated,
                        std::vector<MilaUnitResult>& out) {
  const OrderSheet& sheet = adjudicated.sheet;
  for (int s = 0; s < sheet.submission_count(); ++s) {
    const auto status = sheet.status(s);
    if (!status) continue;  // the face lists orders it could not use itself
    const Order& order = *status;
    const bool filed = order.kind() == OrderKind::Waive ||
                       (sheet.ordered().contains(index(variant.province_of(order.unit()))) &&
                        sheet.orders()[index(variant.province_of(order.unit()))] == order);
    const std::string unit = order.kind() == OrderKind::Waive ? "WAIVE" : format_unit(variant, order.unit_type(), order.unit());
    const bool due = order.kind() != OrderKind::Waive || adjustment_delta(variant, state, sheet.power_of(s)) > 0;
    out.push_back({unit, {filed && due ? MilaResult::Ok : MilaResult::Void}});
  }
  for (const Unit& unit : adjudicated.result.removed_without_order)
    out.push_back({format_unit(variant, unit), {MilaResult::Ok}});
}

}  // namespace

std::vector<MilaUnitResult> mila_results(const Variant& variant, const PendingPhase& phase,
                                         const AdjudicatedPhase& adjudicated) {
  std::vector<MilaUnitResult> out;
  switch (phase.state.phase.type) {
    case PhaseType::Movement: movement_results(variant, phase.state, adjudicated, out); break;
    case PhaseType::Retreat: retreat_results(variant, phase.state, adjudicated, out); break;
    case PhaseType::Adjustment: adjustment_results(variant, phase.state, adjudicated, out); break;
  }
  return out;
}

}  // namespace stratagem::python
