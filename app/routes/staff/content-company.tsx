import { Form, Link } from "react-router";
import { approvalReason, companyLimits } from "#core/content/company.ts";
import { ContentChanges } from "~/components/staff/content-changes";
import { Button } from "~/components/ui/button";
import { controlClass, Field, TextField } from "~/components/ui/field";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/content-company";
import { actOnCompanyDetails, type CompanyActionResult, loadCompanyDetails } from "./content-company.server";

export function meta() {
  return staffMeta("Company details · Site content");
}

// The page's reading and every post's rules live in content-company.server.ts, which stays out of the browser.
export async function loader(args: Route.LoaderArgs) {
  return loadCompanyDetails(args);
}

export async function action(args: Route.ActionArgs) {
  return actOnCompanyDetails(args);
}

const fieldId = (field: string) => `company-${field}`;

/** A labelled textarea of one entry a line. */
function LinesField({
  name,
  label,
  description,
  rows,
  value,
  error,
}: {
  name: string;
  label: string;
  description: string;
  rows: number;
  value: string;
  error: string | undefined;
}) {
  return (
    <Field
      id={fieldId(name)}
      className="sm:col-span-2"
      label={label}
      description={description}
      required
      error={error}
    >
      {(control) => (
        <textarea
          {...control}
          name={name}
          rows={rows}
          required
          defaultValue={value}
          className={controlClass}
        />
      )}
    </Field>
  );
}

