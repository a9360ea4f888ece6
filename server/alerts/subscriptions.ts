/**
 * Job alert subscriptions: signing up (double opt-in), confirming, changing one's choices, renewing
 * and leaving, each through a signed link and never an account. The sending of the alerts themselves
 * is sending.ts's; the links every e-mail carries are links.ts's.
 *
 * Nothing a visitor sees ever says whether an address is subscribed: a sign-up is answered "check your
 * inbox" whatever happens, and what differs (a first confirmation, or a note to an address that already
 * has alerts) goes only to that address. A link that is not ours, altered, or for an alert that has gone
 * changes nothing and is answered as one that does not work.
 *
 * Nor is the form a way to make our mail server write to strangers: a sign-up's e-mail spends from its
 * mailbox's daily budget, shared with the forms' acknowledgements and counted by the same mailbox key
 * (one mailbox however its address is spelt); each network and the whole site have an hourly allowance;
 * and the e-mail repeats nothing the sender typed, only choices from our own lists.
 */
import { randomBytes } from "node:crypto";
import {
  type AlertChoices,
  alertFrequencies,
  alertLinkParameter,
  alertPaths,
  alertServices,
  alertTypes,
  describeChoices,
  placeMaxLength,
} from "#core/alerts/model.ts";
import { type JobAlertsConfig, jobAlerts } from "#core/config/job-alerts.ts";
import { type Period, retention } from "#core/config/retention.ts";
import { site } from "#core/config/site.ts";
import { type CompanyFacts, shippedCompany } from "#core/content/company-facts.ts";
import { normaliseEmail } from "#core/email.ts";
import { emailField } from "#core/forms/fields.ts";
import { checkFormToken } from "#core/forms/form-token.server.ts";
import { formatDate } from "#core/leads/model.ts";
import { addPeriod, describePeriod } from "#core/retention-periods.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { QueuedMail } from "../delivery/emails.ts";
import { enqueueEmail } from "../delivery/outbox.ts";
import { acknowledgementsPerDay, acknowledgementWindowMs, mailboxKey } from "../leads/acknowledgements.ts";
import { type AlertLinkPurpose, readAlertLink, signAlertLink } from "../protection/alert-link.ts";
import { networkKey } from "../protection/client-address.ts";
import { type RateVerdict, takeRateLimit } from "../protection/rate-limit.ts";
import { lockAlertMailbox, setAlertSendingTimes } from "../tables/acknowledged-mailboxes.ts";
import {
  activeChoiceCounts,
  addPendingAlert,
  alertById,
  alertReference,
  deleteAlert as deleteAlertWithMail,
  type JobAlert,
  lockAlertByEmail,
  markConfirmed,
  markRenewed,
  setChoices,
} from "../tables/job-alerts.ts";
import { type AlertLinks, createAlertLinks } from "./links.ts";

const dayMs = 24 * 60 * 60 * 1000;
const hourMs = 60 * 60 * 1000;

/** Deletes an alert with what was sent and queued for it; resolves with 1, or 0 when it had gone. */
export async function deleteAlert(tx: Queryable, alertId: string): Promise<number> {
  return (await deleteAlertWithMail(tx, alertId)).alerts;
}

/** A sign-up as the form sends it. */
export type SignUpInput = {
  email: string;
  services: string[];
  types: string[];
  place: string;
  frequency: string;
  /** The hidden trap field (robots fill it in). */
  honeypot: string;
  /** The page's signed time token. */
  formToken: string;
};

/** What a post from an alert page came to. */
export type AlertAnswer =
  | { kind: "done"; message: string }
  | {
      kind: "refused";
      status: number;
      message: string;
      fields?: Record<string, string>;
      /** With a 429: how long until the allowance turns (the answer's Retry-After). */
      retryAfterSeconds?: number;
    }
  /** The link does not work (not ours, altered, expired, or the alert has gone): nothing said of it. */
  | { kind: "unknown" }
  | { kind: "left" };

/** What a manage page shows: the alert's choices, and when it lapses unless renewed. */
export type AlertView = { choices: AlertChoices; active: boolean; lapsesAt: number | null };

