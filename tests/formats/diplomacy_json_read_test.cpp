// read_state names the items of a clash by their path inside the object read ("state.")
// and quotes both texts; the paths are written out only for a message, so each kind of
// clash is read here from a nested position.
#include <string>

#include <gtest/gtest.h>

#include "stratagem/formats/diplomacy_json.h"

namespace {

using namespace stratagem::diplomacy;
using namespace stratagem::formats;

std::string error_reading(const char* position) {
  const auto state = read_state(standard_variant(), nlohmann::json::parse(position), "state");
  return state ? "read" : state.error();
}

TEST(FormatsDiplomacyStateRead, ClashesNameBothItemsWithTheirPaths) {
  EXPECT_EQ(error_reading(R"({"phase": "S1901M", "units": {"FRANCE": ["A BUR", "A PAR"], "GERMANY": ["A Paris"]}})"),
            R"(state.units.GERMANY[0]: "A Paris" stands in Paris, where state.units.FRANCE[1] "A PAR" stands already)");
  EXPECT_EQ(error_reading(R"({"phase": "S1901M", "units": {}, "centers": {"FRANCE": ["BRE", "PAR"], "GERMANY": ["Paris"]}})"),
            R"(state.centers.GERMANY[0]: Paris is owned twice: state.centers.FRANCE[1] "PAR" and state.centers.GERMANY[0] "Paris")");
  EXPECT_EQ(error_reading(R"({"phase": "S1901R", "units": {"GERMANY": ["A PAR", "A PIC"]},
                              "retreats": {"FRANCE": {"A PAR": ["PIC"]}}})"),
            R"(state.retreats.FRANCE["A PAR"][0]: Picardy is occupied by state.units.GERMANY[1] "A PIC")");
  EXPECT_EQ(error_reading(R"({"phase": "S1901R", "units": {"FRANCE": ["A PAR"]},
                              "retreats": {"FRANCE": {"A PAR": []}}})"),
            R"(state.retreats.FRANCE["A PAR"]: FRANCE has a unit in Paris that was not dislodged (state.units.FRANCE[0] "A PAR"), so none of its units was dislodged there)");
  EXPECT_EQ(error_reading(R"({"phase": "S1901R", "units": {},
                              "retreats": {"FRANCE": {"A PAR": []}, "GERMANY": {"A Paris": []}}})"),
            R"(state.retreats.GERMANY["A Paris"]: two units dislodged from Paris: "A PAR" and "A Paris")");
  EXPECT_EQ(error_reading(R"({"phase": "S1901M", "units": {"FRANCE": ["A PAR", 7]}})"),
            "state.units.FRANCE[1]: expected a string, got a number");
  EXPECT_EQ(error_reading(R"({"phase": "S1901M", "units": {"FRANCE": ["A PAR", "A XYZ"]}})"),
            R"(state.units.FRANCE[1]: "A XYZ" is not a unit: unknown place "XYZ")");
}

}  // namespace
