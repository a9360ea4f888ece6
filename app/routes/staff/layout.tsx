import { isRouteErrorResponse, Link, Outlet, useLocation, useRouteLoaderData } from "react-router";
import { site } from "#core/config/site.ts";
import type { DeletedLead } from "#core/leads/model.ts";
import { leadPath } from "#core/staff/paths.ts";
import { switchingOver } from "#core/staff/switching-over.ts";
import { StaffFrame } from "~/components/staff/shell";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/layout";
import { loadWorkspace } from "./layout.server";

// The sign-in check and the notices' reading live in layout.server.ts, which stays out of the browser.
export async function loader(args: Route.LoaderArgs) {
  return loadWorkspace(args);
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StaffFrame me={loaderData.me}>
      <MailNotSetUp notice={loaderData.mailNotSetUp} />
      <MailNotSecure notice={loaderData.mailNotSecure} />
      <Renewals renewals={loaderData.renewals} />
      <FailedDeliveries {...loaderData.failed} />
      <Unhealthy names={loaderData.unhealthy} />
      <Overdue count={loaderData.overdue} />
      <Outlet />
    </StaffFrame>
  );
}

/**
 * With no SMTP server configured, mail waits in the queue and nothing says so elsewhere: every page of
 * the workspace says it once, with how many messages wait. Nothing is lost; they go once one is set.
 */
function MailNotSetUp({ notice }: { notice: { waiting: number } | null }) {
  if (!notice) return null;
  const { waiting } = notice;
  const count =
    waiting === 0
      ? "no messages are waiting yet"
      : waiting === 1
        ? "1 message is waiting"
        : `${waiting} messages are waiting`;
  return (
    <section
      aria-labelledby="mail-not-set-up"
      className="mb-6 rounded-lg border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="mail-not-set-up" className="font-bold">
        E-mail is not set up: {count}
      </h2>
      <p className="mt-1">
        Every lead is here, but no e-mail leaves until the server is given a mail server (SMTP_HOST or
        SMTP_URL): not the team's copy, not the acknowledgement to the sender. Waiting messages go as soon as
        it is set.
      </p>
    </section>
  );
}

/**
 * The mail server could not be reached securely (it offers no STARTTLS, or its certificate cannot be
 * trusted): nothing is sent to it in clear, so mail waits until that is put right. Every page says so.
 */
function MailNotSecure({ notice }: { notice: { waiting: number; reason: string } | null }) {
  if (!notice) return null;
  const count = notice.waiting === 1 ? "1 message is waiting" : `${notice.waiting} messages are waiting`;
  return (
    <section
      aria-labelledby="mail-not-secure"
      className="mb-6 rounded-lg border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="mail-not-secure" className="font-bold">
        E-mail is held back: the mail server is not secure ({count})
      </h2>
      <p className="mt-1">
        Every lead is here, but no e-mail leaves until the connection to the mail server can be encrypted:{" "}
        {notice.reason}
      </p>
    </section>
  );
}

/**
 * An accreditation that runs out within 60 days (urgently within 14): once it has, the site stops showing
 * it, so it must be renewed and its new number and last day published in Site content, where each links.
 */
