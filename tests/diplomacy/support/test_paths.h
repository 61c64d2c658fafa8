#pragma once
// Where the tests find their files. The SHARED_DIR and TEST_DATA_DIR environment
// variables (set by CTest) win; without them (a test binary run by hand, or GoogleTest's
// test discovery, which runs before any environment is set) the paths are taken
// relative to this source file, so parameterised suites see the same cases either way.

#include <filesystem>
#include <string_view>

namespace stratagem::diplomacy::testing {

// A file under ../shared, e.g. shared_path("datc/godip/datc_v2.4_06.txt").
std::filesystem::path shared_path(std::string_view relative);
// A file under tests/data, e.g. test_data_path("diplomacy/seed_examples.txt").
std::filesystem::path test_data_path(std::string_view relative);

}  // namespace stratagem::diplomacy::testing
