import { startTransition, useEffect, useLayoutEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import {
  type IslandName,
  islandAttribute,
  islandPropsAttribute,
  islandReadyAttribute,
  islandReadyEvent,
} from "./names";

/** A control whose text a visitor types: what hydration may write over. */
type Typed = HTMLInputElement | HTMLTextAreaElement;

const untyped = new Set(["checkbox", "radio", "file", "hidden", "submit", "button", "reset", "image"]);

function typedControls(box: HTMLElement): Typed[] {
  return [...box.querySelectorAll<Typed>("input, textarea")].filter(
    (control) => control instanceof HTMLTextAreaElement || !untyped.has(control.type),
  );
}

/**
 * What the visitor has typed into the box's fields since its script arrived, kept up to date until the
 * island has hydrated. The island loads as its form comes into view or is first used, so someone may be
 * typing by then; and React, hydrating a textarea the server filled in (the package Select Package
 * chose), sets its value back to what the server wrote.
 */
function watchTyping(box: HTMLElement) {
  const typed = new Map<Typed, string>();
  const record = () => {
    for (const control of typedControls(box)) typed.set(control, control.value);
  };
  record();
  box.addEventListener("input", record, true);
  return {
    /** Puts back anything hydration changed, and stops watching. */
    restore() {
      box.removeEventListener("input", record, true);
      for (const [control, value] of typed)
        if (control.isConnected && control.value !== value) control.value = value;
    },
  };
}

/** Says, once the island has hydrated, that clicks on it now reach React (the site island counts these). */
function Ready({
  box,
  typing,
  children,
}: {
  box: HTMLElement;
  typing: ReturnType<typeof watchTyping>;
  children: React.ReactNode;
}) {
  // Before the browser paints the hydrated form: the visitor never sees their words go.
  useLayoutEffect(() => typing.restore(), [typing]);
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
    const typing = watchTyping(box);
    // As a transition, React hydrates in slices and lets the browser answer the visitor in between, so a
    // form hydrating as it is scrolled to never holds the page still for the whole form's time.
    startTransition(() => {
      hydrateRoot(
        box,
        <Ready box={box} typing={typing}>
          <Component {...props} />
        </Ready>,
      );
    });
  }
}
