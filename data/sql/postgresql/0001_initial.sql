-- Stratagem schema 1 (PostgreSQL). Times are milliseconds since 1970-01-01 UTC; JSON is
-- kept as the text the platform wrote (text, not jsonb: it comes back byte for byte).
CREATE TABLE users (
  id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name          TEXT   NOT NULL UNIQUE,
  password_hash TEXT   NOT NULL,
  language      TEXT   NOT NULL,
  created_at    BIGINT NOT NULL
);

-- The SHA-256 of each token (hex), never the token.
CREATE TABLE sessions (
  token_hash TEXT   PRIMARY KEY,
  user_id    BIGINT NOT NULL REFERENCES users (id),
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id, expires_at);

CREATE TABLE games (
  id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind          TEXT   NOT NULL,
  name          TEXT   NOT NULL,
  status        TEXT   NOT NULL,
  created_at    BIGINT NOT NULL,
  next_deadline BIGINT,
  version       BIGINT NOT NULL,
  record        TEXT   NOT NULL
);
CREATE INDEX games_by_deadline ON games (next_deadline) WHERE next_deadline IS NOT NULL;
CREATE INDEX games_by_status ON games (status, id);

CREATE TABLE game_players (
  game_id BIGINT NOT NULL REFERENCES games (id),
  user_id BIGINT NOT NULL REFERENCES users (id),
  PRIMARY KEY (game_id, user_id)
);
CREATE INDEX game_players_by_user ON game_players (user_id, game_id);

CREATE TABLE phases (
  game_id  BIGINT NOT NULL REFERENCES games (id),
  sequence BIGINT NOT NULL,
  json     TEXT   NOT NULL,
  PRIMARY KEY (game_id, sequence)
);

CREATE TABLE messages (
  id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id    BIGINT NOT NULL REFERENCES games (id),
  phase      TEXT   NOT NULL,
  sender     TEXT   NOT NULL,
  recipients TEXT   NOT NULL,
  text       TEXT   NOT NULL,
  sent_at    BIGINT NOT NULL
);
CREATE INDEX messages_by_game ON messages (game_id, id);

-- One sequence for every game and every server process. Ids are handed out in the order
-- transactions insert; within one game that is commit order (the game's row is locked).
CREATE TABLE events (
  id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id    BIGINT NOT NULL REFERENCES games (id),
  audience   TEXT   NOT NULL,
  kind       TEXT   NOT NULL,
  payload    TEXT   NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX events_by_game ON events (game_id, id);
