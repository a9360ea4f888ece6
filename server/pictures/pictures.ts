/**
 * The site's picture library: photos staff with Edit site content upload (a JPEG, PNG or WebP by its
 * contents, within the size limit, read by the virus scanner first when one is configured), with the
 * words each carries and its focal point; kept whole in the database, so every server process serves
 * them and every backup carries them; served at the widths pages ask for, made on first request and
 * kept in memory. See docs/decisions/032-pictures-in-the-database.md.
 */
import { randomBytes } from "node:crypto";
import express, { type Router } from "express";
import {
  maxPictureBytes,
  type PictureFormat,
  type PictureWords,
  parsePictureFile,
  pictureContentTypes,
  pictureWordsSchema,
  widthsFor,
  type wordsFromForm,
} from "#core/pictures/model.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { Logger } from "../observability/logger.ts";
import { raiseGeneration, versionsOfKind } from "../tables/content.ts";
import {
  addPicture,
  allPictures,
  changePictureWords,
  deletePicture,
  findPicture,
  type KeptPicture,
  pictureBytes,
} from "../tables/pictures.ts";
import { contentPermissions } from "../tables/staff.ts";
import { recordEvent } from "../tables/timeline.ts";
import { readPictureForm, tooLarge } from "./upload.ts";
import { inspectUpload, makeVariant } from "./variants.ts";

export type { KeptPicture };

/** What the virus scanner said of a file (the scanning feature's verdict, handed in by the composition root). */
export type PictureVerdict = { infected: false } | { infected: true; found: string };

/** Reads a file and says whether it holds malware; throws when the scanner cannot be asked. */
export type ScanPicture = (content: Uint8Array) => Promise<PictureVerdict>;

export type PicturesOptions = {
  db: Database;
  /** The virus scan every upload passes before it is kept; null when no scanner is configured. */
  scan: ScanPicture | null;
  logger?: Logger;
  now?: () => number;
  /** The most bytes of variants this process keeps in memory. */
  cacheBytes?: number;
};

/** The fields a problem can belong to, so the page shows it by the field. */
export type PictureField = "picture" | "alt" | "focalX" | "focalY";

/** What a change to the library came to: done, or refused with a message and each problem by its field. */
export type PictureOutcome =
  | { ok: true; id: string }
  | { ok: false; status: number; problem: string; problems: Partial<Record<PictureField, string>> };

type Actor = { id: number };

const refused = (
  status: number,
  problem: string,
  problems: Partial<Record<PictureField, string>> = {},
): PictureOutcome => ({ ok: false, status, problem, problems });

const mayNotEdit =
  "Pictures are kept by those an administrator allows to edit site content, on the Team page.";
const checkFields = "Nothing was saved: check the fields marked below.";

/**
 * The titles of the case studies whose published, draft or awaiting version shows the picture: a page
 * shows it, or will once approved, so it must not be deleted. A version superseded or taken down keeps
 * no hold on it (restoring one whose photo is gone is refused). Other page kinds add their check here.
 */
export async function pictureUsers(db: Queryable, id: string): Promise<string[]> {
  const titles = new Set<string>();
  for (const version of await versionsOfKind(db, "case-study")) {
    if (!["published", "draft", "awaiting"].includes(version.state)) continue;
    const body = version.body as { photos?: unknown; title?: unknown } | null;
    if (Array.isArray(body?.photos) && body.photos.includes(id)) {
      titles.add(typeof body.title === "string" ? body.title : version.key);
    }
  }
  return [...titles];
}

/** True when a page uses the picture, so it must not be deleted. */
export async function pictureInUse(db: Queryable, id: string): Promise<boolean> {
  return (await pictureUsers(db, id)).length > 0;
}

/** Checks a picture's words by the shared schema: the words, or each problem by its field. */
export function checkWords(
  input: unknown,
): { ok: true; words: PictureWords } | { ok: false; problems: Partial<Record<PictureField, string>> } {
  const parsed = pictureWordsSchema.safeParse(input);
  if (parsed.success) return { ok: true, words: parsed.data };
  const problems: Partial<Record<PictureField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "alt") as PictureField;
    problems[field] ??= issue.message;
  }
  return { ok: false, problems };
}

/** A cache of made variants, least recently used out first, within a budget of bytes. */
function variantCache(budget: number) {
  const kept = new Map<string, Buffer>();
  let bytes = 0;
  return {
    get(key: string): Buffer | undefined {
      const found = kept.get(key);
      if (found) {
        kept.delete(key);
        kept.set(key, found);
      }
      return found;
    },
    set(key: string, value: Buffer) {
      if (value.length > budget) return;
      const before = kept.get(key);
      if (before) bytes -= before.length;
      kept.delete(key);
      kept.set(key, value);
      bytes += value.length;
      for (const [oldest, old] of kept) {
        if (bytes <= budget) break;
        kept.delete(oldest);
        bytes -= old.length;
      }
    },
    forget(prefix: string) {
      for (const [key, value] of kept) {
        if (key.startsWith(prefix)) {
          kept.delete(key);
          bytes -= value.length;
        }
      }
    },
  };
}

