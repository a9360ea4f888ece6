import { Form, Link } from "react-router";
import { accreditationLimits } from "#core/content/accreditation.ts";
import type { ContentChange } from "#core/content/model.ts";
import { ContentSchedule } from "~/components/staff/content-schedule";
import { Button } from "~/components/ui/button";
import { controlClass, Field, TextField } from "~/components/ui/field";
import { ServerMarkup } from "~/components/ui/server-markup";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/content-item";
import { actOnContentItem, type ContentActionResult, loadContentItem } from "./content-item.server";
import type { ScheduleActionResult } from "./content-schedule.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return staffMeta(loaderData ? `${loaderData.name} · Site content` : "Site content");
}

// The item's reading and every post's rules live in content-item.server.ts, which stays out of the browser.
export async function loader(args: Route.LoaderArgs) {
  return loadContentItem(args);
}

export async function action(args: Route.ActionArgs) {
  return actOnContentItem(args);
}

const fieldId = (field: string) => `content-${field}`;

/** A table of what differs between two versions: each field's words before and after (case studies use it too). */
export function Changes({ changes, caption }: { changes: ContentChange[]; caption: string }) {
  if (changes.length === 0) return <p>{caption}: nothing differs.</p>;
  return (
    <div>
      <table className="w-full border-collapse text-left">
        <caption className="mb-2 text-left font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-navy-200">
            <th scope="col" className="py-2 pr-4">
              Field
            </th>
            <th scope="col" className="py-2 pr-4">
              Before
            </th>
            <th scope="col" className="py-2">
              After
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field} className="border-b border-navy-100 align-top">
              <th scope="row" className="py-2 pr-4 font-semibold">
                {change.field}
              </th>
              <td className="py-2 pr-4 wrap-anywhere">
                <del className="bg-red-50 text-red-900">{change.before}</del>
              </td>
              <td className="py-2 wrap-anywhere">
                <ins className="bg-accent-100 text-navy-900 no-underline">{change.after}</ins>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function ContentItem({ loaderData, actionData }: Route.ComponentProps) {
  const item = loaderData;
  const scheduleResult = (actionData as Partial<ScheduleActionResult> | undefined)?.schedule;
  const result = scheduleResult ? undefined : (actionData as ContentActionResult | undefined);
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
        <h1 className="text-2xl font-bold break-words">{item.name}</h1>
        <p className="text-navy-800">
          {item.published ? `Version ${item.published.version} is published` : "Nothing is published"}
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
          <Changes
            changes={result.changed.changes}
            caption={`Before: version ${result.changed.version} as saved. After: your words, still in the form below`}
          />
        </section>
      )}

      {latest.state === "awaiting" && latest.approvedBy && (
        <p className="rounded-lg bg-white p-4 font-medium ring-1 ring-navy-100">
          Version {latest.version} is approved by {latest.approvedBy}: it goes live at its scheduled time.
        </p>
      )}

      {latest.state === "awaiting" && !latest.approvedBy && (
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
          <Changes changes={item.awaitingChanges} caption="What it changes on the site" />
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
          <Form method="post" className="flex flex-wrap gap-3">
            <input type="hidden" name="version" value={latest.version} />
            {item.needsApproval ? (
              <Button type="submit" name="intent" value="ask-version">
                Ask for approval
              </Button>
            ) : (
              <Button type="submit" name="intent" value="publish">
                Publish
              </Button>
            )}
          </Form>
        </section>
      )}

      <ContentSchedule view={item.schedule} result={scheduleResult} mayEdit={item.rights.edit} />

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
          <input type="hidden" name="basedOn" value={latest.version} />
          <TextField
            id={fieldId("scheme")}
            className="sm:col-span-2"
            label="Scheme"
            description="As its owner names it, e.g. SIA Approved Contractor Scheme."
            name="scheme"
            required
            maxLength={accreditationLimits.scheme}
            defaultValue={values.scheme}
            error={problem("scheme")}
          />
          <TextField
            id={fieldId("number")}
            label="Number"
            description="As the register shows it."
            name="number"
            required
            maxLength={accreditationLimits.number}
            defaultValue={values.number}
            error={problem("number")}
          />
          <TextField
            id={fieldId("validUntil")}
            label="Last day"
            description="The last day it is valid: shown through that day, gone from the next."
            name="validUntil"
            type="date"
            required
            defaultValue={values.validUntil}
            error={problem("validUntil")}
          />
          <Field
            id={fieldId("covers")}
            className="sm:col-span-2"
            label="What it covers"
            description={`One thing a line, at most ${accreditationLimits.covers} lines of ${accreditationLimits.cover} characters.`}
            required
            error={problem("covers")}
          >
            {(control) => (
              <textarea
                {...control}
                name="covers"
                rows={4}
                required
                defaultValue={values.covers}
                className={controlClass}
              />
            )}
          </Field>
          <fieldset
            className="sm:col-span-2"
            aria-describedby={problem("services") ? fieldId("services-error") : undefined}
          >
            <legend id={fieldId("services")} className="font-semibold">
              Services whose pages show it
            </legend>
            <p className="text-sm text-navy-700">None ticked: shown on the home page and About only.</p>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {item.services.map((service) => (
                <label key={service.value} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    name="services"
                    value={service.value}
                    defaultChecked={values.services.includes(service.value)}
                    className="size-5"
                  />
                  {service.label}
                </label>
              ))}
            </div>
            {problem("services") && (
              <p id={fieldId("services-error")} className="mt-1 text-red-800">
                {problem("services")}
              </p>
            )}
          </fieldset>
          <TextField
            id={fieldId("issuer")}
            label="Issued by"
            name="issuer"
            required
            maxLength={accreditationLimits.issuer}
            defaultValue={values.issuer}
            error={problem("issuer")}
          />
          <TextField
            id={fieldId("issuerUrl")}
            label="Issuer's website"
            name="issuerUrl"
            type="url"
            required
            maxLength={accreditationLimits.url}
            defaultValue={values.issuerUrl}
            error={problem("issuerUrl")}
          />
          <Field id={fieldId("register")} label="Register" required error={problem("register")}>
            {(control) => (
              <select
                {...control}
                name="register"
                required
                defaultValue={values.register}
                className={controlClass}
              >
                {item.registers.map((register) => (
                  <option key={register.value} value={register.value}>
                    {register.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            id={fieldId("checkUrl")}
            label="Register link"
            description="The page on the register where anyone can check it: https, on the register's own site."
            name="checkUrl"
            type="url"
            required
            maxLength={accreditationLimits.url}
            defaultValue={values.checkUrl}
            error={problem("checkUrl")}
          />
          <div className="flex flex-wrap gap-3 sm:col-span-2">
            <Button type="submit" name="intent" value="save" variant="secondary">
              Save draft
            </Button>
            <Button type="submit" name="intent" value="preview" variant="secondary">
              Preview
            </Button>
            <Button type="submit" name="intent" value="ask">
              Ask for approval
            </Button>
          </div>
        </Form>
      )}

      {result?.preview && (
        <section aria-labelledby="preview" className="space-y-4 rounded-xl ring-1 ring-navy-100">
          <h2 id="preview" className="px-5 pt-5 text-lg font-bold">
            Preview: as the public pages would show it (not saved)
          </h2>
          <h3 className="px-5 font-semibold">The home page</h3>
          {result.preview.home ? (
            <ServerMarkup html={result.preview.home} />
          ) : (
            <p className="px-5">No accreditation would be shown: each has run out.</p>
          )}
          {result.preview.service && (
            <>
              <h3 className="px-5 font-semibold">The {result.preview.service.name} page</h3>
              <ServerMarkup html={result.preview.service.html} />
            </>
          )}
        </section>
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
                    <span className="block font-normal text-navy-700">{entry.number}</span>
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
        <Changes
          changes={item.diff.changes}
          caption={`Before: version ${item.diff.from}. After: version ${item.diff.to}`}
        />
      </section>
    </div>
  );
}
