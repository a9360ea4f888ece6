import { site } from "#core/config/site.ts";

/**
 * A workspace page's title and description. The workspace is never indexed, but a description is what a
 * shared link or a bookmark shows.
 */
export function staffMeta(title: string) {
  return [
    { title: `${title} · Staff workspace` },
    {
      name: "description",
      content: `The staff workspace of ${site.brand}: enquiries, job applications, vacancies and the team.`,
    },
  ];
}
