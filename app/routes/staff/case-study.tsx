import { Form, Link, useActionData } from "react-router";
import { caseStudiesPath } from "#core/case-studies/paths.ts";
import { caseStudyLimits, emptyCaseStudyFields } from "#core/content/case-study.ts";
import { PageHero } from "~/components/sections/page-hero";
import { Button } from "~/components/ui/button";
import { controlClass, Field, TextField } from "~/components/ui/field";
import { ServerMarkup } from "~/components/ui/server-markup";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/case-study";
import { actOnCaseStudy, type CaseStudyActionResult, loadCaseStudy } from "./case-study.server";
import { Changes } from "./content-item";

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.item ? loaderData.item.name : "New case study";
  return staffMeta(`${name} · Site content`);
}

// The case study's reading and every post's rules live in case-study.server.ts, out of the browser.
export async function loader(args: Route.LoaderArgs) {
  return loadCaseStudy(args);
}

export async function action(args: Route.ActionArgs) {
  return actOnCaseStudy(args);
}

const fieldId = (field: string) => `case-study-${field}`;

type Values = CaseStudyActionResult["values"];
type Loaded = Route.ComponentProps["loaderData"];

/** A public page as it will show: its hero and its story, at the staff member's width and at a phone's. */
function Preview({
  preview,
  heading,
}: {
  preview: { title: string; summary: string; html: string };
  heading: string;
}) {
  const page = (
    <>
      <PageHero hero={{ badge: "Case study", title: preview.title, intro: preview.summary }} />
      <ServerMarkup html={preview.html} />
    </>
  );
  return (
    <section aria-labelledby="preview" className="space-y-4 rounded-xl bg-white ring-1 ring-navy-100">
      <h2 id="preview" className="px-5 pt-5 text-lg font-bold">
        {heading}
      </h2>
      <p className="px-5 text-navy-800">
        Only staff see this. The public page shows it exactly so, once it is approved and published.
      </p>
      <h3 className="px-5 font-semibold">At a phone's width (390 pixels)</h3>
      <div className="mx-5 overflow-hidden rounded-lg ring-1 ring-navy-200" style={{ maxWidth: 390 }}>
        <div data-preview="phone">{page}</div>
      </div>
      <h3 className="px-5 font-semibold">At this window's width, as on a desktop</h3>
      <div className="overflow-x-auto border-t border-navy-100" data-preview="desktop">
        {page}
      </div>
    </section>
  );
}

/**
 * The case study's photos, chosen from the picture library (no script needed): tick up to four, and say
 * which leads the page under its heading. A new photo is uploaded in the library first.
 */
