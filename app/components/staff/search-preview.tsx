import { site } from "#core/config/site.ts";
import { cutForSearch, searchLimits } from "#core/content/page-words.ts";

/**
 * A page's title, address and description drawn as a search result shows them: the title with the
 * brand after it and the description, each cut with an ellipsis where a search engine cuts it, so staff
 * see what searchers see. Above those lengths it says so; the words are still saved.
 */
export function SearchPreview({
  title,
  description,
  path,
}: {
  title: string;
  description: string;
  path: string;
}) {
  const fullTitle = `${title.trim()} | ${site.brand}`;
  const address = new URL(path, site.siteUrl);
  const warnings = [
    fullTitle.length > searchLimits.title.shown &&
      `The title with the company's name is ${fullTitle.length} characters: search results show about ${searchLimits.title.shown}, so the end is cut.`,
    description.trim().length > searchLimits.description.shown &&
      `The description is ${description.trim().length} characters: search results show about ${searchLimits.description.shown}, so the end is cut.`,
  ].filter((warning): warning is string => Boolean(warning));
  return (
    <section
      aria-labelledby="search-preview"
      className="space-y-3 rounded-xl bg-white p-5 ring-1 ring-navy-100"
    >
      <h2 id="search-preview" className="text-lg font-bold">
        Search result preview
      </h2>
      <p className="text-sm text-navy-700">How a search engine would list the page with the words below.</p>
      <figure aria-label="The page as a search result" className="max-w-[600px] font-sans">
        <p className="text-sm text-navy-800">
          {address.host}
          {address.pathname !== "/" && (
            <>
              <span aria-hidden="true"> › </span>
              <span className="sr-only"> </span>
              {address.pathname.replace(/^\//, "")}
            </>
          )}
        </p>
        <p className="text-xl text-[#1a0dab] wrap-anywhere" data-testid="search-title">
          {cutForSearch(fullTitle, searchLimits.title.shown)}
        </p>
        <p className="text-sm text-navy-800 wrap-anywhere" data-testid="search-description">
          {cutForSearch(description.trim(), searchLimits.description.shown)}
        </p>
      </figure>
      {warnings.length > 0 && (
        <ul className="list-disc space-y-1 rounded-lg border border-amber-700 bg-amber-50 p-3 pl-8 text-amber-950">
          {warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
