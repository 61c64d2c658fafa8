-- Notices (issue 31): the players' choices, addresses, group-chat webhooks, calendar
-- secrets, and the outbox (docs/storage.md, "Notices and the outbox").

-- Settings JSON of the notices layer: the account's (game_id 0) and a game's own.
CREATE TABLE notice_settings (
  user_id  INTEGER NOT NULL REFERENCES users (id),
  game_id  INTEGER NOT NULL,
  settings TEXT    NOT NULL,
  PRIMARY KEY (user_id, game_id)
);

-- One address per account. The confirmation token is kept as its SHA-256 and only until
-- used; the unsubscribe token goes into every mail.
CREATE TABLE email_addresses (
  user_id            INTEGER PRIMARY KEY REFERENCES users (id),
  address            TEXT    NOT NULL,
  confirmed_at       INTEGER,
  confirm_token_hash TEXT    UNIQUE,
  confirm_expires_at INTEGER,
  unsubscribe_token  TEXT    NOT NULL UNIQUE
);

CREATE TABLE webhooks (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  game_id        INTEGER NOT NULL REFERENCES games (id),
  owner_id       INTEGER NOT NULL REFERENCES users (id),
  url            TEXT    NOT NULL,
  format         TEXT    NOT NULL,
  language       TEXT    NOT NULL,
  reminder_hours INTEGER NOT NULL,
  UNIQUE (game_id, owner_id)
);

CREATE TABLE calendar_feeds (
  user_id INTEGER PRIMARY KEY REFERENCES users (id),
  token   TEXT    NOT NULL UNIQUE
);

-- What a change to a game means to tell whom, written with the change; fanned out into
-- deliveries and deleted. user_id NULL: the game's group chats.
CREATE TABLE notices (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  game_id    INTEGER NOT NULL,
  user_id    INTEGER,
  kind       TEXT    NOT NULL,
  payload    TEXT    NOT NULL,
  created_at INTEGER NOT NULL
);

-- One per channel and recipient, until sent (then deleted) or given up.
CREATE TABLE deliveries (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  channel       TEXT    NOT NULL,
  recipient     TEXT    NOT NULL,
  user_id       INTEGER,
  game_id       INTEGER NOT NULL,
  kind          TEXT    NOT NULL,
  payload       TEXT    NOT NULL,
  due_at        INTEGER NOT NULL,
  attempts      INTEGER NOT NULL DEFAULT 0,
  claimed_by    TEXT,
  claimed_until INTEGER,
  last_error    TEXT,
  gather_key    TEXT
);
CREATE INDEX deliveries_by_channel ON deliveries (channel, due_at);
CREATE INDEX deliveries_by_gather_key ON deliveries (gather_key) WHERE gather_key IS NOT NULL;

-- When a delivery of a gather key (press of one game to one reader on one channel) was
-- last sent.
CREATE TABLE delivered_gatherings (
  gather_key   TEXT    PRIMARY KEY,
  delivered_at INTEGER NOT NULL
);
