#pragma once
// OrderParseError::message: what the order parser could not read, said in English
// (formats/diplomacy_words.cpp says it in the other languages).

#include <string>

#include "stratagem/diplomacy/order_parser.h"

namespace stratagem::diplomacy {

std::string english_message(const Variant& variant, const OrderParseError& error);

}  // namespace stratagem::diplomacy
