#pragma once
// Test cases in jDip's DATC text format (the format of ../shared/datc/godip/datc_v2.4_06.txt
// and of our own files under tests/data/diplomacy/):
//
//   CASE <id> [title]
//   PRESTATE_SETPHASE Spring 1901, Movement     (optional: Spring 1901 Movement)
//   PRESTATE_SUPPLYCENTER_OWNERS / PRESTATE / PRESTATE_DISLODGED   Power: A lvp
//   PRESTATE_RESULTS                            SUCCESS: Power: A tri-vie
//   ORDERS                                      Power: A lvp-edi via convoy
//   POSTSTATE / POSTSTATE_DISLODGED or POSTSTATE_SAME
//   END
//
// The loader knows nothing of the map: units and orders stay text, to be read by the
// engine's order parser when a case is run. It only splits "Power: text", fixes the
// known slips of the published file (listed in datc_case.cpp), and refuses every line
// it does not understand, naming file and line.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <tl/expected.hpp>

#include "stratagem/diplomacy/types.h"

namespace stratagem::diplomacy::testing {

// One "Power: text" line of a case, e.g. power "Germany", text "A mun S A ber-kie".
struct DatcLine {
  std::string power;  // canonical English name, e.g. "Germany"
  std::string text;   // unit ("A lvp") or order ("F nth C A yor - yor"), comments removed
  int line = 0;       // 1-based line in the file
};

// A PRESTATE_RESULTS line: a previous movement order and whether it succeeded.
struct DatcResultLine {
  bool success = false;
  DatcLine order;
};

struct DatcCase {
  std::string id;     // the DATC id, label typos fixed ("6.F.E" becomes "6.F.5")
  std::string label;  // the id as written after CASE
  std::string title;  // free text after the label, if any
  std::string file;
  int line = 0;  // line of the CASE keyword
  Phase phase{Season::Spring, 1901, PhaseType::Movement};
  std::vector<DatcLine> centre_owners;  // unit syntax; the unit type is a dummy
  std::vector<DatcLine> prestate;
  std::vector<DatcLine> prestate_dislodged;
  std::vector<DatcResultLine> prestate_results;
  std::vector<DatcLine> orders;
  bool poststate_same = false;
  std::vector<DatcLine> poststate;
  std::vector<DatcLine> poststate_dislodged;
};

struct DatcLoadError {
  std::string file;
  int line = 0;
  std::string message;
};
// "file:line: message", the way compilers point at a line.
std::string format_error(const DatcLoadError& error);

// Every case of the text, or every line that could not be understood.
tl::expected<std::vector<DatcCase>, std::vector<DatcLoadError>> parse_datc_cases(
    std::string_view text, const std::string& file_name);
tl::expected<std::vector<DatcCase>, std::vector<DatcLoadError>> load_datc_file(
    const std::filesystem::path& path);

// A case id usable in a GoogleTest name: "6.A.3.fleet.support.inland" becomes
// "6_A_3_fleet_support_inland".
std::string sanitised_test_name(std::string_view id);

}  // namespace stratagem::diplomacy::testing
