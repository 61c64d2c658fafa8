#pragma once
// A phase's results in the words of MILA's `diplomacy` package (its
// `diplomacy.utils.order_results`), read from what our adjudicator resolved: the
// `diplomacy.engine.game.Game` face reports these where the CLI and `stratagem.diplomacy`
// report their own words. MILA's conventions:
//  - movement: every unit on the board is listed, [] for an order carried out or a unit
//    that held; a dislodged unit's own result comes first, then `dislodged`
//    (["bounce", "dislodged"]);
//  - retreats: every dislodged unit; [] for a retreat made, `disband` for a unit that
//    left the board (after `bounce` when two retreated to one place);
//  - adjustments: every build and removal written, OK (the empty word) when carried out
//    and `void` when not; every WAIVE `void`, all under one "WAIVE"; and each unit removed
//    by civil disorder (OK).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "diplomacy_game.h"

namespace stratagem::python {

enum class MilaResult : std::uint8_t { Ok, NoConvoy, Bounce, Void, Cut, Dislodged, Disrupted, Disband };

// As MILA prints it: "", "no convoy", "bounce", "void", "cut", "dislodged", "disrupted", "disband".
std::string_view mila_word(MilaResult result);

struct MilaUnitResult {
  std::string unit;  // "A PAR", "F STP/SC", "WAIVE"
  std::vector<MilaResult> results;
  std::string dislodged_by = {};  // a dislodged unit: the province its attacker came from
};

// The results of `phase` (the position and orders before `adjudicated`), unit by unit in
// the order of their provinces (adjustments: in the order written).
std::vector<MilaUnitResult> mila_results(const diplomacy::Variant& variant, const PendingPhase& phase,
                                         const AdjudicatedPhase& adjudicated);

}  // namespace stratagem::python
