-- Notices (issue 31): the players' choices, addresses, group-chat webhooks, calendar
-- secrets, and the outbox (docs/storage.md, "Notices and the outbox").

-- Settings JSON of the notices layer: the account's (game_id 0) and a game's own.
CREATE TABLE notice_settings (
  user_id  BIGINT  NOT NULL REFERENCES users (id),
  game_id  BIGINT  NOT NULL,
  settings TEXT    NOT NULL,
  PRIMARY KEY (user_id, game_id)
);

-- One address per account. The confirmation token is kept as its SHA-256 and only until
-- used; the unsubscribe token goes into every mail.
CREATE TABLE email_addresses (
  user_id            BIGINT PRIMARY KEY REFERENCES users (id),
  address            TEXT    NOT NULL,
  confirmed_at       BIGINT,
  confirm_token_hash TEXT    UNIQUE,
  confirm_expires_at BIGINT,
  unsubscribe_token  TEXT    NOT NULL UNIQUE
);

CREATE TABLE webhooks (
  id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id        BIGINT  NOT NULL REFERENCES games (id),
  owner_id       BIGINT  NOT NULL REFERENCES users (id),
  url            TEXT    NOT NULL,
  format         TEXT    NOT NULL,
  language       TEXT    NOT NULL,
  reminder_hours BIGINT  NOT NULL,
  UNIQUE (game_id, owner_id)
);

CREATE TABLE calendar_feeds (
  user_id BIGINT PRIMARY KEY REFERENCES users (id),
  token   TEXT    NOT NULL UNIQUE
);

-- What a change to a game means to tell whom, written with the change; fanned out into
-- deliveries and deleted. user_id NULL: the game's group chats.
CREATE TABLE notices (
  id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id    BIGINT  NOT NULL,
  user_id    BIGINT,
  kind       TEXT    NOT NULL,
  payload    TEXT    NOT NULL,
  created_at BIGINT  NOT NULL
);

-- One per channel and recipient, until sent (then deleted) or given up.
CREATE TABLE deliveries (
  id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel       TEXT    NOT NULL,
  recipient     TEXT    NOT NULL,
  user_id       BIGINT,
  game_id       BIGINT  NOT NULL,
  kind          TEXT    NOT NULL,
  payload       TEXT    NOT NULL,
  due_at        BIGINT  NOT NULL,
  attempts      BIGINT  NOT NULL DEFAULT 0,
  claimed_by    TEXT,
  claimed_until BIGINT,
  last_error    TEXT,
  gather_key    TEXT
);
CREATE INDEX deliveries_by_channel ON deliveries (channel, due_at);
CREATE INDEX deliveries_by_gather_key ON deliveries (gather_key) WHERE gather_key IS NOT NULL;

-- When a delivery of a gather key (press of one game to one reader on one channel) was
-- last sent.
CREATE TABLE delivered_gatherings (
  gather_key   TEXT    PRIMARY KEY,
  delivered_at BIGINT  NOT NULL
);
