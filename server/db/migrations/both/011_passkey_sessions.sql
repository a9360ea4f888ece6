-- Each session remembers the passkey that opened it, so removing a passkey (a lost phone, a security
-- key left on a train) ends every session it opened. Sessions from before this change cannot say which
-- passkey opened them, so they end here: everyone signs in once more.
DELETE FROM sessions;
ALTER TABLE sessions ADD COLUMN passkey_id TEXT REFERENCES passkeys (id) ON DELETE CASCADE;
CREATE INDEX sessions_passkey ON sessions (passkey_id);
