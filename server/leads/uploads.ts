import type { IncomingMessage } from "node:http";
import path from "node:path";
import busboy from "busboy";
import { fileTypeFromBuffer } from "file-type";
import { site } from "#core/config/site.ts";
import {
  type CareersFileField,
  careersFields,
  careersFiles,
  vacancyField,
} from "#core/forms/careers-schema.ts";
import { honeypotField, withoutInvisibleFormatting } from "#core/forms/fields.ts";
import { formTokenField } from "#core/forms/form-token.ts";
import { Refusal } from "./refusal.ts";
import type { Upload } from "./store.ts";

/** The largest file the careers form accepts, in bytes: the limit the form itself shows. */
export const maxFileBytes = site.limits.maxUploadMb * 1024 * 1024;

/** The limit as the form words it, e.g. "5MB". */
export const uploadLimitLabel = `${site.limits.maxUploadMb}MB`;

const allowedFields = new Set<string>([...careersFields, vacancyField, honeypotField, formTokenField]);
const fileLabels: Record<CareersFileField, string> = {
  resume: "Your CV",
  otherDocuments: "Your other document",
};

// What each extension's contents must turn out to be (file-type's names). Word 97-2003
// documents are OLE compound files, which file-type reports as "cfb".
const expectedTypes: Record<string, { types: string[]; contentType: string }> = {
  ".pdf": { types: ["pdf"], contentType: "application/pdf" },
  ".doc": { types: ["cfb", "doc"], contentType: "application/msword" },
  ".docx": {
    types: ["docx"],
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  },
  ".jpg": { types: ["jpg"], contentType: "image/jpeg" },
  ".jpeg": { types: ["jpg"], contentType: "image/jpeg" },
  ".png": { types: ["png"], contentType: "image/png" },
};

