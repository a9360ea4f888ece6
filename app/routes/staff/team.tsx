import { Form, useNavigation } from "react-router";
import { formatDateTime } from "#core/leads/model.ts";
import type { NotificationRoute } from "#core/staff/notifications.ts";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/team";
import { type ActionResult, actOnTeam, loadTeam } from "./team.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return staffMeta(loaderData?.team ? "Team" : "Your passkeys");
}

// Who sees what, and every post's rules, live in team.server.ts, which stays out of the browser.
export async function loader(args: Route.LoaderArgs) {
  return loadTeam(args);
}

export async function action(args: Route.ActionArgs) {
  return actOnTeam(args);
}

type Passkey = Route.ComponentProps["loaderData"]["passkeys"][number];

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { team, passkeys, me, routes, notifications, dailySummary } = loaderData;
  const result = actionData as ActionResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const passkeysOf = (staffId: number) => passkeys.filter((key) => key.staffId === staffId);
  const outcome = (
    <div role="status">
      {result?.error && <p className="font-medium text-red-700">{result.error}</p>}
      {result?.invited?.existing === false && (
        <div className="space-y-2 rounded-lg bg-accent-100 p-3">
          <p>
            Send this link to <strong>{result.invited.email}</strong> yourself, by a channel you trust. It is
            shown only now.
          </p>
          <p className="break-all font-mono text-sm">{result.invited.url}</p>
        </div>
      )}
      {/* Someone already on the team: their link went to their own address, and is never shown here. */}
      {result?.invited?.existing && (
        <div className="space-y-2 rounded-lg bg-accent-100 p-3">
          <p>
            <strong>{result.invited.email}</strong> already has an account: we have e-mailed them a link to
            add a passkey. It works once, for 24 hours.
          </p>
          <p>Nothing about their access changes until they use it and create a passkey with it.</p>
        </div>
      )}
      {result?.permissions && (
        <p className="rounded-lg bg-accent-100 p-3 font-medium">{result.permissions}</p>
      )}
      {result?.revoked && <p>{result.revoked} can no longer sign in.</p>}
      {result?.removed && <p className="rounded-lg bg-accent-100 p-3 font-medium">{result.removed}</p>}
      {/* Shown beside its own form too; said here, in the page's one live region. */}
      {result?.saved && <p className="sr-only">{result.saved.message}</p>}
    </div>
  );

  if (!team) {
    return (
      <div className="max-w-xl space-y-6">
        <h1 className="text-2xl font-bold">Your passkeys</h1>
        <p>
          Each passkey is on one phone, computer or security key. Lost one? Remove it here, and everywhere it
          is signed in is signed out. To add a passkey on a new device, ask an administrator for an
          invitation.
        </p>
        {outcome}
        <div className="rounded-xl bg-white p-5 ring-1 ring-navy-100">
          <PasskeyList passkeys={passkeys} owner={me.name} mine />
        </div>
        <SummaryForm on={dailySummary} result={result} />
        <YourLeads routes={routes} chosen={notifications[me.id] ?? []} />
      </div>
    );
  }

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">Team</h1>

      <section
        aria-labelledby="invite-heading"
        className="max-w-xl space-y-4 rounded-xl bg-white p-5 ring-1 ring-navy-100"
      >
        <h2 id="invite-heading" className="text-lg font-bold">
          Invite someone
        </h2>
        <p className="text-sm text-navy-700">
          They get a link that works once, for 24 hours, to create a passkey: someone new through you, someone
          already on the team by e-mail to their own address. Someone who lost their device: remove the lost
          passkey below, then invite them again the same way to add a new one.
        </p>
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="invite" />
          <TextField id="invite-name" name="name" label="Full name" required autoComplete="off" />
          <TextField
            id="invite-email"
            name="email"
            type="email"
            label="E-mail address"
            required
            autoComplete="off"
          />
          <div className="flex items-center gap-2">
            <input id="invite-admin" name="admin" type="checkbox" className="size-5" />
            <label htmlFor="invite-admin">Administrator (can invite and remove people)</label>
          </div>
          <div className="flex items-center gap-2">
            <input id="invite-vacancies" name="vacancies" type="checkbox" className="size-5" />
            <label htmlFor="invite-vacancies">May publish, edit and close vacancies</label>
          </div>
          <div className="flex items-center gap-2">
            <input id="invite-edit-content" name="editContent" type="checkbox" className="size-5" />
            <label htmlFor="invite-edit-content">Edit site content (accreditations; ask for approval)</label>
          </div>
          <div className="flex items-center gap-2">
            <input id="invite-approve-content" name="approveContent" type="checkbox" className="size-5" />
            <label htmlFor="invite-approve-content">Approve site content (someone else's version)</label>
          </div>
          <Button type="submit" disabled={busy}>
            Invite
          </Button>
        </Form>
        {outcome}
      </section>

      <SummaryForm on={dailySummary} result={result} />

      <section aria-labelledby="routing-heading" className="space-y-3">
        <h2 id="routing-heading" className="text-lg font-bold">
          Who receives new leads
        </h2>
        <p className="max-w-3xl text-sm text-navy-700">
          Each new lead is e-mailed to the people who receive its kind; one that only one person receives is
          theirs from the start. A lead nobody receives goes to the company inbox, as before.
        </p>
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {team
            .filter((person) => person.revokedAt === null)
            .map((person) => (
              <NotificationsForm
                key={person.id}
                person={person}
                routes={routes}
                chosen={notifications[person.id] ?? []}
                message={
                  result?.saved && "staffId" in result.saved && result.saved.staffId === person.id
                    ? result.saved.message
                    : null
                }
              />
            ))}
        </div>
      </section>

      {team && <MailRecords checked={result?.mailRecords} busy={busy} />}

      <section aria-labelledby="members-heading" className="space-y-3">
        <h2 id="members-heading" className="text-lg font-bold">
          Members of staff
        </h2>
        <p className="text-sm text-navy-700">
          Removing a passkey signs out everywhere it is signed in, and it can no longer be used here.
        </p>
        {/* Relative, so the buttons' visually hidden words stay inside the box that scrolls. On a phone the
            table is wider than the screen: the box takes focus so it can be scrolled from the keyboard. */}
        <section
          aria-label="Table of members of staff"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
          tabIndex={0}
          className="relative overflow-x-auto rounded-xl bg-white ring-1 ring-navy-100"
        >
          <table className="w-full text-left text-sm">
            <thead className="bg-navy-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Name
                </th>
                <th scope="col" className="px-3 py-2">
                  E-mail
                </th>
                <th scope="col" className="px-3 py-2">
                  Role
                </th>
                <th scope="col" className="px-3 py-2">
                  Passkeys
                </th>
                <th scope="col" className="px-3 py-2">
                  Last sign-in
                </th>
                <th scope="col" className="px-3 py-2">
                  Access
                </th>
              </tr>
            </thead>
            <tbody>
              {team.map((person) => (
                <tr key={person.id} className="border-t border-navy-100 align-top">
                  <td className="px-3 py-2 font-semibold">{person.name}</td>
                  <td className="px-3 py-2">{person.email}</td>
                  <td className="px-3 py-2">
                    <Role person={person} me={me.id} />
                  </td>
                  <td className="px-3 py-2">
                    <PasskeyList
                      passkeys={passkeysOf(person.id)}
                      owner={person.name}
                      mine={person.id === me.id}
                    />
                  </td>
                  <td className="px-3 py-2">
                    {person.lastSignIn ? formatDateTime(person.lastSignIn) : "Never"}
                  </td>
                  <td className="px-3 py-2">
                    {person.revokedAt ? (
                      `Removed ${formatDateTime(person.revokedAt)}`
                    ) : person.id === me.id ? (
                      "You"
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="revoke" />
                        <input type="hidden" name="email" value={person.email} />
                        <Button type="submit" variant="danger" size="sm">
                          Revoke access<span className="sr-only"> for {person.name}</span>
                        </Button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </section>
    </div>
  );
}

/**
 * A person's role and whether they may manage vacancies, edit site content and approve it, with the
 * buttons that change them (never one's own role; an administrator may all three whatever the
 * permissions say, but never approves their own version of site content).
 */
function Role({
  person,
  me,
}: {
  person: {
    id: number;
    name: string;
    isAdmin: boolean;
    canManageVacancies: boolean;
    canEditContent: boolean;
    canApproveContent: boolean;
    revokedAt: number | null;
  };
  me: number;
}) {
  const current = person.revokedAt === null;
  const change = (value: string, label: string) => (
    <Form method="post">
      <input type="hidden" name="intent" value="permissions" />
      <input type="hidden" name="staff" value={person.id} />
      <Button type="submit" name="change" value={value} variant="secondary" size="sm">
        {label}
        <span className="sr-only"> for {person.name}</span>
      </Button>
    </Form>
  );
  return (
    <div className="min-w-44 space-y-2">
      <p>{person.isAdmin ? "Administrator" : "Staff"}</p>
      {!person.isAdmin && (
        <ul className="text-navy-700">
          <li>{person.canManageVacancies ? "May manage vacancies" : "May not manage vacancies"}</li>
          <li>Edit site content: {person.canEditContent ? "yes" : "no"}</li>
          <li>Approve site content: {person.canApproveContent ? "yes" : "no"}</li>
        </ul>
      )}
      {person.isAdmin && <p className="text-navy-700">Edit site content and Approve site content</p>}
      {current && person.id !== me && (
        <div className="flex flex-wrap gap-2">
          {person.isAdmin ? change("admin-off", "Make staff") : change("admin-on", "Make administrator")}
          {!person.isAdmin &&
            (person.canManageVacancies
              ? change("vacancies-off", "Stop vacancies")
              : change("vacancies-on", "Allow vacancies"))}
          {!person.isAdmin &&
            (person.canEditContent
              ? change("content-edit-off", "Stop Edit site content")
              : change("content-edit-on", "Allow Edit site content"))}
          {!person.isAdmin &&
            (person.canApproveContent
              ? change("content-approve-off", "Stop Approve site content")
              : change("content-approve-on", "Allow Approve site content"))}
        </div>
      )}
    </div>
  );
}

/** An administrator's choice of which new leads one person receives. */
function NotificationsForm({
  person,
  routes,
  chosen,
  message,
}: {
  person: { id: number; name: string };
  routes: readonly NotificationRoute[];
  chosen: string[];
  message: string | null;
}) {
  const id = `notify-${person.id}`;
  return (
    <Form method="post" key={chosen.join(",")} className="rounded-xl bg-white p-4 ring-1 ring-navy-100">
      <input type="hidden" name="intent" value="notifications" />
      <input type="hidden" name="staff" value={person.id} />
      <fieldset className="space-y-2">
        <legend className="font-semibold">{person.name} receives</legend>
        {routes.map((route) => (
          <div key={route.value} className="flex items-center gap-2">
            <input
              id={`${id}-${route.value}`}
              type="checkbox"
              name="route"
              value={route.value}
              defaultChecked={chosen.includes(route.value)}
              className="size-5"
            />
            <label htmlFor={`${id}-${route.value}`}>{route.label}</label>
          </div>
        ))}
        {/* Inside the group its legend names ("… receives"), so each person's button can be plainly named. */}
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button type="submit" size="sm">
            Save notifications
          </Button>
          <p className="text-sm font-medium">{message}</p>
        </div>
      </fieldset>
    </Form>
  );
}

/** Anyone's own choice: the morning summary. */
function SummaryForm({ on, result }: { on: boolean; result: ActionResult | undefined }) {
  const message = result?.saved && "summary" in result.saved ? result.saved.message : null;
  return (
    <section
      aria-labelledby="summary-heading"
      className="max-w-xl space-y-3 rounded-xl bg-white p-5 ring-1 ring-navy-100"
    >
      <h2 id="summary-heading" className="text-lg font-bold">
        Your morning summary
      </h2>
      <Form method="post" key={String(on)} className="space-y-3">
        <input type="hidden" name="intent" value="summary" />
        <div className="flex items-start gap-2">
          <input
            id="daily-summary"
            name="dailySummary"
            type="checkbox"
            defaultChecked={on}
            aria-describedby="daily-summary-help"
            className="mt-0.5 size-5"
          />
          <div>
            <label htmlFor="daily-summary" className="font-semibold">
              Send me a summary each morning
            </label>
            <p id="daily-summary-help" className="text-sm text-navy-700">
              One e-mail at 8:00, Monday to Saturday: leads received since the last one, those due today and
              those overdue, each linked. Nothing is sent when there is nothing to report.
            </p>
          </div>
        </div>
        <Button type="submit" size="sm">
          Save summary choice
        </Button>
        <p className="text-sm font-medium">{message}</p>
      </Form>
    </section>
  );
}

/** What a member of staff who is not an administrator receives (an administrator chooses it). */
function YourLeads({ routes, chosen }: { routes: readonly NotificationRoute[]; chosen: string[] }) {
  const names = routes.filter((route) => chosen.includes(route.value)).map((route) => route.label);
  return (
    <section
      aria-labelledby="your-leads-heading"
      className="space-y-2 rounded-xl bg-white p-5 ring-1 ring-navy-100"
    >
      <h2 id="your-leads-heading" className="text-lg font-bold">
        New leads e-mailed to you
      </h2>
      <p>
        {names.length === 0 ? "None: ask an administrator if you should receive some." : names.join(", ")}
      </p>
    </section>
  );
}

/**
 * One person's passkeys: when each was made and last used, each with a Remove button (whose accessible
 * name says which passkey). Nobody is offered the removal of their own last passkey.
 */
function PasskeyList({ passkeys, owner, mine }: { passkeys: Passkey[]; owner: string; mine: boolean }) {
  if (passkeys.length === 0) return <p>None</p>;
  return (
    <ul className="min-w-56 space-y-3">
      {passkeys.map((key) => (
        <li key={key.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <span>
            <span className="block font-semibold">Passkey {key.number}</span>
            <span className="block text-navy-700">Created {formatDateTime(key.createdAt)}</span>
            <span className="block text-navy-700">
              {key.lastUsedAt ? `Last used ${formatDateTime(key.lastUsedAt)}` : "Never used"}
            </span>
          </span>
          {mine && passkeys.length === 1 ? (
            <span className="text-navy-700">Your only passkey</span>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="remove-passkey" />
              <input type="hidden" name="passkey" value={key.id} />
              <Button type="submit" variant="danger" size="sm">
                Remove
                <span className="sr-only">
                  {" "}
                  passkey {key.number} of {owner}
                </span>
              </Button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The company's SPF, DKIM and DMARC records, looked up when an administrator asks (a DNS look-up is too
 * slow for every visit), with what to publish or fix: the same check as `npm run mail -- check`.
 */
function MailRecords({ checked, busy }: { checked: ActionResult["mailRecords"]; busy: boolean }) {
  return (
    <section aria-labelledby="mail-records-heading" className="space-y-3">
      <h2 id="mail-records-heading" className="text-lg font-bold">
        The company's mail records
      </h2>
      <p className="max-w-3xl text-sm text-navy-700">
        Gmail and Outlook refuse or bin mail from a domain without SPF, DKIM and DMARC records that agree.
        This looks them up now and says what to publish or fix.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="mail-records" />
        <Button type="submit" variant="secondary" disabled={busy}>
          Check the mail records
        </Button>
      </Form>
      {checked && (
        <ul className="space-y-2" aria-label={`Mail records of ${checked.domain}`}>
          {checked.findings.map((finding) => (
            <li
              key={finding.record}
              className={
                finding.ok
                  ? "rounded-lg bg-white p-3 ring-1 ring-navy-100"
                  : "rounded-lg bg-red-50 p-3 text-red-950 ring-1 ring-red-200"
              }
            >
              <p className="[overflow-wrap:anywhere]">
                <strong>
                  {finding.record}: {finding.ok ? "in order" : "to publish or fix"}
                </strong>{" "}
                {finding.says}
              </p>
              {finding.publish && (
                <p className="mt-1 text-sm [overflow-wrap:anywhere]">
                  Publish a TXT record at <code>{finding.publish.name}</code>:{" "}
                  <code className="break-all">{finding.publish.value}</code>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {checked === null && <p>There is no domain to check: set MAIL_FROM or DKIM_DOMAIN.</p>}
    </section>
  );
}
