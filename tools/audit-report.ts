/** The audit's figures and how they are judged and shown; kept apart from the browsers so it can be tested. */
import { alertPaths } from "#core/alerts/model.ts";
import { applicantPagePath } from "#core/applicant-path.ts";
import { isStaffPath } from "#core/staff/paths.ts";

export const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof categories)[number];

/** The path that stands for every unknown path. */
export const notFoundPath = "/this-page-does-not-exist";

/** What the report shows for one route: medians over the runs. */
export type RouteResult = {
  route: string;
  runs: number;
  scores: Record<Category, number>;
  lcpMs: number;
  fcpMs: number;
  /** Runs in which the browser's largest paint came after its first one: the page painted again. */
  lateLargestPaints: number;
  /** The element of the largest paint in the median run, as Lighthouse shows it. */
  lcpElement: string;
  /** What Lighthouse's simulation waited for before that paint, in the median run (describePaintPath). */
  lcpPath: string;
  tbtMs: number;
  cls: number;
  scriptBytes: number;
  totalBytes: number;
  requests: number;
  axeViolations: string[];
  /** Lighthouse audits that cost points in the median run, to say what to fix. */
  failingAudits: string[];
};

/**
 * Largest Contentful Paint every route must reach (the median of the runs), in milliseconds. Under
 * Lighthouse's mobile model a page whose first frame is in Inter paints at about 910 ms at best: the
 * document in its first window, then the stylesheet with the font in two more (decision 020). The bar
 * sits under one more round trip (150 ms) above that, so a request or a window of bytes added to the
 * paint's path fails it.
 */
export const lcpBudgetMs = 1000;

/**
 * Total Blocking Time every public page must stay within (the median of the runs), in milliseconds: the
 * main thread's long tasks, past their first 50 ms each, between the first paint and the page being
 * quiet, on Lighthouse's mobile processor (four times slower than the machine). The public pages hydrate
 * nothing that does not move (docs/decisions/027-islands-on-prerendered-pages.md), so a page people read
 * keeps the phone free: a tap made while it starts is answered at once.
 */
export const tbtBudgetMs = 50;

/**
 * JavaScript a page without a form may transfer (brotli), in bytes: the site's own script (the menu, the
 * section links, the visit count) and the names its islands share, about 1.5 KiB, with room for the map's
 * and the 404 page's few hundred bytes. A bar against growth rather than a target.
 */
export const scriptBudgetBytes = 8 * 1024;

/**
 * JavaScript a page with a form may transfer: the budget above and, when the form is in the first screen
 * (a form's island loads when its form comes into view), React and the form's island, about 71 KiB. The
 * validator stays on the server, so it has no share here.
 */
export const formScriptBudgetBytes = 80 * 1024;

/**
 * JavaScript a page behind a signed link in our e-mails may transfer (a job alert's confirmation and
 * manage pages, an applicant's own page): their forms are plain posts, so the site's own script alone.
 */
export const linkPageScriptBudgetBytes = scriptBudgetBytes;

/** A page reached only through a signed link: the job alerts' confirm, manage and leave pages, and an applicant's. */
export function isSignedLinkPage(route: string): boolean {
  const { pathname } = new URL(route, "http://site");
  return (
    pathname === alertPaths.confirm ||
    pathname === alertPaths.manage ||
    pathname === alertPaths.unsubscribe ||
    pathname === applicantPagePath
  );
}

/** The JavaScript a public page may transfer: a form page's, a signed-link page's, or any other page's. */
export function scriptBudgetFor(route: string): number {
  if (isFormPage(route)) return formScriptBudgetBytes;
  return isSignedLinkPage(route) ? linkPageScriptBudgetBytes : scriptBudgetBytes;
}

/** Pages that carry a form, and with it the form's code. */
export const formPages = new Set(["/contact", "/careers"]);

