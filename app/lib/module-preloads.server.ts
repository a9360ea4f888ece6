import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const preloadLink = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;

/** The HTML with every `<link rel="modulepreload">` removed. */
export function stripModulePreloads(html: string): string {
  return html.replace(preloadLink, "");
}

/**
 * A stream that removes React Router's module preload links from the page as it is sent. React hoists
 * them into the head, where the browser fetches every script at once alongside the stylesheet and the
 * font, and they share the link with what the first paint needs. Without them the scripts load from the
 * module script at the end of the body, which runs after the stylesheet has arrived.
 */
export function modulePreloadStripper(): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = pending + decoder.write(chunk);
      // A tag cut in two at the end of a chunk waits for the rest of it.
      const open = text.lastIndexOf("<");
      const cut = open > text.lastIndexOf(">") ? open : text.length;
      pending = text.slice(cut);
      callback(null, stripModulePreloads(text.slice(0, cut)));
    },
    flush(callback) {
      callback(null, stripModulePreloads(pending + decoder.end()));
    },
  });
}
