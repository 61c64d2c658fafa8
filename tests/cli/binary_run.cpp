#include "binary_run.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>

#include <gtest/gtest.h>

extern char** environ;

namespace stratagem::cli::testing {

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

BinaryRun run_stratagem(const std::vector<std::string>& args, const std::string& input) {
  const char* binary = std::getenv("STRATAGEM_BIN");
  if (!binary) binary = STRATAGEM_BUILT_BIN;
  static int runs = 0;
  const std::string base =
      ::testing::TempDir() + "stratagem_cli_" + std::to_string(getpid()) + "_" + std::to_string(runs++);
  const std::string in = base + ".in", out = base + ".out", err = base + ".err";
  std::ofstream(in, std::ios::binary) << input;

  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 0, in.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&files, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&files, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<std::string> words = {binary};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, binary, &files, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&files);
  BinaryRun result;
  if (spawned != 0) {
    ADD_FAILURE() << "cannot run " << binary;
  } else {
    int wait_status = 0;
    waitpid(pid, &wait_status, 0);
    result.status = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : 128 + WTERMSIG(wait_status);
    result.out = read_file(out);
    result.err = read_file(err);
  }
  for (const std::string& path : {in, out, err}) std::remove(path.c_str());
  return result;
}

}  // namespace stratagem::cli::testing
