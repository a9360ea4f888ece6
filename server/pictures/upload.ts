/**
 * Reads the library's upload form, a multipart post, with busboy as the careers form's files are read
 * (server/leads/uploads.ts): limits enforced while reading, the file held in memory (never on disk), and
 * the rest of the body read after a refusal, so the browser gets its answer rather than a reset.
 */
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { maxPictureBytes, pictureLimits } from "#core/pictures/model.ts";

/** The form's text fields and its one file. */
export type PictureForm = {
  fields: Record<string, string>;
  file: { name: string; content: Buffer } | null;
};

/** Why the form could not be taken: its status, its words, and the field they belong by (if any). */
export type FormRefusal = { status: number; problem: string; field?: "picture" };

/** The upload form's text fields. */
const textFields = new Set(["intent", "alt", "decorative", "focalX", "focalY"]);

/** The file field's name. */
export const pictureField = "picture";

/** The words for a file over the limit, naming it. */
export const tooLarge = `The photo is larger than ${pictureLimits.maxUploadMb} MB: choose a smaller one, or save it at a lower quality.`;

/** Reads the upload form from a request; resolves with its fields and file, or a refusal. */
export function readPictureForm(
  request: Request,
): Promise<{ ok: true; form: PictureForm } | ({ ok: false } & FormRefusal)> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "multipart/form-data" || !request.body) {
    return Promise.resolve({
      ok: false,
      status: 415,
      problem: "Upload the photo with the form on this page.",
    });
  }
  const body = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  return new Promise((resolve) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: Object.fromEntries(request.headers),
        defParamCharset: "utf8",
        limits: {
          // One byte over the limit is enough to know a file is too large.
          fileSize: maxPictureBytes + 1,
          files: 2,
          fields: textFields.size + 2,
          parts: textFields.size + 4,
          fieldSize: 8 * 1024,
          fieldNameSize: 100,
        },
      });
    } catch {
      body.resume();
      resolve({
        ok: false,
        status: 400,
        problem: "The form could not be read. Please reload the page and try again.",
      });
      return;
    }
    const fields: Record<string, string> = {};
    let file: PictureForm["file"] = null;
    let refusal: FormRefusal | null = null;
    const refuse = (value: FormRefusal) => {
      refusal ??= value;
    };
    const unknown = {
      status: 400,
      problem: "The form contained fields we do not recognise. Please reload the page and try again.",
    };

    parser.on("field", (name, value, info) => {
      if (!textFields.has(name) || name in fields) return refuse(unknown);
      if (info.valueTruncated) return refuse({ status: 413, problem: "One of the answers is too long." });
      fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      if (name !== pictureField || file) {
        stream.resume();
        return refuse(unknown);
      }
      stream.on("error", () => {});
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxPictureBytes) return refuse({ status: 413, problem: tooLarge, field: "picture" });
        if (!refusal) chunks.push(chunk);
      });
      stream.on("end", () => {
        // A file input left empty still sends an empty part without a name: that means "no file".
        if (!info.filename && size === 0) return;
        if (!refusal) file = { name: info.filename ?? "", content: Buffer.concat(chunks) };
      });
    });
    const tooMany = () => refuse(unknown);
    parser.on("filesLimit", tooMany);
    parser.on("fieldsLimit", tooMany);
    parser.on("partsLimit", tooMany);
    parser.on("error", () => {
      body.unpipe(parser);
      body.resume();
      resolve({
        ok: false,
        ...(refusal ?? {
          status: 400,
          problem: "The form could not be read. Please reload the page and try again.",
        }),
      });
    });
    parser.on("close", () => {
      if (refusal) resolve({ ok: false, ...refusal });
      else resolve({ ok: true, form: { fields, file } });
    });
    body.on("error", () => parser.destroy(new Error("the upload was cut short")));
    body.pipe(parser);
  });
}