export default function CompanyDetails({ loaderData, actionData }: Route.ComponentProps) {
  const item = loaderData;
  const result = actionData as CompanyActionResult | undefined;
  const values = result?.values ?? item.fields;
  const problem = (field: string) => result?.problems[field];
  const latest = item.latest;
  const mayApprove = item.rights.approve && latest.authorId !== item.me;
  const formKey = `${latest.version}-${result ? "typed" : "saved"}`;

  return (
    <div className="max-w-5xl space-y-6">
      <div className="space-y-1">
        <p>
          <Link to="/staff/content" className="font-semibold text-accent-800 underline">
            All site content
          </Link>
        </p>
        <h1 className="text-2xl font-bold">Company details</h1>
        <p className="text-navy-800">
          The phone, e-mail, office, hours and legal details every page, the search engines and our e-mails
          show. {item.published ? `Version ${item.published.version} is published` : "Nothing is published"}
          {latest.version !== item.published?.version &&
            ` · version ${latest.version} is ${latest.stateWords.toLowerCase()}`}
        </p>
      </div>

      <div role="status">
        {item.done && !result && <p className="rounded-lg bg-accent-100 p-3 font-medium">{item.done}</p>}
      </div>
      {result?.problem && (
        <div role="alert" className="rounded-lg border border-red-700 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{result.problem}</p>
          {Object.keys(result.problems).length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {Object.entries(result.problems).map(([field, message]) => (
                <li key={field}>
                  <a href={`#${fieldId(field)}`} className="underline">
                    {message}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {result?.changed && (
        <section aria-labelledby="changed-since" className="rounded-xl bg-white p-5 ring-1 ring-navy-100">
          <h2 id="changed-since" className="mb-2 text-lg font-bold">
            Saved now (version {result.changed.version}) beside your words
          </h2>
          <ContentChanges
            changes={result.changed.changes}
            caption={`Before: version ${result.changed.version} as saved. After: your words, still in the form below`}
          />
        </section>
      )}

      {latest.state === "awaiting" && (
        <section
          aria-labelledby="awaiting"
          className="space-y-3 rounded-xl bg-white p-5 ring-1 ring-navy-100"
        >
          <h2 id="awaiting" className="text-lg font-bold">
            Version {latest.version} awaits approval
          </h2>
          <p>
            Made by {latest.by}, <time dateTime={latest.at.iso}>{latest.at.text}</time>.
          </p>
          <ContentChanges changes={item.awaitingChanges} caption="What it changes on the site" />
          {mayApprove ? (
            <Form method="post">
              <input type="hidden" name="version" value={latest.version} />
              <Button type="submit" name="intent" value="approve">
                Approve and publish
              </Button>
            </Form>
          ) : (
            <p className="text-navy-800">
              {latest.authorId === item.me
                ? "You made this version, so someone else with Approve site content must approve it."
                : "Someone with Approve site content must approve it before it goes live."}
            </p>
          )}
        </section>
      )}

      {latest.state === "draft" && item.rights.edit && (
        <section aria-labelledby="draft" className="space-y-3 rounded-xl bg-white p-5 ring-1 ring-navy-100">
          <h2 id="draft" className="text-lg font-bold">
            Version {latest.version} is a draft
          </h2>
          <ContentChanges changes={item.awaitingChanges} caption="What it changes on the site" />
          {item.latestNeedsApproval && <p>{approvalReason}</p>}
          <Form method="post" className="flex flex-wrap gap-3">
            <input type="hidden" name="version" value={latest.version} />
            {item.latestNeedsApproval ? (
              <Button type="submit" name="intent" value="ask-version">
                Ask for approval
              </Button>
            ) : (
              <Button type="submit" name="intent" value="publish-version">
                Publish
              </Button>
            )}
          </Form>
        </section>
      )}

      {item.rights.edit && values && (
        <Form
          key={formKey}
          method="post"
          aria-labelledby="edit-heading"
          className="grid gap-5 rounded-xl bg-white p-5 ring-1 ring-navy-100 sm:grid-cols-2"
        >
          <h2 id="edit-heading" className="text-lg font-bold sm:col-span-2">
            Edit: a new version from version {latest.version}
          </h2>
          <p className="text-navy-800 sm:col-span-2">
            A new phone number, hours, emergency line or areas served can be published at once with Publish. A
            change to the e-mail address, the office address, the company's registration, its insurance or its
            founding date needs a second person's approval: press Ask for approval.
          </p>
          <input type="hidden" name="basedOn" value={latest.version} />
          <TextField
            id={fieldId("phone")}
            label="Office phone"
            description="A UK number, as people should dial it, e.g. 0161 496 0123."
            name="phone"
            type="tel"
            required
            maxLength={20}
            defaultValue={values.phone}
            error={problem("phone")}
          />
          <TextField
            id={fieldId("email")}
            label="E-mail address"
            description="Shown on every page and in the privacy notice for requests about personal data."
            name="email"
            type="email"
            required
            maxLength={companyLimits.email}
            defaultValue={values.email}
            error={problem("email")}
          />
          <TextField
            id={fieldId("street")}
            className="sm:col-span-2"
            label="Street address"
            description="The office, e.g. Suite 4, 52 Mosley Street."
            name="street"
            required
            maxLength={companyLimits.street}
            defaultValue={values.street}
            error={problem("street")}
          />
          <TextField
            id={fieldId("locality")}
            label="Town or city"
            name="locality"
            required
            maxLength={companyLimits.locality}
            defaultValue={values.locality}
            error={problem("locality")}
          />
          <TextField
            id={fieldId("postcode")}
            label="Postcode"
            name="postcode"
            required
            maxLength={10}
            defaultValue={values.postcode}
            error={problem("postcode")}
          />
          <LinesField
            name="hours"
            label="Opening hours"
            description={`One line for each group of days: the days, a colon, then the time, e.g. "Monday-Friday: 8:00 AM-6:00 PM". At most ${companyLimits.hours} lines.`}
            rows={4}
            value={values.hours}
            error={problem("hours")}
          />
          <TextField
            id={fieldId("emergency")}
            className="sm:col-span-2"
            label="Emergency line"
            description="One sentence, e.g. Emergency service 24/7 for existing clients."
            name="emergency"
            required
            maxLength={companyLimits.emergency}
            defaultValue={values.emergency}
            error={problem("emergency")}
          />
          <TextField
            id={fieldId("region")}
            label="Region served"
            name="region"
            required
            maxLength={companyLimits.region}
            defaultValue={values.region}
            error={problem("region")}
          />
          <LinesField
            name="places"
            label="Places served"
            description={`One a line, at most ${companyLimits.places}.`}
            rows={5}
            value={values.places}
            error={problem("places")}
          />
          <TextField
            id={fieldId("companyNumber")}
            label="Company number"
            description="As Companies House gives it, e.g. 19482306."
            name="companyNumber"
            required
            maxLength={10}
            defaultValue={values.companyNumber}
            error={problem("companyNumber")}
          />
          <Field id={fieldId("registeredIn")} label="Registered in" required error={problem("registeredIn")}>
            {(control) => (
              <select
                {...control}
                name="registeredIn"
                required
                defaultValue={values.registeredIn}
                className={controlClass}
              >
                {item.registeredIn.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            id={fieldId("registeredOffice")}
            className="sm:col-span-2"
            label="Registered office"
            description="On one line, as Companies House has it."
            name="registeredOffice"
            required
            maxLength={companyLimits.registeredOffice}
            defaultValue={values.registeredOffice}
            error={problem("registeredOffice")}
          />
          <TextField
            id={fieldId("vatNumber")}
            label="VAT number (if registered)"
            description="GB and 9 digits; leave empty if the company is not registered for VAT."
            name="vatNumber"
            maxLength={20}
            defaultValue={values.vatNumber}
            error={problem("vatNumber")}
          />
          <LinesField
            name="insurance"
            label="Insurance"
            description={`One kind of cover a line: its name, a colon, then the amount, e.g. "Public liability: £10 million". At most ${companyLimits.insurance}.`}
            rows={3}
            value={values.insurance}
            error={problem("insurance")}
          />
          <TextField
            id={fieldId("founded")}
            label="Founded"
            description="The month and year the company was founded, e.g. June 2024. The About page shows it beside the years of experience, and Ready to launch checks the two agree."
            name="founded"
            required
            maxLength={companyLimits.founded}
            defaultValue={values.founded}
            error={problem("founded")}
          />
          <div className="flex flex-wrap gap-3 sm:col-span-2">
            <Button type="submit" name="intent" value="save" variant="secondary">
              Save draft
            </Button>
            <Button type="submit" name="intent" value="publish">
              Publish
            </Button>
            <Button
              type="submit"
              name="intent"
              value="ask"
              variant={result?.needsApproval ? "primary" : "secondary"}
            >
              Ask for approval
            </Button>
          </div>
        </Form>
      )}

      <section aria-labelledby="history" className="space-y-3">
        <h2 id="history" className="text-xl font-bold">
          History
        </h2>
        <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-navy-100">
          <table className="w-full min-w-[40rem] border-collapse text-left">
            <thead>
              <tr className="border-b border-navy-200">
                <th scope="col" className="p-3">
                  Version
                </th>
                <th scope="col" className="p-3">
                  State
                </th>
                <th scope="col" className="p-3">
                  Made
                </th>
                <th scope="col" className="p-3">
                  Approved
                </th>
                <th scope="col" className="p-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {item.history.map((entry) => (
                <tr key={entry.version} className="border-b border-navy-100 align-top">
                  <th scope="row" className="p-3">
                    {entry.version}
                    <span className="block font-normal text-navy-700">{entry.phone}</span>
                  </th>
                  <td className="p-3">
                    {entry.stateWords}
                    {entry.restoredFrom !== null && (
                      <span className="block text-navy-700">restored from version {entry.restoredFrom}</span>
                    )}
                  </td>
                  <td className="p-3">
                    {entry.by}, <time dateTime={entry.at.iso}>{entry.at.text}</time>
                  </td>
                  <td className="p-3">
                    {entry.approvedBy && entry.approvedAt ? (
                      <>
                        {entry.approvedBy},{" "}
                        <time dateTime={entry.approvedAt.iso}>{entry.approvedAt.text}</time>
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className="space-y-2 p-3">
                    {entry.version !== latest.version && (
                      <Link
                        to={`${item.path}?from=${entry.version}&to=${latest.version}#differences`}
                        className="block font-semibold text-accent-800 underline"
                      >
                        Compare with version {latest.version}
                      </Link>
                    )}
                    {item.rights.edit && entry.version !== latest.version && (
                      <Form method="post">
                        <input type="hidden" name="version" value={entry.version} />
                        <input type="hidden" name="basedOn" value={latest.version} />
                        <Button type="submit" name="intent" value="restore" variant="secondary" size="sm">
                          Restore this version
                          <span className="sr-only"> (version {entry.version})</span>
                        </Button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section id="differences" aria-labelledby="differences-heading" className="space-y-3">
        <h2 id="differences-heading" className="text-xl font-bold">
          Differences between version {item.diff.from} and version {item.diff.to}
        </h2>
        <ContentChanges
          changes={item.diff.changes}
          caption={`Before: version ${item.diff.from}. After: version ${item.diff.to}`}
        />
      </section>
    </div>
  );
}