export function createPictures({
  db,
  scan,
  logger,
  now = Date.now,
  cacheBytes = 64 * 1024 * 1024,
}: PicturesOptions) {
  const cache = variantCache(cacheBytes);
  const making = new Map<string, Promise<Buffer | null>>();

  async function mayEdit(actor: Actor): Promise<boolean> {
    return (await contentPermissions(db, actor.id)).edit;
  }

  /** A variant's bytes: from memory, or made from the original (once, however many ask at once). */
  async function variant(id: string, width: number, format: PictureFormat): Promise<Buffer | null> {
    const key = `${id}-${width}.${format}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const inHand = making.get(key);
    if (inHand) return inHand;
    const made = (async () => {
      const picture = await findPicture(db, id);
      if (!picture || !widthsFor(picture.width).includes(width)) return null;
      const original = await pictureBytes(db, id);
      if (!original) return null;
      const bytes = await makeVariant(original, width, format);
      cache.set(key, bytes);
      return bytes;
    })().finally(() => making.delete(key));
    making.set(key, made);
    return made;
  }

  /** GET /pictures/<id>-<width>.<format>: the variant, cached for ever, or 404. */
  const router: Router = express.Router();
  router.get("/pictures/:file", async (req, res, next) => {
    const asked = parsePictureFile(req.params.file);
    if (!asked) return next();
    try {
      const bytes = await variant(asked.id, asked.width, asked.format);
      if (!bytes) return next();
      res.setHeader("Content-Type", pictureContentTypes[asked.format]);
      // The id is new for every upload and the bytes behind it never change: cache for a year, unasked.
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.end(bytes);
    } catch (error) {
      next(error);
    }
  });

  return {
    router,

    /** Whether this member of staff may keep pictures (Edit site content). */
    mayEdit,

    /** Every picture, the newest first. */
    list: () => allPictures(db),

    /** One picture, or null. */
    find: (id: string) => findPicture(db, id),

    /** One variant's bytes, or null when there is no such picture or width. */
    variant,

    /** Reads the upload form of a request (busboy): its fields and file, or why it cannot be read. */
    readForm: readPictureForm,

    /**
     * Keeps an uploaded photo with its words: refused, with every problem by its field, when it is not
     * a JPEG, PNG or WebP by its contents, is over the limit, the virus scanner finds malware in it, or
     * its words are wrong. Kept in one statement with its audit line, or not at all.
     */
    async add(
      actor: Actor,
      input: { content: Uint8Array | null; words: ReturnType<typeof wordsFromForm> },
    ): Promise<PictureOutcome> {
      if (!(await mayEdit(actor))) return refused(403, mayNotEdit);
      const problems: Partial<Record<PictureField, string>> = {};
      const words = checkWords(input.words);
      if (!words.ok) Object.assign(problems, words.problems);
      const content = input.content;
      let inspected: Awaited<ReturnType<typeof inspectUpload>> | null = null;
      if (!content || content.byteLength === 0) problems.picture = "Choose a photo to upload.";
      else if (content.byteLength > maxPictureBytes) problems.picture = tooLarge;
      else {
        // Every file is read by the scanner before anything else opens it, whatever it claims to be.
        if (scan) {
          let verdict: PictureVerdict;
          try {
            verdict = await scan(content);
          } catch (error) {
            logger?.warn({ err: error }, "virus scanner unreachable: a picture upload was refused");
            return refused(
              503,
              "The virus scanner cannot be reached just now, so nothing was saved. Please try again in a few minutes.",
            );
          }
          if (verdict.infected) {
            logger?.warn({ found: verdict.found }, "uploaded picture infected: refused");
            problems.picture = `The virus scanner found malware in this file (${verdict.found}), so it was not saved.`;
          }
        }
        if (!problems.picture) {
          inspected = await inspectUpload(content);
          if (!inspected.ok) problems.picture = inspected.problem;
        }
      }
      if (!words.ok || !content || !inspected?.ok || Object.keys(problems).length > 0) {
        return refused(400, checkFields, problems);
      }
      const id = randomBytes(8).toString("hex");
      const at = now();
      await db.transaction(async (tx) => {
        await addPicture(tx, {
          id,
          content,
          contentType: inspected.contentType,
          width: inspected.width,
          height: inspected.height,
          ...words.words,
          scanStatus: scan ? "clean" : "not-scanned",
          uploadedBy: actor.id,
          now: at,
        });
        await recordEvent(tx, {
          action: "picture-uploaded",
          staffId: actor.id,
          detail: `${id} (${inspected.width}×${inspected.height} ${inspected.type})`,
          now: at,
        });
      });
      return { ok: true, id };
    },

    /** Changes a picture's alt text, decorative mark and focal point. */
    async edit(actor: Actor, id: string, input: ReturnType<typeof wordsFromForm>): Promise<PictureOutcome> {
      if (!(await mayEdit(actor))) return refused(403, mayNotEdit);
      const words = checkWords(input);
      if (!words.ok) return refused(400, checkFields, words.problems);
      const at = now();
      return db.transaction(async (tx) => {
        if (!(await changePictureWords(tx, id, words.words, at)))
          return refused(404, "There is no such picture.");
        // The pages carry a picture's words in their markup: a case study showing it is drawn again.
        if (await pictureInUse(tx, id)) await raiseGeneration(tx);
        await recordEvent(tx, { action: "picture-edited", staffId: actor.id, detail: id, now: at });
        return { ok: true, id };
      });
    },

    /** Deletes a picture that no page uses. */
    async remove(actor: Actor, id: string): Promise<PictureOutcome> {
      if (!(await mayEdit(actor))) return refused(403, mayNotEdit);
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const users = await pictureUsers(tx, id);
        if (users.length > 0) {
          const named = users.map((title) => `“${title}”`).join(", ");
          return refused(
            409,
            `The case ${users.length === 1 ? "study" : "studies"} ${named} ${users.length === 1 ? "shows" : "show"} this picture (published, or in a draft or awaiting approval): take it off first, then delete it.`,
          );
        }
        if (!(await deletePicture(tx, id))) return refused(404, "That picture was already deleted.");
        await recordEvent(tx, { action: "picture-deleted", staffId: actor.id, detail: id, now: at });
        return { ok: true, id } as const;
      });
      if (outcome.ok) cache.forget(`${id}-`);
      return outcome;
    },
  };
}

export type Pictures = ReturnType<typeof createPictures>;
