#pragma once
// The action vocabulary of a map (a network's order vocabulary; the order parser's words
// are order_vocabulary.h in src/): every order that is legal in some position, each once,
// as canonical text (format_order), sorted. A network's action space indexes it. Exact
// for the legal order generator (legal_orders.h): a move by convoy to any coastal province
// joined by seas, a convoy by every sea on some simple sea route between its ends, the
// supports of every move into the provinces the supporter reaches, builds on home centres.

#include <string>
#include <vector>

#include "stratagem/diplomacy/variant.h"

namespace stratagem::diplomacy {

std::vector<std::string> action_vocabulary(const Variant& variant);

}  // namespace stratagem::diplomacy
