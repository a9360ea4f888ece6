import { useContext } from "react";
import { UNSAFE_FrameworkContext, useLocation, useMatches, useRouteLoaderData } from "react-router";
import { caseStudiesPath } from "#core/case-studies/paths.ts";
import { site } from "#core/config/site.ts";
import {
  absoluteUrl,
  type CaseStudyPage,
  isPublicPage,
  normalisePath,
  serialiseJsonLd,
  shareImageFor,
  structuredData,
} from "#core/seo.ts";
import { useCompany } from "~/lib/company";

/**
 * The description the current page gives in its `meta` export. Read from the route module, as React
 * Router's own <Meta> does, so the pages keep their one `pageMeta({ title, description })` call and the
 * structured data can never drift from the description tag.
 */
function usePageDescription(): string {
  const framework = useContext(UNSAFE_FrameworkContext);
  const location = useLocation();
  const leaf = useMatches().at(-1);
  const meta = leaf ? framework?.routeModules[leaf.id]?.meta : undefined;
  if (!leaf || typeof meta !== "function") return site.blurb;
  const descriptors = meta({
    location,
    params: leaf.params,
    loaderData: leaf.loaderData,
    matches: [],
    error: undefined,
  } as Parameters<typeof meta>[0]);
  for (const descriptor of descriptors ?? []) {
    if (descriptor && "name" in descriptor && descriptor.name === "description" && "content" in descriptor) {
      return String(descriptor.content);
    }
  }
  return site.blurb;
}

/**
 * The published case study this page shows, from its route's loader: staff publish case studies, so
 * their addresses are not all known when the site is built.
 */
function useCaseStudyPage(): CaseStudyPage | null {
  const leaf = useMatches().at(-1);
  const data =
    leaf?.id === "routes/case-study" ? (leaf.loaderData as { slug?: string; title?: string }) : null;
  return data?.slug && data.title ? { slug: data.slug, name: data.title } : null;
}

/** True for a page to index: a public page, or a published case study's (one taken down is the 404 page). */
function isIndexable(path: string, caseStudy: CaseStudyPage | null): boolean {
  if (path.startsWith(`${caseStudiesPath}/`)) return caseStudy !== null;
  return isPublicPage(path);
}

/**
 * Canonical URL and share tags for the current path, for the head. Pages that are not public (the 404
 * page, the error screen) get the share tags only: they have no canonical address to claim.
 */
export function SeoTags() {
  const path = normalisePath(useLocation().pathname);
  const caseStudy = useCaseStudyPage();
  const indexable = isIndexable(path, caseStudy);
  const shareImage = shareImageFor(path, caseStudy);
  return (
    <>
      {indexable && <link rel="canonical" href={absoluteUrl(path)} />}
      {indexable && <meta property="og:url" content={absoluteUrl(path)} />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.brand} />
      <meta property="og:locale" content="en_GB" />
      <meta property="og:image" content={absoluteUrl(shareImage.path)} />
      <meta property="og:image:width" content={String(shareImage.width)} />
      <meta property="og:image:height" content={String(shareImage.height)} />
      <meta property="og:image:alt" content={shareImage.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:image" content={absoluteUrl(shareImage.path)} />
      <meta name="twitter:image:alt" content={shareImage.alt} />
    </>
  );
}

/**
 * The page's JSON-LD (the business with its current certifications, the service on service pages, the
 * breadcrumb trail), at the end of the body where it costs the first paint nothing. Public pages only.
 * The certifications come from the root loader, judged at the request's moment, so one that has run out
 * leaves with the day and the list never travels in the page's script.
 */
export function StructuredData() {
  const path = normalisePath(useLocation().pathname);
  const description = usePageDescription();
  const caseStudy = useCaseStudyPage();
  const certifications =
    useRouteLoaderData<{ certifications: Record<string, unknown>[] }>("root")?.certifications ?? [];
  const company = useCompany();
  if (!isIndexable(path, caseStudy)) return null;
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD built from our own config, with < escaped
      dangerouslySetInnerHTML={{
        __html: serialiseJsonLd(structuredData(path, description, certifications, caseStudy, company)),
      }}
    />
  );
}
