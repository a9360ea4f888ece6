import { Form, Link } from "react-router";
import type { ContentChange } from "#core/content/model.ts";
import { valueItemsOf } from "~/components/sections/page-icons";
import { ValueGrid } from "~/components/sections/value-grid";
import { ContentSchedule } from "~/components/staff/content-schedule";
import { fieldId, ItemParts, ServicePreview } from "~/components/staff/page-items";
import { SearchPreview } from "~/components/staff/search-preview";
import { Button } from "~/components/ui/button";
import { controlClass, Field, TextField } from "~/components/ui/field";
import { useCompany } from "~/lib/company";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/content-page";
import { actOnContentPage, type ContentPageActionResult, loadContentPage } from "./content-page.server";
import type { ScheduleActionResult } from "./content-schedule.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return staffMeta(loaderData ? `${loaderData.name} · Site content` : "Site content");
}

// The page's reading and every post's rules live in content-page.server.ts, which stays out of the browser.
export async function loader(args: Route.LoaderArgs) {
  return loadContentPage(args);
}

export async function action(args: Route.ActionArgs) {
  return actOnContentPage(args);
}

/** What differs between two versions, card by card. */
function Changes({ changes, caption }: { changes: ContentChange[]; caption: string }) {
  if (changes.length === 0) return <p>{caption}: nothing differs.</p>;
  return (
    <table className="w-full border-collapse text-left">
      <caption className="mb-2 text-left font-semibold">{caption}</caption>
      <thead>
        <tr className="border-b border-navy-200">
          <th scope="col" className="py-2 pr-4">
            Card
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
              <del className="bg-red-50 text-red-900">{change.before || "(none)"}</del>
            </td>
            <td className="py-2 wrap-anywhere">
              <ins className="bg-accent-100 text-navy-900 no-underline">{change.after || "(none)"}</ins>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function ContentPage({ loaderData, actionData }: Route.ComponentProps) {
  const item = loaderData;
  const company = useCompany();
  const scheduleResult = (actionData as Partial<ScheduleActionResult> | undefined)?.schedule;
  const result = scheduleResult ? undefined : (actionData as ContentPageActionResult | undefined);
  const values = result?.values ?? item.fields;
  const problem = (field: string) => result?.problems[field];
  const latest = item.latest;
  // A move brings the form back with the cards as typed; a new key each time so it shows them.
  const formKey = `${latest.version}-${JSON.stringify(result?.values ?? null)}`;
  // A section's own texts (its heading, its introduction) sit with its items; the page's own above them.
  const sectionOf = (field: string) =>
    item.lists.find(({ list }) => list.includes(".") && field.startsWith(`${list.split(".")[0]}.`))?.list;
  const pageTexts = item.texts.filter((text) => !sectionOf(text.field));
  const textField = (text: (typeof item.texts)[number]) => {
    const words = text.claim
      ? `${text.description} A claim: a change needs a second person's approval.`
      : text.description;
    const description = text.warnAbove
      ? `${words} Search results show about ${text.warnAbove} characters; at most ${text.max}.`
      : words;
    return text.lines === "one" ? (
      <TextField
        key={text.field}
        id={fieldId(text.field)}
        label={text.label}
        name={text.field}
        description={description}
        required={!text.optional}
        defaultValue={values?.texts[text.field]}
        error={problem(text.field)}
      />
    ) : (
      <Field
        key={text.field}
        id={fieldId(text.field)}
        label={text.label}
        description={description}
        required={!text.optional}
        error={problem(text.field)}
      >
        {(control) => (
          <textarea
            {...control}
            name={text.field}
            rows={text.rows ?? (text.max > 400 ? 10 : 3)}
            required={!text.optional}
            defaultValue={values?.texts[text.field]}
            className={controlClass}
          />
        )}
      </Field>
    );
  };

  return (
    <div className="max-w-5xl space-y-6">
      <div className="space-y-1">
        <p>
          <Link to="/staff/content" className="font-semibold text-accent-800 underline">
            All site content
          </Link>
        </p>
        <h1 className="text-2xl font-bold">{item.name}</h1>
        <p className="text-navy-800">
          {item.published ? `Version ${item.published} is published` : "Nothing is published"}
          {latest.version !== item.published &&
            ` · version ${latest.version} is ${latest.stateWords.toLowerCase()}`}
        </p>
      </div>

      <div role="status">
        {item.done && !actionData && <p className="rounded-lg bg-accent-100 p-3 font-medium">{item.done}</p>}
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

      {latest.state === "awaiting" && (
        <section
          aria-labelledby="awaiting"
          className="space-y-3 rounded-xl bg-white p-5 ring-1 ring-navy-100"
        >
          <h2 id="awaiting" className="text-lg font-bold">
            Version {latest.version} is awaiting approval
          </h2>
          <p>
            Made by {latest.by}.{" "}
            {item.alwaysApproved
              ? "Everything the privacy notice says is a promise, so a second person approves it before it goes live."
              : "It changes words that make a claim a buyer could hold the company to, so a second person approves it before it goes live."}
          </p>
          <Changes changes={item.draftChanges} caption="What it changes on the page" />
          {item.rights.approve && latest.authorId !== item.me && latest.approvedBy === null ? (
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
                : latest.approvedBy !== null
                  ? "It is approved, and is published at its scheduled time."
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
          <Changes changes={item.draftChanges} caption="What it changes on the page" />
          {item.latestNeedsApproval && (
            <p>
              {item.alwaysApproved
                ? "Everything the privacy notice says is a promise, so a second person with Approve site content must approve each change before it goes live."
                : "It changes words that make a claim (a figure, a promise, the years of experience, an assurance), so a second person with Approve site content must approve it."}
            </p>
          )}
          <Form method="post">
            <input type="hidden" name="version" value={latest.version} />
            {item.latestNeedsApproval ? (
              <Button type="submit" name="intent" value="ask-version">
                Ask for approval
              </Button>
            ) : (
              <Button type="submit" name="intent" value="publish">
                Publish now
              </Button>
            )}
          </Form>
        </section>
      )}

      <ContentSchedule view={item.schedule} result={scheduleResult} mayEdit={item.rights.edit} />

      {values && "meta.title" in values.texts && (
        <SearchPreview
          title={values.texts["meta.title"] ?? ""}
          description={values.texts["meta.description"] ?? ""}
          path={item.address}
        />
      )}

      {item.rights.edit && values && (
        <Form key={formKey} method="post" aria-labelledby="edit-heading" className="space-y-6">
          <h2 id="edit-heading" className="text-lg font-bold">
            Edit: a new version from version {latest.version}
          </h2>
          {item.lists.length > 0 && (
            <p className="text-navy-800">
              {item.service
                ? "Each section's items keep the section's shape: a card is a title, a short text and an icon, with bullets where the section shows them."
                : "Each card is a title, a short text and an icon."}{" "}
              Move an item up or down to change the order the page shows them in; nothing is saved until you
              press Save draft.
            </p>
          )}
          <input type="hidden" name="basedOn" value={latest.version} />
          {pageTexts.length > 0 && (
            <fieldset className="space-y-4 rounded-xl bg-white p-5 ring-1 ring-navy-100">
              <legend className="px-1 text-lg font-bold">
                {item.service
                  ? "The page's title, description, hero and closing words"
                  : "meta.title" in values.texts
                    ? "The page's title, description and words"
                    : "The words"}
              </legend>
              {item.texts.some((text) => text.claim) && (
                <p className="text-sm text-navy-700">
                  A text that makes a claim says so: a change to it needs a second person's approval.
                </p>
              )}
              {pageTexts.map(textField)}
            </fieldset>
          )}
          {item.lists.map(({ list, heading, one, max, min, parts, item: itemKind, description }) => {
            const cards = values.lists[list] ?? [];
            const kind = itemKind ?? "card";
            return (
              <fieldset key={list} className="space-y-4 rounded-xl bg-white p-5 ring-1 ring-navy-100">
                <legend className="px-1 text-lg font-bold">{heading}</legend>
                {item.texts.filter((text) => sectionOf(text.field) === list).map(textField)}
                <p className="text-sm text-navy-700">
                  {kind === "card"
                    ? `At most ${max} cards: what the page's rows hold.`
                    : `From ${min ?? 1} to ${max}: what the page's layout holds.`}
                  {description && ` ${description}`}
                </p>
                <ol className="space-y-4">
                  {cards.map((card, index) => {
                    const name = (part: string) => `${list}.${index}.${part}`;
                    const label = `${one.charAt(0).toUpperCase()}${one.slice(1)} ${index + 1}`;
                    return (
                      // Cards are posted and moved by their place in the list: the place is their key.
                      // biome-ignore lint/suspicious/noArrayIndexKey: the list is redrawn whole on every move
                      <li key={index}>
                        <fieldset className="grid gap-4 rounded-lg border border-navy-100 p-4 sm:grid-cols-2">
                          <legend className="px-1 font-semibold">{label}</legend>
                          <ItemParts
                            parts={parts}
                            item={card}
                            name={name}
                            problem={problem}
                            icons={item.icons}
                            limits={item.itemLimits}
                            kind={kind}
                            tierNames={item.tierNames}
                          />
                          <div className="flex flex-wrap gap-2 sm:col-span-2">
                            <Button
                              type="submit"
                              name="card"
                              value={`${list}:${index}:up`}
                              variant="secondary"
                              size="sm"
                              formNoValidate
                              disabled={index === 0}
                            >
                              Move up<span className="sr-only"> {label}</span>
                            </Button>
                            <Button
                              type="submit"
                              name="card"
                              value={`${list}:${index}:down`}
                              variant="secondary"
                              size="sm"
                              formNoValidate
                              disabled={index === cards.length - 1}
                            >
                              Move down<span className="sr-only"> {label}</span>
                            </Button>
                            <Button
                              type="submit"
                              name="card"
                              value={`${list}:${index}:remove`}
                              variant="secondary"
                              size="sm"
                              formNoValidate
                              disabled={cards.length <= Math.max(1, min ?? 1)}
                            >
                              Remove<span className="sr-only"> {label}</span>
                            </Button>
                          </div>
                        </fieldset>
                      </li>
                    );
                  })}
                </ol>
                {cards.length < max && (
                  <Button type="submit" name="card" value={`${list}:add`} variant="secondary" formNoValidate>
                    Add {/^[aeiou]/.test(one) ? "an" : "a"} {one}
                  </Button>
                )}
              </fieldset>
            );
          })}
          <div className="flex flex-wrap gap-3">
            <Button
              type="submit"
              name="intent"
              value="save"
              variant={item.alwaysApproved ? "secondary" : undefined}
            >
              Save draft
            </Button>
            {item.mayNeedApproval ? (
              <Button type="submit" name="intent" value="ask" variant="secondary">
                Save and ask for approval
              </Button>
            ) : null}
            {/* Preview draws the cards and the search result; a page with neither has nothing to show. */}
            {(item.lists.length > 0 || "meta.title" in values.texts) && (
              <Button type="submit" name="intent" value="preview" variant="secondary">
                Preview
              </Button>
            )}
          </div>
        </Form>
      )}

      {result?.previewWords && item.service && (
        <ServicePreview service={item.service} words={result.previewWords} name={item.name} />
      )}

      {result?.preview && !item.service && item.lists.length > 0 && (
        <section aria-labelledby="preview" className="space-y-6 rounded-xl bg-white p-5 ring-1 ring-navy-100">
          <h2 id="preview" className="text-lg font-bold">
            Preview: the cards as {item.name.replace(/^The /, "the ")} would show them (not saved)
          </h2>
          {item.lists.map(({ list, heading, columns }) => (
            <div key={list} className="space-y-4">
              <h3 className="text-center text-xl font-bold text-navy-900">{heading}</h3>
              <ValueGrid
                items={valueItemsOf(
                  (result.preview?.lists[list] ?? []).map((card) => ({
                    title: card.title ?? "",
                    text: card.text ?? "",
                    icon: card.icon ?? "",
                  })),
                  company,
                )}
                columns={columns}
              />
            </div>
          ))}
        </section>
      )}

      <section aria-labelledby="history" className="space-y-3">
        <h2 id="history" className="text-xl font-bold">
          History
        </h2>
        <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-navy-100">
          <table className="w-full min-w-[36rem] border-collapse text-left">
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
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {item.history.map((entry) => (
                <tr key={entry.version} className="border-b border-navy-100 align-top">
                  <th scope="row" className="p-3">
                    {entry.version}
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
    </div>
  );
}
