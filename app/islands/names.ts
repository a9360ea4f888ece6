/** The public pages' islands, by name; each is `app/islands/<name>.ts(x)` (vite.config.ts lists them). */
export const islandNames = ["site", "office-map", "not-found", "contact-form", "careers-form"] as const;

export type IslandName = (typeof islandNames)[number];

/** On the box around a hydrated island: its name. */
export const islandAttribute = "data-island";

/** On the box around a hydrated island: its script's files, space-separated, the island's own last. */
export const islandLoadAttribute = "data-island-load";

/** On the JSON beside it: the props it was drawn with. */
export const islandPropsAttribute = "data-island-props";

/** Set on the box once the island has hydrated. */
export const islandReadyAttribute = "data-ready";

/** Sent on the document once an island has hydrated. */
export const islandReadyEvent = "island:ready";
