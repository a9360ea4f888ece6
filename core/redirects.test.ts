import { describe, expect, it } from "vitest";
import { checkRedirect, redirectLimits, withRedirects } from "./redirects.ts";
import { readRedirectsCsv } from "./redirects-csv.ts";

const origins = ["https://www.cottonopolis.example"];

describe("a redirect", () => {
  it("keeps an old site's path and query, and a path here without its trailing slash", () => {
    expect(
      checkRedirect(
        { from: "https://old.example.co.uk/services.html?id=3", to: "/services/cleaning/" },
        origins,
      ),
    ).toEqual({
      ok: true,
      redirect: { from: "/services.html?id=3", to: "/services/cleaning" },
    });
    expect(
      checkRedirect({ from: "/about-us/", to: "https://www.cottonopolis.example/about" }, origins),
    ).toEqual({
      ok: true,
      redirect: { from: "/about-us", to: "/about" },
    });
  });

  it("refuses another site, itself, the workspace, the home page and what is not an address, naming the field", () => {
    const refused = (from: string, to: string) => {
      const checked = checkRedirect({ from, to }, origins);
      return checked.ok ? null : checked.problems;
    };
    expect(refused("/old", "https://evil.example/x")?.to).toMatch(/another site/);
    expect(refused("/old", "//evil.example/x")?.to).toMatch(/not an address/);
    expect(refused("/old", "javascript:alert(1)")?.to).toMatch(/not an address/);
    expect(refused("/old/", "/old")?.to).toMatch(/lead to itself/);
    expect(refused("/staff/inbox", "/about")?.from).toMatch(/never redirected/);
    expect(refused("/old", "/staff")?.to).toMatch(/site's own/);
    expect(refused("/", "/about")?.from).toMatch(/home page/);
    expect(refused("/Contact/", "/about")?.from).toMatch(/would stop answering/);
    expect(refused("", "/about")?.from).toMatch(/empty/);
    expect(refused(`/${"a".repeat(redirectLimits.pathLength)}`, "/about")?.from).toMatch(/longer than 300/);
  });
});

describe("redirects together", () => {
  it("collapses chains so each answers in one step", () => {
    const result = withRedirects([{ from: "/b", to: "/c" }], [{ from: "/a", to: "/b" }]);
    expect(result).toEqual({
      ok: true,
      redirects: [
        { from: "/b", to: "/c" },
        { from: "/a", to: "/c" },
      ],
    });
  });

  it("refuses a loop and names it", () => {
    const result = withRedirects(
      [
        { from: "/a", to: "/b" },
        { from: "/b", to: "/c" },
      ],
      [{ from: "/c", to: "/a" }],
    );
    expect(result).toEqual({ ok: false, loop: ["/a", "/b", "/c", "/a"] });
  });
});

describe("a CSV of redirects", () => {
  it("reads from,to lines", () => {
    expect(
      readRedirectsCsv("\uFEFFfrom,to\r\n/old-about,/about\r\n\r\n/jobs.php?id=3 , /careers\r\n", origins),
    ).toEqual({
      ok: true,
      redirects: [
        { from: "/old-about", to: "/about" },
        { from: "/jobs.php?id=3", to: "/careers" },
      ],
    });
  });

  it("names each line it refuses, and takes none of the file", () => {
    const result = readRedirectsCsv(
      "from,to\n/a,/about\n/b,https://evil.example/\n/c\n/a,/careers\n",
      origins,
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        "Line 3: The new address is on another site: a redirect can only lead to a page on this one.",
        "Line 4 has 1 columns, not the two: from,to",
        "Line 5: the old address is already on line 2.",
      ],
    });
  });

  it("refuses a broken line, a missing header and a file too long to take at once", () => {
    expect(readRedirectsCsv('from,to\n/a,/about\n"/b,/careers\n', origins)).toEqual({
      ok: false,
      problems: [expect.stringMatching(/^Line \d+ cannot be read/)],
    });
    expect(readRedirectsCsv("/a,/about\n", origins)).toMatchObject({ ok: false, problems: [/first line/] });
    const long = `from,to\n${Array.from({ length: 10_000 }, (_, i) => `/old-${i},/about`).join("\n")}\n`;
    expect(readRedirectsCsv(long, origins)).toMatchObject({
      ok: false,
      problems: [/more than 2,000 redirects/],
    });
  });
});
