import { describe, expect, it } from "vitest";
import { maxPictureBytes } from "#core/pictures/model.ts";
import { readPictureForm, tooLarge } from "./upload.ts";

/** The request a browser sends for the upload form. */
function post(form: FormData): Request {
  return new Request("http://localhost/staff/content/pictures", { method: "POST", body: form });
}

const jpegName = "front desk.jpg";

describe("reading the upload form", () => {
  it("gives the words and the file's bytes", async () => {
    const form = new FormData();
    form.append("alt", "A mop and bucket");
    form.append("focalX", "20");
    form.append("focalY", "80");
    form.append("picture", new Blob([Buffer.from("the bytes")], { type: "image/jpeg" }), jpegName);
    const read = await readPictureForm(post(form));
    expect(read).toEqual({
      ok: true,
      form: {
        fields: { alt: "A mop and bucket", focalX: "20", focalY: "80" },
        file: { name: jpegName, content: Buffer.from("the bytes") },
      },
    });
  });

  it("treats a file input left empty as no file", async () => {
    const form = new FormData();
    form.append("alt", "A mop");
    form.append("picture", new Blob([]), "");
    const read = await readPictureForm(post(form));
    expect(read).toMatchObject({ ok: true, form: { file: null } });
  });

  it("refuses a file over the limit by its field, naming the limit, and reads no more of it", async () => {
    const form = new FormData();
    form.append("alt", "A mop");
    form.append("picture", new Blob([Buffer.alloc(maxPictureBytes + 1)], { type: "image/jpeg" }), jpegName);
    const read = await readPictureForm(post(form));
    expect(read).toEqual({ ok: false, status: 413, problem: tooLarge, field: "picture" });
    expect(tooLarge).toContain("larger than 10 MB");
  });

  it("refuses what is not the page's form: another field, or not multipart", async () => {
    const form = new FormData();
    form.append("owner", "someone");
    expect(await readPictureForm(post(form))).toMatchObject({ ok: false, status: 400 });
    const json = new Request("http://localhost/staff/content/pictures", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(await readPictureForm(json)).toMatchObject({ ok: false, status: 415 });
  });
});