/** The words of what a person agrees to, kept as their consent record. */
export function consentWords(choices: AlertChoices, period: Period = retention.jobAlerts.unrenewed): string {
  return `E-mails from ${site.legalName} about new vacancies matching: ${describeChoices(choices)}. Until I leave (a link in every e-mail), or for ${describePeriod(period)} from confirming unless I renew.`;
}

/**
 * A place as people write a town's name: Latin letters (accented ones too), spaces, hyphens, apostrophes
 * and full stops that end a word ("St. Helens", "Ashton-under-Lyne", "King's Lynn", "Ynys Môn"). No
 * digits, slashes, other signs or a full stop inside a word, so the field cannot carry a telephone
 * number or a web address ("evil.example").
 */
function isPlaceName(place: string): boolean {
  return /^\p{Script=Latin}[\p{Script=Latin} '\u2019.-]*$/u.test(place) && !/\.\S/.test(place);
}
/** A postcode district or a whole postcode, as the alerts match them: "M4", "SK10", "EC1A", "M4 6JB". */
const postcodePlace = /^[A-Z]{1,2}\d[A-Z\d]?(?: ?\d[A-Z]{2})?$/i;

/**
 * The choices as a sign-up's e-mail repeats them: what was picked from our own lists, and of the place
 * only that one was given. Whatever a stranger types into the form, our e-mail cannot carry it to
 * someone else's inbox; the owner of the mailbox sees the place on the page the link opens.
 */
function describeListedChoices(choices: AlertChoices): string {
  return describeChoices({ ...choices, place: choices.place ? "the place given on our form" : "" });
}

/** Checks a set of choices: the five services, the vacancies' employment types, a place name or postcode district, a frequency. */
export function parseChoices(
  input: Pick<SignUpInput, "services" | "types" | "place" | "frequency">,
): { ok: true; choices: AlertChoices } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const services = [...new Set(input.services)];
  const types = [...new Set(input.types)];
  if (services.some((value) => !alertServices.some((service) => service.value === value)))
    fields.services = "Please choose from the kinds of work listed.";
  if (types.some((value) => !alertTypes.some((type) => type.value === value)))
    fields.types = "Please choose from the employment types listed.";
  const place = input.place.normalize("NFC").replace(/\s+/g, " ").trim();
  if (place.length > placeMaxLength || (place && !isPlaceName(place) && !postcodePlace.test(place)))
    fields.place = `Please give a town (in letters, with spaces, hyphens, apostrophes or full stops if its name has them) or a postcode district such as M4, in up to ${placeMaxLength} characters.`;
  const frequency = alertFrequencies.find((f) => f.value === input.frequency)?.value;
  if (!frequency) fields.frequency = "Please choose how often you would like to hear from us.";
  if (Object.keys(fields).length > 0 || !frequency) return { ok: false, fields };
  // Kept in the lists' own order, so the same choices read the same everywhere.
  return {
    ok: true,
    choices: {
      services: alertServices.map((s) => s.value).filter((value) => services.includes(value)),
      types: alertTypes.map((t) => t.value).filter((value) => types.includes(value)),
      place,
      frequency,
    },
  };
}

/** The allowances of the sign-up form and of the links' pages (core/config/job-alerts.ts; tests lower them). */
export type AlertLimits = Pick<
  JobAlertsConfig,
  | "confirmationsPerMailboxPerDay"
  | "signUpsPerHour"
  | "signUpsPerNetworkPerHour"
  | "linkPostsPerNetworkPerHour"
>;

/** Which allowance refused a sign-up: its network's hour, the whole site's hour, or its mailbox's day. */
export type AlertSignUpLimit = "network" | "site" | "mailbox";

/** What the sign-up form tells the metrics. */
export type AlertCounts = {
  /** A sign-up's e-mail was queued (a confirmation link, or the note to an address with alerts). */
  sent(): void;
  /** A sign-up was refused by one of its allowances, and sent nothing. */
  refused(limit: AlertSignUpLimit): void;
};

