-- The outbox becomes a delivery queue for e-mail and webhooks alike.
-- channel: how the message leaves. message_id: one id for every attempt at the same message, the
-- e-mail's Message-ID or the webhook's webhook-id, so a repeat after a crash is recognisably the same
-- message. target: for a webhook, a hash naming one of WEBHOOK_URLS (an address can hold a secret, so
-- it is never stored; to_address keeps only its scheme and host). lease_token: whose claim the lease
-- is; a send is recorded only by the claim that still holds it.

ALTER TABLE outbox ADD COLUMN channel TEXT NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'webhook'));
ALTER TABLE outbox ADD COLUMN message_id TEXT;
ALTER TABLE outbox ADD COLUMN target TEXT;
ALTER TABLE outbox ADD COLUMN lease_token TEXT;
UPDATE outbox SET message_id = md5(random()::text || id::text) WHERE message_id IS NULL;
CREATE UNIQUE INDEX outbox_message_id ON outbox (message_id);
