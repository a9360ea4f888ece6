import { useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import {
  type IslandName,
  islandAttribute,
  islandPropsAttribute,
  islandReadyAttribute,
  islandReadyEvent,
} from "./names";

/** Says, once the island has hydrated, that clicks on it now reach React (the site island counts these). */
function Ready({ box, children }: { box: HTMLElement; children: React.ReactNode }) {
  useEffect(() => {
    box.setAttribute(islandReadyAttribute, "true");
    document.dispatchEvent(new Event(islandReadyEvent));
  }, [box]);
  return children;
}

/**
 * Hydrates every box the server drew for island `name` (components/islands.tsx) with `Component`, given
 * the props read from the JSON beside the box. A box without its JSON is left as the server drew it:
 * the form in it still works as a plain post.
 */
export function hydrateIslands<Props extends object>(
  name: IslandName,
  Component: React.ComponentType<Props>,
) {
  for (const box of document.querySelectorAll<HTMLElement>(`[${islandAttribute}="${name}"]`)) {
    const data = box.nextElementSibling;
    if (!(data instanceof HTMLScriptElement) || data.getAttribute(islandPropsAttribute) !== name) continue;
    const props = JSON.parse(data.textContent ?? "{}") as Props;
    hydrateRoot(
      box,
      <Ready box={box}>
        <Component {...props} />
      </Ready>,
    );
  }
}
