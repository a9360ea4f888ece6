import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/quote-erasure";
import { eraseQuotes, loadQuoteErasure } from "./quote-erasure.server";

export function meta() {
  return staffMeta("Erase a person's words · Site content");
}

// The search and the erasure's rules live in quote-erasure.server.ts, which stays out of the browser.
export async function loader(args: Route.LoaderArgs) {
  return loadQuoteErasure(args);
}

export async function action(args: Route.ActionArgs) {
  return eraseQuotes(args);
}

export default function QuoteErasure({ loaderData, actionData }: Route.ComponentProps) {
  const { name, found, error, mayEdit, confirmed, windowMinutes } = loaderData;
  return (
    <div className="max-w-3xl space-y-6">
      <div className="space-y-2">
        <p>
          <Link to="/staff/content" className="font-semibold text-accent-800 underline">
            All site content
          </Link>
        </p>
        <h1 className="text-2xl font-bold">Erase a person's words from the case studies</h1>
        <p className="text-navy-800">
          When someone quoted by name asks to be erased, find their quotes by their name as it is shown.
          Erasing removes the quote, their name, role and the record of their permission from every version of
          every case study that has them, and takes the quote off the site at once. It cannot be undone.
        </p>
      </div>

      <Form
        method="get"
        role="search"
        aria-label="Find a person's quotes"
        className="flex flex-wrap items-end gap-3"
      >
        <TextField
          id="quote-erasure-name"
          label="Their name"
          name="name"
          required
          maxLength={80}
          defaultValue={name}
          error={error ?? undefined}
        />
        <Button type="submit" variant="secondary">
          Find their quotes
        </Button>
      </Form>

      <div role="status">
        {actionData?.erased && (
          <p className="rounded-lg bg-accent-100 p-3 font-medium">
            Erased from {actionData.erased.versions} version{actionData.erased.versions === 1 ? "" : "s"} of{" "}
            {actionData.erased.items} case {actionData.erased.items === 1 ? "study" : "studies"}. The site no
            longer shows their words, and the audit log records the erasure without their name.
          </p>
        )}
      </div>
      {actionData?.problem && (
        <div role="alert" className="rounded-lg border border-red-700 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">
            <a href="#quote-erasure-confirm" className="underline">
              {actionData.problem}
            </a>
          </p>
        </div>
      )}

      {found && !actionData?.erased && (
        <section aria-labelledby="found" className="space-y-3">
          <h2 id="found" className="text-xl font-bold">
            Quotes by {name}
          </h2>
          {found.length === 0 ? (
            <p>No case study quotes anyone of that name, in any version.</p>
          ) : (
            <>
              <ul className="list-disc space-y-1 pl-5">
                {found.map((entry) => (
                  <li key={entry.key}>
                    <Link to={entry.path} className="font-semibold text-accent-800 underline">
                      {entry.title}
                    </Link>{" "}
                    ({entry.versions} version{entry.versions === 1 ? "" : "s"})
                  </li>
                ))}
              </ul>
              {mayEdit ? (
                <Form method="post" className="space-y-3 rounded-xl bg-white p-5 ring-1 ring-navy-100">
                  <input type="hidden" name="name" value={name} />
                  <TextField
                    id="quote-erasure-confirm"
                    label={`Type ${name} again to confirm`}
                    name="confirmName"
                    required
                    maxLength={80}
                  />
                  <p className="text-sm text-navy-700">
                    {confirmed
                      ? `You confirmed with your passkey in the last ${windowMinutes} minutes.`
                      : `You will be asked to confirm with your passkey first (it lasts ${windowMinutes} minutes), and then to type the name again.`}
                  </p>
                  <Button type="submit" variant="danger">
                    Erase their words
                  </Button>
                </Form>
              ) : (
                <p>Someone with Edit site content must erase them.</p>
              )}
            </>
          )}
        </section>
      )}
    </div>
  );
}
