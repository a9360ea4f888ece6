-- Site content staff keep (docs/decisions/029-site-content-published-at-static-speed.md).
--
-- content_items: one row per item of content (an accreditation), named by its kind and a key fixed when
-- it is made; position keeps the order the pages list them in.
CREATE TABLE content_items (
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  position INTEGER NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (kind, key)
);

-- content_versions: every version of an item, kept: the whole item as JSON checked by its schema in
-- core/content/, numbered from 1; state: 'draft', 'awaiting' (approval), 'published' (at most one per
-- item), 'superseded' or 'withdrawn'; author_id: the member of staff who made it (null: the files the
-- site shipped with, published on a fresh installation); based_on: the version the author started from;
-- approved_by / approved_at: the second person who approved it; published_at: when it went live.
CREATE TABLE content_versions (
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  version INTEGER NOT NULL,
  body TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('draft', 'awaiting', 'published', 'superseded', 'withdrawn')),
  author_id BIGINT,
  based_on INTEGER,
  restored_from INTEGER,
  created_at BIGINT NOT NULL,
  approved_by BIGINT,
  approved_at BIGINT,
  published_at BIGINT,
  PRIMARY KEY (kind, key, version),
  FOREIGN KEY (kind, key) REFERENCES content_items (kind, key)
);
CREATE INDEX content_versions_state ON content_versions (state);

-- One row: a number every publication raises, which every server process reads twice a second to know
-- when to read the published content again.
CREATE TABLE content_generation (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  generation BIGINT NOT NULL
);
INSERT INTO content_generation (id, generation) VALUES (1, 0);

-- Two permissions administrators grant on the Team page: editing site content, and approving it; an
-- invitation may grant either (1), given once it is accepted, or leave it as it is (null).
ALTER TABLE staff ADD COLUMN can_edit_content INTEGER NOT NULL DEFAULT 0;
ALTER TABLE staff ADD COLUMN can_approve_content INTEGER NOT NULL DEFAULT 0;
ALTER TABLE invitations ADD COLUMN grant_edit_content INTEGER;
ALTER TABLE invitations ADD COLUMN grant_approve_content INTEGER;
