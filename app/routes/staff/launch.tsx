import { Form, Link } from "react-router";
import { companyKey } from "#core/content/company-facts.ts";
import { contentItemPath } from "#core/content/model.ts";
import {
  type AbsoluteClaim,
  confirmationNoteLength,
  launchCount,
  type PageSaying,
} from "#core/launch/checks.ts";
import { formatDate } from "#core/leads/model.ts";
import { Button } from "~/components/ui/button";
import { controlClass, Field } from "~/components/ui/field";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/launch";
import { actOnLaunch, type LaunchResult, loadLaunch } from "./launch.server";

export function meta() {
  return staffMeta("Ready to launch");
}

// Who may see it, and the checks it runs, live in launch.server.ts and core/launch/.
export async function loader(args: Route.LoaderArgs) {
  return loadLaunch(args);
}

export async function action(args: Route.ActionArgs) {
  return actOnLaunch(args);
}

const card = "space-y-4 rounded-xl bg-white p-4 ring-1 ring-navy-100";

/** The pages that say something, as links to each, and to the editor of the words where staff keep them. */
function Pages({ pages }: { pages: PageSaying[] }) {
  const edited = pages.filter((page) => page.edit);
  return (
    <>
      <p className="text-sm text-navy-700">
        Shown on:{" "}
        {pages.map((page, index) => (
          <span key={page.page}>
            {index > 0 && ", "}
            <a href={page.page} className="underline underline-offset-2">
              {page.pageName}
            </a>
          </span>
        ))}
      </p>
      {edited.length > 0 && (
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {edited.map((page) => (
            <li key={page.page}>
              <Link to={page.edit as string} className="font-semibold underline underline-offset-2">
                Change the words on {page.pageName === "Home" ? "the home page" : page.pageName}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {edited.length < pages.length && (
        <p className="text-sm text-navy-700">
          Where a page's words are not in Site content, a developer changes them in the page's content files.
        </p>
      )}
    </>
  );
}

/** An absolute claim, with the form that confirms it and any problem with what was posted. */
function AbsoluteClaimItem({ claim, result }: { claim: AbsoluteClaim; result: LaunchResult | undefined }) {
  const refused = result && !result.ok && result.claim === claim.key ? result : undefined;
  const id = `confirm-${claim.key.replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <li className="space-y-3 p-4" aria-labelledby={`${id}-claim`}>
      <h3 id={`${id}-claim`} className="font-bold">
        “{claim.claim}”
      </h3>
      <Pages pages={claim.pages} />
      {refused && (
        <div role="alert" className="rounded-lg border border-red-700 bg-red-50 p-3 text-red-900">
          <p className="font-semibold">Nothing was confirmed:</p>
          <ul className="mt-1 list-disc pl-5">
            {refused.problems.claim && <li>{refused.problems.claim}</li>}
            {refused.problems.note && (
              <li>
                <a href={`#${id}-note`} className="underline">
                  {refused.problems.note}
                </a>
              </li>
            )}
          </ul>
        </div>
      )}
      <Form method="post" className="space-y-3">
        <input type="hidden" name="claim" value={claim.key} />
        <Field
          id={`${id}-note`}
          label="The evidence"
          description="What shows it is true, and where it is kept (a survey's results, a register, a report). If there is none, change the words instead."
          error={refused?.problems.note}
          required
        >
          {(control) => (
            <textarea
              {...control}
              name="note"
              rows={3}
              required
              maxLength={confirmationNoteLength}
              defaultValue={refused?.note ?? ""}
              className={controlClass}
            />
          )}
        </Field>
        <Button type="submit" aria-label={`Confirmed, with evidence: ${claim.claim}`}>
          Confirmed, with evidence
        </Button>
      </Form>
    </li>
  );
}

