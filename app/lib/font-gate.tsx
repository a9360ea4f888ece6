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
 * first frame a visitor sees has its text in Inter: the first paint is the largest. Without JavaScript
 * nothing is hidden and the font's own `block` period applies.
 */
export const fontGateScript =
  '(function(){var d=document.documentElement,f=document.fonts;if(!f||!f.load)return;d.dataset.fonts="pending";var done=function(){delete d.dataset.fonts};f.load(\'1em "Inter Variable"\').then(done,done);setTimeout(done,3000)})()';

export function FontGate() {
  const nonce = useContext(NonceContext);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, allowed by the policy
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: fontGateScript }} />;
}
