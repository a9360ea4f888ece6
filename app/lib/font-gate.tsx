import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the page being rendered, for the few inline scripts the page's own
 * components write. Provided by entry.server.tsx; undefined while prerendering (the policy allows those
 * scripts by hash).
 */
export const NonceContext = createContext<string | undefined>(undefined);

/**
 * Runs in the head, right after the stylesheet: asks for the core Inter file at once and keeps the page
 * hidden (html[data-fonts="pending"], app.css) until every face its text needs is decoded, or three
 * seconds at most, so the first frame a visitor sees has its text in Inter: the first paint is the
 * largest, and nothing moves after it.
 *
 * The core covers the pages' own copy. A name, a place or a title typed by someone else can hold a
 * character of the other latin files, which the browser asks for only when it lays that text out, and
 * which would arrive after the first frame and re-flow it. So once the core is in and the document has
 * been read (readyState "interactive": parsed, before the deferred scripts run), the page is laid out
 * while still hidden (html[data-fonts="laying-out"]), which starts those loads, and shown when
 * `document.fonts.ready` says they are done. Until then the page is not laid out at all (its content
 * skipped, app.css): the frames the browser draws while it reads do no layout that the one before the
 * first paint would only do again, and a phone's processor reaches the first paint sooner.
 * Without JavaScript nothing is hidden and the fonts' own `font-display` applies.
 */
export const fontGateScript =
  '(function(){var d=document,e=d.documentElement,f=d.fonts;if(!f||!f.load||!f.ready)return;e.dataset.fonts="pending";var done=function(){delete e.dataset.fonts},rest=function(){e.dataset.fonts="laying-out";void e.offsetWidth;f.ready.then(done,done)},read=function(){if(d.readyState!=="loading")rest();else d.addEventListener("readystatechange",rest,{once:true})};f.load(\'1em "Inter Variable"\').then(read,done);setTimeout(done,3000)})()';

export function FontGate() {
  const nonce = useContext(NonceContext);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, allowed by the policy
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: fontGateScript }} />;
}
