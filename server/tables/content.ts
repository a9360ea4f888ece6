/**
 * The owner of the site content's tables: `content_items` (one row per item, named by kind and key, in
 * the order the pages list them), `content_versions` (every version of an item, the whole item as JSON,
 * with its state, author and approver) and `content_generation` (one number every publication raises, so
 * every server process knows when to read the published content again).
 */
import type { ContentKind, VersionState } from "#core/content/model.ts";
import type { Queryable } from "../db/database.ts";

/** One version of an item, with the names of who made and who approved it. */
export type ContentVersion = {
  kind: ContentKind;
  key: string;
  version: number;
  body: unknown;
  state: VersionState;
  authorId: number | null;
  authorName: string | null;
  basedOn: number | null;
  restoredFrom: number | null;
  createdAt: number;
  approvedBy: number | null;
  approverName: string | null;
  approvedAt: number | null;
  publishedAt: number | null;
  /** Why it stands where it does, when staff said so (taken down, a quote removed). */
  note: string | null;
};

type VersionRow = {
  kind: ContentKind;
  key: string;
  version: number;
  body: string;
  state: VersionState;
  author_id: number | null;
  author_name: string | null;
  based_on: number | null;
  restored_from: number | null;
  created_at: number;
  approved_by: number | null;
  approver_name: string | null;
  approved_at: number | null;
  published_at: number | null;
  note: string | null;
};

const nullable = (value: number | null) => (value === null ? null : Number(value));

function versionOf(row: VersionRow): ContentVersion {
  return {
    kind: row.kind,
    key: row.key,
    version: Number(row.version),
    body: JSON.parse(row.body) as unknown,
    state: row.state,
    authorId: nullable(row.author_id),
    authorName: row.author_name,
    basedOn: nullable(row.based_on),
    restoredFrom: nullable(row.restored_from),
    createdAt: Number(row.created_at),
    approvedBy: nullable(row.approved_by),
    approverName: row.approver_name,
    approvedAt: nullable(row.approved_at),
    publishedAt: nullable(row.published_at),
    note: row.note ?? null,
  };
}

const versionColumns = `v.kind, v.key, v.version, v.body, v.state, v.author_id, a.name AS author_name, v.based_on,
  v.restored_from, v.created_at, v.approved_by, p.name AS approver_name, v.approved_at, v.published_at, v.note`;
const versionFrom = `content_versions v LEFT JOIN staff a ON a.id = v.author_id LEFT JOIN staff p ON p.id = v.approved_by`;

/**
 * Adds an item with its first version published, unless an item of that kind and key exists: true when
 * it was added. Safe when several processes seed at once (the loser of the race changes nothing).
 */
export async function seedItem(
  db: Queryable,
  item: { kind: ContentKind; key: string; position: number; body: unknown; now: number },
): Promise<boolean> {
  const added = await db.run(
    "INSERT INTO content_items (kind, key, position, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (kind, key) DO NOTHING",
    [item.kind, item.key, item.position, item.now],
  );
  if (added === 0) return false;
  await db.run(
    `INSERT INTO content_versions (kind, key, version, body, state, created_at, published_at)
       VALUES (?, ?, 1, ?, 'published', ?, ?) ON CONFLICT (kind, key, version) DO NOTHING`,
    [item.kind, item.key, JSON.stringify(item.body), item.now, item.now],
  );
  return true;
}

/** Adds an item with no versions yet (staff making a new one); false when the key is taken. */
export async function addItem(
  db: Queryable,
  item: { kind: ContentKind; key: string; now: number },
): Promise<boolean> {
  const added = await db.run(
    `INSERT INTO content_items (kind, key, position, created_at)
       SELECT ?, ?, COALESCE(MAX(position), 0) + 1, ? FROM content_items WHERE kind = ?
     ON CONFLICT (kind, key) DO NOTHING`,
    [item.kind, item.key, item.now, item.kind],
  );
  return added === 1;
}