/** Reduces a browser-supplied file name to something safe to show and to put in a mail header; never a path. */
export function safeFileName(raw: string, fallback: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  // The hidden characters that change how text reads go too (core/characters.ts): a right-to-left
  // override in the name could make an .exe's name read as a PDF's in the workspace and the team's e-mail.
  const cleaned = withoutInvisibleFormatting(base.normalize("NFC"))
    .replace(/[\p{Cc}\u2028\u2029"*:<>?|;\\/]/gu, "")
    .replace(/\s+/g, " ")
    .replace(/^[.\s]+/, "")
    .trim();
  if (!cleaned) return fallback;
  const ext = path.extname(cleaned).slice(0, 10);
  const stem = cleaned.slice(0, cleaned.length - ext.length).slice(0, 100 - ext.length);
  return `${stem}${ext}`;
}

/** Checks a file by its name and by its contents; returns it ready to store. */
export async function checkFile(field: CareersFileField, rawName: string, content: Buffer): Promise<Upload> {
  const label = fileLabels[field];
  const accepted: readonly string[] = careersFiles[field];
  const readable = accepted.map((ext) => ext.slice(1).toUpperCase()).join(", ");
  const fileName = safeFileName(rawName, field === "resume" ? "cv" : "document");
  const ext = path.extname(fileName).toLowerCase();
  const expected = expectedTypes[ext];
  if (!accepted.includes(ext) || !expected) {
    throw new Refusal(400, `${label} must be one of these file types: ${readable}.`);
  }
  if (content.length === 0) throw new Refusal(400, `${label} is empty. Please choose the file again.`);
  const detected = await fileTypeFromBuffer(content);
  if (!detected || !expected.types.includes(detected.ext)) {
    throw new Refusal(
      400,
      `${label} does not look like a real ${ext.slice(1).toUpperCase()} file. Please save it again as one of: ${readable}.`,
    );
  }
  return { field, fileName, contentType: expected.contentType, content };
}

/** A parsed application form: its text fields and its (not yet checked) files. */
export type ParsedMultipart = {
  fields: Record<string, string>;
  files: { field: CareersFileField; name: string; content: Buffer }[];
};

/**
 * Streams a multipart body with limits enforced while reading: two named file
 * fields of at most maxFileBytes each, a small cap on fields and their sizes. Files stay
 * in memory until stored, so nothing touches the disk. A refusal still reads the
 * rest of the body, so the client gets its 4xx reply rather than a reset.
 */
export function parseMultipart(req: IncomingMessage): Promise<ParsedMultipart> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: "utf8",
        limits: {
          // One byte over the limit is enough to know a file is too large.
          fileSize: maxFileBytes + 1,
          // Busboy stops at these counts; a little slack lets the name checks give the clearer message.
          files: 3,
          fields: allowedFields.size + 2,
          parts: allowedFields.size + 5,
          fieldSize: 8 * 1024,
          fieldNameSize: 100,
        },
      });
    } catch {
      req.resume();
      reject(
        new Refusal(
          400,
          "The form could not be read (its boundary is missing). Please reload the page and try again.",
        ),
      );
      return;
    }
    const fields: Record<string, string> = {};
    const files: ParsedMultipart["files"] = [];
    const seenFiles = new Set<string>();
    let refusal: Refusal | null = null;
    const refuse = (status: number, message: string) => {
      refusal ??= new Refusal(status, message);
    };

    parser.on("field", (name, value, info) => {
      if (!allowedFields.has(name))
        return refuse(
          400,
          "The form contained fields we do not recognise. Please reload the page and try again.",
        );
      if (name in fields)
        return refuse(
          400,
          "The form contained a field more than once. Please reload the page and try again.",
        );
      if (info.valueTruncated)
        return refuse(413, "One of your answers is too long. Please shorten it and try again.");
      fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      if (name !== "resume" && name !== "otherDocuments") {
        stream.resume();
        return refuse(
          400,
          "The form contained a file we do not recognise. Please reload the page and try again.",
        );
      }
      if (seenFiles.has(name)) {
        stream.resume();
        return refuse(400, "Please attach one file in each document field.");
      }
      seenFiles.add(name);
      // A client that hangs up mid-file makes the stream fail; the parser reports it below.
      stream.on("error", () => {});
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxFileBytes) {
          refuse(
            413,
            `${fileLabels[name]} is larger than ${uploadLimitLabel}. Please choose a smaller file.`,
          );
          return;
        }
        if (!refusal) chunks.push(chunk);
      });
      stream.on("end", () => {
        // A file input left empty still sends an empty part without a name: that means "no file".
        if (!info.filename && size === 0) return;
        if (!refusal) files.push({ field: name, name: info.filename ?? "", content: Buffer.concat(chunks) });
      });
    });
    parser.on("filesLimit", () => refuse(400, "Please attach one file in each document field."));
    parser.on("fieldsLimit", () =>
      refuse(400, "The form contained more fields than expected. Please reload the page and try again."),
    );
    parser.on("partsLimit", () =>
      refuse(400, "The form contained more fields than expected. Please reload the page and try again."),
    );
    parser.on("error", () => {
      req.unpipe(parser);
      req.resume();
      reject(
        refusal ?? new Refusal(400, "The form could not be read. Please reload the page and try again."),
      );
    });
    parser.on("close", () => {
      if (refusal) reject(refusal);
      else resolve({ fields, files });
    });
    req.pipe(parser);
  });
}

/**
 * A memory budget for request bodies. An application is read and stored holding a share of it, the
 * size its body declares (or the most it may be, when it does not say), so however many arrive at
 * once, only so many bytes of uploads are held in memory; the others wait in turn, their bodies
 * unread (TCP holds them back at the client). A small application takes almost nothing, so those
 * are not held up. take() resolves with the share's release function, or with null when it did not
 * come free within waitMs.
 */
export function createBudget(totalBytes: number) {
  let free = totalBytes;
  const queue: { bytes: number; grant: (release: () => void) => void }[] = [];
  function pump() {
    // First come, first served: a large share is not overtaken for ever by small ones.
    while (queue[0] && queue[0].bytes <= free) {
      const next = queue.shift() as (typeof queue)[number];
      free -= next.bytes;
      next.grant(releaser(next.bytes));
    }
  }
  function releaser(bytes: number) {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      free += bytes;
      pump();
    };
  }
  return {
    take(requested: number, waitMs: number): Promise<(() => void) | null> {
      const bytes = Math.min(requested, totalBytes);
      return new Promise((resolve) => {
        const entry = {
          bytes,
          grant: (release: () => void) => {
            clearTimeout(timer);
            resolve(release);
          },
        };
        const timer = setTimeout(() => {
          queue.splice(queue.indexOf(entry), 1);
          resolve(null);
          pump();
        }, waitMs);
        queue.push(entry);
        pump();
      });
    },
  };
}
