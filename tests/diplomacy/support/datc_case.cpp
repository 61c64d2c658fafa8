#include "support/datc_case.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

namespace stratagem::diplomacy::testing {
namespace {

// The file's slips, each fixed here rather than in the (read-only, copyleft) file:
// 6.F.5 is labelled "6.F.E"; 6.F.15 is labelled "6.F.14", a second time.
struct LabelFix {
  std::string_view written;
  std::string_view meant;
};
constexpr std::array kMislabelledIds{LabelFix{"6.F.E", "6.F.5"}};
constexpr std::array kRepeatedIds{LabelFix{"6.F.14", "6.F.15"}};

// The jDip format is the standard map's: its seven powers, plus the one misspelling of
// the published file ("Germnay: A wal SUPPORTS F lon-yor", 6.A.5).
constexpr std::array<std::string_view, 7> kPowers{"Austria", "England", "France", "Germany",
                                                   "Italy",   "Russia",  "Turkey"};
constexpr std::array kMisspelledPowers{LabelFix{"Germnay", "Germany"}};

enum class Section {
  Outside,  // between END and the next CASE
  Header,   // after CASE, before the first section keyword
  CentreOwners,
  Prestate,
  PrestateDislodged,
  PrestateResults,
  Orders,
  Poststate,
  PoststateDislodged,
  PoststateSame,
};

struct SectionKeyword {
  std::string_view word;
  Section section;
};
constexpr std::array kSectionKeywords{
    SectionKeyword{"PRESTATE_SUPPLYCENTER_OWNERS", Section::CentreOwners},
    SectionKeyword{"PRESTATE", Section::Prestate},
    SectionKeyword{"PRESTATE_DISLODGED", Section::PrestateDislodged},
    SectionKeyword{"PRESTATE_RESULTS", Section::PrestateResults},
    SectionKeyword{"ORDERS", Section::Orders},
    SectionKeyword{"POSTSTATE", Section::Poststate},
    SectionKeyword{"POSTSTATE_DISLODGED", Section::PoststateDislodged},
    SectionKeyword{"POSTSTATE_SAME", Section::PoststateSame},
};

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// Splits off the first whitespace-separated word.
std::pair<std::string_view, std::string_view> first_word(std::string_view s) {
  auto end = std::find_if(s.begin(), s.end(), is_space);
  auto word = s.substr(0, static_cast<std::size_t>(end - s.begin()));
  return {word, trim(s.substr(word.size()))};
}

std::optional<std::string> canonical_power(std::string_view word) {
  for (auto power : kPowers)
    if (equals_ignoring_case(word, power)) return std::string(power);
  for (auto fix : kMisspelledPowers)
    if (equals_ignoring_case(word, fix.written)) return std::string(fix.meant);
  return std::nullopt;
}

class Loader {
 public:
  explicit Loader(std::string file) : file_(std::move(file)) {}

  void read_line(std::string_view raw, int line_number) {
    line_ = line_number;
    auto comment = raw.find('#');
    auto line = trim(raw.substr(0, comment));
    if (line.empty()) return;
    auto [word, rest] = first_word(line);
    if (word == "VARIANT_ALL") return read_variant(rest);
    if (word == "CASE") return start_case(rest);
    if (word == "END") return end_case(rest);
    if (word == "PRESTATE_SETPHASE") return read_phase(rest);
    for (auto keyword : kSectionKeywords)
      if (word == keyword.word) return start_section(keyword, rest);
    read_content(line);
  }

  void finish() {
    if (section_ != Section::Outside) error_at(case_.line, "CASE " + case_.label + " has no END");
  }

  std::vector<DatcCase> cases;
  std::vector<DatcLoadError> errors;

 private:
  void error(std::string message) { error_at(line_, std::move(message)); }
  void error_at(int line, std::string message) { errors.push_back({file_, line, std::move(message)}); }

  void read_variant(std::string_view rest) {
    if (section_ != Section::Outside) return error("VARIANT_ALL inside a case");
    if (!equals_ignoring_case(rest, "Standard"))
      error("only the Standard variant is supported, not '" + std::string(rest) + "'");
  }

