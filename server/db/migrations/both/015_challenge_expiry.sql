-- Expired sign-in challenges are deleted as new ones are stored: this finds them without a scan.
CREATE INDEX webauthn_challenges_expiry ON webauthn_challenges (expires_at);
