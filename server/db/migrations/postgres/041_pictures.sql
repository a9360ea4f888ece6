-- The site's picture library (core/pictures/model.ts, server/pictures/).
--
-- pictures: one photo staff uploaded, kept whole in the database so every server process serves it and
-- a backup carries it. id: 16 hex characters made at random on upload and never reused, so a variant's
-- address can be cached for ever. content: the uploaded bytes as they came (never served: every variant
-- is made from them, re-encoded without metadata). width and height: as the picture is seen (turned as
-- its camera said). alt: the words a screen reader reads, '' exactly when decorative = 1. focal_x and
-- focal_y: where its subject is, in percent from the left and from the top. scan_status: 'clean' when
-- the virus scanner read it, 'not-scanned' when none is configured. uploaded_by: the member of staff.
CREATE TABLE pictures (
  id TEXT PRIMARY KEY,
  content BYTEA NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  alt TEXT NOT NULL,
  decorative INTEGER NOT NULL CHECK (decorative IN (0, 1)),
  focal_x INTEGER NOT NULL CHECK (focal_x BETWEEN 0 AND 100),
  focal_y INTEGER NOT NULL CHECK (focal_y BETWEEN 0 AND 100),
  scan_status TEXT NOT NULL CHECK (scan_status IN ('clean', 'not-scanned')),
  uploaded_by BIGINT,
  uploaded_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  CHECK ((decorative = 1) = (alt = ''))
);
CREATE INDEX pictures_uploaded ON pictures (uploaded_at);
