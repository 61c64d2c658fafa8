#include <fmt/format.h>

#include "stratagem/daide/framing.h"

namespace stratagem::daide {

std::string describe_error(std::uint16_t code) {
  switch (static_cast<ErrorCode>(code)) {
    case ErrorCode::InitialTimer: return "the initial message did not arrive in time";
    case ErrorCode::InitialNotFirst: return "the initial message was not the client's first message";
    case ErrorCode::WrongEndian: return "the initial message had the wrong byte order";
    case ErrorCode::BadMagicNumber: return "the initial message had a wrong magic number";
    case ErrorCode::VersionIncompatible: return "incompatible protocol versions";
    case ErrorCode::InitialTwice: return "more than one initial message";
    case ErrorCode::InitialFromServer: return "an initial message came from the server";
    case ErrorCode::UnknownMessage: return "a message of unknown type";
    case ErrorCode::MessageTooShort: return "a message shorter than its type requires";
    case ErrorCode::DiplomacyBeforeRepresentation: return "a diplomacy message before the representation message";
    case ErrorCode::RepresentationNotFirst: return "the representation message was not the server's first message";
    case ErrorCode::UnexpectedRepresentation: return "an unexpected representation message";
    case ErrorCode::RepresentationFromClient: return "a representation message came from the client";
    case ErrorCode::InvalidToken: return "an invalid token in a diplomacy message";
  }
  return fmt::format("unknown error code 0x{:02X}", code);
}

std::optional<std::vector<std::uint8_t>> encode_frame(MessageType type, std::span<const std::uint8_t> data) {
  if (data.size() > kLargestData) return std::nullopt;
  std::vector<std::uint8_t> out{static_cast<std::uint8_t>(type), 0, static_cast<std::uint8_t>(data.size() >> 8),
                                static_cast<std::uint8_t>(data.size() & 0xFF)};
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

std::vector<std::uint8_t> initial_message() {
  const std::uint8_t data[] = {kProtocolVersion >> 8, kProtocolVersion & 0xFF, kMagicNumber >> 8, kMagicNumber & 0xFF};
  return *encode_frame(MessageType::Initial, data);
}

std::vector<std::uint8_t> final_message() { return *encode_frame(MessageType::Final, {}); }

std::vector<std::uint8_t> error_message(ErrorCode code) {
  const auto value = static_cast<std::uint16_t>(code);
  const std::uint8_t data[] = {static_cast<std::uint8_t>(value >> 8), static_cast<std::uint8_t>(value & 0xFF)};
  return *encode_frame(MessageType::Error, data);
}

void FrameReader::feed(std::span<const std::uint8_t> octets) { buffer_.insert(buffer_.end(), octets.begin(), octets.end()); }

std::optional<Frame> FrameReader::next() {
  if (buffer_.size() < kHeaderSize) return std::nullopt;
  const std::size_t length = std::size_t{buffer_[2]} << 8 | buffer_[3];
  if (buffer_.size() < kHeaderSize + length) return std::nullopt;
  Frame frame;
  frame.type = buffer_[0];
  frame.data.assign(buffer_.begin() + kHeaderSize, buffer_.begin() + static_cast<std::ptrdiff_t>(kHeaderSize + length));
  buffer_.erase(buffer_.begin(), buffer_.begin() + static_cast<std::ptrdiff_t>(kHeaderSize + length));
  return frame;
}

}  // namespace stratagem::daide
