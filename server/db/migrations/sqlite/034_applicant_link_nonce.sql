-- Each application gets a random value of its own, stored with it when it is made and never shown: the
-- applicant's link is signed over it as well as the reference, so a link made for an application that was
-- erased can never open a later one that happens to draw the same reference (docs/decisions/022).
-- The server writes it with every new application; the applications already held get one here, marked
-- "legacy-": a link sent to one of those before this change no longer opens the page, but may still ask
-- for a fresh link, which goes to the address on file (server/protection/applicant-link.ts).
ALTER TABLE applications ADD COLUMN link_nonce TEXT NOT NULL DEFAULT '';
UPDATE applications SET link_nonce = 'legacy-' || lower(hex(randomblob(16)));
