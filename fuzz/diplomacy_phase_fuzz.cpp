// Any bytes as the input of `stratagem diplomacy adjudicate`: read, adjudicated, written
// back as JSON, read again and rendered in every language, or refused with a message.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "stratagem/formats/diplomacy_adjudication.h"
#include "stratagem/formats/diplomacy_json.h"
#include "stratagem/formats/diplomacy_text.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/variant.h"

using namespace stratagem;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const diplomacy::Variant& variant = diplomacy::standard_variant();
  const auto json = formats::parse_json(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!json) return 0;
  const auto input = formats::read_phase_input(variant, *json);
  if (!input) return 0;
  const formats::PhaseReport report = formats::adjudicate_phase(variant, diplomacy::standard_rules(), *input);
  const auto written = formats::write_phase_report(variant, report);
  const auto read_back = formats::read_phase_report(variant, nlohmann::json::parse(formats::dump_json(written, false)));
  if (!read_back) __builtin_trap();  // what adjudicate writes, render must read
  for (auto language : {diplomacy::Language::En, diplomacy::Language::ZhHant, diplomacy::Language::ZhHans,
                        diplomacy::Language::Ja}) {
    (void)formats::render_phase_input(variant, *input, language);
    (void)formats::render_phase_report(variant, *read_back, language);
  }
  return 0;
}