  void start_case(std::string_view rest) {
    if (section_ != Section::Outside)
      error("CASE before the END of CASE " + case_.label + " (line " + std::to_string(case_.line) + ")");
    auto [label, title] = first_word(rest);
    while (!label.empty() && label.back() == '.') label.remove_suffix(1);  // "6.G.14."
    if (label.empty()) error("CASE without an id");
    case_ = DatcCase{};
    case_.label = std::string(label);
    case_.title = std::string(title);
    case_.file = file_;
    case_.line = line_;
    case_.id = corrected_id(case_.label);
    seen_.clear();
    section_ = Section::Header;
  }

  std::string corrected_id(const std::string& label) {
    std::string id = label;
    for (auto fix : kMislabelledIds)
      if (id == fix.written) id = fix.meant;
    if (ids_.count(id)) {
      auto repeated = std::find_if(kRepeatedIds.begin(), kRepeatedIds.end(),
                                   [&](const LabelFix& fix) { return id == fix.written; });
      if (repeated != kRepeatedIds.end() && !ids_.count(std::string(repeated->meant)))
        id = repeated->meant;
      else
        error("case id " + id + " used twice");
    }
    ids_.insert(id);
    return id;
  }

  void end_case(std::string_view rest) {
    if (section_ == Section::Outside) return error("END without CASE");
    if (!rest.empty()) error("unexpected text after END: '" + std::string(rest) + "'");
    if (!seen_.count(Section::Orders)) error("CASE " + case_.label + " has no ORDERS section");
    if (!seen_.count(Section::Poststate) && !seen_.count(Section::PoststateSame))
      error("CASE " + case_.label + " has neither POSTSTATE nor POSTSTATE_SAME");
    if (case_.phase.type == PhaseType::Retreat && !seen_.count(Section::PrestateResults))
      error("retreat CASE " + case_.label + " has no PRESTATE_RESULTS to derive the retreats from");
    cases.push_back(std::move(case_));
    section_ = Section::Outside;
  }

  // "Spring 1901, Movement"; an adjustment phase is written "Fall 1901, Adjustment" by
  // jDip and is the engine's winter phase.
  void read_phase(std::string_view rest) {
    if (section_ != Section::Header) return error("PRESTATE_SETPHASE must come right after CASE");
    std::string text(rest);
    std::replace(text.begin(), text.end(), ',', ' ');
    std::istringstream words(text);
    std::string season, type, extra;
    int year = 0;
    if (!(words >> season >> year >> type) || (words >> extra))
      return error("PRESTATE_SETPHASE wants '<Spring|Fall> <year>, <Movement|Retreat|Adjustment>', got '" +
                   std::string(rest) + "'");
    Phase phase;
    phase.year = static_cast<std::int16_t>(year);
    if (equals_ignoring_case(season, "Spring")) phase.season = Season::Spring;
    else if (equals_ignoring_case(season, "Fall")) phase.season = Season::Fall;
    else if (equals_ignoring_case(season, "Winter")) phase.season = Season::Winter;
    else return error("unknown season '" + season + "'");
    if (equals_ignoring_case(type, "Movement")) phase.type = PhaseType::Movement;
    else if (equals_ignoring_case(type, "Retreat")) phase.type = PhaseType::Retreat;
    else if (equals_ignoring_case(type, "Adjustment")) phase.type = PhaseType::Adjustment;
    else return error("unknown phase type '" + type + "'");
    if (phase.type == PhaseType::Adjustment) phase.season = Season::Winter;
    else if (phase.season == Season::Winter) return error("only adjustments happen in winter");
    case_.phase = phase;
  }

  void start_section(SectionKeyword keyword, std::string_view rest) {
    if (section_ == Section::Outside) return error(std::string(keyword.word) + " outside a CASE");
    if (!rest.empty()) error("unexpected text after " + std::string(keyword.word) + ": '" + std::string(rest) + "'");
    if (seen_.count(keyword.section)) error(std::string(keyword.word) + " given twice");
    seen_.insert(keyword.section);
    bool same = seen_.count(Section::PoststateSame) > 0;
    if (same && (seen_.count(Section::Poststate) || seen_.count(Section::PoststateDislodged)))
      error("POSTSTATE_SAME cannot be combined with POSTSTATE or POSTSTATE_DISLODGED");
    section_ = keyword.section;
    if (section_ == Section::PoststateSame) case_.poststate_same = true;
  }

