import { ApplicantPage } from "~/components/applicant/applicant-page";
import { DetailsDeleted, LinkNotWorking } from "~/components/applicant/link-pages";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/your-application";

/**
 * The applicant's own page, opened from the link in our e-mails (/your-application?link=…): where the
 * application stands and what they can change, each change a post from the page. Rendered by the server
 * on each request, never prerendered, listed or indexed; the server sends it with no-store and
 * no-referrer (server/applicants/page-guard.ts). The loader and action live beside it.
 */
export { action, headers, loader } from "./your-application.server";

export function meta() {
  return [
    ...pageMeta({
      title: "Your application",
      description: "See where your job application stands, and manage it.",
    }),
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export default function YourApplication({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.erased) return <DetailsDeleted />;
  if (loaderData.state === "unknown" || actionData?.unknown) {
    return <LinkNotWorking result={actionData?.result ?? null} />;
  }
  return (
    <ApplicantPage
      view={loaderData.view}
      token={loaderData.token}
      cvTypes={loaderData.cvTypes}
      confirm={loaderData.confirm}
      result={actionData?.result ?? null}
    />
  );
}
