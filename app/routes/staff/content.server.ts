import { data } from "react-router";
import { newCaseStudyPath } from "#core/content/case-study.ts";
import {
  type ContentKind,
  contentItemPath,
  contentPages,
  kindWords,
  stateWords,
} from "#core/content/model.ts";
import { moment } from "#core/leads/model.ts";
import { formatClosingDate } from "#core/vacancies/model.ts";
import type { AppServices } from "~/lib/app-context";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/content";

/** Those who may neither edit nor approve the site's content are told so, not shown the list. */
export const mayNotKeepContent =
  "Site content is kept by those an administrator allows on the Team page (Edit site content, Approve site content).";

/** The pages whose words are site content, listed as the accreditations are. */
async function pagesGroup(content: Awaited<ReturnType<typeof requireStaff>>["content"]) {
  const kind: ContentKind = "page";
  const items = await content.list(kind);
  return {
    kind,
    heading: kindWords[kind].many,
    newPath: null as string | null,
    items: items.map(({ key, latest, published }) => ({
      key,
      path: contentItemPath(kind, key),
      name: contentPages[key as keyof typeof contentPages] ?? key,
      lastDay: null,
      published: published?.version ?? null,
      latest: latest
        ? {
            version: latest.version,
            state: stateWords[latest.state],
            by: latest.authorName ?? "the words the site shipped with",
            at: moment(latest.createdAt),
          }
        : null,
    })),
  };
}

/** Every item of site content, by kind, with where its newest version stands and what is published. */
export async function loadContentList({ request, context }: Route.LoaderArgs) {
  const { content, me } = await requireStaff(request, context);
  const rights = await content.permissions(me);
  if (!rights.edit && !rights.approve) throw data(mayNotKeepContent, 403);
  const kind: ContentKind = "accreditation";
  const items = await content.list(kind);
  const [company] = await content.list("company");
  return {
    // The company's details: one item, its own page.
    company: company
      ? {
          path: contentItemPath("company", company.key),
          published: company.published?.version ?? null,
          latest: company.latest
            ? { version: company.latest.version, state: stateWords[company.latest.state] }
            : null,
        }
      : null,
    kinds: [
      {
        kind,
        heading: kindWords[kind].many,
        newPath: null as string | null,
        items: items.map(({ key, latest, published }) => {
          const body = (published?.body ?? latest?.body ?? {}) as { scheme?: string; validUntil?: string };
          return {
            key,
            path: contentItemPath(kind, key),
            name: body.scheme ?? key,
            lastDay: body.validUntil ? formatClosingDate(body.validUntil) : null,
            published: published?.version ?? null,
            latest: latest
              ? {
                  version: latest.version,
                  state: stateWords[latest.state],
                  by: latest.authorName ?? "the files the site shipped with",
                  at: moment(latest.createdAt),
                }
              : null,
          };
        }),
      },
      await pagesGroup(content),
      await caseStudyGroup(content),
    ],
    rights,
  };
}

/** The case studies, as the list shows them: each with its title, where it stands, and whether it has a quote. */
async function caseStudyGroup(content: AppServices["content"]) {
  const kind: ContentKind = "case-study";
  const items = await content.list(kind);
  return {
    kind,
    heading: kindWords[kind].many,
    newPath: newCaseStudyPath as string | null,
    items: items.map(({ key, latest, published }) => {
      const body = (published?.body ?? latest?.body ?? {}) as { title?: string; testimonial?: unknown };
      return {
        key,
        path: contentItemPath(kind, key),
        name: body.title ?? key,
        lastDay: null as string | null,
        published: published?.version ?? null,
        latest: latest
          ? {
              version: latest.version,
              state: stateWords[latest.state],
              by: latest.authorName ?? "the files the site shipped with",
              at: moment(latest.createdAt),
            }
          : null,
      };
    }),
  };
}
