import { Form, Link, useNavigation } from "react-router";
import { serviceList } from "#core/config/service-list.ts";
import { mayNotManageVacancies } from "#core/vacancies/managing.ts";
import {
  employmentTypes,
  formatClosingDate,
  payPeriods,
  vacancyPath,
  vacancyStatusLabels,
} from "#core/vacancies/model.ts";
import { vacancyLimits } from "#core/vacancies/schema.ts";
import { NotThisTime } from "~/components/staff/not-this-time";
import { Timeline } from "~/components/staff/timeline";
import { Button } from "~/components/ui/button";
import { controlClass, Field, TextField } from "~/components/ui/field";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/vacancy";
import { type ActionResult, actOnVacancy, loadVacancy, type NotThisTimeResult } from "./vacancy.server";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.vacancy ? loaderData.vacancy.title : "New vacancy";
  return staffMeta(title);
}

// The vacancy's reading and every post's rules live in vacancy.server.ts, which stays out of the browser.
export async function loader(args: Route.LoaderArgs) {
  return loadVacancy(args);
}

export async function action(args: Route.ActionArgs) {
  return actOnVacancy(args);
}

const savedMessages = {
  draft: "Draft saved. Only staff can see it until you publish it.",
  published: "Published. The vacancy is on the careers pages and in the sitemap now.",
  closed: "Closed. Its page now tells visitors it has closed, and it has left the lists and the sitemap.",
} as const;

const fieldId = (field: string) => `vacancy-${field}`;

