import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the page being rendered, for the few inline scripts the page's own
 * components write. Provided by entry.server.tsx; undefined while prerendering (the policy allows those
 * scripts by hash).
 */
export const NonceContext = createContext<string | undefined>(undefined);

/**
 * Runs in the head, right after the stylesheet: asks for the core Inter file at once and keeps the page
 * hidden (html[data-fonts="pending"], app.css) until it is decoded, or three seconds at most, so the
 * first frame a visitor sees has its text in Inter: the first paint is the largest, and nothing moves
 * after it. While it is hidden the page is not laid out at all (its content skipped, app.css), so the
 * frames the browser draws while it waits do no layout that the one before the first paint would only do
 * again. Without JavaScript nothing is hidden and the fonts' own `font-display` applies.
 *
 * A public page's own words are all in the core (a browser test holds every page to it), and the rest of
 * latin is `font-display: optional` there: a name typed by someone else is drawn in the fallback face if
 * its file is not in at once, and never moves. So a public page is shown as soon as the core is in, and
 * the browser lays it out once, in the frame that paints it.
 */
export const publicFontGateScript =
  '(function(){var e=document.documentElement,f=document.fonts;if(!f||!f.load)return;e.dataset.fonts="pending";var done=function(){delete e.dataset.fonts};f.load(\'1em "Inter Variable"\').then(done,done);setTimeout(done,3000)})()';

/**
 * The workspace shows names, places and titles typed by others on every page, and draws them in the other
 * latin files too. Those files are asked for only when the browser lays such text out, and would arrive
 * after the first frame and re-flow it. So once the core is in and the document has been read
 * (readyState "interactive"), a workspace page is laid out while still hidden
 * (html[data-fonts="laying-out"]), which starts those loads, and shown when `document.fonts.ready` says
 * they are done. A public page does not pay for this: the forced layout is a long task of its own on a
 * phone, and the reveal after it restyles the whole page a second time.
 */
export const workspaceFontGateScript =
  '(function(){var d=document,e=d.documentElement,f=d.fonts;if(!f||!f.load||!f.ready)return;e.dataset.fonts="pending";var done=function(){delete e.dataset.fonts},rest=function(){e.dataset.fonts="laying-out";void e.offsetWidth;f.ready.then(done,done)},read=function(){if(d.readyState!=="loading")rest();else d.addEventListener("readystatechange",rest,{once:true})};f.load(\'1em "Inter Variable"\').then(read,done);setTimeout(done,3000)})()';

export function FontGate({ staff }: { staff: boolean }) {
  const nonce = useContext(NonceContext);
  const script = staff ? workspaceFontGateScript : publicFontGateScript;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, allowed by the policy
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
