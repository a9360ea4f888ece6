// A backup carries the picture library with no extra step: `npm run data -- backup` copies the whole
// database, and the pictures are in it. A picture uploaded before the backup is served, byte for byte the
// same, from the database it was restored into.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { type Dialect, freshPostgresDatabase } from "../../tests/support/harness.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
import { backupDatabase, restoreDatabase } from "../lifecycle/backup.ts";
import { createPictures } from "./pictures.ts";

describe.each<Dialect>(["sqlite", "postgres"])("backing up the picture library on %s", (dialect) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function emptyDatabase(dir: string, name: string): Promise<string> {
    if (dialect === "sqlite") return path.join(dir, `${name}.sqlite`);
    const database = await freshPostgresDatabase();
    cleanups.push(database.drop);
    return database.url;
  }

  function open(url: string): Database {
    const db = openDatabase(url);
    cleanups.push(() => db.close());
    return db;
  }

  it("restores every picture with its bytes and words, served as before", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "pictures-backup-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const sourceUrl = await emptyDatabase(dir, "source");
    const source = open(sourceUrl);
    await migrate(source);
    const [editor] = await source.all<{ id: number }>(
      `INSERT INTO staff (email, name, user_handle, created_at, can_edit_content) VALUES (?, ?, ?, ?, 1) RETURNING id`,
      ["edith@cottonopolis.example", "Edith Editor", randomBytes(8).toString("hex"), Date.now()],
    );
    const content = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .png()
      .toBuffer();
    const words = { alt: "A freshly cleaned office kitchen", decorative: false, focalX: 25, focalY: 75 };
    const added = await createPictures({ db: source, scan: null }).add(
      { id: Number(editor?.id) },
      { content, words },
    );
    if (!added.ok) throw new Error(added.problem);
    const served = await createPictures({ db: source, scan: null }).variant(added.id, 800, "webp");

    const file = path.join(dir, "site.backup");
    const key = randomBytes(32);
    await backupDatabase(sourceUrl, file, { key, recipient: null });
    const restoredUrl = await emptyDatabase(dir, "restored");
    await restoreDatabase(restoredUrl, file, { keys: [key], identity: null });

    const restored = createPictures({ db: open(restoredUrl), scan: null });
    expect(await restored.find(added.id)).toMatchObject({
      ...words,
      width: 900,
      height: 600,
      size: content.length,
    });
    const again = await restored.variant(added.id, 800, "webp");
    expect(again && served && Buffer.compare(again, served)).toBe(0);
  }, 60_000);
});
