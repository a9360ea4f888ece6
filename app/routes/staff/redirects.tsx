import { Form, Link } from "react-router";
import { formatDate } from "#core/leads/model.ts";
import { redirectLimits } from "#core/redirects.ts";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/redirects";
import { actOnRedirects, loadRedirects, type RedirectsResult } from "./redirects.server";

export function meta() {
  return staffMeta("Redirects");
}

// Who may change them, and the rules, live in redirects.server.ts and core/redirects.ts.
export async function loader(args: Route.LoaderArgs) {
  return loadRedirects(args);
}

export async function action(args: Route.ActionArgs) {
  return actOnRedirects(args);
}

/** What a post came to, beside the form that sent it: said, or each problem. */
function Outcome({ result, form }: { result: RedirectsResult | undefined; form: RedirectsResult["form"] }) {
  if (!result || result.form !== form) return null;
  if (result.ok)
    return (
      <p
        role="status"
        className="rounded-lg bg-accent-50 p-3 font-medium text-accent-900 ring-1 ring-accent-200"
      >
        {result.said}
      </p>
    );
  return (
    <div role="alert" className="space-y-1 rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200">
      <p className="font-semibold">Nothing was changed:</p>
      <ul className="list-disc space-y-1 pl-5">
        {result.problems.slice(0, 20).map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
      {result.problems.length > 20 ? <p>…and {result.problems.length - 20} more.</p> : null}
    </div>
  );
}

export default function Redirects({ loaderData, actionData }: Route.ComponentProps) {
  const { redirects, missing, from } = loaderData;
  const result = actionData as RedirectsResult | undefined;
  const added = result?.form === "add" ? result : undefined;
  const values = added && !added.ok ? added.values : { from, to: "" };
  return (
    <div className="max-w-4xl space-y-8">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">Redirects</h1>
        <p className="text-navy-700">
          An old address that people, search engines or printed leaflets still use leads to the page that
          replaced it (a permanent redirect, 301). Every server answers a change within a second or two.
        </p>
      </div>

      <section
        aria-labelledby="add-heading"
        id="add"
        className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-navy-100"
      >
        <h2 id="add-heading" className="text-xl font-bold">
          Add a redirect
        </h2>
        <Outcome result={result} form="add" />
        <Form method="post" className="space-y-4" key={added?.ok ? "added" : from}>
          <input type="hidden" name="intent" value="add" />
          <TextField
            id="redirect-from"
            name="from"
            label="Old address"
            description="A path such as /our-services.html, or the old site's full address."
            required
            maxLength={redirectLimits.pathLength}
            defaultValue={values.from}
            error={added && !added.ok ? added.fields.from : undefined}
            autoComplete="off"
          />
          <TextField
            id="redirect-to"
            name="to"
            label="New address"
            description="A page on this site, such as /services/cleaning."
            required
            maxLength={redirectLimits.pathLength}
            defaultValue={values.to}
            error={added && !added.ok ? added.fields.to : undefined}
            autoComplete="off"
          />
          <Button type="submit">Add redirect</Button>
        </Form>
      </section>

      <section
        aria-labelledby="import-heading"
        className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-navy-100"
      >
        <h2 id="import-heading" className="text-xl font-bold">
          Import an old site's addresses
        </h2>
        <p id="import-help" className="text-navy-700">
          A CSV file whose first line is <code>from,to</code>, then one redirect a line, at most{" "}
          {redirectLimits.importLines.toLocaleString("en-GB")}. Either every line is taken or none is: a line
          with a problem is named, so it can be put right and the file imported again.
        </p>
        <Outcome result={result} form="import" />
        <Form method="post" encType="multipart/form-data" className="space-y-4">
          <input type="hidden" name="intent" value="import" />
          <div className="space-y-2">
            <label htmlFor="redirects-file" className="block font-semibold">
              CSV file
            </label>
            <input
              id="redirects-file"
              name="file"
              type="file"
              accept=".csv,text/csv"
              required
              aria-describedby="import-help"
              className="block w-full text-base"
            />
          </div>
          <Button type="submit">Import redirects</Button>
        </Form>
      </section>

      <section aria-labelledby="list-heading" className="space-y-4">
        <h2 id="list-heading" className="text-xl font-bold">
          {redirects.length === 1 ? "1 redirect" : `${redirects.length.toLocaleString("en-GB")} redirects`}
        </h2>
        <Outcome result={result} form="remove" />
        {redirects.length === 0 ? (
          <p className="text-navy-700">There are no redirects yet.</p>
        ) : (
          <ul className="divide-y divide-navy-100 rounded-xl bg-white ring-1 ring-navy-100">
            {redirects.map((redirect) => (
              <li key={redirect.from} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3">
                <p className="min-w-0 flex-1 break-all">
                  <span className="font-semibold">{redirect.from}</span>
                  <span aria-hidden="true"> → </span>
                  <span className="sr-only"> leads to </span>
                  <a href={redirect.to} className="underline underline-offset-2">
                    {redirect.to}
                  </a>
                  <span className="block text-sm text-navy-700">
                    {/* Kept by the site itself when a page of its own moved (a vacancy, a case study). */}
                    {redirect.createdBy === null ? "Made by the site when its page moved, " : "Added "}
                    {formatDate(redirect.createdAt)}
                  </span>
                </p>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="from" value={redirect.from} />
                  <Button
                    type="submit"
                    variant="secondary"
                    size="sm"
                    aria-label={`Remove the redirect from ${redirect.from}`}
                  >
                    Remove
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="missing-heading" className="space-y-4">
        <h2 id="missing-heading" className="text-xl font-bold">
          Addresses not found in the last 30 days
        </h2>
        <p className="text-navy-700">
          What people and search engines asked for that has no page, most asked first: only the address and
          how often, nothing about who asked.
        </p>
        {missing.length === 0 ? (
          <p className="text-navy-700">No missing address has been asked for.</p>
        ) : (
          <ul className="divide-y divide-navy-100 rounded-xl bg-white ring-1 ring-navy-100">
            {missing.map((entry) => (
              <li key={entry.path} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3">
                <p className="min-w-0 flex-1 break-all font-semibold">{entry.path}</p>
                <p className="text-navy-700">
                  {entry.hits === 1 ? "1 time" : `${entry.hits.toLocaleString("en-GB")} times`}
                </p>
                <Link
                  to={`/staff/redirects?from=${encodeURIComponent(entry.path)}#add`}
                  className="font-semibold underline underline-offset-2"
                  aria-label={`Redirect this: ${entry.path}`}
                >
                  Redirect this
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
