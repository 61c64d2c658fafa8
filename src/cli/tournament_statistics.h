#pragma once
// Means and proportions with 95% confidence intervals, for the tournament's report.

#include <cstdint>

namespace stratagem::cli {

struct Interval {
  double low = 0, high = 0;
};

// A running mean of samples with its normal-approximation interval (mean +- 1.96 s/sqrt(n)).
class MeanEstimate {
 public:
  void add(double x) {
    ++n_;
    sum_ += x;
    sum_squares_ += x * x;
  }
  std::int64_t count() const { return n_; }
  double mean() const { return n_ ? sum_ / n_ : 0; }
  Interval interval_95() const;

 private:
  std::int64_t n_ = 0;
  double sum_ = 0, sum_squares_ = 0;
};

// Wilson's interval for `hits` successes in `n` trials: sound near 0 and 1, where wins
// in Diplomacy usually are.
Interval wilson_interval_95(std::int64_t hits, std::int64_t n);

}  // namespace stratagem::cli
