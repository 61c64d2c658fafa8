// Any bytes as an order, in each phase: the parser reads them or says why, in every
// language, and what it reads validates against the start position without crashing.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "stratagem/formats/diplomacy_words.h"
#include "stratagem/diplomacy/order_parser.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/state.h"
#include "stratagem/diplomacy/validation.h"
#include "stratagem/diplomacy/variant.h"

using namespace stratagem::diplomacy;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Variant& variant = standard_variant();
  static const GameState start = GameState::initial(variant);
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (PhaseType phase : {PhaseType::Movement, PhaseType::Retreat, PhaseType::Adjustment}) {
    const auto parsed = parse_order(variant, text, phase);
    if (!parsed) {
      for (Language language : {Language::En, Language::ZhHant, Language::ZhHans, Language::Ja})
        (void)stratagem::formats::parse_error_text(variant, parsed.error(), language);
      continue;
    }
    if (phase == PhaseType::Movement)
      for (int p = 0; p < variant.power_count(); ++p) (void)validate(variant, standard_rules(), start, power_at(p), *parsed);
  }
  return 0;
}