export type SubscriptionsOptions = {
  db: Database;
  /** alertLinkKey(secrets.resultSecret). */
  linkKey: Buffer;
  /** The site's public address, for the links in e-mails. */
  publicUrl: string;
  /** The form tokens' secret (secrets.resultSecret). */
  formSecret: string;
  /** Rate limits count networks and addresses by a salted hash, never the address itself. */
  ipSalt: string;
  /** Where a reply to an alert e-mail goes (the recruitment inbox). */
  replyTo: string;
  /** The company's facts published now (Site content), for the phone in messages and e-mails. */
  company?: () => CompanyFacts;
  clock?: () => number;
  onQueued?: () => void;
  /** The allowances; core/config/job-alerts.ts's unless given. */
  limits?: AlertLimits;
  /** Told of each sign-up's e-mail and each refusal, for /metrics. */
  counts?: AlertCounts;
  /**
   * Told of each alert about to be deleted because its person left, before the deletion commits: the
   * erasure ledger keeps its id, so a restored backup does not bring it back.
   */
  onLeft?: (alertId: string, at: number) => void;
};

/** The job alerts' sign-up and the pages behind their links. */
export function createSubscriptions(options: SubscriptionsOptions) {
  const { db, linkKey, publicUrl, formSecret, ipSalt, replyTo, onQueued, counts } = options;
  const clock = options.clock ?? Date.now;
  const limits: AlertLimits = options.limits ?? jobAlerts;
  const phone = () => (options.company?.() ?? shippedCompany).phone.display;
  const links: AlertLinks = createAlertLinks(linkKey, publicUrl);
  const base = publicUrl.replace(/\/+$/, "");
  const period = retention.jobAlerts.unrenewed;

  function confirmUrl(alertId: string, now: number): string {
    const token = signAlertLink(linkKey, alertId, "confirm", now + jobAlerts.confirmLinkDays * dayMs);
    return `${base}${alertPaths.confirm}?${alertLinkParameter}=${token}`;
  }

  function take(key: string, limit: number): Promise<RateVerdict> {
    return takeRateLimit(db.relaxed, { key, limit, windowMs: hourMs }, clock());
  }

  const tooMany = (verdict: RateVerdict): AlertAnswer => ({
    kind: "refused",
    status: 429,
    message: `That is a lot of requests in a short time, so we have paused them and sent nothing. Please try again in an hour, or call us on ${phone()}.`,
    retryAfterSeconds: verdict.retryAfterSeconds,
  });

  /** The alert a link names, if the link is ours, for this purpose and still works. */
  async function alertFor(token: string, purpose: AlertLinkPurpose, now: number): Promise<JobAlert | null> {
    const link = readAlertLink(linkKey, token, purpose, now);
    if (!link || link.expired) return null;
    return alertById(db, link.alertId);
  }

  function confirmationMail(email: string, alertId: string, choices: AlertChoices, now: number): QueuedMail {
    const confirm = confirmUrl(alertId, now);
    return {
      purpose: "alert-confirm",
      to: email,
      replyTo,
      subject: `Please confirm your job alerts from ${site.brand}`,
      body: [
        "Hello,",
        "",
        `Thank you for asking ${site.brand} to e-mail you about new vacancies. You asked for:`,
        describeListedChoices(choices),
        "",
        'To start your job alerts, open this link and choose "Confirm my job alerts":',
        confirm,
        "",
        `The link works for ${jobAlerts.confirmLinkDays} days. If you did not ask for this, do nothing: we send nothing more and delete the request after ${jobAlerts.confirmLinkDays} days.`,
        "",
        "Kind regards,",
        `The ${site.brand} team`,
        `${site.legalName} · ${phone()}`,
      ].join("\n"),
      action: { label: "Confirm my job alerts", url: confirm },
    };
  }

  function alreadySubscribedMail(email: string, alertId: string, choices: AlertChoices): QueuedMail {
    return {
      purpose: "alert-confirm",
      to: email,
      replyTo,
      subject: `Your job alerts from ${site.brand}`,
      body: [
        "Hello,",
        "",
        `We have been asked to e-mail this address about new vacancies at ${site.brand}:`,
        describeListedChoices(choices),
        "",
        "This address already gets our job alerts, so nothing has changed yet. To change your choices to these (or any others), or to leave, open your alerts page:",
        links(alertId).manage,
        "",
        "If you did not ask for this, do nothing: your alerts stay as they are. To stop them now instead:",
        links(alertId).unsubscribe,
        "",
        "Kind regards,",
        `The ${site.brand} team`,
        `${site.legalName} · ${phone()}`,
      ].join("\n"),
      action: { label: "Open your alerts page", url: links(alertId).manage },
    };
  }

  return {
    /** The lasting links of an alert (to change its choices, and to leave), for the alert e-mails. */
    alertLinks: (alertId: string) => {
      const made = links(alertId);
      return { manageUrl: made.manage, unsubscribeUrl: made.unsubscribe };
    },

    /**
     * Counts a post to the sign-up form against its network's hourly allowance, before its body is read
     * (a network past it costs us no reading): null to go on, or the 429 to answer.
     */
    async admitSignUp(client: string): Promise<AlertAnswer | null> {
      const verdict = await take(
        `job-alerts:net:${networkKey(client, ipSalt)}`,
        limits.signUpsPerNetworkPerHour,
      );
      if (verdict.allowed) return null;
      counts?.refused("network");
      return tooMany(verdict);
    },

    /**
     * Counts a post to a link's page (confirm, or any of the manage page's buttons) against its
     * network's hourly allowance, before its body is read: null to go on, or the 429 to answer. A mail
     * program's one-click leave is not counted: it comes from the mail provider's servers, for all its
     * users at once.
     */
    async admitLinkPost(client: string): Promise<AlertAnswer | null> {
      const verdict = await take(
        `job-alerts:links:${networkKey(client, ipSalt)}`,
        limits.linkPostsPerNetworkPerHour,
      );
      return verdict.allowed ? null : tooMany(verdict);
    },

    /**
     * A sign-up from the form, once admitted (admitSignUp). Answered "check your inbox" whether the
     * address is new, waiting for its confirmation, already subscribed, past its mailbox's daily
     * allowance, or the post looks like a robot's; only bad input (said field by field) and the site's
     * hourly allowance, which says nothing of any address, are answered otherwise.
     */
    async signUp(input: SignUpInput): Promise<AlertAnswer> {
      const now = clock();
      // The same words whatever happened, and true in every case: nothing here tells whether an
      // address has alerts, or was written to today.
      const sent: AlertAnswer = {
        kind: "done",
        message: `We have sent you an e-mail with a link to confirm your job alerts. They start once you open it. We send an address one such link a day, so if you signed up earlier today, please use the link in that first e-mail.`,
      };
      const email = emailField.safeParse(input.email);
      const parsed = parseChoices(input);
      const fields = {
        ...(email.success
          ? {}
          : { email: email.error.issues[0]?.message ?? "Please enter your e-mail address." }),
        ...(parsed.ok ? {} : parsed.fields),
      };
      if (!email.success || !parsed.ok) {
        return {
          kind: "refused",
          status: 422,
          message: Object.values(fields)[0] ?? "Please check the form.",
          fields,
        };
      }
      // The spam layers: a robot is told the same as anyone and nothing is sent.
      if (input.honeypot) return sent;
      if (checkFormToken(input.formToken || undefined, "careers", formSecret, now).spamSignal) return sent;
      // Every sign-up that could send takes a place in the site's hour before its mailbox is looked at,
      // so whether this answer is "paused" depends on nobody's address.
      const siteHour = await take("job-alerts:site", limits.signUpsPerHour);
      if (!siteHour.allowed) {
        counts?.refused("site");
        return {
          kind: "refused",
          status: 429,
          message: `We have had a great many job alert sign-ups in the last hour, so we have paused them and sent nothing. Please try again in an hour: our vacancies page lists every job meanwhile.`,
          retryAfterSeconds: siteHour.retryAfterSeconds,
        };
      }
      const address = normaliseEmail(email.data);
      const mailbox = mailboxKey(address);
      const { choices } = parsed;
      const queued = await db.transaction(async (tx) => {
        // The mailbox's row first (locked on PostgreSQL until the commit), so sign-ups and the forms'
        // acknowledgements to it at once spend its budget one after another.
        const taken = await lockAlertMailbox(tx, mailbox, now);
        const since = now - acknowledgementWindowMs;
        const sentAt = taken.sentAt.filter((at) => at > since);
        const alertSentAt = taken.alertSentAt.filter((at) => at > since);
        if (sentAt.length >= acknowledgementsPerDay) return false;
        const known = await lockAlertByEmail(tx, db.sql, address);
        if (known?.status === "active") {
          await enqueueEmail(
            tx,
            alertReference(known.id),
            alreadySubscribedMail(address, known.id, choices),
            now,
          );
          await setAlertSendingTimes(tx, mailbox, { sentAt: [...sentAt, now], alertSentAt }, now);
          return true;
        }
        // Past its confirmations for the day, a sign-up changes nothing: a waiting one keeps its link.
        if (alertSentAt.length >= limits.confirmationsPerMailboxPerDay) return false;
        // A sign-up still waiting for its confirmation is replaced by the newer one (its old link stops working).
        if (known) await deleteAlert(tx, known.id);
        const id = randomBytes(18).toString("base64url");
        await addPendingAlert(tx, {
          id,
          email: address,
          choices,
          consent: consentWords(choices, period),
          consentHow: "Job alerts form on our website; confirmed from the link we e-mailed to the address",
          now,
        });
        await enqueueEmail(tx, alertReference(id), confirmationMail(address, id, choices, now), now);
        await setAlertSendingTimes(
          tx,
          mailbox,
          { sentAt: [...sentAt, now], alertSentAt: [...alertSentAt, now] },
          now,
        );
        return true;
      });
      if (!queued) {
        counts?.refused("mailbox");
        return sent;
      }
      counts?.sent();
      onQueued?.();
      return sent;
    },

    /**
     * "Send it again", from the page that says to check the inbox, once admitted (admitSignUp): the same
     * link once more, for a sign-up from this address still waiting for its confirmation, within the
     * mailbox's daily share of e-mails from the site (shared with the forms' acknowledgements). Nothing
     * new is signed up, and the answer is the same whatever happened.
     */
    async resend(input: { email: string }): Promise<AlertAnswer> {
      const now = clock();
      const answer: AlertAnswer = {
        kind: "done",
        message: `If a sign-up from this address is waiting for its confirmation, we have sent its link again. We send an address at most ${acknowledgementsPerDay} e-mails a day.`,
      };
      const email = emailField.safeParse(input.email);
      if (!email.success) {
        const message = email.error.issues[0]?.message ?? "Please enter your e-mail address.";
        return { kind: "refused", status: 422, message, fields: { email: message } };
      }
      const address = normaliseEmail(email.data);
      const mailbox = mailboxKey(address);
      const queued = await db.transaction(async (tx) => {
        const taken = await lockAlertMailbox(tx, mailbox, now);
        const since = now - acknowledgementWindowMs;
        const sentAt = taken.sentAt.filter((at) => at > since);
        if (sentAt.length >= acknowledgementsPerDay) return false;
        const known = await lockAlertByEmail(tx, db.sql, address);
        if (known?.status !== "pending") return false;
        const alert = await alertById(tx, known.id);
        if (!alert) return false;
        await enqueueEmail(
          tx,
          alertReference(alert.id),
          confirmationMail(address, alert.id, alert.choices, now),
          now,
        );
        await setAlertSendingTimes(
          tx,
          mailbox,
          { sentAt: [...sentAt, now], alertSentAt: taken.alertSentAt.filter((at) => at > since) },
          now,
        );
        return true;
      });
      if (queued) onQueued?.();
      return answer;
    },

    /** What the confirmation page shows before its button is pressed: the choices, or null for a link that does not work. */
    async openConfirm(token: string): Promise<AlertView | null> {
      const row = await alertFor(token, "confirm", clock());
      return row ? { choices: row.choices, active: row.status === "active", lapsesAt: null } : null;
    },

    /**
     * Confirms a sign-up, once admitted (admitLinkPost): the alert starts, and the consent record says
     * when. Only a POST does this (the page's button), never opening the link: mail scanners and link
     * previews fetch every link in an e-mail, and must not be able to sign anyone up.
     */
    async confirm(token: string): Promise<AlertAnswer> {
      const now = clock();
      const row = await alertFor(token, "confirm", now);
      if (!row) return { kind: "unknown" };
      await markConfirmed(db, row.id, now, ` on ${formatDate(now)}`);
      return {
        kind: "done",
        message:
          "Thank you: your job alerts have started. Every alert e-mail has links to change your choices or leave.",
      };
    },

    /** What the manage page shows: the choices and when the alert lapses; null for a link that does not work. */
    async openManage(token: string): Promise<AlertView | null> {
      const row = await alertFor(token, "manage", clock());
      if (!row) return null;
      const lapsesAt = row.renewedAt === null ? null : addPeriod(row.renewedAt, period);
      return { choices: row.choices, active: row.status === "active", lapsesAt };
    },

    /**
     * New choices from the manage page, once admitted (admitLinkPost); the consent record is rewritten
     * to say what was agreed now.
     */
    async update(
      token: string,
      input: Pick<SignUpInput, "services" | "types" | "place" | "frequency">,
    ): Promise<AlertAnswer> {
      const now = clock();
      const row = await alertFor(token, "manage", now);
      if (!row) return { kind: "unknown" };
      const parsed = parseChoices(input);
      if (!parsed.ok)
        return {
          kind: "refused",
          status: 422,
          message: Object.values(parsed.fields)[0] ?? "",
          fields: parsed.fields,
        };
      const { choices } = parsed;
      await setChoices(db, row.id, {
        choices,
        consent: consentWords(choices, period),
        consentHow: `Changed on the page reached from the link in our e-mails, on ${formatDate(now)}`,
      });
      return { kind: "done", message: "Saved: your job alerts now follow your new choices." };
    },

    /** "Keep my alerts", once admitted (admitLinkPost): the alert runs for another whole period from now. */
    async renew(token: string): Promise<AlertAnswer> {
      const now = clock();
      const row = await alertFor(token, "manage", now);
      if (!row) return { kind: "unknown" };
      await markRenewed(db, row.id, now);
      return {
        kind: "done",
        message: `Thank you: we will keep sending your job alerts until ${formatDate(addPeriod(now, period))}, or until you leave.`,
      };
    },

    /**
     * Leaves: the alert is deleted with what was sent and queued for it, from the manage page's button
     * or the unsubscribe link's (its page, or a mail program's one-click POST). A link that does not
     * work gets the same answer as one that did: nothing here tells whether an address was subscribed.
     */
    async leave(token: string, purpose: "manage" | "unsubscribe"): Promise<AlertAnswer> {
      const link = readAlertLink(linkKey, token, purpose, clock());
      if (!link) return { kind: "unknown" };
      options.onLeft?.(link.alertId, clock());
      await db.transaction((tx) => deleteAlert(tx, link.alertId));
      return { kind: "left" };
    },

    /** Whether an unsubscribe link is ours (its page shows the button only then). */
    isUnsubscribeLink: (token: string): boolean =>
      readAlertLink(linkKey, token, "unsubscribe", clock()) !== null,

    /** How many people follow each service and each employment type (active alerts; "any" counts for every one). */
    async followers(): Promise<{
      services: Record<string, number>;
      types: Record<string, number>;
      total: number;
    }> {
      const rows = await activeChoiceCounts(db);
      const services = Object.fromEntries(alertServices.map((s) => [s.value, 0]));
      const types = Object.fromEntries(alertTypes.map((t) => [t.value, 0]));
      let total = 0;
      for (const row of rows) {
        const n = row.count;
        total += n;
        const chosen = row.services.length ? row.services : Object.keys(services);
        const kinds = row.types.length ? row.types : Object.keys(types);
        for (const key of chosen) if (key in services) services[key] = (services[key] ?? 0) + n;
        for (const key of kinds) if (key in types) types[key] = (types[key] ?? 0) + n;
      }
      return { services, types, total };
    },
  };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;
