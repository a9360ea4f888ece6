import { data, Form, Link, redirect, useNavigation } from "react-router";
import { serviceList } from "#core/config/service-list.ts";
import { formatDate, moment } from "#core/leads/model.ts";
import {
  employmentTypes,
  formatClosingDate,
  londonDate,
  payPeriods,
  statusAt,
  vacancyPath,
  vacancyReferencePattern,
  vacancyStatusLabels,
} from "#core/vacancies/model.ts";
import { type VacancyInput, vacancyFields, vacancyLimits, vacancySchema } from "#core/vacancies/schema.ts";
import { NotThisTime } from "~/components/staff/not-this-time";
import { Timeline } from "~/components/staff/timeline";
import { Button } from "~/components/ui/button";
import { controlClass, Field, TextField } from "~/components/ui/field";
import { staffForm } from "~/lib/staff/form.server";
import { staffMeta } from "~/lib/staff/meta";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/vacancy";
import { loadWaiting, type NotThisTimeResult, sendNotThisTime } from "./vacancy.server";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.vacancy ? loaderData.vacancy.title : "New vacancy";
  return staffMeta(title);
}

/**
 * A vacancy to write (at /staff/vacancies/new) or to edit, with its timeline and, once published, its
 * applicants still waiting to hear.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { vacancies, recruitment, me } = await requireStaff(request, context);
  const mayManage = await vacancies.mayManage(me.id);
  const saved = new URL(request.url).searchParams.get("saved");
  if (!params.reference) {
    return {
      vacancy: null,
      timeline: [],
      waiting: null,
      saved: null as Saved | null,
      today: londonDate(Date.now()),
      mayManage,
    };
  }
  const vacancy = vacancyReferencePattern.test(params.reference)
    ? await vacancies.get(params.reference)
    : null;
  if (!vacancy) throw data("There is no vacancy with that reference.", 404);
  const timeline = await vacancies.timeline(vacancy.reference);
  return {
    vacancy: {
      ...vacancy,
      posted: vacancy.publishedAt === null ? null : formatDate(vacancy.publishedAt),
      // Open but past its closing date shows as closed; Close vacancy stays on offer.
      shownStatus: statusAt(vacancy, Date.now()),
    },
    timeline: timeline.map(({ at, ...event }) => ({ ...event, at: moment(at) })),
    // A draft has had no applicants: its page offers no "not this time".
    waiting: vacancy.status === "draft" ? null : await loadWaiting(recruitment, vacancy.reference),
    saved: saved === "draft" || saved === "published" || saved === "closed" ? (saved as Saved) : null,
    today: londonDate(Date.now()),
    mayManage,
  };
}

type Saved = "draft" | "published" | "closed";

type ActionResult = { problem: string; fields: Record<string, string>; values: Record<string, string> };

export async function action({ request, context, params }: Route.ActionArgs) {
  const { vacancies, recruitment, me } = await requireStaff(request, context);
  const form = await staffForm(request);
  const intent = form.get("intent");
  const reference = params.reference ?? null;
  if (reference !== null && !vacancyReferencePattern.test(reference)) {
    throw data("There is no vacancy with that reference.", 404);
  }
  if (intent === "not-this-time") {
    if (!reference) throw data("Save the vacancy before telling its applicants.", 400);
    return sendNotThisTime(recruitment, reference, form, me);
  }
  // Saving, publishing and closing are for those an administrator allowed; the service refuses the
  // rest too, and this says so before anything is read.
  if (
    (intent === "close" || intent === "draft" || intent === "publish") &&
    !(await vacancies.mayManage(me.id))
  ) {
    throw data(mayNotManage, 403);
  }
  if (intent === "close") {
    if (!reference) throw data("Save the vacancy before closing it.", 400);
    const outcome = await vacancies.close(reference, me.id);
    if (!outcome.ok) throw data(outcome.problem, outcome.status);
    throw redirect(`/staff/vacancies/${reference}?saved=closed`, 303);
  }
  if (intent !== "draft" && intent !== "publish") {
    return data<ActionResult>({ problem: "Choose Save draft or Publish.", fields: {}, values: {} }, 400);
  }
  const values: Record<string, string> = {};
  for (const field of vacancyFields) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  const parsed = vacancySchema.safeParse(values);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      if (field && !(field in fields)) fields[field] = issue.message;
    }
    const count = Object.keys(fields).length;
    const problem =
      count === 1 ? "There is a problem with the vacancy." : `There are ${count} problems with the vacancy.`;
    return data<ActionResult>({ problem, fields, values }, 400);
  }
  const outcome = await vacancies.save(reference, parsed.data as VacancyInput, intent, me.id);
  if (!outcome.ok) {
    return data<ActionResult>(
      { problem: outcome.problem, fields: outcome.fields ?? {}, values },
      outcome.status,
    );
  }
  const published = outcome.vacancy.status === "open";
  throw redirect(
    `/staff/vacancies/${outcome.vacancy.reference}?saved=${published ? "published" : "draft"}`,
    303,
  );
}

const mayNotManage =
  "Publishing, editing and closing vacancies is for those an administrator has allowed. Ask an administrator to allow you on the Team page.";

const savedMessages = {
  draft: "Draft saved. Only staff can see it until you publish it.",
  published: "Published. The vacancy is on the careers pages and in the sitemap now.",
  closed: "Closed. Its page now tells visitors it has closed, and it has left the lists and the sitemap.",
} as const;

const fieldId = (field: string) => `vacancy-${field}`;

export default function StaffVacancy({ loaderData, actionData }: Route.ComponentProps) {
  const { vacancy, timeline, waiting, saved, today, mayManage } = loaderData;
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
        <p className="rounded-lg bg-white p-4 ring-1 ring-navy-100">{mayNotManage}</p>
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
