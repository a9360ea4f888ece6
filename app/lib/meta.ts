import { site } from "#core/config/site.ts";

/**
 * The title, description and share-card text for a page. Canonical URL, share image and structured
 * data come from the path, in the root layout.
 */
export function pageMeta({ title, description }: { title: string; description: string }) {
  const fullTitle = `${title} | ${site.brand}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
  ];
}