export default function Launch({ loaderData, actionData }: Route.ComponentProps) {
  const { list, confirmations } = loaderData;
  const result = actionData as LaunchResult | undefined;
  const count = launchCount(list);
  return (
    <div className="max-w-4xl space-y-8">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">Ready to launch</h1>
        <p className="text-navy-700">
          What still needs the company before the site goes live: examples it shipped with, claims its own
          facts contradict, and claims a buyer could hold it to. Each says where it is changed.
        </p>
        <p className="text-lg font-semibold" data-testid="launch-count">
          {count === 0
            ? "Nothing is left: the site is ready to launch."
            : count === 1
              ? "1 thing needs the company."
              : `${count} things need the company.`}
        </p>
        {result?.ok && (
          <p
            role="status"
            className="rounded-lg bg-accent-50 p-3 font-medium text-accent-900 ring-1 ring-accent-200"
          >
            {result.said}
          </p>
        )}
      </div>

      <section aria-labelledby="samples-heading" className={card}>
        <h2 id="samples-heading" className="text-xl font-bold">
          Samples still shown ({list.samples.length})
        </h2>
        {list.samples.length === 0 ? (
          <p className="text-navy-700">No sample is shown.</p>
        ) : (
          <>
            <p className="text-navy-700">
              Made-up examples, so the pages could be seen working. Replace each with the company's own, or
              remove it: showing an accreditation the company does not hold misleads buyers.
            </p>
            <ul className="divide-y divide-navy-100">
              {list.samples.map((sample) => (
                <li key={`${sample.kind}-${sample.name}`} className="flex flex-wrap gap-x-4 gap-y-1 py-2">
                  <p className="min-w-0 flex-1">
                    <span className="font-semibold">{sample.name}</span>{" "}
                    <span className="text-navy-700">({sample.kind})</span>
                  </p>
                  <Link to={sample.edit.href} className="font-semibold underline underline-offset-2">
                    {sample.edit.label}
                    <span className="sr-only"> for {sample.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="contradictions-heading" className={card}>
        <h2 id="contradictions-heading" className="text-xl font-bold">
          Claims that contradict the company's facts ({list.contradictions.length})
        </h2>
        {list.contradictions.length === 0 ? (
          <p className="text-navy-700">No claim contradicts the company's facts.</p>
        ) : (
          <ul className="divide-y divide-navy-100">
            {list.contradictions.map((item) => (
              <li key={item.claim} className="space-y-1 py-2">
                <h3 className="font-bold">
                  “{item.claim}” beside “{item.fact}”
                </h3>
                <p>{item.why}</p>
                <Pages pages={item.pages} />
                <p className="text-sm">
                  <Link
                    to={contentItemPath("company", companyKey)}
                    className="font-semibold underline underline-offset-2"
                  >
                    Change the founding date in Company details
                  </Link>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="absolutes-heading" className={card}>
        <h2 id="absolutes-heading" className="text-xl font-bold">
          Absolute claims to confirm or change ({list.absolutes.length})
        </h2>
        <p className="text-navy-700">
          A buyer can hold the company to “100%”. Confirm each only with evidence you could show them;
          otherwise change the words where each says so below. Words changed later are a new claim, to confirm
          again.
        </p>
        {list.absolutes.length === 0 ? (
          <p className="text-navy-700">Every absolute claim is confirmed.</p>
        ) : (
          <ul className="divide-y divide-navy-100">
            {list.absolutes.map((claim) => (
              <AbsoluteClaimItem key={claim.key} claim={claim} result={result} />
            ))}
          </ul>
        )}
      </section>

      {confirmations.length > 0 && (
        <section aria-labelledby="confirmed-heading" className="space-y-4">
          <h2 id="confirmed-heading" className="text-xl font-bold">
            Confirmed with evidence ({confirmations.length})
          </h2>
          <ul className="divide-y divide-navy-100 rounded-xl bg-white ring-1 ring-navy-100">
            {confirmations.map(({ claim, confirmation }) => (
              <li key={claim.key} className="space-y-1 p-3">
                <p className="font-semibold">“{claim.claim}”</p>
                {confirmation && (
                  <p className="text-sm text-navy-700">
                    By {confirmation.confirmedByName ?? "a former member of staff"} on{" "}
                    {formatDate(confirmation.confirmedAt)}: {confirmation.note}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
