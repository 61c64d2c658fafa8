#pragma once
// Where the game server keeps everything: one abstract Store, two implementations
// (SQLite, the embedded default; PostgreSQL, for several server processes on one
// database), chosen by the URL given to open_store().
//
// Storage knows no game rules: a game's record, its processed phases, the recipients of a
// message and the audience of an event are JSON text that the platform writes and reads.
// Storage only guarantees that they are written together, durably, and in order.
//
// Every member function may be called from any thread at any time (each call borrows a
// connection from the store's pool). Every call either returns after its transaction has
// committed durably, or returns a StoreError and has written nothing (the one exception:
// a connection lost during COMMIT, reported as `failed` with "outcome unknown").
// Calls block: call them from worker threads, never from an I/O thread. Writes that
// arrive together are committed together, so more concurrent callers means more writes a
// second (docs/storage.md has figures).

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <tl/expected.hpp>

namespace stratagem::storage {

using Instant = std::chrono::sys_time<std::chrono::milliseconds>;
using UserId = std::int64_t;
using GameId = std::int64_t;
using MessageId = std::int64_t;
// Events are numbered by one counter over the whole database (every game, every server
// process): a client's stream resumes after the last id it saw.
using EventId = std::int64_t;

enum class StoreErrorCode {
  not_found,       // no user / game / session with that key
  conflict,        // a unique key is taken (a user name)
  schema_too_new,  // the database was migrated by a newer program: refused at open
  bad_url,         // open_store() could not read the URL
  unavailable,     // cannot reach or open the database
  failed,          // any other database failure (the message says which)
};

struct StoreError {
  StoreErrorCode code;
  // Names the operation and the cause, e.g. "update_game 12: database is locked".
  std::string message;
};

template <typename T>
using StoreResult = tl::expected<T, StoreError>;

struct User {
  UserId id = 0;
  std::string name;
  std::string password_hash;  // as the HTTP layer made it (argon2id string)
  std::string language;       // en | zh-Hant | zh-Hans | ja
  Instant created_at{};
};

struct NewUser {
  std::string name;
  std::string password_hash;
  std::string language;
  Instant created_at{};
};

struct StoredGame {
  GameId id = 0;
  std::string kind;    // "diplomacy" | "dragonchess"
  std::string name;
  std::string status;  // the platform's status ("forming" | "active" | "finished")
  Instant created_at{};
  std::optional<Instant> next_deadline;  // when the scheduler must call advance()
  std::int64_t version = 0;              // 1 at creation, +1 per committed update
  std::string record;                    // the platform's to_json() of the whole game
  std::vector<UserId> players;           // users seated in the game (for "my games")
};

// A game to create. Its id is drawn by create_game() and given to the GameCreation that
// makes it, since the platform's record holds the game's own id.
struct NewGame {
  std::string kind;
  std::string name;
  std::string status;
  Instant created_at{};
  std::optional<Instant> next_deadline;
  std::string record;
  std::vector<UserId> players;
};

struct ProcessedPhase {
  std::int64_t sequence = 0;  // 1, 2, 3 ... per game, in the order appended
  std::string json;
};

struct NewMessage {
  std::string phase;       // e.g. "S1901M"
  std::string sender;      // e.g. "ENGLAND"
  std::string recipients;  // JSON text: ["FRANCE"] or "all" (the platform's choice)
  std::string text;
  Instant sent_at{};
  std::optional<std::string> press = std::nullopt;  // JSON text of a proposal or answer, if it carries one
};

struct StoredMessage {
  MessageId id = 0;
  GameId game = 0;
  std::string phase;
  std::string sender;
  std::string recipients;
  std::string text;
  Instant sent_at{};
  std::optional<std::string> press = std::nullopt;
};

struct NewEvent {
  std::string audience;  // JSON text: who may read it (the platform's Audience)
  std::string kind;      // e.g. "phase_processed"
  std::string payload;   // JSON text
  Instant created_at{};
};

struct StoredEvent {
  EventId id = 0;
  GameId game = 0;
  std::string audience;
  std::string kind;
  std::string payload;
  Instant created_at{};
};

// What a change means to tell whom, for the outbox (include/stratagem/storage/notices.h),
// written in the same transaction as the change.
struct NewNotice {
  std::optional<UserId> user;  // none: the game's group chats
  std::string kind;
  std::string payload;  // JSON text
  Instant created_at{};
};

// What a user has read of a game's press: conversation -> the newest message id read.
using PressRead = std::map<std::string, std::int64_t, std::less<>>;

// What an update writes, all in the one transaction of update_game().
struct GameChange {
  std::string record;
  std::string status;
  std::optional<Instant> next_deadline;
  // Replaces the set of seated users when present; left as it is when absent.
  std::optional<std::vector<UserId>> players;
  std::vector<std::string> phases;  // processed phases to append, oldest first
  std::vector<NewMessage> messages;
  std::vector<NewEvent> events;
  std::vector<NewNotice> notices;
};

// What fn decides after reading the game: a change to write, or std::nullopt to
// write nothing (an invalid action, a deadline another process already processed). A
// caller that needs to report why keeps that in its lambda's captures: storage does not
// know the platform's errors. If fn throws, nothing is written and update_game returns a
// StoreError of code `failed` naming the exception.
// - fn may be called more than once for one update: on SQLite it first runs over the
//   game as last committed, and runs again if another update of the game committed
//   before its change could be written; on any database, again after a connection lost
//   before the commit. Only the last call's change is written: set everything you report
//   on every call.
// - fn may run on another thread than the caller's (SQLite's writer thread, when the
//   game is busy); the caller waits meanwhile, so capturing its locals by reference is
//   fine. fn must not call the Store (on SQLite that could wait for itself).
using GameUpdate = std::function<std::optional<GameChange>(const StoredGame& game)>;

// What create_game() writes for the id it has drawn: the new game, or std::nullopt to
// write nothing (the platform refused the options). Runs inside the write transaction
// (on SQLite, on the writer thread while the caller waits): keep it short and never call
// the Store. It may be called again, with another id, after a connection lost before the
// commit: only the last call's game is written.
using GameCreation = std::function<std::optional<NewGame>(GameId id)>;

struct UpdateOutcome {
  bool written = false;            // false: fn returned nullopt (or, for update_due_game,
                                   // the game was no longer due), nothing was written
  std::int64_t version = 0;        // the game's version after the call
  std::vector<MessageId> message_ids;  // one per GameChange::messages, same order
  std::vector<EventId> event_ids;      // one per GameChange::events, same order
};

// Lobby queries, newest games first. A game matches when the `player` is seated in it OR
// its status is one of `statuses` (the lobby: {player = me, statuses = {"forming"}});
// with only one of the two given, that one alone; with neither, every game. `kind` and
// `before` narrow the result further.
struct GameQuery {
  std::optional<UserId> player;
  std::vector<std::string> statuses;
  std::optional<std::string> kind;
  std::optional<GameId> before;  // paging: only ids smaller than this
  std::size_t limit = 50;
};

// Called when events have been committed to a game, by this process or (PostgreSQL) any
// other process sharing the database; `last` is the newest event id known for that game
// at that point. Runs on a storage thread: keep it short and never block (post to your
// own executor), and never subscribe or destroy a Subscription from inside it. Several
// commits may be reported at once or a game reported twice: read with events_after() and
// keep your own cursor.
using EventListener = std::function<void(GameId game, EventId last)>;

// Keeps a listener registered; unregisters (waiting for a call in progress) when
// destroyed or reset.
class Subscription {
 public:
  Subscription() = default;
  explicit Subscription(std::function<void()> cancel) : cancel_(std::move(cancel)) {}
  Subscription(Subscription&& other) noexcept : cancel_(std::move(other.cancel_)) { other.cancel_ = nullptr; }
  Subscription& operator=(Subscription&& other) noexcept {
    if (this != &other) {
      reset();
      cancel_ = std::move(other.cancel_);
      other.cancel_ = nullptr;
    }
    return *this;
  }
  Subscription(const Subscription&) = delete;
  Subscription& operator=(const Subscription&) = delete;
  ~Subscription() { reset(); }
  void reset() {
    if (cancel_) {
      auto cancel = std::move(cancel_);
      cancel_ = nullptr;
      cancel();
    }
  }

