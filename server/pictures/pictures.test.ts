import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maxPictureBytes, pictureUrl } from "#core/pictures/model.ts";
import { type Clamd, createClamd, eicar, eicarSignature } from "../../tests/support/clamd.ts";
import { postgresUrl } from "../../tests/support/harness.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
import { createClamdScan } from "../scanning/clamd.ts";
import { createPictures, type Pictures } from "./pictures.ts";

/** A fresh, migrated database of each kind. */
async function fresh(dialect: "sqlite" | "postgres"): Promise<{ db: Database; drop(): Promise<void> }> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "pictures-test-"));
    const db = openDatabase(path.join(dir, "t.sqlite"));
    await migrate(db);
    return {
      db,
      async drop() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `pictures_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = openDatabase(postgresUrl, { schema });
  await migrate(db);
  return {
    db,
    async drop() {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

async function person(db: Database, name: string, edit: boolean) {
  const [row] = await db.all<{ id: number }>(
    `INSERT INTO staff (email, name, user_handle, created_at, is_admin, can_edit_content, can_approve_content)
       VALUES (?, ?, ?, ?, 0, ?, 0) RETURNING id`,
    [
      `${randomBytes(4).toString("hex")}@cottonopolis.example`,
      name,
      randomBytes(8).toString("hex"),
      Date.now(),
      edit ? 1 : 0,
    ],
  );
  return { id: Number(row?.id) };
}

/** A photo 2000 by 1000 pixels, as a camera writes it: a JPEG with the camera's details in its EXIF. */
const photo = await sharp({
  create: { width: 2000, height: 1000, channels: 3, background: { r: 20, g: 90, b: 140 } },
})
  .composite([
    {
      input: {
        create: { width: 600, height: 400, channels: 3, background: { r: 230, g: 200, b: 40 } },
      },
      left: 1200,
      top: 300,
    },
  ])
  .jpeg({ quality: 90 })
  .withExif({
    IFD0: { Make: "Cottonopolis Camera Works", Model: "Test Body 1", Copyright: "Priya Shah" },
  })
  .toBuffer();

/** A small PNG, narrower than any width pages ask for. */
const smallPng = await sharp({
  create: { width: 300, height: 200, channels: 4, background: { r: 10, g: 160, b: 120, alpha: 1 } },
})
  .png()
  .toBuffer();

const words = {
  alt: "Two officers at the front desk of a Manchester office",
  decorative: false,
  focalX: 70,
  focalY: 40,
};

describe.each(["sqlite", "postgres"] as const)("the picture library (%s)", (dialect) => {
  let db: Database;
  let drop: () => Promise<void>;
  let clamd: Clamd;
  let pictures: Pictures;
  let unscanned: Pictures;
  let editor: { id: number };
  let outsider: { id: number };

  beforeAll(async () => {
    ({ db, drop } = await fresh(dialect));
    clamd = createClamd();
    await clamd.start();
    pictures = createPictures({ db, scan: createClamdScan({ socket: clamd.socket }) });
    unscanned = createPictures({ db, scan: null });
    editor = await person(db, "Edith Editor", true);
    outsider = await person(db, "Olu Other", false);
  }, 60_000);
  afterAll(async () => {
    await clamd?.close();
    await drop?.();
  });

  async function count(): Promise<number> {
    const [row] = await db.all<{ n: number }>("SELECT COUNT(*) AS n FROM pictures");
    return Number(row?.n);
  }

  it("keeps a photo with its words, size as seen, scan and uploader, and audits it", async () => {
    const outcome = await pictures.add(editor, { content: photo, words });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.id).toMatch(/^[0-9a-f]{16}$/);
    const kept = await pictures.find(outcome.id);
    expect(kept).toMatchObject({
      ...words,
      width: 2000,
      height: 1000,
      contentType: "image/jpeg",
      size: photo.length,
      scanStatus: "clean",
      uploadedBy: editor.id,
      uploadedByName: "Edith Editor",
    });
    expect((await pictures.list()).map((picture) => picture.id)).toContain(outcome.id);
    // The bytes as uploaded are kept whole, in the database.
    const [row] = await db.all<{ content: Uint8Array }>("SELECT content FROM pictures WHERE id = ?", [
      outcome.id,
    ]);
    expect(Buffer.from(row?.content ?? []).equals(photo)).toBe(true);
    const audit = await db.all<{ action: string; staff_id: number; detail: string }>(
      "SELECT action, staff_id, detail FROM audit_log WHERE action = 'picture-uploaded' AND detail LIKE ?",
      [`${outcome.id}%`],
    );
    expect(audit).toEqual([
      { action: "picture-uploaded", staff_id: editor.id, detail: `${outcome.id} (2000×1000 jpg)` },
    ]);
  });

  it("keeps a decorative picture with no alt text, and marks it not scanned when no scanner is configured", async () => {
    const outcome = await unscanned.add(editor, {
      content: smallPng,
      words: { alt: "ignored when decorative", decorative: true, focalX: 50, focalY: 50 },
    });
    if (!outcome.ok) throw new Error(outcome.problem);
    expect(await unscanned.find(outcome.id)).toMatchObject({
      alt: "",
      decorative: true,
      width: 300,
      contentType: "image/png",
      scanStatus: "not-scanned",
    });
  });

  it("refuses, by the field and saving nothing, a text file named .jpg, a file over the limit and no alt text", async () => {
    const before = await count();
    const text = await pictures.add(editor, {
      content: Buffer.from("Meeting notes, not a photo.\n"),
      words,
    });
    expect(text).toMatchObject({
      ok: false,
      status: 400,
      problems: {
        picture:
          "The file is not a photo this site can use: choose a JPEG, PNG, WebP file (its name alone does not make it one).",
      },
    });

    const huge = Buffer.concat([photo, Buffer.alloc(maxPictureBytes + 1 - photo.length)]);
    const large = await pictures.add(editor, { content: huge, words });
    expect(large).toMatchObject({ ok: false, status: 400 });
    expect(large.ok ? "" : large.problems.picture).toContain("larger than 10 MB");

    const unnamed = await pictures.add(editor, {
      content: photo,
      words: { alt: "   ", decorative: false, focalX: 50, focalY: 50 },
    });
    expect(unnamed).toMatchObject({
      ok: false,
      status: 400,
      problems: {
        alt: "Describe the picture for people who cannot see it, or mark it decorative if it adds nothing to the page.",
      },
    });
    const long = await pictures.add(editor, {
      content: photo,
      words: { alt: "a".repeat(251), decorative: false, focalX: 120, focalY: 50 },
    });
    expect(long.ok ? {} : long.problems).toEqual({
      alt: "Keep the alt text to 250 characters or fewer.",
      focalX: "The focal point across is from 0 to 100.",
    });
    expect(await count()).toBe(before);
  });

  it("refuses a JPEG carrying the EICAR test file, found by the virus scanner", async () => {
    const before = await count();
    const infected = Buffer.concat([photo, eicar]);
    const outcome = await pictures.add(editor, { content: infected, words });
    expect(outcome).toMatchObject({
      ok: false,
      status: 400,
      problems: {
        picture: `The virus scanner found malware in this file (${eicarSignature}), so it was not saved.`,
      },
    });
    expect(await count()).toBe(before);
  });

  it("refuses someone who may not edit site content", async () => {
    expect(await pictures.add(outsider, { content: photo, words })).toMatchObject({ ok: false, status: 403 });
  });

  it("serves AVIF and WebP at the widths asked, never wider than the original, without metadata, cached for ever", async () => {
    const added = await unscanned.add(editor, { content: photo, words });
    if (!added.ok) throw new Error(added.problem);
    const app = express();
    app.use(unscanned.router);
    app.use((_req, res) => {
      res.status(404).end();
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const [format, type] of [
        ["avif", "image/avif"],
        ["webp", "image/webp"],
      ] as const) {
        const response = await fetch(`${base}${pictureUrl(added.id, 800, format)}`);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe(type);
        expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        const bytes = Buffer.from(await response.arrayBuffer());
        const meta = await sharp(bytes).metadata();
        expect(meta.format).toBe(format === "avif" ? "heif" : "webp");
        expect([meta.width, meta.height]).toEqual([800, 400]);
        // The upload carries EXIF; no variant carries any (so no GPS position either), nor XMP or IPTC.
        expect(photo.includes("Cottonopolis Camera Works")).toBe(true);
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.iptc).toBeUndefined();
        expect(bytes.includes("Cottonopolis Camera Works")).toBe(false);
      }
      const widest = await fetch(`${base}${pictureUrl(added.id, 1600, "webp")}`);
      expect((await sharp(Buffer.from(await widest.arrayBuffer())).metadata()).width).toBe(1600);

      // The small PNG is 300 wide: served at its own width, and at no width it lacks.
      const small = await unscanned.add(editor, { content: smallPng, words });
      if (!small.ok) throw new Error(small.problem);
      const own = await fetch(`${base}${pictureUrl(small.id, 300, "avif")}`);
      expect(own.status).toBe(200);
      expect((await fetch(`${base}${pictureUrl(small.id, 480, "avif")}`)).status).toBe(404);
      expect((await fetch(`${base}${pictureUrl(added.id, 300, "avif")}`)).status).toBe(404);

      // Unknown ids and malformed names are 404.
      expect((await fetch(`${base}${pictureUrl("0123456789abcdef", 800, "avif")}`)).status).toBe(404);
      expect((await fetch(`${base}/pictures/${added.id}-800.jpg`)).status).toBe(404);

      // A deleted picture is gone from this process at once.
      expect(await unscanned.remove(editor, added.id)).toEqual({ ok: true, id: added.id });
      expect((await fetch(`${base}${pictureUrl(added.id, 800, "avif")}`)).status).toBe(404);
    } finally {
      server.close();
    }
  }, 60_000);

  it("edits a picture's words and focal point, then deletes it, each on the audit log", async () => {
    const added = await unscanned.add(editor, { content: smallPng, words });
    if (!added.ok) throw new Error(added.problem);
    const refusedEdit = await unscanned.edit(editor, added.id, {
      alt: "",
      decorative: false,
      focalX: 10,
      focalY: 90,
    });
    expect(refusedEdit).toMatchObject({ ok: false, status: 400 });
    expect(
      await unscanned.edit(editor, added.id, { alt: "A mop", decorative: false, focalX: 10, focalY: 90 }),
    ).toEqual({
      ok: true,
      id: added.id,
    });
    expect(await unscanned.find(added.id)).toMatchObject({ alt: "A mop", focalX: 10, focalY: 90 });
    expect(await unscanned.edit(outsider, added.id, words)).toMatchObject({ ok: false, status: 403 });
    expect(await unscanned.remove(editor, added.id)).toEqual({ ok: true, id: added.id });
    expect(await unscanned.find(added.id)).toBeNull();
    expect(await unscanned.remove(editor, added.id)).toMatchObject({ ok: false, status: 404 });
    const actions = await db.all<{ action: string }>(
      "SELECT action FROM audit_log WHERE detail = ? ORDER BY id",
      [added.id],
    );
    expect(actions.map((row) => row.action)).toEqual(["picture-edited", "picture-deleted"]);
  });
});