function PhotoChoices({
  values,
  problem,
  choices,
}: {
  values: Values;
  problem: (field: string) => string | undefined;
  choices: Loaded["choices"];
}) {
  const [lead] = values.photos;
  const error = (field: string) =>
    problem(field) && (
      <p id={fieldId(`${field}-error`)} className="mt-1 font-semibold text-red-800">
        {problem(field)}
      </p>
    );
  return (
    <div className="space-y-4 rounded-lg bg-sand-50 p-4 sm:col-span-2">
      <fieldset aria-describedby={problem("photos") ? fieldId("photos-error") : undefined}>
        <legend id={fieldId("photos")} className="font-semibold">
          Photos (optional)
        </legend>
        <p className="text-sm text-navy-700">
          Up to {caseStudyLimits.photos}, from the picture library: the lead photo shows under the heading,
          the others in a gallery after the results.{" "}
          <Link to={choices.picturesPath} className="font-semibold text-accent-800 underline">
            Upload a new photo in the picture library
          </Link>{" "}
          (it opens in this window: save your words as a draft first).
        </p>
        {choices.photos.length === 0 ? (
          <p className="mt-2">The picture library is empty.</p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {choices.photos.map((photo) => (
              <li key={photo.id}>
                <label className="flex items-center gap-3 rounded-lg bg-white p-2 ring-1 ring-navy-100">
                  <input
                    type="checkbox"
                    name="photos"
                    value={photo.id}
                    defaultChecked={values.photos.includes(photo.id)}
                    className="size-5 shrink-0"
                  />
                  {/* The alt text is written beside the thumbnail, so the thumbnail itself is not read out. */}
                  <img
                    src={photo.thumbnail}
                    alt=""
                    width={96}
                    height={64}
                    className="h-16 w-24 object-cover"
                  />
                  <span>{photo.decorative ? "Decorative (no alt text)" : photo.alt}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {error("photos")}
      </fieldset>
      {choices.photos.length > 0 && (
        <fieldset aria-describedby={problem("leadPhoto") ? fieldId("leadPhoto-error") : undefined}>
          <legend id={fieldId("leadPhoto")} className="font-semibold">
            Lead photo
          </legend>
          <p className="text-sm text-navy-700">
            Shown large under the heading and small on the list's card. It must have alt text: a decorative
            picture cannot lead.
          </p>
          <div className="mt-2 grid gap-2">
            <label className="flex items-center gap-2">
              <input type="radio" name="leadPhoto" value="" defaultChecked={!lead} className="size-5" />
              The first photo ticked above
            </label>
            {choices.photos.map((photo) => (
              <label key={photo.id} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="leadPhoto"
                  value={photo.id}
                  defaultChecked={lead === photo.id}
                  className="size-5"
                />
                {photo.decorative ? `Decorative picture ${photo.id}` : photo.alt}
              </label>
            ))}
          </div>
          {error("leadPhoto")}
        </fieldset>
      )}
    </div>
  );
}

/** The form for a case study's words, shaped like its page. */
function CaseStudyForm({
  values,
  problem,
  isNew,
  basedOn,
  publishedAt,
  choices,
}: {
  values: Values;
  problem: (field: string) => string | undefined;
  isNew: boolean;
  basedOn: number | null;
  /** Where its page answers now, if it is published. */
  publishedAt: string | null;
  choices: Loaded["choices"];
}) {
  const area = (name: keyof Values, label: string, description: string, rows = 5, required = true) => (
    <Field
      id={fieldId(name)}
      className="sm:col-span-2"
      label={label}
      description={description}
      required={required}
      error={problem(name)}
    >
      {(control) => (
        <textarea
          {...control}
          name={name}
          rows={rows}
          required={required}
          defaultValue={values[name] as string}
          className={controlClass}
        />
      )}
    </Field>
  );
  return (
    <Form
      method="post"
      aria-labelledby="edit-heading"
      className="grid gap-5 rounded-xl bg-white p-5 ring-1 ring-navy-100 sm:grid-cols-2"
    >
      <h2 id="edit-heading" className="text-lg font-bold sm:col-span-2">
        {isNew ? "The case study" : `Edit: a new version from version ${basedOn}`}
      </h2>
      {basedOn !== null && <input type="hidden" name="basedOn" value={basedOn} />}
      <Field
        id={fieldId("slug")}
        className="sm:col-span-2"
        label="Address"
        description={
          publishedAt
            ? `Its page is at ${publishedAt} now. Lower-case letters, numbers and dashes; you may paste a whole address. Once a version with a new address is published, the page moves there and the old address leads to it for good.`
            : "The end of its page's address: lower-case letters, numbers and dashes, such as bolton-college-cleaning. You may paste a whole address."
        }
        required
        error={problem("slug")}
      >
        {(control) => (
          <div className="flex flex-wrap items-center gap-x-1 gap-y-1.5">
            {/* The whole public address, with the part staff write at its end. */}
            <span aria-hidden="true" className="font-mono text-navy-800">
              {caseStudiesPath}/
            </span>
            <input
              {...control}
              name="slug"
              required
              // No maxLength: a whole address pasted is longer than its end, which the server holds to 60.
              defaultValue={values.slug}
              className={`${controlClass} min-w-0 flex-1 basis-48 font-mono`}
            />
          </div>
        )}
      </Field>
      <TextField
        id={fieldId("title")}
        className="sm:col-span-2"
        label="Title"
        description={`What was done, for whom, in ${caseStudyLimits.title} characters or fewer.`}
        name="title"
        required
        maxLength={caseStudyLimits.title}
        defaultValue={values.title}
        error={problem("title")}
      />
      {area(
        "summary",
        "Summary",
        "One or two sentences for the cards, search results and the share image.",
        3,
      )}
      <TextField
        id={fieldId("sector")}
        label="Client's sector"
        description="Always shown, such as Commercial property management."
        name="sector"
        required
        maxLength={caseStudyLimits.sector}
        defaultValue={values.sector}
        error={problem("sector")}
      />
      <TextField
        id={fieldId("clientName")}
        label="Client's name (optional)"
        description="Only when the client has agreed to be named; leave empty to show the sector only."
        name="clientName"
        maxLength={caseStudyLimits.clientName}
        defaultValue={values.clientName}
        error={problem("clientName")}
      />
      <TextField
        id={fieldId("siteKind")}
        className="sm:col-span-2"
        label="Site"
        description="What kind of site, and where."
        name="siteKind"
        required
        maxLength={caseStudyLimits.siteKind}
        defaultValue={values.siteKind}
        error={problem("siteKind")}
      />
      <TextField
        id={fieldId("siteSize")}
        label="Size"
        name="siteSize"
        required
        maxLength={caseStudyLimits.siteSize}
        defaultValue={values.siteSize}
        error={problem("siteSize")}
      />
      <TextField
        id={fieldId("siteHours")}
        label="Hours we are there"
        name="siteHours"
        required
        maxLength={caseStudyLimits.siteHours}
        defaultValue={values.siteHours}
        error={problem("siteHours")}
      />
      <fieldset
        className="sm:col-span-2"
        aria-describedby={problem("services") ? fieldId("services-error") : undefined}
      >
        <legend id={fieldId("services")} className="font-semibold">
          Services the work used
        </legend>
        <p className="text-sm text-navy-700">
          The first ticked, in this order, is the main one: its artwork is on the share image.
        </p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {choices.services.map((service) => (
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
          <p id={fieldId("services-error")} className="mt-1 font-semibold text-red-800">
            {problem("services")}
          </p>
        )}
      </fieldset>
      <TextField
        id={fieldId("started")}
        label="Month the work began"
        description="Such as 2026-02. The list shows the newest first."
        name="started"
        type="month"
        required
        defaultValue={values.started}
        error={problem("started")}
      />
      {area(
        "problem",
        "The problem",
        `What was wrong before. Up to ${caseStudyLimits.paragraphs} paragraphs, a blank line between them.`,
      )}
      {area(
        "approach",
        "What we did",
        `Up to ${caseStudyLimits.paragraphs} paragraphs, a blank line between them.`,
        7,
      )}
      <fieldset className="space-y-3 sm:col-span-2">
        <legend className="font-semibold">Results, in numbers</legend>
        <p className="text-sm text-navy-700">
          One to {caseStudyLimits.results}: a figure (such as 38%) and what it measures.
        </p>
        {[1, 2, 3, 4].map((n) => (
          <div key={n} className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <TextField
              id={fieldId(`figure${n}`)}
              label={`Figure ${n}`}
              name={`figure${n}`}
              required={n === 1}
              maxLength={caseStudyLimits.figure}
              defaultValue={values.figures[n - 1] ?? ""}
              error={problem(`figure${n}`)}
            />
            <TextField
              id={fieldId(`measure${n}`)}
              label={`What figure ${n} measures`}
              name={`measure${n}`}
              required={n === 1}
              maxLength={caseStudyLimits.measure}
              defaultValue={values.measures[n - 1] ?? ""}
              error={problem(`measure${n}`)}
            />
          </div>
        ))}
      </fieldset>
      <PhotoChoices values={values} problem={problem} choices={choices} />
      <fieldset className="grid gap-5 rounded-lg bg-sand-50 p-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="px-1 font-semibold">The client's words</legend>
        <p className="text-sm text-navy-700 sm:col-span-2">
          Shown with the person's name, role and the day they said it, for three years from that day. Leave
          all four empty for a case study without a quote.
        </p>
        {area(
          "quote",
          "Quote",
          `Their words, as they agreed them, ${caseStudyLimits.quote} characters or fewer.`,
          4,
          // Optional: a case study may have no quote (never written, or its permission withdrawn).
          false,
        )}
        <TextField
          id={fieldId("name")}
          label="Their name"
          description="As they agreed to be named (Priya Shah, or Priya S.)."
          name="name"
          maxLength={caseStudyLimits.name}
          defaultValue={values.name}
          error={problem("name")}
        />
        <TextField
          id={fieldId("role")}
          label="Their role"
          name="role"
          maxLength={caseStudyLimits.role}
          defaultValue={values.role}
          error={problem("role")}
        />
        <TextField
          id={fieldId("date")}
          label="Day they said it"
          name="date"
          type="date"
          defaultValue={values.date}
          error={problem("date")}
        />
      </fieldset>
      <fieldset className="grid gap-5 rounded-lg bg-sand-50 p-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="px-1 font-semibold">Their permission to be quoted by name</legend>
        <p className="text-sm text-navy-700 sm:col-span-2">
          Required with a quote. Kept here for staff; never shown on the site.
        </p>
        <TextField
          id={fieldId("agreedBy")}
          label="Who agreed"
          description="The person quoted, or who agreed for them."
          name="agreedBy"
          maxLength={caseStudyLimits.agreedBy}
          defaultValue={values.agreedBy}
          error={problem("agreedBy")}
        />
        <TextField
          id={fieldId("agreedOn")}
          label="Day they agreed"
          name="agreedOn"
          type="date"
          defaultValue={values.agreedOn}
          error={problem("agreedOn")}
        />
        <fieldset
          className="sm:col-span-2"
          aria-describedby={problem("how") ? fieldId("how-error") : undefined}
        >
          <legend id={fieldId("how")} className="font-semibold">
            How they agreed
          </legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {choices.ways.map((way) => (
              <label key={way.value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="how"
                  value={way.value}
                  defaultChecked={values.how === way.value}
                  className="size-5"
                />
                {way.label}
              </label>
            ))}
          </div>
          {problem("how") && (
            <p id={fieldId("how-error")} className="mt-1 font-semibold text-red-800">
              {problem("how")}
            </p>
          )}
        </fieldset>
        <TextField
          id={fieldId("note")}
          className="sm:col-span-2"
          label="Note (optional)"
          description="Where the e-mail or form is kept, for example."
          name="note"
          maxLength={caseStudyLimits.note}
          defaultValue={values.note}
          error={problem("note")}
        />
      </fieldset>
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
  );
}

/** A short form that takes something down, with why. */
function ReasonForm({
  intent,
  heading,
  explain,
  label,
  button,
  required,
  error,
}: {
  intent: string;
  heading: string;
  explain: string;
  label: string;
  button: string;
  required: boolean;
  error: string | undefined;
}) {
  return (
    <Form
      method="post"
      aria-labelledby={`${intent}-heading`}
      className="space-y-3 rounded-xl bg-white p-5 ring-1 ring-navy-100"
    >
      <h2 id={`${intent}-heading`} className="text-lg font-bold">
        {heading}
      </h2>
      <p className="text-navy-800">{explain}</p>
      <TextField
        id={fieldId(`${intent}-reason`)}
        label={label}
        name="reason"
        required={required}
        maxLength={300}
        error={error}
      />
      <Button type="submit" name="intent" value={intent} variant="danger">
        {button}
      </Button>
    </Form>
  );
}

export default function CaseStudyPage({ loaderData }: Route.ComponentProps) {
  const { item, rights, me, choices } = loaderData;
  const posted = useActionData<typeof action>() as
    | CaseStudyActionResult
    | { intent: string; problem: string }
    | undefined;
  const result = posted && "values" in posted ? posted : undefined;
  const refusedReason = posted && "intent" in posted ? posted : undefined;
  const problem = (field: string) => result?.problems[field];
  const values = result?.values ?? item?.fields ?? null;
  const latest = item?.latest ?? null;
  const mayApprove = Boolean(item && latest && rights.approve && latest.authorId !== me);

  return (
    <div className="max-w-5xl space-y-6">
      <div className="space-y-1">
        <p>
          <Link to="/staff/content" className="font-semibold text-accent-800 underline">
            All site content
          </Link>
        </p>
        <h1 className="text-2xl font-bold break-words">{item ? item.name : "New case study"}</h1>
        {item && latest && (
          <p className="text-navy-800">
            {item.published ? (
              <>
                Version {item.published.version} is published at{" "}
                <a href={item.publicPath} className="font-semibold text-accent-800 underline">
                  {item.publicPath}
                </a>
              </>
            ) : (
              "Nothing is published"
            )}
            {latest.version !== item.published?.version &&
              ` · version ${latest.version} is ${latest.stateWords.toLowerCase()}`}
          </p>
        )}
        {!item && (
          <p className="text-navy-800">
            A case study names a person (its quote), so once you ask for approval someone else with Approve
            site content must approve it before it goes live.
          </p>
        )}
      </div>

      <div role="status">
        {item?.done && !posted && <p className="rounded-lg bg-accent-100 p-3 font-medium">{item.done}</p>}
      </div>
      {(result?.problem || refusedReason) && (
        <div role="alert" className="rounded-lg border border-red-700 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{result?.problem ?? refusedReason?.problem}</p>
          {result && Object.keys(result.problems).length > 0 && (
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
          {refusedReason && (
            <p>
              <a href={`#${fieldId(`${refusedReason.intent}-reason`)}`} className="underline">
                Go to the field
              </a>
            </p>
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

      {result?.preview && (
        <Preview preview={result.preview} heading="Preview: as the public page will show it (not saved)" />
      )}
      {item?.preview && !result?.preview && (
        <Preview
          preview={item.preview}
          heading={`Preview of version ${item.preview.version}: as the public page will show it`}
        />
      )}

      {item && latest?.state === "awaiting" && (
        <section
          aria-labelledby="awaiting"
          className="space-y-3 rounded-xl bg-white p-5 ring-1 ring-navy-100"
        >
          <h2 id="awaiting" className="text-lg font-bold">
            Version {latest.version} awaits approval
          </h2>
          <p>
            Made by {latest.by}, <time dateTime={latest.at.iso}>{latest.at.text}</time>.{" "}
            <Link
              to={`${item.path}?preview=${latest.version}#preview`}
              className="font-semibold text-accent-800 underline"
            >
              Preview version {latest.version}
            </Link>
          </p>
          <Changes changes={item.awaitingChanges} caption="What it changes on the site" />
          {item.moves && (
            <p>
              Once it is published, the page moves to <strong>{item.moves.to}</strong>, and{" "}
              <strong>{item.moves.from}</strong> leads there for good.
            </p>
          )}
          {mayApprove ? (
            <Form method="post">
              <input type="hidden" name="version" value={latest.version} />
              <Button type="submit" name="intent" value="approve">
                Approve and publish
              </Button>
            </Form>
          ) : (
            <p className="text-navy-800">
              {latest.authorId === me
                ? "You made this version, so someone else with Approve site content must approve it."
                : "Someone with Approve site content must approve it before it goes live."}
            </p>
          )}
        </section>
      )}

      {item && latest?.state === "draft" && rights.edit && (
        <section aria-labelledby="draft" className="space-y-3 rounded-xl bg-white p-5 ring-1 ring-navy-100">
          <h2 id="draft" className="text-lg font-bold">
            Version {latest.version} is a draft
          </h2>
          <Form method="post" className="flex flex-wrap gap-3">
            <input type="hidden" name="version" value={latest.version} />
            <Button type="submit" name="intent" value="ask-version">
              Ask for approval
            </Button>
          </Form>
        </section>
      )}

      {rights.edit && (values ?? !item) && (
        <CaseStudyForm
          key={`${latest?.version ?? 0}-${result ? "typed" : "saved"}`}
          values={values ?? (item ? (item.fields as Values) : emptyCaseStudyFields)}
          problem={problem}
          isNew={!item}
          basedOn={latest?.version ?? null}
          publishedAt={item?.published ? item.publicPath : null}
          choices={choices}
        />
      )}

      {item && rights.edit && item.published && item.hasQuote && (
        <ReasonForm
          intent="withdraw-permission"
          heading="Withdraw permission"
          explain="When the person quoted withdraws their permission: the quote and their name come off the site at once, on every page, and the case study stays up without them. No approval is needed to take a person's words down."
          label="Why (optional, no personal details)"
          button="Withdraw permission and take the quote down"
          required={false}
          error={refusedReason?.intent === "withdraw-permission" ? refusedReason.problem : undefined}
        />
      )}
      {item && rights.edit && item.published && (
        <ReasonForm
          intent="take-down"
          heading="Take this case study down"
          explain="It leaves the list, the service pages, the home page's testimonials and the sitemap within a few seconds, and its address answers that there is no such page. Every version stays in the history."
          label="Why it is coming down"
          button="Take down"
          required
          error={refusedReason?.intent === "take-down" ? refusedReason.problem : undefined}
        />
      )}

      {item && (
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
                      <span className="block font-normal text-navy-700">{entry.title}</span>
                    </th>
                    <td className="p-3">
                      {entry.stateWords}
                      {entry.restoredFrom !== null && (
                        <span className="block text-navy-700">
                          restored from version {entry.restoredFrom}
                        </span>
                      )}
                      {entry.note && <span className="block text-navy-700">{entry.note}</span>}
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
                      <Link
                        to={`${item.path}?preview=${entry.version}#preview`}
                        className="block font-semibold text-accent-800 underline"
                      >
                        Preview<span className="sr-only"> version {entry.version}</span>
                      </Link>
                      {latest && entry.version !== latest.version && (
                        <Link
                          to={`${item.path}?from=${entry.version}&to=${latest.version}#differences`}
                          className="block font-semibold text-accent-800 underline"
                        >
                          Compare with version {latest.version}
                        </Link>
                      )}
                      {rights.edit && latest && entry.version !== latest.version && (
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
      )}

      {item && (
        <section id="differences" aria-labelledby="differences-heading" className="space-y-3">
          <h2 id="differences-heading" className="text-xl font-bold">
            Differences between version {item.diff.from} and version {item.diff.to}
          </h2>
          <Changes
            changes={item.diff.changes}
            caption={`Before: version ${item.diff.from}. After: version ${item.diff.to}`}
          />
        </section>
      )}
    </div>
  );
}