function Renewals({
  renewals,
}: {
  renewals: { text: string; urgent: boolean; edit: string; scheme: string }[];
}) {
  if (renewals.length === 0) return null;
  const urgent = renewals.some((renewal) => renewal.urgent);
  const heading = `${renewals.length === 1 ? "An accreditation runs" : "Accreditations run"} out ${urgent ? "within 14 days: renew now" : "within 60 days"}`;
  return (
    <section
      aria-labelledby="accreditation-renewals"
      className={
        urgent
          ? "mb-6 rounded-lg border-l-4 border-red-700 bg-red-50 p-4 text-red-900"
          : "mb-6 rounded-lg border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950"
      }
    >
      <h2 id="accreditation-renewals" className="font-bold">
        {heading}
      </h2>
      <ul className="mt-1 space-y-1">
        {renewals.map((renewal) => (
          <li key={renewal.text} className={renewal.urgent ? "font-semibold" : undefined}>
            {renewal.urgent && <span>Urgent: </span>}
            {renewal.text}{" "}
            <Link to={renewal.edit} className="underline">
              Renew it in Site content<span className="sr-only"> for {renewal.scheme}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-1">The site stops showing each one the day after it runs out.</p>
    </section>
  );
}

/**
 * Messages that failed after every retry stay in view until someone sends them again: the lead is safe
 * in the database, but nobody may have heard of it.
 */
function FailedDeliveries({ count, references }: { count: number; references: string[] }) {
  if (count === 0) return null;
  return (
    <section
      aria-labelledby="failed-deliveries"
      className="mb-6 rounded-lg border-l-4 border-red-700 bg-red-50 p-4 text-red-900"
    >
      <h2 id="failed-deliveries" className="font-bold">
        {count === 1 ? "1 message" : `${count} messages`} could not be delivered after every retry
      </h2>
      <p className="mt-1">
        The leads are safe here. Open each one to see why, and use Send again once the problem is fixed:
      </p>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        {references.map((reference) => (
          <li key={reference}>
            <Link to={leadPath(reference)} className="font-semibold underline">
              {reference}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * For administrators: the Health page's checks that need someone today, named, with the way to it (not
 * on the Health page itself, which says it in full).
 */
function Unhealthy({ names }: { names: string[] }) {
  const { pathname } = useLocation();
  if (names.length === 0 || pathname === "/staff/health") return null;
  return (
    <p className="mb-4 rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-2 font-semibold text-red-900">
      <Link to="/staff/health" className="underline">
        {names.length === 1
          ? "1 health check needs someone today"
          : `${names.length} health checks need someone today`}
      </Link>{" "}
      <span className="font-normal">({names.join(", ")})</span>
    </p>
  );
}

/** How many leads have broken the reply promise, on every page, with the way to them. */
function Overdue({ count }: { count: number }) {
  if (count === 0) {
    return <p className="mb-4 text-sm text-navy-700">No leads are overdue.</p>;
  }
  return (
    <p className="mb-4 rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-2 font-semibold text-red-900">
      <Link to="/staff?overdue=1&sort=due" className="underline">
        {count === 1 ? "1 lead is overdue" : `${count} leads are overdue`}
      </Link>{" "}
      <span className="font-normal">(we promise a reply within {site.claims.replyWithin})</span>
    </p>
  );
}

/**
 * The answer of a page whose database call failed while the database was switching over (a failover):
 * the server's 503 (server/workspace/switching-over.ts), which carries these words.
 */
function isSwitchingOver(error: unknown): boolean {
  return (
    isRouteErrorResponse(error) && error.status === switchingOver.status && error.data === switchingOver.text
  );
}

/** What a problem inside the workspace is called: the error page's heading and its title. */
function problemHeading(error: unknown): { status: number; deleted: DeletedLead | null; heading: string } {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const deleted = status === 410 && isRouteErrorResponse(error) ? (error.data as DeletedLead) : null;
  const heading = deleted
    ? `${deleted.reference} was deleted`
    : isSwitchingOver(error)
      ? switchingOver.heading
      : status === 404
        ? "Not found"
        : status === 403
          ? "Not allowed"
          : status >= 400 && status < 500
            ? "Not accepted"
            : "Sorry";
  return { status, deleted, heading };
}

/**
 * A page that failed answers with the headers of its failure: the switching-over answer's Retry-After
 * and no-store. Otherwise those of the pages above it, as before.
 */
export function headers({ errorHeaders, parentHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? parentHeaders;
}

/** A page that failed is titled as its heading; otherwise each page gives its own title. */
export function meta({ error }: Route.MetaArgs) {
  return error ? staffMeta(problemHeading(error).heading) : [];
}

/** Problems inside the workspace keep its frame, so the way back is always in view. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/staff/layout");
  const location = useLocation();
  const { status, deleted, heading } = problemHeading(error);
  const switching = isSwitchingOver(error);
  const message = switching
    ? switchingOver.text
    : deleted
      ? `${deleted.kind} ${deleted.reference}, received on ${deleted.received}, was deleted on ${deleted.deleted}, ${deleted.why}. Only its reference, kind and dates are kept.`
      : status === 404
        ? "There is nothing here. The lead may have been deleted, or the link is mistyped."
        : status === 403
          ? "Only an administrator can open this page."
          : status >= 400 && status < 500
            ? isRouteErrorResponse(error) && typeof error.data === "string"
              ? error.data
              : "That request could not be read. Please reload the page and try again."
            : "Something went wrong on our side. Please try again.";
  // While the database switches over nothing is wrong with the request: the same page, asked again in a
  // moment, answers.
  const way = switching
    ? { to: `${location.pathname}${location.search}`, label: "Try again" }
    : { to: "/staff", label: "Back to the leads" };
  const body = (
    <div className="space-y-3">
      <h1 className="text-2xl font-bold">{heading}</h1>
      <p>{message}</p>
      <p>
        <Link to={way.to} className="font-semibold text-accent-700 underline">
          {way.label}
        </Link>
      </p>
    </div>
  );
  if (!data)
    return (
      <main id="main" className="mx-auto max-w-3xl p-6">
        {body}
      </main>
    );
  return <StaffFrame me={data.me}>{body}</StaffFrame>;
}
