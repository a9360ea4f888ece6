import { site } from "~/content/site";

/** The title and description tags for a page. */
export function pageMeta({ title, description }: { title: string; description: string }) {
  return [{ title: `${title} | ${site.brand}` }, { name: "description", content: description }];
}
