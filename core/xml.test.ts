import { describe, expect, it } from "vitest";
import { cdata, element, escapeXml, xmlDocument } from "./xml.ts";

describe("the XML writer", () => {
  it("escapes text and attribute values, so markup in a value stays text", () => {
    expect(escapeXml(`<b>"Tom" & 'Jerry'</b>`)).toBe(
      "&lt;b&gt;&quot;Tom&quot; &amp; &apos;Jerry&apos;&lt;/b&gt;",
    );
    const written = xmlDocument(element("job", [element("title", "Cleaner <script>&")], { id: `a"b<c` }));
    expect(written).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<job id="a&quot;b&lt;c">\n  <title>Cleaner &lt;script&gt;&amp;</title>\n</job>\n',
    );
  });

  it("keeps a CDATA section whole even when its text holds the section's end", () => {
    const written = xmlDocument(element("description", cdata("<p>a]]>b</p>")));
    expect(written).toContain("<description><![CDATA[<p>a]]]]><![CDATA[>b</p>]]></description>");
  });

  it("drops characters XML cannot carry, and keeps tabs, line breaks and everything else", () => {
    expect(escapeXml("a\u0000b\u0008c\u001Fd\uFFFEe\uD800f")).toBe("abcdef");
    expect(escapeXml("tab\there\nline\r£ 🙂")).toBe("tab\there\nline\r£ 🙂");
    expect(xmlDocument(element("x", cdata("a\u0001b")))).toContain("<![CDATA[ab]]>");
  });

  it("refuses a name that is not an XML name rather than writing broken markup", () => {
    expect(() => element("job title")).toThrow(/Not an XML name/);
    expect(() => element("job", [], { "on<click": "x" })).toThrow(/attribute/);
    expect(xmlDocument(element("empty"))).toContain("<empty/>");
  });
});
