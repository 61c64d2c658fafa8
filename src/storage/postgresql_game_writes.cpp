#include "postgresql_game_writes.h"

#include <algorithm>
#include <array>
#include <string>
#include <unordered_map>
#include <vector>

namespace stratagem::storage {
namespace {

void append_big_endian(std::string& out, std::uint64_t value, int bytes) {
  for (int shift = 8 * (bytes - 1); shift >= 0; shift -= 8) out += static_cast<char>((value >> shift) & 0xFF);
}

// PostgreSQL's binary form of a one-dimensional array (what its array_recv reads): the
// elements' bytes as they are, each after its length, so neither side scans them for
// quotes and backslashes (parsing the text form, array_in, was a sixth of the writing
// backend's time, the records being most of the bytes).
class BinaryArray {
 public:
  enum class Element : std::uint32_t { bigint = 20, text = 25 };  // the types' OIDs

  explicit BinaryArray(Element element) : element_(element) { bytes_.resize(kHeaderSize); }

  void add(std::string_view text) {
    append_element_length(static_cast<std::uint32_t>(text.size()));
    bytes_.append(text);
  }
  void add(std::int64_t number) {
    append_element_length(sizeof number);
    append_big_endian(bytes_, static_cast<std::uint64_t>(number), sizeof number);
  }
  void add_null() {
    append_element_length(0xFFFF'FFFFu);  // -1
    has_null_ = true;
  }

  // The header: dimensions, null flag, element type, then the one dimension's size and
  // lower bound (an empty array has no dimension).
  std::string value() && {
    std::string header;
    append_big_endian(header, count_ == 0 ? 0 : 1, 4);
    append_big_endian(header, has_null_ ? 1 : 0, 4);
    append_big_endian(header, static_cast<std::uint32_t>(element_), 4);
    if (count_ == 0) return header;
    append_big_endian(header, count_, 4);
    append_big_endian(header, 1, 4);
    bytes_.replace(0, kHeaderSize, header);
    return std::move(bytes_);
  }

 private:
  static constexpr std::size_t kHeaderSize = 20;

  void append_element_length(std::uint32_t length) {
    append_big_endian(bytes_, length, 4);
    ++count_;
  }

  Element element_;
  std::string bytes_;  // the header's room, then the elements
  std::uint32_t count_ = 0;
  bool has_null_ = false;
};

using Element = BinaryArray::Element;

// The round's messages and events, for every game of it: the statement keeps those of the
// games it updates.
struct Rows {
  BinaryArray message_games{Element::bigint}, phases{Element::text}, senders{Element::text},
      recipients{Element::text}, texts{Element::text}, sent_at{Element::bigint}, presses{Element::text};
  BinaryArray event_games{Element::bigint}, audiences{Element::text}, kinds{Element::text},
      payloads{Element::text}, created_at{Element::bigint};
};

void add_rows(Rows& rows, const GameWrite& write) {
  for (const NewMessage& message : write.change->messages) {
    rows.message_games.add(write.id);
    rows.phases.add(message.phase);
    rows.senders.add(message.sender);
    rows.recipients.add(message.recipients);
    rows.texts.add(message.text);
    rows.sent_at.add(millis(message.sent_at));
    if (message.press)
      rows.presses.add(*message.press);
    else
      rows.presses.add_null();
  }
  for (const NewEvent& event : write.change->events) {
    rows.event_games.add(write.id);
    rows.audiences.add(event.audience);
    rows.kinds.add(event.kind);
    rows.payloads.add(event.payload);
    rows.created_at.add(millis(event.created_at));
  }
}

// One statement: the games still at their versions are updated, and only their messages
// and events inserted, in the order given (ORDER BY the arrays' ordinality: ids are drawn
// row after row, so each game's come out ascending in the order of its rows).
constexpr std::string_view kWriteRound =
    "WITH updated AS ("
    " UPDATE games AS g SET record = w.record, status = w.status, next_deadline = w.next_deadline,"
    " version = g.version + 1"
    " FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::bigint[])"
    " AS w (id, version, record, status, next_deadline)"
    " WHERE g.id = w.id AND g.version = w.version RETURNING g.id),"
    " new_messages AS ("
    " INSERT INTO messages (game_id, phase, sender, recipients, text, sent_at, press)"
    " SELECT m.game_id, m.phase, m.sender, m.recipients, m.text, m.sent_at, m.press"
    " FROM unnest($6::bigint[], $7::text[], $8::text[], $9::text[], $10::text[], $11::bigint[], $12::text[])"
    " WITH ORDINALITY AS m (game_id, phase, sender, recipients, text, sent_at, press, n)"
    " WHERE m.game_id IN (SELECT id FROM updated) ORDER BY m.n RETURNING game_id, id),"
    " new_events AS ("
    " INSERT INTO events (game_id, audience, kind, payload, created_at)"
    " SELECT e.game_id, e.audience, e.kind, e.payload, e.created_at"
    " FROM unnest($13::bigint[], $14::text[], $15::text[], $16::text[], $17::bigint[])"
    " WITH ORDINALITY AS e (game_id, audience, kind, payload, created_at, n)"
    " WHERE e.game_id IN (SELECT id FROM updated) ORDER BY e.n RETURNING game_id, id)"
    " SELECT 'game', id, NULL::bigint FROM updated"
    " UNION ALL SELECT 'message', game_id, id FROM new_messages"
    " UNION ALL SELECT 'event', game_id, id FROM new_events"
    // Under PostgreSQL's 8,000 bytes: at most kGamesPerStatement pairs of 40 characters.
    " UNION ALL SELECT 'announced', 0, NULL FROM (SELECT pg_notify($18, string_agg("
    "   CAST(l.game_id AS text) || ':' || CAST(l.last AS text), ';' ORDER BY l.game_id))"
    "   FROM (SELECT game_id, MAX(id) AS last FROM new_events GROUP BY game_id) AS l"
    "   HAVING COUNT(*) > 0) AS n";

// Few enough for the NOTIFY's payload.
constexpr std::size_t kGamesPerStatement = 190;

// One round: every game at most once.
void write_round(std::span<GameWrite* const> writes, const std::string& channel, const RunStatement& run) {
  BinaryArray ids(Element::bigint), versions(Element::bigint), records(Element::text), statuses(Element::text),
      deadlines(Element::bigint);
  Rows rows;
  std::unordered_map<GameId, GameWrite*> by_id;
  for (GameWrite* write : writes) {
    by_id.emplace(write->id, write);
    ids.add(write->id);
    versions.add(write->version);
    records.add(write->change->record);
    statuses.add(write->change->status);
    if (write->change->next_deadline)
      deadlines.add(millis(*write->change->next_deadline));
    else
      deadlines.add_null();
    add_rows(rows, *write);
  }
  const std::array<std::string, 18> params{
      std::move(ids).value(),          std::move(versions).value(),       std::move(records).value(),
      std::move(statuses).value(),     std::move(deadlines).value(),      std::move(rows.message_games).value(),
      std::move(rows.phases).value(),  std::move(rows.senders).value(),   std::move(rows.recipients).value(),
      std::move(rows.texts).value(),   std::move(rows.sent_at).value(),   std::move(rows.presses).value(),
      std::move(rows.event_games).value(), std::move(rows.audiences).value(), std::move(rows.kinds).value(),
      std::move(rows.payloads).value(), std::move(rows.created_at).value(), channel};
  for (const SqlRow& row : run(kWriteRound, params)) {
    const std::string& what = row.text(0);
    if (what == "announced") continue;
    GameWrite& write = *by_id.at(row.integer(1));
    if (what == "game")
      write.written = true;
    else if (what == "message")
      write.message_ids.push_back(row.integer(2));
    else
      write.event_ids.push_back(row.integer(2));
  }
  for (GameWrite* write : writes) {
    std::sort(write->message_ids.begin(), write->message_ids.end());
    std::sort(write->event_ids.begin(), write->event_ids.end());
    write->announced = write->written && !write->event_ids.empty();
  }
}

}  // namespace

bool fits_one_statement(std::span<GameWrite* const> writes) {
  if (writes.size() > kGamesPerStatement) return false;
  for (std::size_t i = 1; i < writes.size(); ++i)
    if (writes[i]->id == writes[i - 1]->id) return false;
  return true;
}

void write_games_together(std::span<GameWrite* const> writes, const std::string& channel, const RunStatement& run) {
  for (GameWrite* write : writes) write->start_afresh();
  // Rounds of distinct games: an UPDATE ... FROM joining one row to several updates only one.
  std::vector<GameWrite*> pending(writes.begin(), writes.end());
  while (!pending.empty()) {
    std::vector<GameWrite*> round, later;
    for (GameWrite* write : pending) {
      if ((!round.empty() && round.back()->id == write->id) || round.size() == kGamesPerStatement)
        later.push_back(write);
      else
        round.push_back(write);
    }
    write_round(round, channel, run);
    pending = std::move(later);
  }
}

}  // namespace stratagem::storage
