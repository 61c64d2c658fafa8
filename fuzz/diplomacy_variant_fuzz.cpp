// Any bytes as a variant file: parsed, or refused with the line and what is wrong.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "stratagem/diplomacy/variant.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  (void)stratagem::diplomacy::Variant::parse(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
