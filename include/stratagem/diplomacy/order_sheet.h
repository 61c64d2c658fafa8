#pragma once
// The orders of one phase, collected from all powers: each written order is validated
// as it arrives and filed under the province of its unit (or build site). Conflicts
// between orders are settled here, as the DATC prefers:
//  - 4.D.3: a unit given two orders carries out neither and holds;
//  - 4.D.4-4.D.6: builds and removals beyond what a power may do are void, the first
//    ones written are used.

#include <array>
#include <vector>

#include <tl/expected.hpp>

#include "stratagem/diplomacy/order.h"
#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/types.h"
#include "stratagem/diplomacy/validation.h"

namespace stratagem::diplomacy {

class GameState;
class Variant;

class OrderSheet {
 public:
  OrderSheet(const Variant& variant, const RuleOptions& rules, const GameState& state);

  // Validates an order and files it. Returns the submission's number (0, 1, ...).
  int submit(Power power, const ParsedOrder& order);
  // A submission that was not understood at all still gets a number, for reporting.
  int submit_unparsed(Power power);

  // Outcome of a submission so far: the canonical order, or why it is void. A later
  // submission can void an earlier one (a second order to the same unit).
  tl::expected<Order, VoidReason> status(int submission) const;
  Power power_of(int submission) const { return submissions_[submission].power; }
  int submission_count() const { return static_cast<int>(submissions_.size()); }

  // The orders to carry out, by province of the unit (or build site).
  const std::array<Order, kMaxProvinces>& orders() const { return orders_; }
  const ProvinceSet& ordered() const { return ordered_; }
  // Adjustment phase: waives written per power.
  int waives(Power power) const { return waives_[index(power)]; }

 private:
  struct Submission {
    Power power = Power::None;
    tl::expected<Order, VoidReason> result = tl::unexpected(VoidReason::NoUnit);
  };
  void file(int submission, Power power, Order order);
  bool adjustment_budget_left(Power power, OrderKind kind) const;

  const Variant* variant_;
  const RuleOptions* rules_;
  const GameState* state_;
  std::vector<Submission> submissions_;
  std::array<Order, kMaxProvinces> orders_{};
  std::array<int, kMaxProvinces> submission_of_{};  // -1: none
  ProvinceSet ordered_, twice_ordered_;
  std::array<std::uint8_t, kMaxPowers> adjustments_used_{}, waives_{};
};

}  // namespace stratagem::diplomacy
