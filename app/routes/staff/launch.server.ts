import { data } from "react-router";
import type { PublishedContent } from "#core/content/model.ts";
import { absoluteClaims, type CopyText, type LaunchList, launchList } from "#core/launch/checks.ts";
import type { ConfirmationProblems } from "#core/launch/confirmation.ts";
import { publishedCopy } from "#core/launch/published-copy.ts";
import { samplesShown } from "#core/launch/samples.ts";
import { siteCopy } from "~/content/site-copy";
import { requestNow } from "~/lib/clock.server";
import { staffForm } from "~/lib/staff/form.server";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/launch";

/** What a confirmation came to, shown beside the claim it was for. */
export type LaunchResult =
  | { ok: true; said: string }
  | { ok: false; claim: string; problems: ConfirmationProblems; note: string };

/** Ready to launch is for administrators: anyone else is told so (403). */
async function requireAdmin(request: Request, context: Route.LoaderArgs["context"]) {
  const staff = await requireStaff(request, context);
  if (!staff.me.isAdmin) throw data("Only an administrator can open this page.", 403);
  return staff;
}

/** The words the checks read: every page's published words (each with its editor), then the words still in code. */
function launchCopy(published: PublishedContent): CopyText[] {
  return [...publishedCopy(published), ...siteCopy()];
}

/**
 * What still needs the company before launch, read now: the samples from the published content
 * (accreditations and case studies), the published words' claims checked against the company's published
 * facts, and the absolute claims nobody has confirmed.
 */
export async function loadLaunch({ request, context }: Route.LoaderArgs) {
  const { content, launch } = await requireAdmin(request, context);
  const now = requestNow(request, context);
  const confirmations = await launch.confirmations();
  const published = content.published();
  const list: LaunchList = launchList({
    samples: samplesShown({
      accreditations: published.accreditations,
      caseStudies: published.caseStudies,
      now,
    }),
    copy: launchCopy(published),
    facts: { founded: published.company.founded },
    today: new Date(now),
    confirmedKeys: new Set(confirmations.map((entry) => entry.claim)),
  });
  return {
    list,
    confirmations: list.confirmed.map((claim) => ({
      claim,
      confirmation: confirmations.find((entry) => entry.claim === claim.key) ?? null,
    })),
  };
}

/** Confirms an absolute claim the pages make now, with a note of the evidence. */
export async function actOnLaunch({ request, context }: Route.ActionArgs) {
  const { content, launch, me } = await requireAdmin(request, context);
  const form = await staffForm(request);
  const claim = String(form.get("claim") ?? "");
  const note = String(form.get("note") ?? "");
  if (!absoluteClaims(launchCopy(content.published())).some((entry) => entry.key === claim))
    return data<LaunchResult>(
      { ok: false, claim, note, problems: { claim: "That claim is no longer on the site's pages." } },
      400,
    );
  const outcome = await launch.confirm(me, { claim, note });
  if (!outcome.ok)
    return data<LaunchResult>({ ok: false, claim, note, problems: outcome.problems }, outcome.status);
  return { ok: true, said: `Confirmed with evidence: “${claim}” is off the list.` } satisfies LaunchResult;
}