/** Every item of a kind, in order, with its newest version and its published one (if any). */
export async function listItems(
  db: Queryable,
  kind: ContentKind,
): Promise<{ key: string; latest: ContentVersion | null; published: ContentVersion | null }[]> {
  const items = await db.all<{ key: string }>(
    "SELECT key FROM content_items WHERE kind = ? ORDER BY position, key",
    [kind],
  );
  const rows = await db.all<VersionRow>(
    `SELECT ${versionColumns} FROM ${versionFrom} WHERE v.kind = ? ORDER BY v.key, v.version`,
    [kind],
  );
  const byKey = new Map<string, ContentVersion[]>();
  for (const row of rows) {
    const list = byKey.get(row.key) ?? [];
    list.push(versionOf(row));
    byKey.set(row.key, list);
  }
  return items.map(({ key }) => {
    const versions = byKey.get(key) ?? [];
    return {
      key,
      latest: versions.at(-1) ?? null,
      published: versions.find((version) => version.state === "published") ?? null,
    };
  });
}

/** True when an item of this kind and key exists. */
export async function itemExists(db: Queryable, kind: ContentKind, key: string): Promise<boolean> {
  const rows = await db.all("SELECT 1 AS found FROM content_items WHERE kind = ? AND key = ?", [kind, key]);
  return rows.length > 0;
}

/** Every version of an item, oldest first. */
export async function itemVersions(db: Queryable, kind: ContentKind, key: string): Promise<ContentVersion[]> {
  const rows = await db.all<VersionRow>(
    `SELECT ${versionColumns} FROM ${versionFrom} WHERE v.kind = ? AND v.key = ? ORDER BY v.version`,
    [kind, key],
  );
  return rows.map(versionOf);
}

/** The newest version's number of an item (0 when it has none). */
export async function latestVersion(db: Queryable, kind: ContentKind, key: string): Promise<number> {
  const [row] = await db.all<{ latest: number | null }>(
    "SELECT MAX(version) AS latest FROM content_versions WHERE kind = ? AND key = ?",
    [kind, key],
  );
  return Number(row?.latest ?? 0);
}

/**
 * Adds a version. Its number must be free: a second save based on the same version fails here with a
 * unique violation, so it is never silently written over the first.
 */
