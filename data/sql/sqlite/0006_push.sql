-- Web Push (issue 31 §3): each device's subscription, and the server's own keys (the
-- VAPID key pair, made once and kept here so that every process and restart signs with
-- the key the browsers subscribed with). docs/storage.md, "Notices and the outbox".

-- One per browser on a device (its push service's endpoint is unique). p256dh and auth
-- are the browser's keys (base64url) the messages are encrypted for.
CREATE TABLE push_subscriptions (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id    INTEGER NOT NULL REFERENCES users (id),
  endpoint   TEXT    NOT NULL UNIQUE,
  p256dh     TEXT    NOT NULL,
  auth       TEXT    NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_by_user ON push_subscriptions (user_id);

CREATE TABLE server_keys (
  name  TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
