-- What each person has read of a game's press (issue 29 §4): per conversation (the web
-- client's key: "*" for every one, "all" for the public board, "ENGLAND+FRANCE" for the
-- others a conversation is with), the id of the newest message read, so that every
-- device of the account shows the same unread marks.
CREATE TABLE press_read (
  user_id   BIGINT NOT NULL REFERENCES users (id),
  game_id   BIGINT NOT NULL REFERENCES games (id),
  thread    TEXT   NOT NULL,
  last_read BIGINT NOT NULL,
  PRIMARY KEY (user_id, game_id, thread)
);
