-- Site content on a schedule (docs/decisions/033-site-content-on-a-schedule.md).
--
-- content_schedules: a change to an item of site content due at a moment (stored as an instant, entered
-- and shown as UK time): 'publish' a version (version: which one) or 'take-down' the item's published
-- version (version: null). state: 'pending' until it is due; then 'done' (it happened, once, whichever
-- process ran it), or 'lapsed' (by then the version had been replaced or published by hand); or
-- 'cancelled' before it was due. scheduled_by / ended_by: the member of staff who scheduled it and who
-- cancelled it (null: it ended by itself at its time). An item has at most one pending publication and
-- one pending take-down.
CREATE TABLE content_schedules (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('publish', 'take-down')),
  version INTEGER,
  due_at BIGINT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'done', 'lapsed', 'cancelled')),
  scheduled_by BIGINT,
  scheduled_at BIGINT NOT NULL,
  ended_by BIGINT,
  ended_at BIGINT,
  FOREIGN KEY (kind, key) REFERENCES content_items (kind, key)
);
CREATE UNIQUE INDEX content_schedules_one_pending ON content_schedules (kind, key, action) WHERE state = 'pending';
CREATE INDEX content_schedules_due ON content_schedules (due_at) WHERE state = 'pending';
