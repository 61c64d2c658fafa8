// The record's writer gives the text nlohmann::json::dump gives for the same tree.
#include "json_writer.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>

namespace stratagem::platform {
namespace {

using nlohmann::json;

std::string dumped(const json& tree) { return tree.dump(-1, ' ', false, json::error_handler_t::replace); }

std::string written_string(const std::string& text) { return std::move(JsonWriter().string(text)).take(); }

TEST(JsonWriter, EscapesStringsAsNlohmannDoes) {
  std::string every_control;
  for (int c = 0; c < 0x20; ++c) every_control += static_cast<char>(c);
  for (const std::string& text :
       {std::string(""), std::string("plain"), std::string("quote \" and backslash \\ and slash /"), every_control,
        std::string("\x7f delete"), std::string("全形「，」與日本語の「。」"), std::string("emoji \xF0\x9F\x98\x80 end"),
        std::string("{\"not\":\"nested\"}"), std::string("NULL")})
    EXPECT_EQ(written_string(text), dumped(json(text))) << text;
}

TEST(JsonWriter, ReplacesWhatIsNotUtf8AsNlohmannDoes) {
  for (const std::string& text :
       {std::string("\xC3"), std::string("a\xFF"), std::string("\xC0\xAF overlong"), std::string("\xED\xA0\x80 surrogate"),
        std::string("\xF4\x90\x80\x80 too high"), std::string("\xE4\xB8 cut short"), std::string("ok \xE4\xB8\xAD then \x80")})
    EXPECT_EQ(written_string(text), dumped(json(text))) << json(text).dump(-1, ' ', true, json::error_handler_t::replace);
}

TEST(JsonWriter, WritesNumbersAndNesting) {
  JsonWriter out;
  out.begin_object()
      .key("a").begin_array().integer(-3).integer(0).unsigned_integer(std::numeric_limits<std::uint64_t>::max()).end_array()
      .key("b").begin_object().end_object()
      .key("c").begin_array().end_array()
      .key("d").boolean(true)
      .key("e").null()
      .key("f").strings({"x", "y"})
      .key("g").begin_array().begin_object().key("h").boolean(false).end_object().begin_array().end_array().end_array()
      .end_object();
  const json expected = {{"a", {-3, 0, std::numeric_limits<std::uint64_t>::max()}},
                         {"b", json::object()},
                         {"c", json::array()},
                         {"d", true},
                         {"e", nullptr},
                         {"f", {"x", "y"}},
                         {"g", {{{"h", false}}, json::array()}}};
  EXPECT_EQ(std::move(out).take(), dumped(expected));
}

TEST(JsonWriter, WritesATreeWithItsKeysSortedAsAJsonHoldsThem) {
  nlohmann::ordered_json ordered;
  ordered["units"] = {{"TURKEY", {"F ANK"}}, {"AUSTRIA", {"A VIE"}}};
  ordered["phase"] = "S1901M";
  ordered["ratio"] = 0.5;
  ordered["count"] = -7;
  EXPECT_EQ(std::move(JsonWriter().value(ordered)).take(), dumped(json(ordered)));
  const json tree = json::parse(R"({"z":[1,{"b":null,"a":"\u00e9"}],"a":{"y":true,"x":false}})");
  EXPECT_EQ(std::move(JsonWriter().value(tree)).take(), dumped(tree));
}

}  // namespace
}  // namespace stratagem::platform