 private:
  std::function<void()> cancel_;
};

class NoticeStore;

class Store {
 public:
  virtual ~Store() = default;

  // "sqlite" or "postgresql".
  virtual std::string_view backend() const = 0;

  // --- Users and sessions ---------------------------------------------------------------
  // A name already taken: StoreErrorCode::conflict.
  virtual StoreResult<User> create_user(const NewUser& user) = 0;
  virtual StoreResult<User> user_by_id(UserId id) = 0;      // not_found if absent
  virtual StoreResult<User> user_by_name(std::string_view name) = 0;  // not_found if absent
  virtual StoreResult<User> set_user_language(UserId id, std::string_view language) = 0;
  // The token itself is never stored: only its SHA-256, so a copy of the database does
  // not log anyone in.
  virtual StoreResult<void> create_session(std::string_view token, UserId user, Instant now,
                                           Instant expires_at) = 0;
  // The user the token belongs to; not_found for an unknown, deleted or expired token.
  virtual StoreResult<User> user_by_session(std::string_view token, Instant now) = 0;
  virtual StoreResult<void> delete_session(std::string_view token) = 0;

  // --- Games -----------------------------------------------------------------------------
  // Draws the new game's id, calls fn(id) and writes the game it returns, all in one
  // transaction: a crash at any point leaves the whole game or no trace of it. Returns
  // std::nullopt, having written nothing, when fn returned std::nullopt; if fn throws,
  // nothing is written and the error is `failed`, naming the exception.
  virtual StoreResult<std::optional<StoredGame>> create_game(const GameCreation& fn) = 0;
  virtual StoreResult<StoredGame> load_game(GameId id) = 0;  // not_found if absent
  virtual StoreResult<std::vector<StoredGame>> list_games(const GameQuery& query) = 0;

