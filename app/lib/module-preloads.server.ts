import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const preloadLink = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const moduleScript = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/g;
const staticImport = /^\s*import (?:\* as ([A-Za-z_$][\w$]*) from )?("[^"\n]+");[ \t]*$/gm;

/** The HTML with every `<link rel="modulepreload">` removed. */
export function stripModulePreloads(html: string): string {
  return html.replace(preloadLink, "");
}

/**
 * Waits for the `load` event, then for the typefaces (the page's text is drawn only once Inter is in),
 * then for the page's first contentful paint as the browser reports it (a `paint` performance entry),
 * and then for two more frames, so that the frame with the text is on screen before any script is
 * fetched: the largest paint is over before the scripts start, never pushed behind them. A browser that
 * does not report paints waits for the frames alone, and a page that never paints (a tab opened in the
 * background) goes on after three seconds.
 */
const afterFirstPaint = [
  "await new Promise((resolve) => {",
  "  const late = setTimeout(resolve, 3000);",
  "  const go = () => requestAnimationFrame(() => requestAnimationFrame(() => { clearTimeout(late); setTimeout(resolve); }));",
  "  const painted = () => (document.fonts ? document.fonts.ready : Promise.resolve()).then(() => {",
  '    if (!(globalThis.PerformanceObserver?.supportedEntryTypes ?? []).includes("paint")) return go();',
  "    new PerformanceObserver((list, observer) => {",
  '      if (list.getEntriesByName("first-contentful-paint").length === 0) return;',
  "      observer.disconnect(); go();",
  '    }).observe({ type: "paint", buffered: true });',
  "  });",
  '  if (document.readyState === "complete") painted(); else addEventListener("load", painted, { once: true });',
  "});",
].join("\n");

/**
 * React Router's bootstrap module (`import "manifest"; import * as route0 from ...; import("entry")`)
 * rewritten so that nothing is fetched until the page has loaded and painted: the static imports
 * become dynamic ones behind a wait for `load` and the first contentful paint. Everything the first paint needs
 * (HTML, stylesheet with its font, the hero picture) then has the connection to itself, and the
 * page, which works without JavaScript, is hydrated right after. Code without static imports is
 * returned unchanged.
 */
export function deferBootstrap(code: string): string {
  const names: string[] = [];
  const urls: string[] = [];
  const rest = code.replace(staticImport, (_match, name: string | undefined, url: string) => {
    names.push(name ?? "");
    urls.push(url);
    return "";
  });
  if (urls.length === 0) return code;
  return [
    afterFirstPaint,
    `const [${names.join(", ")}] = await Promise.all([${urls.map((url) => `import(${url})`).join(", ")}]);`,
    rest.trim(),
  ].join("\n");
}

/** The page with module preloads removed and React Router's bootstrap deferred until after the first paint. */
export function deferScripts(html: string): string {
  return stripModulePreloads(html).replace(
    moduleScript,
    (_match, open: string, code: string, close: string) => `${open}${deferBootstrap(code)}${close}`,
  );
}

/**
 * Where a chunk of HTML can safely be cut: before a tag cut in two, or before a module script whose
 * end has not arrived yet, so each is rewritten whole.
 */
function safeCut(text: string): number {
  const open = text.lastIndexOf("<");
  let cut = open > text.lastIndexOf(">") ? open : text.length;
  const script = text.lastIndexOf('<script type="module"');
  if (script !== -1 && script < cut && text.indexOf("</script>", script) === -1) cut = script;
  return cut;
}

/**
 * A stream that applies `deferScripts` to the page as it is sent. React hoists React Router's module
 * preload links into the head, and its bootstrap module fetches every script as soon as it is parsed:
 * either way the scripts share the slow link with what the first paint needs. Without them, the
 * scripts load once the page has painted.
 */
export function modulePreloadStripper(): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = pending + decoder.write(chunk);
      const cut = safeCut(text);
      pending = text.slice(cut);
      callback(null, deferScripts(text.slice(0, cut)));
    },
    flush(callback) {
      callback(null, deferScripts(pending + decoder.end()));
    },
  });
}
