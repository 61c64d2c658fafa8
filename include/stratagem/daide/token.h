#pragma once
// DAIDE tokens (../shared/daide/protocol.html, chapter 4): every word of the language is
// a 16-bit value whose high octet is its category. Integers, text characters and the
// reserved categories are recognised by their category alone; the others have a
// three-letter mnemonic, which the Representation gives.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <tl/expected.hpp>

namespace stratagem::daide {

struct Token {
  std::uint16_t value = 0;
  constexpr std::uint8_t category() const { return static_cast<std::uint8_t>(value >> 8); }
  constexpr std::uint8_t number() const { return static_cast<std::uint8_t>(value & 0xFF); }
  friend constexpr bool operator==(Token, Token) = default;
  friend constexpr auto operator<=>(Token, Token) = default;
};

namespace category {
constexpr std::uint8_t kBracket = 0x40;
constexpr std::uint8_t kPower = 0x41;
constexpr std::uint8_t kUnitType = 0x42;
constexpr std::uint8_t kOrder = 0x43;
constexpr std::uint8_t kOrderNote = 0x44;
constexpr std::uint8_t kResult = 0x45;
constexpr std::uint8_t kCoast = 0x46;
constexpr std::uint8_t kPhase = 0x47;
constexpr std::uint8_t kCommand = 0x48;
constexpr std::uint8_t kParameter = 0x49;
constexpr std::uint8_t kPress = 0x4A;
constexpr std::uint8_t kText = 0x4B;
constexpr std::uint8_t kBignum = 0x4C;
constexpr std::uint8_t kFirstProvince = 0x50;
constexpr std::uint8_t kLastProvince = 0x57;
constexpr std::uint8_t kFirstReserved = 0x58;
constexpr std::uint8_t kLastReserved = 0x5F;
}  // namespace category

constexpr bool is_integer(Token t) { return t.category() < 0x40; }
constexpr bool is_text(Token t) { return t.category() == category::kText; }
constexpr bool is_bignum(Token t) { return t.category() == category::kBignum; }
constexpr bool is_power(Token t) { return t.category() == category::kPower; }
constexpr bool is_province(Token t) {
  return t.category() >= category::kFirstProvince && t.category() <= category::kLastProvince;
}
// Private-use categories: "they must never be sent over the wire" (protocol 4.17).
constexpr bool is_reserved(Token t) {
  return t.category() >= category::kFirstReserved && t.category() <= category::kLastReserved;
}
// Integers are 14-bit two's complement: -8192..8191.
constexpr int kSmallestInteger = -8192;
constexpr int kLargestInteger = 8191;
constexpr int integer_value(Token t) { return (t.value & 0x2000) ? int(t.value & 0x3FFF) - 0x4000 : t.value & 0x3FFF; }
constexpr Token integer_token(int n) { return Token{static_cast<std::uint16_t>(n & 0x3FFF)}; }
constexpr Token text_token(char c) {
  return Token{static_cast<std::uint16_t>(category::kText << 8 | static_cast<unsigned char>(c))};
}

// The tokens the client speaks and listens for, by their mnemonics.
namespace tokens {
constexpr Token BRA{0x4000}, KET{0x4001};
constexpr Token AMY{0x4200}, FLT{0x4201};
constexpr Token CTO{0x4320}, CVY{0x4321}, HLD{0x4322}, MTO{0x4323}, SUP{0x4324}, VIA{0x4325}, DSB{0x4340},
    RTO{0x4341}, BLD{0x4380}, REM{0x4381}, WVE{0x4382};
constexpr Token MBV{0x4400}, BPR{0x4401}, CST{0x4402}, ESC{0x4403}, FAR{0x4404}, HSC{0x4405}, NAS{0x4406},
    NMB{0x4407}, NMR{0x4408}, NRN{0x4409}, NRS{0x440A}, NSA{0x440B}, NSC{0x440C}, NSF{0x440D}, NSP{0x440E},
    NSU{0x4410}, NVR{0x4411}, NYU{0x4412}, YSC{0x4413};
constexpr Token SUC{0x4500}, BNC{0x4501}, CUT{0x4502}, DSR{0x4503}, NSO{0x4505}, RET{0x4506};
constexpr Token NCS{0x4600}, NEC{0x4602}, ECS{0x4604}, SEC{0x4606}, SCS{0x4608}, SWC{0x460A}, WCS{0x460C},
    NWC{0x460E};
constexpr Token SPR{0x4700}, SUM{0x4701}, FAL{0x4702}, AUT{0x4703}, WIN{0x4704};
constexpr Token CCD{0x4800}, DRW{0x4801}, FRM{0x4802}, GOF{0x4803}, HLO{0x4804}, HST{0x4805}, HUH{0x4806},
    IAM{0x4807}, LOD{0x4808}, MAP{0x4809}, MDF{0x480A}, MIS{0x480B}, NME{0x480C}, NOT{0x480D}, NOW{0x480E},
    OBS{0x480F}, OFF{0x4810}, ORD{0x4811}, OUT{0x4812}, PRN{0x4813}, REJ{0x4814}, SCO{0x4815}, SLO{0x4816},
    SND{0x4817}, SUB{0x4818}, SVE{0x4819}, THX{0x481A}, TME{0x481B}, YES{0x481C}, ADM{0x481D}, SMR{0x481E};
constexpr Token AOA{0x4900}, BTL{0x4901}, ERR{0x4902}, LVL{0x4903}, MRT{0x4904}, MTL{0x4905}, RTL{0x490A},
    UNO{0x490B};
constexpr Token TRY{0x4A1A};
}  // namespace tokens

// Which mnemonic each token has: the standard table of protocol.html chapter 4, or the
// standard table with its powers and provinces replaced by a server's Representation
// Message (protocol 3.3). Press tokens FCT, FOR and FWD take the numbers of David
// Norman's programs, which the real servers and bots use (../shared/daide/SOURCE.md).
class Representation {
 public:
  static const Representation& standard();
  // From the data of an RM: six-octet blocks (token, three ASCII letters or digits, a
  // zero). An empty RM keeps the standard powers and provinces.
  static tl::expected<Representation, std::string> from_rm(std::span<const std::uint8_t> data);

  // The mnemonic of a named token; nullopt for integers, text and unknown tokens.
  std::optional<std::string_view> mnemonic(Token t) const;
  // The token of a mnemonic (any case); nullopt if unknown.
  std::optional<Token> token(std::string_view mnemonic) const;
  // Every power token, and every province token, in increasing order.
  std::vector<Token> powers() const;
  std::vector<Token> provinces() const;

 private:
  struct Entry {
    Token token;
    std::string mnemonic;
  };
  std::vector<Entry> entries_;  // sorted by token
};

}  // namespace stratagem::daide
