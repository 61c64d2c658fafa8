// stratagem._core: the Dragonchess half. A Position keeps the moves pushed onto it (for
// pop() and the repetition rule); perft and bestmove run with the interpreter lock
// released on a copy. A copy shares the history of moves made before it, so while one of
// them runs the position refuses push() and pop() rather than free that history.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "bindings.h"
#include "stratagem/dragonchess/movegen.h"
#include "stratagem/dragonchess/notation.h"
#include "stratagem/dragonchess/perft.h"
#include "stratagem/dragonchess/position.h"
#include "stratagem/dragonchess/rules.h"
#include "stratagem/dragonchess/search.h"
#include "stratagem/dragonchess/status.h"
#include "stratagem/dragonchess/transposition_table.h"

namespace stratagem::python {

namespace py = pybind11;
using namespace dragonchess;

namespace {

// As the CLI: each perft ply keeps a move list on the stack, and bestmove's table.
constexpr int kMaxPerftDepth = 30;
constexpr std::size_t kTableMegabytes = 64;

[[noreturn]] void bad_input(const std::string& message) { throw py::value_error(message); }

// {"dragon-breath": "below", "elemental-leap": True, ...}: the CLI's --rule switches.
Rules rules_from(const py::dict& switches) {
  Rules rules;
  for (const auto& [name, value] : switches) {
    std::string text;
    if (py::isinstance<py::bool_>(value))
      text = value.cast<bool>() ? "yes" : "no";
    else if (py::isinstance<py::str>(value))
      text = value.cast<std::string>();
    else
      bad_input("rules: the value of " + std::string(py::repr(name)) + " must be a string or a bool");
    if (auto applied = apply_rule_switch(rules, std::string(py::str(name)) + "=" + text); !applied)
      bad_input("rules: " + applied.error().message);
  }
  return rules;
}

const char* side_name(Color c) { return c == Color::Gold ? "gold" : "scarlet"; }

class PyPosition {
 public:
  PyPosition(const std::string& text, const py::dict& switches)
      : rules_(rules_from(switches)), start_(text), position_(read(start_, rules_)) {}
  PyPosition(const PyPosition&) = delete;

  std::string text() const { return position_.text(); }
  std::string side_to_move() const { return side_name(position_.side_to_move()); }
  std::string status() const { return status_name(outcome(position_).status); }
  bool in_check() const { return position_.in_check(); }
  py::dict rules() const {
    py::dict out;
    const std::string all = format_rules(position_.rules());
    std::size_t begin = 0;
    while (begin < all.size()) {
      std::size_t end = all.find(' ', begin);
      if (end == std::string::npos) end = all.size();
      const std::string entry = all.substr(begin, end - begin);
      const std::size_t equals = entry.find('=');
      out[py::str(entry.substr(0, equals))] = entry.substr(equals + 1);
      begin = end + 1;
    }
    return out;
  }
  std::vector<std::string> moves_played() const { return played_texts_; }

  // Canonical and sorted, none once the game is over: as `dragonchess moves`.
  std::vector<std::string> legal_moves() const {
    std::vector<std::string> texts;
    if (outcome(position_).status != GameStatus::Ongoing) return texts;
    MoveList moves;
    generate_legal(position_, moves);
    for (Move m : moves) texts.push_back(move_text(position_, m));
    std::sort(texts.begin(), texts.end());
    return texts;
  }

  std::string push(const std::string& text) {
    refuse_while_searched("push");
    if (const Outcome before = outcome(position_); before.status != GameStatus::Ongoing)
      bad_input("push " + quoted(text) + ": the game is already over (" + status_name(before.status) + ")");
    auto move = parse_move(position_, text);
    if (!move) bad_input("push " + quoted(text) + ": " + move.error().message);
    std::string canonical = move_text(position_, *move);
    position_.do_move(*move, states_.emplace_back());
    moves_.push_back(*move);
    played_texts_.push_back(canonical);
    return canonical;
  }

  std::string pop() {
    refuse_while_searched("pop");
    if (moves_.empty()) bad_input("pop: no move to take back");
    position_.undo_move(moves_.back());
    moves_.pop_back();
    states_.pop_back();
    std::string text = std::move(played_texts_.back());
    played_texts_.pop_back();
    return text;
  }

  // A position of its own for work done without the interpreter lock (positions are not
  // copyable): the start replayed with the moves played, so it has the game's history for
  // the repetition rule. Pushes and pops wait until it is gone, as the tests expect of a
  // position being searched.
  class Snapshot {
   public:
    explicit Snapshot(PyPosition& owner) : owner_(owner), position_(read(owner.start_, owner.rules_)) {
      states_.resize(owner.moves_.size());
      for (std::size_t i = 0; i < owner.moves_.size(); ++i) position_.do_move(owner.moves_[i], states_[i]);
      ++owner_.snapshots_;
    }
    ~Snapshot() { --owner_.snapshots_; }
    Position& position() { return position_; }

