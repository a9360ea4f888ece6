import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "./attachment.ts";

describe("attachmentDisposition", () => {
  it("always gives an ASCII filename and the exact name in UTF-8 as filename*", () => {
    expect(attachmentDisposition("CV.pdf")).toBe(`attachment; filename="CV.pdf"; filename*=UTF-8''CV.pdf`);
    expect(attachmentDisposition("Zoë Łukasz CV.pdf")).toBe(
      `attachment; filename="Zoe _ukasz CV.pdf"; filename*=UTF-8''Zo%C3%AB%20%C5%81ukasz%20CV.pdf`,
    );
  });

  it("cannot be steered into another folder, header or parameter", () => {
    const header = attachmentDisposition('../../etc/"passwd"\r\nSet-Cookie: x=1;.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).not.toContain("/");
    const [, ascii] = /filename="([^"]*)"/.exec(header) ?? [];
    expect(ascii).toBe("_.._etc__passwd_Set-Cookie_ x=1;.pdf");
    expect(header).toMatch(/filename\*=UTF-8''[A-Za-z0-9%!#$&+.^_`|~-]*$/);
    // RFC 8187's attr-char has no ' ( ), which encodeURIComponent leaves alone; * is refused by Windows.
    expect(attachmentDisposition("it's (final) *copy*.docx")).toBe(
      `attachment; filename="it's (final) _copy_.docx"; filename*=UTF-8''it%27s%20%28final%29%20_copy_.docx`,
    );
  });

  it("falls back to a plain name when nothing is left", () => {
    expect(attachmentDisposition("...")).toBe(`attachment; filename="document"; filename*=UTF-8''document`);
  });
});
