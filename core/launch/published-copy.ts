/**
 * The published pages' words as Ready to launch reads them (./checks.ts): every page's words in the
 * published content, whatever pages there are. A page whose words become site content joins by being a
 * key of `PublishedContent` ending in "Page" (`aboutPage` is the page `about`), and the five service pages
 * by their keys (`service-cleaning`); each text carries the
 * address of its editor in Site content, so the list can say where a claim is changed. The company's
 * facts a page names ("{emergency}", "{founded}") read as the page shows them.
 */
import { withCompanyFacts } from "../content/company-facts.ts";
import { type ContentPage, contentItemPath, contentPages, type PublishedContent } from "../content/model.ts";
import { pageWords } from "../content/pages.ts";
import { servicePageKeys } from "../content/service-pages.ts";
import { type CopyText, copyOf } from "./checks.ts";

/** A page's name as the list shows it: "The About page" is "About", "The home page" "Home". */
function shortName(key: string): string {
  const named = contentPages[key as ContentPage];
  const name = named ? named.replace(/^The\s+/i, "").replace(/\s+page$/i, "") : key;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Every published page's words, each with the page's address, its name and its editor's address. */
export function publishedCopy(content: PublishedContent): CopyText[] {
  const copy: CopyText[] = [];
  for (const [property, body] of Object.entries(content)) {
    const match = /^(.+)Page$/.exec(property);
    if (!match || !body || typeof body !== "object") continue;
    const key = match[1] as string;
    const page = pageWords[key as ContentPage]?.path ?? `/${key}`;
    const edit = contentItemPath("page", key);
    for (const text of copyOf(body, page, shortName(key))) {
      copy.push({ ...text, text: withCompanyFacts(text.text, content.company), edit });
    }
  }
  // The five service pages' words, each page under its own key (`service-cleaning`).
  for (const [service, body] of Object.entries(content.servicePages)) {
    const key = servicePageKeys[service as keyof typeof servicePageKeys];
    const page = pageWords[key as ContentPage]?.path ?? `/services/${service}`;
    const edit = contentItemPath("page", key);
    for (const text of copyOf(body, page, shortName(key))) {
      copy.push({ ...text, text: withCompanyFacts(text.text, content.company), edit });
    }
  }
  return copy;
}