   private:
    PyPosition& owner_;
    std::deque<StateInfo> states_;  // declared before the position that points into them
    Position position_;
  };

 private:
  static Position read(const std::string& text, const Rules& rules) {
    if (text == "startpos") return Position::start(rules);
    auto position = Position::from_text(text, rules);
    if (!position) bad_input("position: " + position.error().message);
    return std::move(*position);
  }
  static std::string quoted(const std::string& text) { return "'" + text + "'"; }
  void refuse_while_searched(const char* what) const {
    if (snapshots_ > 0)
      throw std::runtime_error(std::string(what) + ": another thread is searching this position; wait for it");
  }

  Rules rules_;
  std::string start_;  // the text it was set up from
  Position position_;
  std::deque<StateInfo> states_;  // one per move made; a deque keeps them in place
  std::vector<Move> moves_;
  std::vector<std::string> played_texts_;
  int snapshots_ = 0;  // changed only with the interpreter lock held
};

std::uint64_t perft_of(PyPosition& position, int depth) {
  if (depth < 0) bad_input("perft: depth " + std::to_string(depth) + " is negative");
  if (depth > kMaxPerftDepth)
    bad_input("perft: depth " + std::to_string(depth) + " is above the limit " + std::to_string(kMaxPerftDepth));
  PyPosition::Snapshot snapshot(position);
  py::gil_scoped_release unlocked;
  return perft(snapshot.position(), depth);
}

py::object score_of(int score) {
  if (const auto mate = mate_in_moves(score)) return py::str("mate " + std::to_string(*mate));
  return py::int_(score);
}

py::dict bestmove_of(PyPosition& position, std::optional<int> depth, std::optional<int> movetime_ms,
                     std::uint64_t nodes) {
  if (!depth && !movetime_ms) bad_input("bestmove: give depth or movetime_ms");
  if (depth && (*depth < 1 || *depth > kMaxSearchDepth))
    bad_input("bestmove: depth " + std::to_string(*depth) + " must be 1-" + std::to_string(kMaxSearchDepth));
  if (movetime_ms && *movetime_ms < 1)
    bad_input("bestmove: movetime_ms " + std::to_string(*movetime_ms) + " must be 1 or more");
  PyPosition::Snapshot snapshot(position);
  Position& root = snapshot.position();
  if (const Outcome before = outcome(root); before.status != GameStatus::Ongoing)
    bad_input(std::string("bestmove: the game is already over (") + status_name(before.status) + ")");
  SearchLimits limits;
  limits.depth = depth.value_or(kMaxSearchDepth);
  limits.nodes = nodes;
  if (movetime_ms) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(*movetime_ms);
    limits.should_stop = [deadline] { return std::chrono::steady_clock::now() >= deadline; };
  }
  SearchResult result;
  std::vector<std::string> pv;
  std::string best;
  {
    py::gil_scoped_release unlocked;
    TranspositionTable table(kTableMegabytes);
    result = search(root, limits, SearchOptions{}, &table);
    best = move_text(root, result.best);
    std::deque<StateInfo> states;
    for (Move m : result.pv) {
      pv.push_back(move_text(root, m));
      root.do_move(m, states.emplace_back());
    }
    for (auto m = result.pv.rbegin(); m != result.pv.rend(); ++m) root.undo_move(*m);
  }
  py::dict out;
  out["move"] = best;
  out["score"] = score_of(result.score);
  out["depth"] = result.depth;
  out["nodes"] = result.nodes;
  out["pv"] = pv;
  return out;
}

}  // namespace

void bind_dragonchess(py::module_& core) {
  py::class_<PyPosition>(core, "DragonchessPosition", py::dynamic_attr())
      .def(py::init<const std::string&, const py::dict&>(), py::arg("text") = "startpos", py::arg("rules") = py::dict())
      .def_property_readonly("text", &PyPosition::text)
      .def_property_readonly("side_to_move", &PyPosition::side_to_move)
      .def_property_readonly("status", &PyPosition::status)
      .def_property_readonly("in_check", &PyPosition::in_check)
      .def_property_readonly("rules", &PyPosition::rules)
      .def_property_readonly("moves", &PyPosition::moves_played)
      .def("legal_moves", &PyPosition::legal_moves)
      .def("push", &PyPosition::push, py::arg("move"))
      .def("pop", &PyPosition::pop)
      .def("__str__", &PyPosition::text)
      .def("__repr__",
           [](const PyPosition& p) { return "Position(" + std::string(py::repr(py::str(p.text()))) + ")"; });

  core.def("perft", &perft_of, py::arg("position"), py::arg("depth"));
  core.def("bestmove", &bestmove_of, py::arg("position"), py::arg("depth") = py::none(),
           py::arg("movetime_ms") = py::none(), py::arg("nodes") = 0);
}

}  // namespace stratagem::python