  void read_content(std::string_view line) {
    switch (section_) {
      case Section::Outside:
        return error("text outside a CASE: '" + std::string(line) + "'");
      case Section::Header:
        return error("text before the first section of CASE " + case_.label + ": '" + std::string(line) + "'");
      case Section::PoststateSame:
        return error("POSTSTATE_SAME takes no lines: '" + std::string(line) + "'");
      case Section::CentreOwners: return add_unit(case_.centre_owners, line);
      case Section::Prestate: return add_unit(case_.prestate, line);
      case Section::PrestateDislodged: return add_unit(case_.prestate_dislodged, line);
      case Section::Poststate: return add_unit(case_.poststate, line);
      case Section::PoststateDislodged: return add_unit(case_.poststate_dislodged, line);
      case Section::Orders:
        if (auto order = split_power(line)) case_.orders.push_back(std::move(*order));
        return;
      case Section::PrestateResults: return add_result(line);
    }
  }

  // "Power: text". The colon is missing on two lines of the published file
  // ("Italy F gol", "France f mid" in 6.B.6), which are still unambiguous.
  std::optional<DatcLine> split_power(std::string_view line) {
    auto end = std::find_if(line.begin(), line.end(), [](char c) { return c == ':' || is_space(c); });
    auto word = line.substr(0, static_cast<std::size_t>(end - line.begin()));
    auto power = canonical_power(word);
    if (!power) {
      error("expected 'Power: ...', and '" + std::string(word) + "' is not a power of the standard map");
      return std::nullopt;
    }
    auto rest = trim(line.substr(word.size()));
    if (!rest.empty() && rest.front() == ':') rest = trim(rest.substr(1));
    if (rest.empty()) {
      error("nothing after the power in '" + std::string(line) + "'");
      return std::nullopt;
    }
    return DatcLine{*power, std::string(rest), line_};
  }

  void add_unit(std::vector<DatcLine>& units, std::string_view line) {
    auto unit = split_power(line);
    if (!unit) return;
    auto [type, location] = first_word(unit->text);
    if (!(equals_ignoring_case(type, "A") || equals_ignoring_case(type, "F")) || location.empty())
      return error("expected a unit 'A <place>' or 'F <place>', got '" + unit->text + "'");
    units.push_back(std::move(*unit));
  }

  void add_result(std::string_view line) {
    auto [flag, rest] = first_word(line);
    bool success = flag == "SUCCESS:";
    if (!success && flag != "FAILURE:")
      return error("expected 'SUCCESS: Power: order' or 'FAILURE: Power: order', got '" + std::string(line) + "'");
    if (auto order = split_power(rest)) case_.prestate_results.push_back({success, std::move(*order)});
  }

  std::string file_;
  int line_ = 0;
  Section section_ = Section::Outside;
  DatcCase case_;
  std::set<Section> seen_;
  std::set<std::string> ids_;
};

}  // namespace

std::string format_error(const DatcLoadError& error) {
  return error.file + ":" + std::to_string(error.line) + ": " + error.message;
}

tl::expected<std::vector<DatcCase>, std::vector<DatcLoadError>> parse_datc_cases(std::string_view text,
                                                                                 const std::string& file_name) {
  Loader loader(file_name);
  int line_number = 0;
  while (!text.empty()) {
    auto end = text.find('\n');
    loader.read_line(text.substr(0, end), ++line_number);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
  }
  loader.finish();
  if (!loader.errors.empty()) return tl::unexpected(std::move(loader.errors));
  return std::move(loader.cases);
}

tl::expected<std::vector<DatcCase>, std::vector<DatcLoadError>> load_datc_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return tl::unexpected(std::vector<DatcLoadError>{{path.string(), 0, "cannot open the file"}});
  std::ostringstream text;
  text << in.rdbuf();
  return parse_datc_cases(text.str(), path.string());
}

std::string sanitised_test_name(std::string_view id) {
  std::string name;
  for (char c : id) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return name;
}

}  // namespace stratagem::diplomacy::testing
