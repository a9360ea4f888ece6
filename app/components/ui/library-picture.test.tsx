import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Picture } from "#core/pictures/model.ts";
import { LibraryPicture } from "./library-picture";

const photo: Picture = {
  id: "0123456789abcdef",
  width: 1400,
  height: 933,
  alt: "Two officers at the front desk",
  decorative: false,
  focalX: 70,
  focalY: 30,
};

describe("a library picture on a page", () => {
  it("offers AVIF then WebP at the widths served, with its size, alt text, focal point and lazy loading", () => {
    const html = renderToStaticMarkup(
      <LibraryPicture picture={photo} sizes="(min-width: 64rem) 50vw, 100vw" />,
    );
    const avif =
      "/pictures/0123456789abcdef-480.avif 480w, /pictures/0123456789abcdef-800.avif 800w, /pictures/0123456789abcdef-1200.avif 1200w";
    expect(html).toBe(
      "<picture>" +
        `<source type="image/avif" srcSet="${avif}" sizes="(min-width: 64rem) 50vw, 100vw"/>` +
        `<source type="image/webp" srcSet="${avif.replaceAll(".avif", ".webp")}" sizes="(min-width: 64rem) 50vw, 100vw"/>` +
        '<img src="/pictures/0123456789abcdef-1200.webp" alt="Two officers at the front desk" width="1400" height="933"' +
        ' loading="lazy" decoding="async" style="object-position:70% 30%" class="h-auto w-full"/>' +
        "</picture>",
    );
  });

  it("says nothing to a screen reader for a decorative picture, and loads the top one at once", () => {
    const html = renderToStaticMarkup(
      <LibraryPicture
        picture={{ ...photo, decorative: true, alt: "" }}
        sizes="100vw"
        widths={[480, 800]}
        priority
      />,
    );
    expect(html).toContain(' alt="" ');
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain(
      'srcSet="/pictures/0123456789abcdef-480.avif 480w, /pictures/0123456789abcdef-800.avif 800w"',
    );
  });

  it("offers a photo narrower than every width at its own width only", () => {
    const html = renderToStaticMarkup(
      <LibraryPicture picture={{ ...photo, width: 300, height: 200 }} sizes="300px" />,
    );
    expect(html).toContain('srcSet="/pictures/0123456789abcdef-300.avif 300w"');
    expect(html).toContain('src="/pictures/0123456789abcdef-300.webp"');
  });
});
