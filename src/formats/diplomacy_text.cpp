#include "stratagem/formats/diplomacy_text.h"

#include <algorithm>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "stratagem/formats/diplomacy_places.h"
#include "stratagem/formats/diplomacy_words.h"
#include "stratagem/diplomacy/order_parser.h"

namespace stratagem::formats {

using namespace diplomacy;

namespace {

template <class... Args>
std::string fill(std::string_view pattern, Args&&... args) {
  return fmt::format(fmt::runtime(pattern), std::forward<Args>(args)...);
}

std::string joined(const std::vector<std::string>& items, std::string_view separator) {
  std::string text;
  for (const std::string& item : items) {
    if (!text.empty()) text += separator;
    text += item;
  }
  return text;
}

// Texts shown in the order of their codes (location or province codes), so that the
// rendering depends neither on the map's numbering nor on the language.
class ByCode {
 public:
  void add(std::string code, std::string text) { entries_.emplace_back(std::move(code), std::move(text)); }
  bool empty() const { return entries_.empty(); }
  std::vector<std::string> sorted() const {
    auto entries = entries_;
    std::sort(entries.begin(), entries.end());
    std::vector<std::string> texts;
    for (auto& entry : entries) texts.push_back(std::move(entry.second));
    return texts;
  }

 private:
  std::vector<std::pair<std::string, std::string>> entries_;
};

class Renderer {
 public:
  Renderer(const Variant& variant, Language language)
      : variant_(variant), language_(language), words_(words_in(language)) {}

  std::string phase(Phase phase) const {
    return fill(words_.phase, fmt::arg("season", words_.seasons[static_cast<int>(phase.season)]),
                fmt::arg("year", phase.year), fmt::arg("type", words_.phase_types[static_cast<int>(phase.type)]));
  }

  std::string position(const GameState& state, std::string_view heading) const {
    std::string text = fmt::format("{}\n", heading);
    for (int p = 0; p < variant_.power_count(); ++p) {
      const Power power = power_at(p);
      ByCode lines, owned;
      state.occupied_provinces().for_each([&](int province) {
        const Unit standing = *state.unit_in(province_at(province));
        if (standing.power == power) lines.add(variant_.location_code(standing.location), unit(standing));
      });
      state.dislodged_provinces().for_each([&](int province) {
        const DislodgedUnit dislodged = *state.dislodged_in(province_at(province));
        if (dislodged.unit.power == power)
          lines.add(variant_.location_code(dislodged.unit.location), retreat_choices(dislodged));
      });
      variant_.all_supply_centres().for_each([&](int c) {
        if (state.centre_owner(province_at(c)) == power)
          owned.add(variant_.province_code(province_at(c)), variant_.province_name(province_at(c), language_));
      });
      if (lines.empty() && owned.empty()) continue;
      const std::vector<std::string> centres = owned.sorted();
      std::string heading = fill(words_.power_heading, fmt::arg("power", variant_.power_name(power, language_)),
                                 fmt::arg("count", centres.size()));
      if (!centres.empty())
        heading += fill(words_.centre_list, fmt::arg("centres", joined(centres, words_.list_separator)));
      text += fmt::format("\n{}\n", heading);
      for (const std::string& line : lines.sorted()) text += fmt::format("  {}\n", line);
    }
    return text;
  }

  std::string written_orders(const PhaseInput& input) const {
    std::string text = fmt::format("{}\n", fill(words_.orders_heading, fmt::arg("phase", phase(input.state.phase))));
    for (const PowerOrders& orders : input.orders) {
      text += fmt::format("\n{}\n", variant_.power_name(orders.power, language_));
      for (const std::string& written : orders.orders)
        text += fmt::format("  {}\n", order_text(written, input.state.phase.type));
    }
    return text;
  }

  std::string results(const PhaseReport& report) const {
    std::string text = fmt::format("{}\n", fill(words_.orders_heading, fmt::arg("phase", phase(report.phase))));
    for (int p = 0; p < variant_.power_count(); ++p) {
      std::string lines;
      for (const OrderReport& entry : report.results[p])
        if (entry.input || entry.disbanded || report.phase.type != PhaseType::Adjustment)
          lines += fmt::format("  {}\n", result_line(report, entry));
      if (!lines.empty()) text += fmt::format("\n{}\n{}", variant_.power_name(power_at(p), language_), lines);
    }
    return text;
  }

  std::string ending(const EndReport& end) const {
    std::vector<std::string> winners;
    end.winners.for_each([&](int p) { winners.push_back(variant_.power_name(power_at(p), language_)); });
    return fill(words_.endings[static_cast<int>(end.kind)],
                fmt::arg("winners", joined(winners, words_.list_separator)));
  }

 private:
  std::string place(Location at) const {
    const std::string& name = variant_.province_name(variant_.province_of(at), language_);
    const Coast coast = variant_.coast_of(at);
    if (coast == Coast::None) return name;
    return fill(words_.place_on_coast, fmt::arg("place", name),
                fmt::arg("coast", words_.coasts[static_cast<int>(coast)]));
  }

  std::string unit(UnitType type, Location at) const {
    return fill(words_.unit, fmt::arg("type", words_.unit_types[static_cast<int>(type)]), fmt::arg("place", place(at)));
  }
  std::string unit(const Unit& standing) const { return unit(standing.type, standing.location); }

