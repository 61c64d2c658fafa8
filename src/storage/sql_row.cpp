#include "sql_session.h"

#include <charconv>

namespace stratagem::storage {

const std::string& SqlRow::text(std::size_t column) const {
  const auto& value = columns_.at(column);
  if (!value) throw SqlFailure(StoreErrorCode::failed, "column " + std::to_string(column) + " is NULL");
  return *value;
}

std::int64_t SqlRow::integer(std::size_t column) const {
  const std::string& value = text(column);
  std::int64_t number = 0;
  auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
  if (error != std::errc{} || end != value.data() + value.size())
    throw SqlFailure(StoreErrorCode::failed,
                     "column " + std::to_string(column) + " holds \"" + value + "\", not an integer");
  return number;
}

std::optional<std::int64_t> SqlRow::optional_integer(std::size_t column) const {
  if (is_null(column)) return std::nullopt;
  return integer(column);
}

}  // namespace stratagem::storage
