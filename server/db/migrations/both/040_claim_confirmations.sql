-- Ready to launch (core/launch/checks.ts): an absolute claim the pages make ("100% client satisfaction")
-- that a person confirmed the company can show evidence for. claim: the claim's words in lower case,
-- as the check finds them (changed words are a new claim, to confirm again); who confirmed it, when, and
-- their note of the evidence.
CREATE TABLE claim_confirmations (
  claim TEXT PRIMARY KEY,
  confirmed_by BIGINT NOT NULL,
  confirmed_at BIGINT NOT NULL,
  note TEXT NOT NULL
);