  std::string retreat_choices(const DislodgedUnit& dislodged) const {
    if (dislodged.retreats.empty()) return fill(words_.must_disband, fmt::arg("unit", unit(dislodged.unit)));
    ByCode places;
    dislodged.retreats.for_each(
        [&](int l) { places.add(variant_.location_code(location_at(l)), place(location_at(l))); });
    return fill(words_.may_retreat, fmt::arg("unit", unit(dislodged.unit)),
                fmt::arg("places", joined(places.sorted(), words_.list_separator)));
  }

 public:
  std::string order(const ParsedOrder& parsed) const {
    const Order& o = parsed.order;
    const std::string self = o.kind() == OrderKind::Waive ? "" : unit(o.unit_type(), o.unit());
    const auto with = [&](std::string_view pattern, const std::string& other, Location to) {
      return fill(pattern, fmt::arg("unit", self), fmt::arg("other", other),
                  fmt::arg("to", to == Location::None ? "" : place(to)));
    };
    switch (o.kind()) {
      case OrderKind::Hold:
        return with(words_.hold, "", Location::None);
      case OrderKind::Move:
        return with(o.via_convoy() ? words_.move_via_convoy : words_.move, "", o.target());
      case OrderKind::SupportHold:
        return with(words_.support_hold, unit(parsed.target_type, o.target()), Location::None);
      case OrderKind::SupportMove:
        return with(words_.support_move, unit(parsed.target_type, o.target()), o.dest());
      case OrderKind::Convoy:
        return with(words_.convoy, unit(UnitType::Army, o.target()), o.dest());
      case OrderKind::Retreat:
        return with(words_.retreat, "", o.target());
      case OrderKind::Disband:
        return with(words_.disband, "", Location::None);
      case OrderKind::Build:
        return with(words_.build, "", Location::None);
      case OrderKind::Remove:
        return with(words_.remove, "", Location::None);
      case OrderKind::Waive:
        return std::string(words_.waive);
    }
    return self;
  }

 private:
  // An order as this language writes it; text that does not read as an order is shown
  // as written.
  std::string order_text(const std::string& text, PhaseType phase_type) const {
    auto parsed = parse_order(variant_, text, phase_type);
    return parsed ? order(*parsed) : in_quotes(text);
  }

  std::string unit_text(const std::string& canonical) const {
    auto placed = read_unit(variant_, canonical);
    return placed ? unit(placed->type, placed->location) : in_quotes(canonical);
  }

  // The unit that bounced, cut or dislodged another, shown with its order when it had one.
  std::string by_text(const PhaseReport& report, const std::string& by) const {
    for (const auto& entries : report.results)
      for (const OrderReport& entry : entries)
        if (entry.unit == by && entry.order) return order_text(*entry.order, report.phase.type);
    return unit_text(by);
  }

  std::string result_line(const PhaseReport& report, const OrderReport& entry) const {
    std::string subject;
    if (entry.order)
      subject = order_text(*entry.order, report.phase.type);
    else if (entry.input)
      subject = in_quotes(*entry.input);
    else if (entry.unit)
      subject = unit_text(*entry.unit);
    const int outcome = static_cast<int>(entry.result);
    std::string said;
    if (entry.disbanded)
      said = report.phase.type == PhaseType::Adjustment ? words_.civil_disorder : words_.no_order_disbanded;
    else if (entry.by && !words_.outcomes_by[outcome].empty())
      said = fill(words_.outcomes_by[outcome], fmt::arg("by", by_text(report, *entry.by)));
    else
      said = words_.outcomes[outcome];
    if (entry.strength && entry.opposing_strength)
      said += fmt::format(" {}", fill(words_.strengths, fmt::arg("strength", entry.strength),
                                      fmt::arg("opposing", entry.opposing_strength)));
    if (!entry.error.empty())
      said = fill(words_.with_reason, fmt::arg("outcome", said),
                  fmt::arg("reason", reason_text(entry, report.phase.type)));
    return fill(words_.result_line, fmt::arg("order", subject), fmt::arg("outcome", said));
  }

  // Why an order failed, said in this language. The report gives the reason in English:
  // a void order's is describe()'s sentence; text that could not be read is read again
  // to say why in this language.
  std::string reason_text(const OrderReport& entry, PhaseType phase_type) const {
    if (const auto reason = void_reason_described_as(entry.error)) return void_reason_text(*reason, language_);
    if (entry.error == words_in(Language::En).not_ordering) return std::string(words_.not_ordering);
    if (entry.input && !entry.order) {
      const auto parsed = parse_order(variant_, *entry.input, phase_type);
      if (!parsed && parsed.error().message == entry.error) return parse_error_text(variant_, parsed.error(), language_);
    }
    return entry.error;
  }

  const Variant& variant_;
  Language language_;
  const Words& words_;
};

}  // namespace

std::string render_phase_input(const Variant& variant, const PhaseInput& input, Language language) {
  const Renderer renderer(variant, language);
  std::string text = renderer.position(input.state, renderer.phase(input.state.phase));
  if (!input.orders.empty()) text += fmt::format("\n{}", renderer.written_orders(input));
  return text;
}

std::string render_phase_report(const Variant& variant, const PhaseReport& report, Language language) {
  const Renderer renderer(variant, language);
  const Words& words = words_in(language);
  const std::string next_heading = fill(words.next_heading, fmt::arg("phase", renderer.phase(report.next.phase)));
  std::string text = fmt::format("{}\n{}", renderer.results(report), renderer.position(report.next, next_heading));
  if (report.end) text += fmt::format("\n{}\n", renderer.ending(*report.end));
  return text;
}

std::string order_in_words(const Variant& variant, const ParsedOrder& order, Language language) {
  return Renderer(variant, language).order(order);
}

}  // namespace stratagem::formats
