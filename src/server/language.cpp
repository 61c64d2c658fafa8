#include "language.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace stratagem::server {
namespace {

std::string lowercase(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

std::optional<Language> language_of_tag(std::string_view tag) {
  const std::string lower = lowercase(tag);
  const auto primary = lower.substr(0, lower.find('-'));
  if (primary == "en") return Language::En;
  if (primary == "ja") return Language::Ja;
  if (primary == "zh") {
    // A script subtag decides; without one, the regions that write traditional characters.
    if (lower.find("-hant") != std::string::npos) return Language::ZhHant;
    if (lower.find("-hans") != std::string::npos) return Language::ZhHans;
    for (const char* region : {"-tw", "-hk", "-mo"}) {
      if (lower.ends_with(region)) return Language::ZhHant;
    }
    return Language::ZhHans;
  }
  return std::nullopt;
}

// The q value of one list element's parameters; malformed weights count as 1 (lenient, as
// browsers never send them).
double weight_of(std::string_view parameters) {
  while (!parameters.empty()) {
    const auto semicolon = parameters.find(';');
    const auto parameter = trim(parameters.substr(0, semicolon));
    if (parameter.size() > 2 && (parameter[0] == 'q' || parameter[0] == 'Q') && parameter[1] == '=') {
      const std::string value(parameter.substr(2));
      try {
        return std::stod(value);
      } catch (...) {
        return 1.0;
      }
    }
    if (semicolon == std::string_view::npos) break;
    parameters.remove_prefix(semicolon + 1);
  }
  return 1.0;
}

// The tag of the header's best weight among those of the four languages.
std::optional<std::string_view> best_tag(std::string_view header) {
  std::optional<std::string_view> best;
  double best_weight = 0.0;
  while (!header.empty()) {
    const auto comma = header.find(',');
    const auto element = trim(header.substr(0, comma));
    const auto semicolon = element.find(';');
    const auto tag = trim(element.substr(0, semicolon));
    const double weight =
        semicolon == std::string_view::npos ? 1.0 : weight_of(element.substr(semicolon + 1));
    if (language_of_tag(tag) && weight > best_weight) {
      best = tag;
      best_weight = weight;
    }
    if (comma == std::string_view::npos) break;
    header.remove_prefix(comma + 1);
  }
  return best;
}

}  // namespace

const std::vector<std::string_view>& account_languages() {
  static const std::vector<std::string_view> codes = {"en", "zh-Hant", "zh-Hant-HK", "zh-Hans", "ja"};
  return codes;
}

std::optional<Language> account_language(std::string_view code) {
  if (code == "zh-Hant-HK") return Language::ZhHant;
  return diplomacy::language_by_code(code);
}

NameRegion account_names(std::string_view code) {
  return code == "zh-Hant-HK" ? NameRegion::HongKong : NameRegion::Taiwan;
}

std::optional<Language> language_from_accept_language(std::string_view header) {
  const auto tag = best_tag(header);
  return tag ? language_of_tag(*tag) : std::nullopt;
}

NameRegion names_from_accept_language(std::string_view header) {
  const auto tag = best_tag(header);
  if (!tag || language_of_tag(*tag) != Language::ZhHant) return NameRegion::Taiwan;
  const std::string lower = lowercase(*tag);
  return lower.ends_with("-hk") || lower.ends_with("-mo") ? NameRegion::HongKong : NameRegion::Taiwan;
}

}  // namespace stratagem::server