/** A page with a form: contact, careers, and each vacancy's page, which carries the careers form. */
export function isFormPage(route: string): boolean {
  return formPages.has(route) || /^\/careers\/vacancies\/[^/]+$/.test(route);
}

/**
 * The public pages that are `noindex` on purpose: the job alerts' pages (the sign-up's answer and the
 * pages behind the links in their e-mails) and an applicant's own page, reached through a signed link
 * that is the key to a person's data. None is prerendered, listed in the sitemap or meant for a search
 * engine, so Lighthouse's `is-crawlable` audit is skipped on them, as on the workspace.
 */
export function isNoindexPage(route: string): boolean {
  const { pathname } = new URL(route, "http://site");
  return (Object.values(alertPaths) as string[]).includes(pathname) || pathname === applicantPagePath;
}

/** Lighthouse audits skipped on the noindex public pages (isNoindexPage), and why. */
export const noindexSkippedAudits = {
  "is-crawlable": "the page is reached through a signed link or a form, and marked noindex on purpose",
} as const;

/**
 * Lighthouse audits skipped on the staff workspace's pages, and why: they are `noindex` on purpose (a
 * private area), which `is-crawlable` counts against SEO.
 */
export const workspaceSkippedAudits = {
  "is-crawlable": "the workspace is private and marked noindex on purpose",
} as const;

/**
 * Whether a route is the staff workspace's: scored on the desktop preset, signed in, and exempt from the
 * public pages' JavaScript budget (staff load the workspace's script once, on a desktop, and it never
 * reaches a visitor).
 */
export function isWorkspaceRoute(route: string): boolean {
  return isStaffPath(new URL(route, "http://site").pathname);
}

/** The middle value; for an even count, the mean of the two middle values. */
export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** When the browser itself painted first and largest in a run: Lighthouse's `metrics` audit, unsimulated. */
export type ObservedPaints = {
  observedFirstContentfulPaint?: number;
  observedLargestContentfulPaint?: number;
};

/**
 * Whether a run's largest paint came after its first, as the browser drew them in the trace Lighthouse
 * recorded. Not by the simulated figures: Lighthouse models the two paints differently (the first from
 * the first layout before it, the largest, in half of its estimate, from every layout before it), so one
 * and the same frame can come out a few milliseconds apart; a page that paints again, as in decision 020,
 * does so in the browser first. The simulated largest paint is held to lcpBudgetMs.
 */
export function paintedLater(paints: ObservedPaints | undefined): boolean {
  const first = paints?.observedFirstContentfulPaint;
  const largest = paints?.observedLargestContentfulPaint;
  return first !== undefined && largest !== undefined && largest > first;
}

