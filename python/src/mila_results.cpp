#include "mila_results.h"

#include <algorithm>

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
//  - a convoy off every route of the fleets convoying its army is `no convoy` and `void`;
//    every convoy and support of an army whose convoy failed is `no convoy`; a convoy our
//    Szykman rule voids is `disrupted`;
//  - a dislodged unit's own result comes first, then `dislodged` (a disrupted convoy
//    that is then dislodged is just `dislodged`).
class MovementWords {
 public:
  MovementWords(const Variant& variant, const GameState& state, const AdjudicatedPhase& adjudicated)
      : variant_(variant), state_(state), orders_(adjudicated.sheet), result_(adjudicated.result),
        own_(adjudicated.own) {}

  std::vector<MilaResult> of(int p) const {
    const Resolution& r = result_.resolutions[p];
    const bool dislodged = r.outcome == Outcome::Dislodged;
    std::vector<MilaResult> words = own_words(p, own_[p].outcome, r);
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
  Outcome outcome_at(Province p) const { return own_[index(p)].outcome; }
  bool convoy_failed(Province army) const {
    const Order* order = order_at(army);
    return order && order->kind() == OrderKind::Move && outcome_at(army) == Outcome::NoConvoy;
  }
  // The unit in `p` moved away.
  bool moved_out(Province p) const {
    const Order* order = order_at(p);
    return order && order->kind() == OrderKind::Move && outcome_at(p) == Outcome::Ok;
  }

  // A support of a move against a unit of the supporter's own power that stayed, where
  // the move dislodged it, or bounced though its supports would have beaten every
  // opposition had they all counted: MILA voids the support then (not where the move
  // was stopped by a stronger or equal attack).
  bool against_own_unit(Province supporter, const Order& support) const {
    const Province attacked = variant_.province_of(support.dest());
    if (!state_.occupied(attacked) || state_.unit_at(attacked).power != state_.unit_at(supporter).power ||
        moved_out(attacked))
      return false;
    const Province mover = variant_.province_of(support.target());
    const OwnOutcome& move = own_[index(mover)];
    if (move.outcome == Outcome::Ok) return true;
    if (move.outcome != Outcome::Bounce) return false;
    int strength = 1;
    orders_.ordered().for_each([&](int p) {
      const Order& other = orders_.orders()[p];
      strength += other.kind() == OrderKind::SupportMove && variant_.province_of(other.target()) == mover &&
                  variant_.province_of(other.dest()) == attacked && outcome_at(province_at(p)) == Outcome::Ok;
    });
    return strength > move.opposing_strength;
  }

  // MILA's convoy paths: chains of the seas whose fleets convoy the army as it moves. A
  // fleet on none of them did not convoy it, whatever its order said.
  bool on_convoy_route(Province fleet, const Order& convoy) const {
    const Province from = variant_.province_of(convoy.target()), to = variant_.province_of(convoy.dest());
    ProvinceSet convoying;
    orders_.ordered().for_each([&](int p) {
      const Order& other = orders_.orders()[p];
      if (other.kind() == OrderKind::Convoy && variant_.province_of(other.target()) == from &&
          variant_.province_of(other.dest()) == to && outcome_at(province_at(p)) != Outcome::Void)
        convoying.insert(p);
    });
    return seas_reached(convoying, from).contains(index(fleet)) && seas_reached(convoying, to).contains(index(fleet));
  }
  // The seas of `seas` joined to `coast` (from any of its coasts) by a chain of them.
  ProvinceSet seas_reached(const ProvinceSet& seas, Province coast) const {
    ProvinceSet reached, frontier;
    for (int l = 0; l < variant_.location_count(); ++l)
      if (variant_.province_of(location_at(l)) == coast) frontier |= variant_.fleet_reach(location_at(l));
    frontier &= seas;
    while (!frontier.empty()) {
      reached |= frontier;
      ProvinceSet next;
      frontier.for_each([&](int sea) { next |= variant_.fleet_reach(variant_.main_location(province_at(sea))); });
      frontier = (next & seas).without(reached);
    }
    return reached;
  }

  std::vector<MilaResult> own_words(int p, Outcome outcome, const Resolution& r) const {
    const Order* order = order_at(province_at(p));
    const OrderKind kind = order ? order->kind() : OrderKind::Hold;
    if (kind == OrderKind::Convoy) {
      if (outcome == Outcome::Void && r.void_reason == VoidReason::ConvoyParadox) return {MilaResult::Disrupted};
      if (outcome == Outcome::Void && (r.void_reason == VoidReason::ConvoyNotNeeded ||
                                       r.void_reason == VoidReason::ConvoyedArmyNotConvoyed))
        return {MilaResult::NoConvoy};
      if (outcome != Outcome::Void && !on_convoy_route(province_at(p), *order))
        return {MilaResult::NoConvoy, MilaResult::Void};
      // A convoy of a failed convoy: MILA's fleet under a stronger attack was disrupted
      // (and is then just dislodged); the others convoyed nothing.
      if (outcome != Outcome::Void && convoy_failed(variant_.province_of(order->target())))
        return {r.outcome == Outcome::Dislodged ? MilaResult::Disrupted : MilaResult::NoConvoy};
    }
    if (order && order->is_support() && outcome != Outcome::Void && outcome != Outcome::Cut) {
      const Province supported = variant_.province_of(order->target());
      if (convoy_failed(supported)) return {MilaResult::NoConvoy};
      if (kind == OrderKind::SupportMove && against_own_unit(province_at(p), *order)) return {MilaResult::Void};
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
  const OwnOutcomes& own_;
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

void adjustment_results(const Variant& variant, const PendingPhase& phase, const AdjudicatedPhase& adjudicated,
                        std::vector<MilaUnitResult>& out) {
  // The sheet numbers its submissions in the order DiplomacyGame::adjudicate made them:
  // power by power, each power's orders as given.
  const OrderSheet& sheet = adjudicated.sheet;
  int submission = 0;
  for (int p = 0; p < variant.power_count(); ++p)
    for (const AcceptedOrder& given : phase.orders.orders[p]) {
      const Order& order = given.parsed.order;
      const auto status = sheet.status(submission++);
      if (order.kind() == OrderKind::Waive) {
        // MILA voids every WAIVE (its civil-disorder pass keeps builds only), all under the
        // one key "WAIVE", whichever power gave it.
        const auto waives =
            std::find_if(out.begin(), out.end(), [](const MilaUnitResult& entry) { return entry.unit == "WAIVE"; });
        if (waives != out.end())
          waives->results.push_back(MilaResult::Void);
        else
          out.push_back({"WAIVE", {MilaResult::Void}});
        continue;
      }
      out.push_back(
          {format_unit(variant, order.unit_type(), order.unit()), {status ? MilaResult::Ok : MilaResult::Void}});
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
    case PhaseType::Adjustment: adjustment_results(variant, phase, adjudicated, out); break;
  }
  return out;
}

}  // namespace stratagem::python
