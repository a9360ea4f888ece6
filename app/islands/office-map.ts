/**
 * The office map: "Show map" swaps the local drawing for the map service's frame, kept in a `<template>`
 * until then (so no request reaches the service before the visitor asks), and hands focus to the map.
 */
import { officeMapHooks } from "./hooks";

for (const box of document.querySelectorAll<HTMLElement>(`[${officeMapHooks.box}]`)) {
  const button = box.querySelector<HTMLButtonElement>(`[${officeMapHooks.show}]`);
  const template = box.querySelector("template");
  if (!button || !template) continue;
  button.addEventListener("click", () => {
    const frame = template.content.querySelector("iframe")?.cloneNode(true);
    if (!(frame instanceof HTMLIFrameElement)) return;
    // The button goes with the drawing, so keyboard focus moves to the map that replaced it.
    box.replaceChildren(frame);
    frame.focus();
  });
}
