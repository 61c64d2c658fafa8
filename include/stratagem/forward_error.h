#pragma once
// Passing a failure on to the caller: the one way the tree forwards the error of a
// tl::expected it does not handle itself, instead of writing
// `if (!x) return tl::unexpected(x.error());` at each call. C++ has no operator for this
// (Rust's `?`), so these are macros, as Abseil's RETURN_IF_ERROR and ASSIGN_OR_RETURN are:
//
//   STRATAGEM_TRY(check_fields(object, "unit", {"type", "location"}));
//   STRATAGEM_TRY_ASSIGN(const Power power, read_power(variant, text));
//
// The error converts to the enclosing function's error type. STRATAGEM_TRY_ASSIGN
// declares a variable (or assigns to any lvalue), so it is a statement of its own, never
// the body of an `if`.

#include <utility>

#include <tl/expected.hpp>

// Returns the error of the expression (a tl::expected) from the enclosing function if it
// holds one; its value, if any, is dropped.
#define STRATAGEM_TRY(...)                                                   \
  do {                                                                      \
    if (auto&& stratagem_try_result = (__VA_ARGS__); !stratagem_try_result) \
      return ::tl::unexpected(std::move(stratagem_try_result).error());     \
  } while (false)

// Returns the error of the expression from the enclosing function if it holds one; else
// `target = *expression` (moved), `target` a declaration or an lvalue.
#define STRATAGEM_TRY_ASSIGN(target, ...) \
  STRATAGEM_TRY_ASSIGN_IMPL_(STRATAGEM_TRY_NAME_(__LINE__), target, __VA_ARGS__)
#define STRATAGEM_TRY_NAME_(line) STRATAGEM_TRY_CONCAT_(stratagem_try_result_, line)
#define STRATAGEM_TRY_CONCAT_(a, b) a##b
#define STRATAGEM_TRY_ASSIGN_IMPL_(result, target, ...)            \
  auto&& result = (__VA_ARGS__);                                    \
  if (!result) return ::tl::unexpected(std::move(result).error()); \
  target = *std::move(result)
