/**
 * A case study's public address (`/case-studies/<slug>`) is part of its content: staff may change it,
 * and it moves when a version with the new one is published, by hand, on approval or by a schedule. In
 * the publication's own transaction the old address is kept as a permanent redirect to the new one, so
 * no link to the work ever breaks; an address is never given to two case studies, nor to another one
 * once it has led to a case study. The item's key (its workspace address, its history) stays the one
 * it was made with. See docs/decisions/040-case-study-addresses-that-move.md.
 */
import { caseStudyPath } from "#core/case-studies/paths.ts";
import { addressTakenProblem, type OtherCaseStudy } from "#core/content/case-study.ts";
import type { ContentKind } from "#core/content/model.ts";
import type { Queryable } from "../db/database.ts";
import { itemVersions, versionsOfKind } from "../tables/content.ts";

/**
 * What a published case study's address tells the redirects, inside the publication's transaction:
 * `moved` keeps the old address as a redirect to the new one (or throws, undoing the publication),
 * `pageAt` removes a redirect kept from an address that is a page again; `settled` once it is committed.
 */
export type CaseStudyAddresses = {
  moved(tx: Queryable, change: { from: string; to: string }): Promise<void>;
  pageAt(tx: Queryable, path: string): Promise<void>;
  settled(): Promise<void>;
};

const slugOf = (body: unknown): string | null => {
  const slug = (body as { slug?: unknown } | null)?.slug;
  return typeof slug === "string" ? slug : null;
};

/**
 * Why the case study `key` (null: one not made yet) cannot answer at `slug`: another case study answers
 * there now, waits to, or did once. Null when it may.
 */
export async function addressProblem(
  tx: Queryable,
  key: string | null,
  slug: string,
): Promise<string | null> {
  const others = new Map<string, OtherCaseStudy & { current: string[]; former: string[] }>();
  for (const version of await versionsOfKind(tx, "case-study")) {
    if (version.key === key) continue;
    // Its key was its first address: a page once, or one kept from it.
    const other = others.get(version.key) ?? { title: version.key, current: [], former: [version.key] };
    const title = (version.body as { title?: unknown } | null)?.title;
    if (typeof title === "string") other.title = title;
    const at = slugOf(version.body);
    if (at !== null) {
      if (version.state === "published" || version.state === "draft" || version.state === "awaiting") {
        other.current.push(at);
      } else if (version.publishedAt !== null) {
        other.former.push(at);
      }
    }
    others.set(version.key, other);
  }
  return addressTakenProblem(slug, [...others.values()]);
}

/** The address (its last part) a case study's published version answers at now; null when none is published. */
async function publishedSlug(tx: Queryable, key: string): Promise<string | null> {
  const published = (await itemVersions(tx, "case-study", key)).find((entry) => entry.state === "published");
  return published ? slugOf(published.body) : null;
}

/**
 * Publishes one version with `publish` (the table's own move of it), inside the caller's transaction. For a
 * case study, the version's address is checked first (refused when another case study has it), and once
 * published its page answers there: a redirect kept from that address goes, and when the published
 * version before it answered elsewhere, that old address becomes a permanent redirect to the new one
 * (without `addresses`, as in a test of the content alone, the redirects are left as they are).
 * `problem` is null when the version was not where `publish` expected it.
 */
export async function publishFollowingAddress(
  tx: Queryable,
  at: { kind: ContentKind; key: string; version: number },
  publish: () => Promise<boolean>,
  addresses: CaseStudyAddresses | undefined,
): Promise<{ ok: true } | { ok: false; problem: string | null }> {
  if (at.kind !== "case-study") return (await publish()) ? { ok: true } : { ok: false, problem: null };
  const version = (await itemVersions(tx, at.kind, at.key)).find((entry) => entry.version === at.version);
  const slug = slugOf(version?.body);
  if (slug !== null) {
    const problem = await addressProblem(tx, at.key, slug);
    if (problem) return { ok: false, problem };
  }
  const before = await publishedSlug(tx, at.key);
  if (!(await publish())) return { ok: false, problem: null };
  const after = await publishedSlug(tx, at.key);
  if (after === null || !addresses) return { ok: true };
  if (before !== null && before !== after) {
    await addresses.moved(tx, { from: caseStudyPath(before), to: caseStudyPath(after) });
  } else {
    await addresses.pageAt(tx, caseStudyPath(after));
  }
  return { ok: true };
}
