#pragma once
// The DAIDE transport (../shared/daide/protocol.html, chapter 3): every message is a
// type octet, a pad octet, a 16-bit big-endian length and that many octets of data.

#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace stratagem::daide {

enum class MessageType : std::uint8_t { Initial = 0, Representation = 1, Diplomacy = 2, Final = 3, Error = 4 };

// Error Message codes (protocol 3.6).
enum class ErrorCode : std::uint16_t {
  InitialTimer = 0x01,
  InitialNotFirst = 0x02,
  WrongEndian = 0x03,
  BadMagicNumber = 0x04,
  VersionIncompatible = 0x05,
  InitialTwice = 0x06,
  InitialFromServer = 0x07,
  UnknownMessage = 0x08,
  MessageTooShort = 0x09,
  DiplomacyBeforeRepresentation = 0x0A,
  RepresentationNotFirst = 0x0B,
  UnexpectedRepresentation = 0x0C,
  RepresentationFromClient = 0x0D,
  InvalidToken = 0x0E,
};
// What a code means, in words; unknown codes are named by number.
std::string describe_error(std::uint16_t code);

constexpr std::uint16_t kProtocolVersion = 1;
constexpr std::uint16_t kMagicNumber = 0xDA10;
constexpr std::size_t kHeaderSize = 4;
constexpr std::size_t kLargestData = 0xFFFF;

struct Frame {
  std::uint8_t type = 0;  // a MessageType, or an unknown number as received
  std::vector<std::uint8_t> data;
};

// One message's octets. Data beyond 65535 octets cannot be framed: nullopt.
std::optional<std::vector<std::uint8_t>> encode_frame(MessageType type, std::span<const std::uint8_t> data);
std::vector<std::uint8_t> initial_message();
std::vector<std::uint8_t> final_message();
std::vector<std::uint8_t> error_message(ErrorCode code);

// Cuts a byte stream into frames, however the stream was split into reads.
class FrameReader {
 public:
  void feed(std::span<const std::uint8_t> octets);
  // The next complete frame, or nullopt until more octets arrive.
  std::optional<Frame> next();
  // Octets received that do not yet make a whole frame.
  std::size_t pending() const { return buffer_.size(); }

 private:
  std::deque<std::uint8_t> buffer_;
};

}  // namespace stratagem::daide
