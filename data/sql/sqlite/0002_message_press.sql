-- Structured press (issue 19): a message may carry a proposal or an answer besides its
-- text, kept as the platform's JSON of it (formats::press_json); NULL for plain text.
ALTER TABLE messages ADD COLUMN press TEXT;
