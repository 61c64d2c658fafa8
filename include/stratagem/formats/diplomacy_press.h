#pragma once
// Structured press (stratagem/diplomacy/press.h) as a sentence for a person, in English,
// 繁體中文, 简体中文 or 日本語, with the variant's names of powers, places and orders:
// "France proposes peace with Germany", "法國提議與德國和平".

#include <string>

#include "stratagem/diplomacy/press.h"
#include "stratagem/diplomacy/variant.h"

namespace stratagem::formats {

std::string press_sentence(const diplomacy::Variant& variant, diplomacy::Power sender,
                           const diplomacy::PressMessage& message, diplomacy::Language language);

}  // namespace stratagem::formats
