#pragma once
// xoshiro256** seeded through splitmix64: fast, and the same numbers on every machine.
// Self-play and the computer players draw from it, so a seed replays a game exactly.

#include <cstdint>

namespace stratagem::diplomacy {

class Random {
 public:
  explicit Random(std::uint64_t seed) {
    for (auto& word : state_) {
      seed += 0x9E3779B97F4A7C15ull;
      std::uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      word = z ^ (z >> 31);
    }
  }
  std::uint64_t next() {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }
  // Uniform in [0, n) by multiply-shift; the bias is below 2^-50 for lists this short.
  int below(int n) {
    __extension__ using Uint128 = unsigned __int128;
    return static_cast<int>((static_cast<Uint128>(next()) * unsigned(n)) >> 64);
  }
  // Uniform in [0, 1).
  double fraction() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t state_[4];
};

}  // namespace stratagem::diplomacy
