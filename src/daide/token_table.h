#pragma once
// The standard token table (../shared/daide/protocol.html chapter 4, as tokens.tsv lists
// it), with FCT, FOR and FWD at the numbers David Norman's programs use.

#include <cstdint>
#include <span>

namespace stratagem::daide {

struct TokenTableEntry {
  std::uint16_t value;
  const char* mnemonic;
};

std::span<const TokenTableEntry> standard_token_table();

}  // namespace stratagem::daide
