-- PostgreSQL's migration 3 sets how a game's record is stored; SQLite has no such
-- setting, and keeps the same migration numbers.
SELECT 1;
