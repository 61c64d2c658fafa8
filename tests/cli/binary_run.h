#pragma once
// Runs the built `stratagem` binary as a separate process, with a given stdin, and
// captures what it wrote and how it exited: the CLI tests look at the binary the way
// outside tools do.

#include <string>
#include <vector>

namespace stratagem::cli::testing {

struct BinaryRun {
  int status = -1;  // exit status; 128 + signal number if killed
  std::string out, err;
};

// `stratagem <args>` with `input` on stdin. The binary is STRATAGEM_BIN, else the one
// this test was built with.
BinaryRun run_stratagem(const std::vector<std::string>& args, const std::string& input = "");

}  // namespace stratagem::cli::testing