  // Reads the game, calls fn, and if fn returns a change writes the record, status,
  // deadline, players, phases, messages and events, version + 1, in one transaction.
  // Returns after the commit (fsynced); a phase is processed whole or not at all.
  // not_found if the game does not exist. Concurrent calls on one game take effect one
  // after the other, each fn seeing what the previous one committed: PostgreSQL locks the
  // game's row (SELECT ... FOR UPDATE) before reading it; SQLite writes fn's change only
  // if the game's version has not moved since fn's read, else calls fn again (see
  // GameUpdate), and after three such races runs fn under the write lock.
  virtual StoreResult<UpdateOutcome> update_game(GameId id, const GameUpdate& fn) = 0;

  // update_game() without waiting for the commit, where the store can: fn runs at once, on
  // the calling thread, over the game as this store last wrote or read it, and its change
  // goes to the group commit. Returns false when it cannot (the game not in memory, or fn
  // writing nothing: a refusal is decided again over the database): nothing was written,
  // and the caller calls update_game(). Otherwise `done` is
  // called once, on the store's writing thread, with the outcome, or with nullopt when
  // the write did not happen and update_game() should be called after all (another
  // process moved the game on, a connection lost before anything was sent). It must not
  // throw or call the store, and should be quick. Destroying the store waits for every
  // started update's `done`.
  using UpdateDone = std::function<void(std::optional<StoreResult<UpdateOutcome>> outcome)>;
  virtual bool start_update(GameId id, const GameUpdate& fn, UpdateDone done) = 0;

  // The scheduler's way in. due_games() lists games whose next_deadline <= now, earliest
  // first. update_due_game() is update_game() for one of them that calls fn only if the
  // game is still due (read under the lock, or re-checked by the version at the write)
  // and, on PostgreSQL, not locked by anyone else at that moment (FOR UPDATE SKIP
  // LOCKED); otherwise it returns written == false at once.
  // With several processes on one database, each due deadline is therefore processed
  // exactly once provided fn moves or clears next_deadline.
  virtual StoreResult<std::vector<GameId>> due_games(Instant now, std::size_t limit) = 0;
  virtual StoreResult<UpdateOutcome> update_due_game(GameId id, Instant now, const GameUpdate& fn) = 0;

  // Append-only histories, oldest first.
  virtual StoreResult<std::vector<ProcessedPhase>> phases(GameId game) = 0;
  virtual StoreResult<std::vector<StoredMessage>> messages(GameId game) = 0;
  // Events of a game with id > after, oldest first, at most `limit`.
  virtual StoreResult<std::vector<StoredEvent>> events_after(GameId game, EventId after,
                                                             std::size_t limit) = 0;
  // The newest event id of a game (0 if none): where a new stream starts.
  virtual StoreResult<EventId> last_event_id(GameId game) = 0;

  // Registers a listener for committed events (see EventListener).
  virtual Subscription subscribe(EventListener listener) = 0;

  // The players' notices: their choices, addresses, webhooks and the outbox
  // (stratagem/storage/notices.h).
  virtual NoticeStore& notices() = 0;

  // --- What people have read ---------------------------------------------------------------
  // Per conversation of a game's press (a key of the client's: "*", "all", "ENGLAND+FRANCE"),
  // the id of the newest message the user has read there. A mark only moves forward: an
  // older one (from a device that was behind) leaves it as it is. not_found if the user or
  // the game does not exist.
  virtual StoreResult<PressRead> press_read(UserId user, GameId game) = 0;
  virtual StoreResult<PressRead> mark_press_read(UserId user, GameId game, std::string_view thread,
                                                 std::int64_t last_read) = 0;
};

struct StoreOptions {
  // Connections kept open; a call waits for a free one. The server's threads share them.
  // SQLite uses them for reading (every update reads before it writes; all writes go
  // through one connection of its own): give it about as many as there are threads
  // calling the store, or the threads queue for reads instead of sharing commits
  // (docs/storage.md, Figures). PostgreSQL uses them for everything, so there it bounds
  // the transactions in flight.
  std::size_t pool_size = 4;
  // Group committers (each a connection and a thread batching writes) on a database that
  // takes several writers (PostgreSQL); SQLite always has one.
  std::size_t writers = 1;
};

// "sqlite:PATH" (the file is created with its schema if absent) or
// "postgresql://USER[:PASSWORD]@HOST[:PORT]/DB" (a libpq URL; PGPASSWORD works too).
// Applies the schema migrations the database lacks, in one transaction; a database whose
// schema is newer than this program is refused (schema_too_new).
StoreResult<std::unique_ptr<Store>> open_store(std::string_view url, const StoreOptions& options = {});

// The newest schema version this program knows (the same number for both backends).
int schema_version_known();

}  // namespace stratagem::storage
