import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import { isStaffPath } from "#core/staff/paths.ts";
import { currentCertifications } from "~/components/claims/accreditations.server";
import { ErrorScreen } from "~/components/error-screen";
import { Footer } from "~/components/footer";
import { Header } from "~/components/header";
import { IslandScripts, IslandsProvider } from "~/components/islands";
import { NotFound } from "~/components/not-found";
import { SeoTags, StructuredData } from "~/components/seo";
import type { IslandName } from "~/islands/names";
import { publishedContent } from "~/lib/claims.server";
import { requestNow } from "~/lib/clock.server";
import { FontGate } from "~/lib/font-gate";
import { useHydratedMarker } from "~/lib/hydrated";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import favicon from "./assets/favicon.svg?inline";
import staffStylesheet from "./staff.css?url";

export function Layout({ children }: { children: React.ReactNode }) {
  useHydratedMarker();
  // The staff workspace draws its own plain frame and is never indexed.
  const staff = isStaffPath(useLocation().pathname);
  // The islands the public page asks for as it is drawn (components/islands.tsx); one set per page.
  const islands = new Set<IslandName>();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f1f38" />
        {/*
          With a precedence React places the stylesheet first in the head (the latin font travels inside
          it); the server leaves out the script preloads, so the first paint waits for nothing else.
        */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        {staff && <link rel="stylesheet" href={staffStylesheet} precedence="default" />}
        {/* Only in the HTML as sent: the browser never runs it again, and hydration passes over it. */}
        {import.meta.env.SSR && <FontGate staff={staff} />}
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        {/* A few hundred bytes inline: no request competes with the first paint for the icon. */}
        <link rel="icon" href={favicon} type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <Meta />
        {staff ? <meta name="robots" content="noindex, nofollow" /> : <SeoTags />}
        <Links />
      </head>
      <body className="flex min-h-screen flex-col" data-frame={staff ? "staff" : "public"}>
        {staff ? (
          <>
            {children}
            {/* The workspace is an application: React Router hydrates all of it and moves between its pages. */}
            <ScrollRestoration />
            <Scripts />
          </>
        ) : (
          // The public pages are documents: HTML and CSS, with an island's script only where something moves
          // (docs/decisions/027-islands-on-prerendered-pages.md).
          <IslandsProvider islands={islands}>
            <PublicFrame>{children}</PublicFrame>
            <StructuredData />
            <IslandScripts islands={islands} />
          </IslandsProvider>
        )}
      </body>
    </html>
  );
}

/** The public site's skip link, header and footer around a page. */
function PublicFrame({ children }: { children: React.ReactNode }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-navy-900 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1">
        {children}
      </main>
      <Footer />
    </>
  );
}

/**
 * The organisation's certifications current at this request, for the JSON-LD on every public page
 * (components/seo.tsx), the company's facts as published now, which the header, the footer and the
 * pages read (lib/company.ts), and the footer's published words (lib/site-chrome.ts): made on the server
 * from the content held in memory, so they are in the HTML and never travel in a script.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const content = publishedContent(context);
  return {
    certifications: currentCertifications(requestNow(request, context), content.accreditations),
    company: content.company,
    chrome: content.siteChrome,
  };
}

/** Judged once, with the first page: moving between pages fetches nothing more for it. */
export function shouldRevalidate() {
  return false;
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A path nobody has a page for is not an application error: show the 404 page.
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const detail = isRouteErrorResponse(error)
    ? error.statusText || `Error ${error.status}`
    : error instanceof Error
      ? error.message
      : "Something went wrong.";
  return <ErrorScreen detail={detail} />;
}