export async function addVersion(
  db: Queryable,
  version: {
    kind: ContentKind;
    key: string;
    version: number;
    body: unknown;
    state: VersionState;
    /** Null for a version imported from a file by `npm run content -- import`. */
    authorId: number | null;
    basedOn: number | null;
    restoredFrom: number | null;
    now: number;
    note?: string | null;
  },
): Promise<void> {
  await db.run(
    `INSERT INTO content_versions (kind, key, version, body, state, author_id, based_on, restored_from, created_at, note)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      version.kind,
      version.key,
      version.version,
      JSON.stringify(version.body),
      version.state,
      version.authorId,
      version.basedOn,
      version.restoredFrom,
      version.now,
      version.note ?? null,
    ],
  );
}

/** Marks an item's drafts and versions awaiting approval older than `version` superseded. */
export async function supersedeUnpublished(
  db: Queryable,
  kind: ContentKind,
  key: string,
  version: number,
): Promise<void> {
  await db.run(
    `UPDATE content_versions SET state = 'superseded'
       WHERE kind = ? AND key = ? AND version < ? AND state IN ('draft', 'awaiting')`,
    [kind, key, version],
  );
}

/** Moves one version from one state to another; false when it was not in that state. */
export async function moveVersion(
  db: Queryable,
  at: { kind: ContentKind; key: string; version: number },
  from: VersionState,
  to: VersionState,
): Promise<boolean> {
  const changed = await db.run(
    "UPDATE content_versions SET state = ? WHERE kind = ? AND key = ? AND version = ? AND state = ?",
    [to, at.kind, at.key, at.version, from],
  );
  return changed === 1;
}

/**
 * Publishes one version (from `from`): the item's published version before it becomes superseded, the
 * approver is recorded when there is one, and the content's generation rises. False when the version
 * was not in state `from` (approved or withdrawn meanwhile).
 */
export async function publishVersion(
  db: Queryable,
  at: { kind: ContentKind; key: string; version: number },
  from: VersionState,
  approver: number | null,
  now: number,
): Promise<boolean> {
  await db.run(
    "UPDATE content_versions SET state = 'superseded' WHERE kind = ? AND key = ? AND state = 'published' AND version <> ?",
    [at.kind, at.key, at.version],
  );
  const changed = await db.run(
    `UPDATE content_versions SET state = 'published', approved_by = ?, approved_at = ?, published_at = ?
       WHERE kind = ? AND key = ? AND version = ? AND state = ?`,
    [approver, approver === null ? null : now, now, at.kind, at.key, at.version, from],
  );
  if (changed !== 1) return false;
  await raiseGeneration(db);
  return true;
}

/** Raises the content's generation: every process reads the published content again. */
export async function raiseGeneration(db: Queryable): Promise<void> {
  await db.run("UPDATE content_generation SET generation = generation + 1 WHERE id = 1");
}

/** The content's generation now: a cheap read every process makes twice a second. */
export async function contentGeneration(db: Queryable): Promise<number> {
  const [row] = await db.all<{ generation: number }>(
    "SELECT generation FROM content_generation WHERE id = 1",
  );
  return Number(row?.generation ?? 0);
}

/** The published version's body of every item of a kind, in the items' order. */
export async function publishedBodies(db: Queryable, kind: ContentKind): Promise<unknown[]> {
  const rows = await db.all<{ body: string }>(
    `SELECT v.body FROM content_versions v JOIN content_items i ON i.kind = v.kind AND i.key = v.key
       WHERE v.kind = ? AND v.state = 'published' ORDER BY i.position, i.key`,
    [kind],
  );
  return rows.map((row) => JSON.parse(row.body) as unknown);
}

/**
 * Records a second person's approval of a version awaiting it, leaving it awaiting: it is due to be
 * published at a scheduled time. False when it was not awaiting approval.
 */
export async function approveAwaiting(
  db: Queryable,
  at: { kind: ContentKind; key: string; version: number },
  approver: number,
  now: number,
): Promise<boolean> {
  const changed = await db.run(
    `UPDATE content_versions SET approved_by = ?, approved_at = ?
       WHERE kind = ? AND key = ? AND version = ? AND state = 'awaiting' AND approved_by IS NULL`,
    [approver, now, at.kind, at.key, at.version],
  );
  return changed === 1;
}

/**
 * Publishes a version already approved (awaiting its scheduled time), keeping who approved it and when;
 * as `publishVersion` otherwise. False when it is not an approved version awaiting publication.
 */
export async function publishApproved(
  db: Queryable,
  at: { kind: ContentKind; key: string; version: number },
  now: number,
): Promise<boolean> {
  const changed = await db.run(
    `UPDATE content_versions SET state = 'published', published_at = ?
       WHERE kind = ? AND key = ? AND version = ? AND state = 'awaiting' AND approved_by IS NOT NULL`,
    [now, at.kind, at.key, at.version],
  );
  if (changed !== 1) return false;
  await db.run(
    "UPDATE content_versions SET state = 'superseded' WHERE kind = ? AND key = ? AND state = 'published' AND version <> ?",
    [at.kind, at.key, at.version],
  );
  await raiseGeneration(db);
  return true;
}

/**
 * Takes an item's published version off the site: it becomes withdrawn, with why, and the content's
 * generation rises. Resolves to its number, or null when nothing was published.
 */
export async function takeDownPublished(
  db: Queryable,
  kind: ContentKind,
  key: string,
  note: string,
): Promise<number | null> {
  const [row] = await db.all<{ version: number }>(
    "SELECT version FROM content_versions WHERE kind = ? AND key = ? AND state = 'published'",
    [kind, key],
  );
  if (!row) return null;
  const changed = await db.run(
    "UPDATE content_versions SET state = 'withdrawn', note = ? WHERE kind = ? AND key = ? AND version = ? AND state = 'published'",
    [note, kind, key, row.version],
  );
  if (changed !== 1) return null;
  await raiseGeneration(db);
  return Number(row.version);
}

/** Every version of every item of a kind, oldest first within each item (an erasure's search). */
export async function versionsOfKind(db: Queryable, kind: ContentKind): Promise<ContentVersion[]> {
  const rows = await db.all<VersionRow>(
    `SELECT ${versionColumns} FROM ${versionFrom} WHERE v.kind = ? ORDER BY v.key, v.version`,
    [kind],
  );
  return rows.map(versionOf);
}

/** Writes over one version's body, with why (an erasure: the only change ever made to a saved version). */
export async function rewriteBody(
  db: Queryable,
  at: { kind: ContentKind; key: string; version: number },
  body: unknown,
  note: string,
): Promise<void> {
  await db.run("UPDATE content_versions SET body = ?, note = ? WHERE kind = ? AND key = ? AND version = ?", [
    JSON.stringify(body),
    note,
    at.kind,
    at.key,
    at.version,
  ]);
}
