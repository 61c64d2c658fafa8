#include "vector_games.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <thread>

#include "stratagem/diplomacy/adjudicator.h"
#include "stratagem/diplomacy/board_encoding.h"
#include "stratagem/diplomacy/legal_orders.h"
#include "stratagem/diplomacy/order_sheet.h"

namespace stratagem::python {

using namespace diplomacy;

namespace {

// An order packs into bits 0-29 (order.h), so the supported unit's type takes bit 31.
std::uint32_t key_of(const Order& order, UnitType target) {
  return order.raw() | (target == UnitType::Fleet ? 1u << 31 : 0u);
}

constexpr PhaseType kPhaseTypes[] = {PhaseType::Movement, PhaseType::Retreat, PhaseType::Adjustment};

// The power an order is given by: the owner of the unit it names, or of the build site.
Power giver(const Variant& variant, const GameState& state, const Order& order) {
  if (order.kind() == OrderKind::Waive) return Power::None;
  const Province p = variant.province_of(order.unit());
  if (order.kind() == OrderKind::Build) return variant.home_power(p);
  if (state.phase.type == PhaseType::Retreat) {
    const auto dislodged = state.dislodged_in(p);
    return dislodged ? dislodged->unit.power : Power::None;
  }
  return state.occupied(p) ? state.unit_at(p).power : Power::None;
}

}  // namespace

namespace {

// The vocabulary parsed as each kind of phase reads it, with every order's key.
struct ParsedVocabulary {
  std::vector<std::vector<std::optional<ParsedOrder>>> by_phase_type;
  std::vector<std::pair<std::uint32_t, std::int32_t>> keys;
};

ParsedVocabulary parse_vocabulary(const Variant& variant, const std::vector<std::string>& vocabulary) {
  ParsedVocabulary parsed;
  for (const PhaseType type : kPhaseTypes) {
    auto& orders = parsed.by_phase_type.emplace_back();
    orders.reserve(vocabulary.size());
    for (std::size_t i = 0; i < vocabulary.size(); ++i) {
      auto order = parse_order(variant, vocabulary[i], type);
      if (!order) {
        orders.emplace_back();
        continue;
      }
      parsed.keys.emplace_back(key_of(order->order, order->target_type), static_cast<std::int32_t>(i));
      orders.emplace_back(std::move(*order));
    }
  }
  return parsed;
}

}  // namespace

void VectorGames::OrderIndex::build(const std::vector<std::pair<std::uint32_t, std::int32_t>>& entries) {
  std::size_t capacity = 16;
  while (capacity < 2 * entries.size()) capacity *= 2;
  shift_ = 32 - std::countr_zero(capacity);
  slots_.assign(capacity, Slot{kEmpty, -1});
  for (const auto& [key, value] : entries) {
    std::size_t slot = slot_of(key);
    while (slots_[slot].key != kEmpty && slots_[slot].key != key) slot = (slot + 1) & (capacity - 1);
    if (slots_[slot].key == kEmpty) slots_[slot] = Slot{key, value};
  }
}

std::size_t VectorGames::OrderIndex::slot_of(std::uint32_t key) const {
  return static_cast<std::size_t>((key * 0x9E3779B1u) >> shift_);
}

std::int32_t VectorGames::OrderIndex::find(std::uint32_t key) const {
  for (std::size_t slot = slot_of(key);; slot = (slot + 1) & (slots_.size() - 1)) {
    if (slots_[slot].key == key) return slots_[slot].value;
    if (slots_[slot].key == kEmpty) return -1;
  }
}

VectorGames::VectorGames(const Variant& variant, const RuleOptions& rules, const std::vector<std::string>& vocabulary,
                         int games, int max_year, int threads)
    : variant_(variant), rules_(rules), max_year_(max_year), threads_(std::max(1, threads)),
      locations_(static_cast<int>(board_locations(variant).size())) {
  ParsedVocabulary parsed = parse_vocabulary(variant, vocabulary);
  parsed_ = std::move(parsed.by_phase_type);
  index_.build(parsed.keys);
  states_.assign(static_cast<std::size_t>(games), GameState::initial(variant));
}

template <typename Work>
void VectorGames::in_parallel(Work work) const {
  const int games = size();
  const int threads = std::min(threads_, std::max(1, games));
  std::vector<std::jthread> workers;
  for (int k = 0; k < threads; ++k)
    workers.emplace_back([&, k] {
      for (int g = k; g < games; g += threads) work(g);
    });
}

std::int32_t VectorGames::index_of(const Order& order, UnitType target) const {
  return index_.find(key_of(order, target));
}

void VectorGames::step(const std::int32_t* actions, int width, float* boards, std::int32_t* centres, std::uint8_t* done) {
  std::atomic<std::int64_t> played{0};
  in_parallel([&](int g) {
    GameState& state = states_[static_cast<std::size_t>(g)];
    const auto& parsed = parsed_[static_cast<std::size_t>(state.phase.type)];
    OrderSheet sheet(variant_, rules_, state);
    for (int k = 0; k < width; ++k) {
      const std::int32_t a = actions[static_cast<std::size_t>(g) * static_cast<std::size_t>(width) + static_cast<std::size_t>(k)];
      if (a < 0 || static_cast<std::size_t>(a) >= parsed.size() || !parsed[static_cast<std::size_t>(a)]) continue;
      const ParsedOrder& order = *parsed[static_cast<std::size_t>(a)];
      const Power power = giver(variant_, state, order.order);
      // A waive needs no order: a power that does not build has waived.
      if (power != Power::None) sheet.submit(power, order);
    }
    GameState next;
    advance(variant_, rules_, state, sheet.orders(), sheet.ordered(), next);
    state = next;
    played.fetch_add(1, std::memory_order_relaxed);
    const bool over = winner(variant_, state) != Power::None || state.phase.year > max_year_;
    done[g] = over ? 1 : 0;
    if (over) state = GameState::initial(variant_);
  });
  phases_ += played.load();
  observe(boards, centres);
}

void VectorGames::observe(float* boards, std::int32_t* centres) const {
  const std::size_t board_size = static_cast<std::size_t>(locations_) * kBoardFeatures;
  const int powers = variant_.power_count();
  in_parallel([&](int g) {
    const GameState& state = states_[static_cast<std::size_t>(g)];
    encode_board(variant_, state, std::span<float>(boards + static_cast<std::size_t>(g) * board_size, board_size));
    for (int p = 0; p < powers; ++p) centres[static_cast<std::size_t>(g) * static_cast<std::size_t>(powers) + static_cast<std::size_t>(p)] = state.centre_count(power_at(p));
  });
}

void VectorGames::legal(std::vector<std::int64_t>& offsets, std::vector<std::int32_t>& indices) const {
  std::vector<std::vector<std::int32_t>> per_game(states_.size());
  in_parallel([&](int g) {
    const GameState& state = states_[static_cast<std::size_t>(g)];
    auto& out = per_game[static_cast<std::size_t>(g)];
    const auto add = [&](const Order& order) {
      UnitType target = UnitType::Army;
      if (order.kind() == OrderKind::SupportHold || order.kind() == OrderKind::SupportMove) {
        const Province p = variant_.province_of(order.target());
        if (state.occupied(p)) target = state.unit_at(p).type;
      }
      const std::int32_t i = index_of(order, target);
      if (i >= 0) out.push_back(i);
    };
    OrderList list;
    if (state.phase.type == PhaseType::Adjustment) {
      for (int p = 0; p < variant_.power_count(); ++p) {
        list.clear();
        legal_adjustments(variant_, state, power_at(p), list);
        for (const Order& order : list) add(order);
      }
      return;
    }
    const LegalOrderGenerator generator(variant_, state);
    const ProvinceSet& units = state.phase.type == PhaseType::Retreat ? state.dislodged_provinces() : state.occupied_provinces();
    units.for_each([&](int p) {
      list.clear();
      generator.unit_orders(province_at(p), list);
      for (const Order& order : list) add(order);
    });
  });
  offsets.assign(states_.size() + 1, 0);
  for (std::size_t g = 0; g < states_.size(); ++g) offsets[g + 1] = offsets[g] + static_cast<std::int64_t>(per_game[g].size());
  indices.resize(static_cast<std::size_t>(offsets.back()));
  for (std::size_t g = 0; g < states_.size(); ++g)
    std::copy(per_game[g].begin(), per_game[g].end(), indices.begin() + offsets[g]);
}

}  // namespace stratagem::python
