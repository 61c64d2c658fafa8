#pragma once
// Small value types of the Diplomacy engine: powers, provinces, locations, units, phases.
// Everything is an index into the variant's tables, so a game state is a handful of
// fixed-size arrays and copying one costs a few hundred bytes.

#include <array>
#include <bit>
#include <cstdint>
#include <string>

namespace stratagem::diplomacy {

// Limits of the data format. The standard map uses 7 powers, 76 provinces, 82 locations.
constexpr int kMaxPowers = 15;
constexpr int kMaxProvinces = 192;
constexpr int kMaxLocations = 255;

// A power (nation) of the variant, numbered in the variant file's order.
enum class Power : std::uint8_t { None = 0xFF };
// A province (space) of the map: inland, coastal, sea or impassable.
enum class Province : std::uint8_t { None = 0xFF };
// Where a unit stands. Location n < province_count is province n itself (armies, and
// fleets in provinces without split coasts); higher numbers are named coasts (STP/NC).
enum class Location : std::uint8_t { None = 0xFF };

constexpr int index(Power p) { return static_cast<int>(p); }
constexpr int index(Province p) { return static_cast<int>(p); }
constexpr int index(Location l) { return static_cast<int>(l); }
constexpr Power power_at(int i) { return static_cast<Power>(i); }
constexpr Province province_at(int i) { return static_cast<Province>(i); }
constexpr Location location_at(int i) { return static_cast<Location>(i); }

enum class UnitType : std::uint8_t { Army, Fleet };
enum class Terrain : std::uint8_t { Inland, Coastal, Sea, Impassable };
enum class Coast : std::uint8_t { None, North, South, East, West };

enum class Season : std::uint8_t { Spring, Fall, Winter };
enum class PhaseType : std::uint8_t { Movement, Retreat, Adjustment };

struct Phase {
  Season season = Season::Spring;
  std::int16_t year = 1901;
  PhaseType type = PhaseType::Movement;
  friend bool operator==(const Phase&, const Phase&) = default;
};

struct Unit {
  UnitType type = UnitType::Army;
  Power power = Power::None;
  Location location = Location::None;
  friend bool operator==(const Unit&, const Unit&) = default;
};

// A set of small indices (provinces, locations or powers) as a fixed bit array.
template <int N>
class IndexSet {
 public:
  static constexpr int kWords = (N + 63) / 64;

  constexpr void insert(int i) { words_[i >> 6] |= bit(i); }
  constexpr void erase(int i) { words_[i >> 6] &= ~bit(i); }
  constexpr bool contains(int i) const { return (words_[i >> 6] & bit(i)) != 0; }
  constexpr bool empty() const {
    for (auto w : words_)
      if (w) return false;
    return true;
  }
  constexpr int size() const {
    int n = 0;
    for (auto w : words_) n += std::popcount(w);
    return n;
  }
  // The k-th member in increasing order (0 <= k < size()).
  constexpr int nth(int k) const {
    for (int w = 0;; ++w) {
      const int here = std::popcount(words_[w]);
      if (k < here) {
        auto bits = words_[w];
        for (; k > 0; --k) bits &= bits - 1;
        return w * 64 + std::countr_zero(bits);
      }
      k -= here;
    }
  }
  // Number of members smaller than i.
  constexpr int rank(int i) const {
    int n = 0;
    for (int k = 0; k < (i >> 6); ++k) n += std::popcount(words_[k]);
    return n + std::popcount(words_[i >> 6] & (bit(i) - 1));
  }
  constexpr IndexSet& operator|=(const IndexSet& o) {
    for (int k = 0; k < kWords; ++k) words_[k] |= o.words_[k];
    return *this;
  }
  constexpr IndexSet& operator&=(const IndexSet& o) {
    for (int k = 0; k < kWords; ++k) words_[k] &= o.words_[k];
    return *this;
  }
  constexpr IndexSet without(const IndexSet& o) const {
    IndexSet r = *this;
    for (int k = 0; k < kWords; ++k) r.words_[k] &= ~o.words_[k];
    return r;
  }
  friend constexpr IndexSet operator|(IndexSet a, const IndexSet& b) { return a |= b; }
  friend constexpr IndexSet operator&(IndexSet a, const IndexSet& b) { return a &= b; }
  friend constexpr bool operator==(const IndexSet&, const IndexSet&) = default;

  // Calls f(i) for every member in increasing order.
  template <class F>
  constexpr void for_each(F&& f) const {
    for (int k = 0; k < kWords; ++k)
      for (auto w = words_[k]; w; w &= w - 1) f(k * 64 + std::countr_zero(w));
  }
  // Calls f(i) for members in increasing order until it returns true; returns whether
  // it did.
  template <class F>
  constexpr bool for_each_until(F&& f) const {
    for (int k = 0; k < kWords; ++k)
      for (auto w = words_[k]; w; w &= w - 1)
        if (f(k * 64 + std::countr_zero(w))) return true;
    return false;
  }

 private:
  static constexpr std::uint64_t bit(int i) { return std::uint64_t{1} << (i & 63); }
  std::array<std::uint64_t, kWords> words_{};
};

using ProvinceSet = IndexSet<kMaxProvinces>;
using LocationSet = IndexSet<kMaxLocations>;
using PowerSet = IndexSet<kMaxPowers>;

}  // namespace stratagem::diplomacy
