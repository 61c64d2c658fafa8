#include "stratagem/diplomacy/order_sheet.h"

#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

OrderSheet::OrderSheet(const Variant& variant, const RuleOptions& rules, const GameState& state)
    : variant_(&variant), rules_(&rules), state_(&state) {
  submission_of_.fill(-1);
}

int OrderSheet::submit_unparsed(Power power) {
  submissions_.push_back({power, tl::unexpected(VoidReason::None)});
  return submission_count() - 1;
}

int OrderSheet::submit(Power power, const ParsedOrder& parsed) {
  const int number = submission_count();
  submissions_.push_back({power, validate(*variant_, *rules_, *state_, power, parsed)});
  if (submissions_.back().result) file(number, power, *submissions_.back().result);
  return number;
}

tl::expected<Order, VoidReason> OrderSheet::status(int submission) const { return submissions_[submission].result; }

bool OrderSheet::adjustment_budget_left(Power power, OrderKind kind) const {
  const int delta = adjustment_delta(*variant_, *state_, power);
  const int allowed = kind == OrderKind::Remove ? -delta : delta;
  return adjustments_used_[index(power)] < allowed;
}

void OrderSheet::file(int submission, Power power, Order order) {
  Submission& entry = submissions_[submission];
  if (order.kind() == OrderKind::Waive || order.kind() == OrderKind::Build || order.kind() == OrderKind::Remove) {
    // DATC 4.D.4-4.D.6: the first orders written are used, later ones are void.
    if (!adjustment_budget_left(power, order.kind())) {
      entry.result = tl::unexpected(order.kind() == OrderKind::Remove ? VoidReason::NoRemovalsDue
                                                                      : VoidReason::NoBuildsDue);
      return;
    }
    if (order.kind() == OrderKind::Waive) {
      ++adjustments_used_[index(power)];
      ++waives_[index(power)];
      return;
    }
    const int p = index(variant_->province_of(order.unit()));
    if (ordered_.contains(p)) {
      entry.result = tl::unexpected(order.kind() == OrderKind::Build ? VoidReason::BuildSiteUsedTwice
                                                                     : VoidReason::AlreadyRemoved);
      return;
    }
    ++adjustments_used_[index(power)];
    orders_[p] = order;
    ordered_.insert(p);
    submission_of_[p] = submission;
    return;
  }
  // DATC 4.D.3: a unit with several orders carries out none of them.
  const int p = index(variant_->province_of(order.unit()));
  if (twice_ordered_.contains(p) || ordered_.contains(p)) {
    if (ordered_.contains(p)) submissions_[submission_of_[p]].result = tl::unexpected(VoidReason::UnitOrderedTwice);
    entry.result = tl::unexpected(VoidReason::UnitOrderedTwice);
    ordered_.erase(p);
    twice_ordered_.insert(p);
    return;
  }
  orders_[p] = order;
  ordered_.insert(p);
  submission_of_[p] = submission;
}

}  // namespace stratagem::diplomacy