/** Why a route fails the bar, or an empty list when it passes. */
export function shortcomings(result: RouteResult): string[] {
  const problems: string[] = [];
  for (const category of categories) {
    if (category === "seo" && result.route === notFoundPath) continue;
    if (result.scores[category] < 100) problems.push(`${category} ${result.scores[category]}`);
  }
  if (result.lcpMs > lcpBudgetMs) problems.push(`LCP ${Math.round(result.lcpMs)} ms > ${lcpBudgetMs} ms`);
  // On the public pages the first paint must be the whole first screen; the workspace hydrates its charts.
  if (result.lateLargestPaints > 0 && !isWorkspaceRoute(result.route))
    problems.push(
      `the largest paint came after the first in ${result.lateLargestPaints} of ${result.runs} runs`,
    );
  if (result.cls > 0) problems.push(`CLS ${result.cls.toFixed(3)}`);
  if (!isWorkspaceRoute(result.route) && result.tbtMs > tbtBudgetMs)
    problems.push(`TBT ${Math.round(result.tbtMs)} ms > ${tbtBudgetMs} ms`);
  const budget = scriptBudgetFor(result.route);
  if (!isWorkspaceRoute(result.route) && result.scriptBytes > budget) {
    problems.push(`JavaScript ${kib(result.scriptBytes)} > ${kib(budget)}`);
  }
  if (result.axeViolations.length > 0) problems.push(`axe: ${result.axeViolations.join(", ")}`);
  return problems;
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/** A route as the report names it: a signed link's token (a key to someone's data) is left out. */
export function routeLabel(route: string): string {
  return route.replace(/([?&]link=)[^&]+/, "$1…");
}

/** The results as a Markdown table. */
export function markdownTable(results: RouteResult[]): string {
  const header =
    "| Route | Perf | A11y | Best pr. | SEO | FCP | LCP | TBT | LCP later | CLS | JS (transferred) | Total (transferred) | axe |";
  const rule = "| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |";
  const rows = results.map((r) =>
    [
      r.route === notFoundPath ? `${r.route} (404)` : routeLabel(r.route),
      r.scores.performance,
      r.scores.accessibility,
      r.scores["best-practices"],
      r.route === notFoundPath ? `${r.scores.seo} (exempt)` : r.scores.seo,
      `${(r.fcpMs / 1000).toFixed(2)} s`,
      `${(r.lcpMs / 1000).toFixed(2)} s`,
      `${Math.round(r.tbtMs)} ms`,
      `${r.lateLargestPaints} of ${r.runs}`,
      r.cls.toFixed(3),
      kib(r.scriptBytes),
      kib(r.totalBytes),
      r.axeViolations.length,
    ].join(" | "),
  );
  return [header, rule, ...rows.map((row) => `| ${row} |`)].join("\n");
}

/** What was the largest paint on each route, in the median run. */
export function lcpElements(results: RouteResult[]): string {
  return results
    .map((r) => {
      const element = `- ${routeLabel(r.route)}: \`${r.lcpElement.replace(/\s+/g, " ")}\``;
      return r.lcpPath ? `${element}\n  - waited for: ${r.lcpPath}` : element;
    })
    .join("\n");
}

/** A page by its path ("/privacy"), a file by its name ("app-B1.css"). */
function pageOrFile(pathname: string): string {
  const name = pathname.split("/").pop() ?? "";
  return name.includes(".") ? name : pathname;
}

/** One step of Lighthouse's simulated page load (its "lantern" model), in simulated milliseconds. */
export type SimulatedStep =
  | { kind: "network"; url: string; bytes: number; startMs: number; endMs: number }
  | { kind: "cpu"; startMs: number; endMs: number };

/**
 * What the largest paint waited for in Lighthouse's simulation: each file it fetched (its name, size
 * as transferred and when it arrived) and the main thread's work, in order. The simulation replays the
 * recorded load on a slow 4G link (150 ms round trips, 1.6 Mbit/s, TCP's first window of 14.6 KB) with
 * the processor four times slower, so this says which round trip or task the paint's time is made of.
 */
export function describePaintPath(steps: SimulatedStep[]): string {
  const ms = (value: number) => Math.round(value);
  const network = steps
    .filter((step) => step.kind === "network")
    .sort((a, b) => a.startMs - b.startMs)
    .map((step) => {
      const name = step.url.startsWith("data:")
        ? `${step.url.slice(0, step.url.indexOf(";"))} (inline)`
        : pageOrFile(new URL(step.url).pathname);
      return `${name} ${(step.bytes / 1024).toFixed(1)} KB ${ms(step.startMs)}–${ms(step.endMs)} ms`;
    });
  const cpu = steps.filter((step) => step.kind === "cpu");
  const main =
    cpu.length === 0
      ? []
      : [
          `main thread ${ms(Math.min(...cpu.map((step) => step.startMs)))}–${ms(Math.max(...cpu.map((step) => step.endMs)))} ms (${cpu.length} ${cpu.length === 1 ? "task" : "tasks"}, ${ms(cpu.reduce((sum, step) => sum + step.endMs - step.startMs, 0))} ms of work)`,
        ];
  return [...network, ...main].join("; ");
}
