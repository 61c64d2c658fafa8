// Any bytes as the input of `stratagem diplomacy adjudicate`: read, adjudicated, written
// back as JSON, read again and rendered in every language, or refused with a message.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "diplomacy_adjudication.h"
#include "diplomacy_json.h"
#include "diplomacy_text.h"
#include "stratagem/diplomacy/rules.h"
#include "stratagem/diplomacy/variant.h"

using namespace stratagem;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const diplomacy::Variant& variant = diplomacy::standard_variant();
  const auto json = cli::parse_json(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!json) return 0;
  const auto input = cli::read_phase_input(variant, *json);
  if (!input) return 0;
  const cli::PhaseReport report = cli::adjudicate_phase(variant, diplomacy::standard_rules(), *input);
  const auto written = cli::write_phase_report(variant, report);
  const auto read_back = cli::read_phase_report(variant, nlohmann::json::parse(cli::dump_json(written, false)));
  if (!read_back) __builtin_trap();  // what adjudicate writes, render must read
  for (auto language : {diplomacy::Language::En, diplomacy::Language::ZhHant, diplomacy::Language::ZhHans,
                        diplomacy::Language::Ja}) {
    (void)cli::render_phase_input(variant, *input, language);
    (void)cli::render_phase_report(variant, *read_back, language);
  }
  return 0;
}
