/**
 * A small XML writer: documents are built as a tree of elements and written out in one place, so every
 * value is escaped on the way out and no caller ever joins unescaped strings into markup.
 */

/** An element: its name, its attributes, and its children (elements, text, or a CDATA section). */
export type XmlNode = XmlElement | string | XmlCdata;
export type XmlElement = {
  kind: "element";
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
};
export type XmlCdata = { kind: "cdata"; text: string };

const namePattern = /^[A-Za-z_][A-Za-z0-9._-]*(?::[A-Za-z_][A-Za-z0-9._-]*)?$/;

// Characters XML 1.0 cannot carry at all, even escaped (control characters other than tab and line
// breaks, lone surrogates, U+FFFE and U+FFFF), and C1 controls it advises against: dropped, rather than
// making the whole document unreadable.
const forbidden = /(?![\t\n\r])[\p{Cc}\p{Cs}\uFFFE\uFFFF]/gu;

/** An element with these children; `attributes` are written in the order given. */
export function element(
  name: string,
  children: XmlNode | XmlNode[] = [],
  attributes: Record<string, string> = {},
): XmlElement {
  if (!namePattern.test(name)) throw new Error(`Not an XML name: ${name}`);
  for (const key of Object.keys(attributes)) {
    if (!namePattern.test(key)) throw new Error(`Not an XML attribute name: ${key}`);
  }
  return { kind: "element", name, attributes, children: Array.isArray(children) ? children : [children] };
}

/** A CDATA section: markup (such as a job's HTML description) carried as it is, for readers that want it so. */
export function cdata(text: string): XmlCdata {
  return { kind: "cdata", text };
}

/** Text as XML character data: &, <, > and both quotes escaped, characters XML cannot carry dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(forbidden, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** A CDATA section's text: "]]>" cannot appear inside one, so it is split across two sections. */
function writeCdata(text: string): string {
  return `<![CDATA[${text.replace(forbidden, "").replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
}

function write(node: XmlNode, depth: number): string {
  if (typeof node === "string") return escapeXml(node);
  if (node.kind === "cdata") return writeCdata(node.text);
  const attributes = Object.entries(node.attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join("");
  if (node.children.length === 0) return `<${node.name}${attributes}/>`;
  // An element holding only elements is laid out one child a line; one holding text stays on its line.
  const nested = node.children.every((child) => typeof child !== "string" && child.kind === "element");
  const indent = "  ".repeat(depth + 1);
  const inner = nested
    ? `\n${node.children.map((child) => `${indent}${write(child, depth + 1)}`).join("\n")}\n${"  ".repeat(depth)}`
    : node.children.map((child) => write(child, depth + 1)).join("");
  return `<${node.name}${attributes}>${inner}</${node.name}>`;
}

/** A whole document, UTF-8, with its declaration and a final line break. */
export function xmlDocument(root: XmlElement): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${write(root, 0)}\n`;
}
