#pragma once
// Rule options: every point where rulebooks (and the DATC) allow more than one reading
// is a named option here, and a profile is a full set of choices. docs/diplomacy-rules.md
// lists each option, the seed or DATC paragraph behind it, and why each profile picks
// what it picks.

#include <cstdint>
#include <optional>
#include <string_view>

namespace stratagem::diplomacy {

// DATC 4.A.3: an army ordered to an adjacent province while a convoy could carry it.
enum class AdjacentConvoyRule : std::uint8_t {
  // 2000/2023 rulebooks: "via convoy", or a convoy order by a fleet of the army's own
  // power, makes the move a convoyed one; it never falls back to the land route.
  IntentNoFallback,
  // DATC v2.4 preference: the same intent rule, but an explicit convoy that has no
  // route falls back to the land route (6.G.8 in the v2.4 file).
  IntentWithLandFallback,
};

// DATC 4.D.8 / seed 000 §4.3.3: which units a power in civil disorder loses first.
enum class CivilDisorderDistance : std::uint8_t {
  // 2023 rulebook: distance to the nearest supply centre the power owns, counting
  // moves through any province (armies and fleets alike).
  ToOwnedCentres,
  // 1971-2000 rulebooks as DATC v2.4 reads them: distance to the nearest home centre
  // (owned or not); armies count land moves (and convoys), fleets sea moves.
  ToHomeCentres,
};

struct RuleOptions {
  AdjacentConvoyRule adjacent_convoy = AdjacentConvoyRule::IntentNoFallback;
  CivilDisorderDistance civil_disorder = CivilDisorderDistance::ToOwnedCentres;
  // DATC 4.A.5: a unit dislodged by a convoyed army may retreat to that army's origin.
  bool retreat_to_convoying_attacker_origin = true;
  // DATC 4.E.1 / 6.G.19: a convoy order by a fleet that no convoy route needs is
  // illegal (ignored: the fleet holds and expresses no intent).
  bool unnecessary_convoy_is_illegal = true;
  // DATC 4.A.2: paradoxes are always settled by the Szykman rule (the convoys in the
  // paradox fail and the convoyed armies hold); other options are not offered.

  friend bool operator==(const RuleOptions&, const RuleOptions&) = default;
};

// "standard": seed 000 first, then the DATC v3.1 preferences (2023 rulebook).
RuleOptions standard_rules();
// "datc": what ../shared/datc/godip/datc_v2.4_06.txt assumes (DATC v2.4 preferences).
RuleOptions datc_v24_rules();
// Profile by name ("standard", "datc"); nullopt for an unknown name.
std::optional<RuleOptions> rules_by_name(std::string_view name);

}  // namespace stratagem::diplomacy
