#pragma once
// The platform's random choices (the draw of powers, sides, computer seeds), from a seed
// stored in the game: SplitMix64, whose output is fixed by its definition, so a game
// replays the same on every compiler and library (std::shuffle's is not specified).

#include <cstdint>
#include <utility>
#include <vector>

namespace stratagem::platform {

class SeededRandom {
 public:
  explicit SeededRandom(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Uniform in 0..n-1 (n > 0), by rejection so that no value is favoured.
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    std::uint64_t x = next();
    while (x >= limit) x = next();
    return x % n;
  }
  // Fisher-Yates.
  template <class T>
  void shuffle(std::vector<T>& items) {
    for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[below(i)]);
  }
  // A seed of its own for each (a, b), e.g. (phase number, power).
  static std::uint64_t derive(std::uint64_t seed, std::uint64_t a, std::uint64_t b) {
    SeededRandom random(seed ^ (a * 0xD1B54A32D192ED03ULL) ^ (b * 0x8CB92BA72F3D8DD7ULL));
    return random.next();
  }

 private:
  std::uint64_t state_;
};

}  // namespace stratagem::platform
