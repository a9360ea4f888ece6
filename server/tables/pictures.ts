/**
 * The owner of the `pictures` table: the photos staff uploaded for the pages, each with its bytes as
 * uploaded, its type and size as seen, the words it carries (alt text or the decorative mark), its
 * focal point, how its virus scan went, and who uploaded it and when.
 */
import type { Picture, PictureWords } from "#core/pictures/model.ts";
import type { Queryable } from "../db/database.ts";

/** A picture as the library lists it: what pages need, and the facts staff see beside it. */
export type KeptPicture = Picture & {
  contentType: string;
  size: number;
  scanStatus: "clean" | "not-scanned";
  uploadedBy: number | null;
  uploadedByName: string | null;
  uploadedAt: number;
  updatedAt: number;
};

/** A picture to keep. */
export type NewPicture = PictureWords & {
  id: string;
  content: Uint8Array;
  contentType: string;
  width: number;
  height: number;
  scanStatus: "clean" | "not-scanned";
  uploadedBy: number;
  now: number;
};

type PictureRow = {
  id: string;
  content_type: string;
  size: number;
  width: number;
  height: number;
  alt: string;
  decorative: number;
  focal_x: number;
  focal_y: number;
  scan_status: "clean" | "not-scanned";
  uploaded_by: number | null;
  uploaded_by_name: string | null;
  uploaded_at: number;
  updated_at: number;
};

const columns = `p.id, p.content_type, p.size, p.width, p.height, p.alt, p.decorative, p.focal_x, p.focal_y,
  p.scan_status, p.uploaded_by, s.name AS uploaded_by_name, p.uploaded_at, p.updated_at`;
const from = "pictures p LEFT JOIN staff s ON s.id = p.uploaded_by";

function pictureOf(row: PictureRow): KeptPicture {
  return {
    id: row.id,
    width: Number(row.width),
    height: Number(row.height),
    alt: row.alt,
    decorative: Number(row.decorative) === 1,
    focalX: Number(row.focal_x),
    focalY: Number(row.focal_y),
    contentType: row.content_type,
    size: Number(row.size),
    scanStatus: row.scan_status,
    uploadedBy: row.uploaded_by === null ? null : Number(row.uploaded_by),
    uploadedByName: row.uploaded_by_name,
    uploadedAt: Number(row.uploaded_at),
    updatedAt: Number(row.updated_at),
  };
}

/** Keeps a new picture. */
export async function addPicture(db: Queryable, picture: NewPicture): Promise<void> {
  await db.run(
    `INSERT INTO pictures (id, content, content_type, size, width, height, alt, decorative, focal_x, focal_y,
       scan_status, uploaded_by, uploaded_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      picture.id,
      picture.content,
      picture.contentType,
      picture.content.byteLength,
      picture.width,
      picture.height,
      picture.alt,
      picture.decorative ? 1 : 0,
      picture.focalX,
      picture.focalY,
      picture.scanStatus,
      picture.uploadedBy,
      picture.now,
      picture.now,
    ],
  );
}

/** Every picture, the newest first, without its bytes. */
export async function allPictures(db: Queryable): Promise<KeptPicture[]> {
  const rows = await db.all<PictureRow>(`SELECT ${columns} FROM ${from} ORDER BY p.uploaded_at DESC, p.id`);
  return rows.map(pictureOf);
}

/** One picture without its bytes, or null. */
export async function findPicture(db: Queryable, id: string): Promise<KeptPicture | null> {
  const [row] = await db.all<PictureRow>(`SELECT ${columns} FROM ${from} WHERE p.id = ?`, [id]);
  return row ? pictureOf(row) : null;
}

/** A picture's bytes as uploaded, or null when there is no such picture. */
export async function pictureBytes(db: Queryable, id: string): Promise<Uint8Array | null> {
  const [row] = await db.all<{ content: Uint8Array }>("SELECT content FROM pictures WHERE id = ?", [id]);
  return row ? row.content : null;
}

/** Changes a picture's words; resolves true when there was such a picture. */
export async function changePictureWords(
  db: Queryable,
  id: string,
  words: PictureWords,
  now: number,
): Promise<boolean> {
  const changed = await db.run(
    "UPDATE pictures SET alt = ?, decorative = ?, focal_x = ?, focal_y = ?, updated_at = ? WHERE id = ?",
    [words.alt, words.decorative ? 1 : 0, words.focalX, words.focalY, now, id],
  );
  return changed > 0;
}

/** Deletes a picture; resolves true when there was one. */
export async function deletePicture(db: Queryable, id: string): Promise<boolean> {
  return (await db.run("DELETE FROM pictures WHERE id = ?", [id])) > 0;
}
