-- Stratagem schema 1 (SQLite). Times are milliseconds since 1970-01-01 UTC; JSON is
-- kept as the text the platform wrote.
CREATE TABLE users (
  id            INTEGER PRIMARY KEY,
  name          TEXT    NOT NULL UNIQUE,
  password_hash TEXT    NOT NULL,
  language      TEXT    NOT NULL,
  created_at    INTEGER NOT NULL
);

-- The SHA-256 of each token (hex), never the token.
CREATE TABLE sessions (
  token_hash TEXT    PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users (id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id, expires_at);

CREATE TABLE games (
  id            INTEGER PRIMARY KEY,
  kind          TEXT    NOT NULL,
  name          TEXT    NOT NULL,
  status        TEXT    NOT NULL,
  created_at    INTEGER NOT NULL,
  next_deadline INTEGER,
  version       INTEGER NOT NULL,
  record        TEXT    NOT NULL
);
CREATE INDEX games_by_deadline ON games (next_deadline) WHERE next_deadline IS NOT NULL;
CREATE INDEX games_by_status ON games (status, id);

CREATE TABLE game_players (
  game_id INTEGER NOT NULL REFERENCES games (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  PRIMARY KEY (game_id, user_id)
);
CREATE INDEX game_players_by_user ON game_players (user_id, game_id);

CREATE TABLE phases (
  game_id  INTEGER NOT NULL REFERENCES games (id),
  sequence INTEGER NOT NULL,
  json     TEXT    NOT NULL,
  PRIMARY KEY (game_id, sequence)
);

CREATE TABLE messages (
  id         INTEGER PRIMARY KEY,
  game_id    INTEGER NOT NULL REFERENCES games (id),
  phase      TEXT    NOT NULL,
  sender     TEXT    NOT NULL,
  recipients TEXT    NOT NULL,
  text       TEXT    NOT NULL,
  sent_at    INTEGER NOT NULL
);
CREATE INDEX messages_by_game ON messages (game_id, id);

-- AUTOINCREMENT: an event id is never used twice, even after the newest rows are gone.
CREATE TABLE events (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  game_id    INTEGER NOT NULL REFERENCES games (id),
  audience   TEXT    NOT NULL,
  kind       TEXT    NOT NULL,
  payload    TEXT    NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX events_by_game ON events (game_id, id);