export default function StaffVacancy({ loaderData, actionData }: Route.ComponentProps) {
  const { vacancy, timeline, waiting, saved, today, mayManage, confirmed } = loaderData;
  // The vacancy's own form and "Send to the ticked applicants" each answer in their own place.
  const answer = actionData as ActionResult | NotThisTimeResult | undefined;
  const result = answer && "fields" in answer ? answer : undefined;
  const told = answer && "notThisTime" in answer ? answer.notThisTime : undefined;
  const busy = useNavigation().state === "submitting";
  const start: Record<string, string> = result?.values ?? {
    title: vacancy?.title ?? "",
    service: vacancy?.service ?? "",
    location: vacancy?.location ?? "",
    postcode: vacancy?.postcode ?? "",
    employmentType: vacancy?.employmentType ?? "",
    payFrom: vacancy ? String(vacancy.payFrom) : "",
    payTo: vacancy ? String(vacancy.payTo) : "",
    payPeriod: vacancy?.payPeriod ?? "HOUR",
    hours: vacancy?.hours ?? "",
    description: vacancy?.description ?? "",
    closesOn: vacancy?.closesOn ?? "",
  };
  const problem = (field: string) => result?.fields[field];
  const closed = vacancy?.status === "closed";
  const formKey = `${vacancy?.updatedAt ?? "new"}-${result ? "refused" : "saved"}`;

  return (
    <div className="max-w-3xl space-y-6">
      <div className="space-y-1">
        <p>
          <Link to="/staff/vacancies" className="font-semibold text-accent-800 underline">
            All vacancies
          </Link>
        </p>
        <h1 className="text-2xl font-bold break-words">{vacancy ? vacancy.title : "New vacancy"}</h1>
        {vacancy && (
          <p className="text-navy-800">
            {vacancy.reference} · {vacancyStatusLabels[vacancy.shownStatus]}
            {vacancy.posted && ` · posted ${vacancy.posted}`} · closes {formatClosingDate(vacancy.closesOn)}
          </p>
        )}
        {vacancy && vacancy.status !== "draft" && (
          <p>
            Public page:{" "}
            <a href={vacancyPath(vacancy.slug)} className="font-semibold break-all text-accent-800 underline">
              {vacancyPath(vacancy.slug)}
            </a>
          </p>
        )}
      </div>

      <div role="status">
        {saved && !result && (
          <p className="rounded-lg bg-accent-100 p-3 font-medium">{savedMessages[saved]}</p>
        )}
      </div>
      {result && (
        <div role="alert" className="rounded-lg border border-red-700 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{result.problem}</p>
          {Object.keys(result.fields).length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {Object.entries(result.fields).map(([field, message]) => (
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

      {!mayManage ? (
        <p className="rounded-lg bg-white p-4 ring-1 ring-navy-100">{mayNotManageVacancies}</p>
      ) : closed ? (
        <p className="rounded-lg bg-white p-4 ring-1 ring-navy-100">
          This vacancy is closed: it can no longer be changed. Write a new vacancy to advertise the job again.
        </p>
      ) : (
        <Form
          key={formKey}
          method="post"
          className="grid gap-5 rounded-xl bg-white p-5 ring-1 ring-navy-100 sm:grid-cols-2"
          aria-label={vacancy ? "Edit vacancy" : "New vacancy"}
        >
          <TextField
            id={fieldId("title")}
            className="sm:col-span-2"
            label="Job title"
            name="title"
            required
            maxLength={vacancyLimits.title}
            defaultValue={start.title}
            error={problem("title")}
          />
          <Field id={fieldId("service")} label="Service" required error={problem("service")}>
            {(control) => (
              <select
                {...control}
                name="service"
                required
                defaultValue={start.service}
                className={controlClass}
              >
                <option value="">Choose a service</option>
                {serviceList.map((service) => (
                  <option key={service.slug} value={service.slug}>
                    {service.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id={fieldId("employmentType")}
            label="Kind of work"
            required
            error={problem("employmentType")}
          >
            {(control) => (
              <select
                {...control}
                name="employmentType"
                required
                defaultValue={start.employmentType}
                className={controlClass}
              >
                <option value="">Choose the kind of work</option>
                {employmentTypes.map((type) => (
                  <option key={type.value} value={type.value}>
                    {type.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            id={fieldId("location")}
            label="Place of work"
            description="As a job seeker would search for it, e.g. Trafford Park, Manchester."
            name="location"
            required
            maxLength={vacancyLimits.location}
            defaultValue={start.location}
            error={problem("location")}
          />
          <TextField
            id={fieldId("postcode")}
            label="Postcode"
            name="postcode"
            required
            maxLength={vacancyLimits.postcode}
            autoCapitalize="characters"
            defaultValue={start.postcode}
            error={problem("postcode")}
          />
          <TextField
            id={fieldId("payFrom")}
            label="Pay from (£)"
            name="payFrom"
            inputMode="decimal"
            required
            defaultValue={start.payFrom}
            error={problem("payFrom")}
          />
          <TextField
            id={fieldId("payTo")}
            label="Pay to (£)"
            description="The same as Pay from for a single rate."
            name="payTo"
            inputMode="decimal"
            required
            defaultValue={start.payTo}
            error={problem("payTo")}
          />
          <Field id={fieldId("payPeriod")} label="Pay is" required error={problem("payPeriod")}>
            {(control) => (
              <select
                {...control}
                name="payPeriod"
                required
                defaultValue={start.payPeriod}
                className={controlClass}
              >
                {payPeriods.map((period) => (
                  <option key={period.value} value={period.value}>
                    {period.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            id={fieldId("hours")}
            label="Hours"
            description="For example: Nights, 4 on 4 off."
            name="hours"
            required
            maxLength={vacancyLimits.hours}
            defaultValue={start.hours}
            error={problem("hours")}
          />
          <Field
            id={fieldId("description")}
            className="sm:col-span-2"
            label="Description"
            required
            description='Plain paragraphs, separated by an empty line. Start a line with "- " for a bullet point.'
            error={problem("description")}
          >
            {(control) => (
              <textarea
                {...control}
                name="description"
                required
                rows={12}
                maxLength={vacancyLimits.description}
                defaultValue={start.description}
                className={controlClass}
              />
            )}
          </Field>
          <TextField
            id={fieldId("closesOn")}
            label="Closing date"
            description="The last day applications are taken; the job leaves the site when it ends."
            name="closesOn"
            type="date"
            required
            min={vacancy?.status === "open" ? undefined : today}
            defaultValue={start.closesOn}
            error={problem("closesOn")}
          />
          <div className="flex flex-wrap gap-3 sm:col-span-2">
            {vacancy?.status !== "open" && (
              <Button type="submit" name="intent" value="draft" variant="secondary" disabled={busy}>
                Save draft
              </Button>
            )}
            <Button type="submit" name="intent" value="publish" disabled={busy}>
              Publish
            </Button>
          </div>
        </Form>
      )}

      {mayManage && vacancy && vacancy.status !== "closed" && (
        <Form method="post" className="rounded-xl bg-white p-5 ring-1 ring-navy-100">
          <h2 className="text-lg font-bold">Close this vacancy</h2>
          <p className="mt-1 text-navy-800">
            Its page will tell visitors it has closed, and it leaves the lists and the sitemap at once.
          </p>
          <Button type="submit" name="intent" value="close" variant="danger" className="mt-3" disabled={busy}>
            Close vacancy
          </Button>
        </Form>
      )}

      {vacancy && waiting && (
        <NotThisTime
          applicants={waiting.applicants}
          email={waiting.email}
          closed={vacancy.shownStatus === "closed"}
          result={told}
          allowed={mayManage}
          confirmed={confirmed}
          vacancyReference={vacancy.reference}
        />
      )}

      {vacancy && (
        <section aria-labelledby="vacancy-timeline" className="rounded-xl bg-white p-5 ring-1 ring-navy-100">
          <h2 id="vacancy-timeline" className="mb-3 text-lg font-bold">
            Timeline
          </h2>
          <Timeline items={timeline} />
        </section>
      )}
    </div>
  );
}
