/**
 * What the applicant's own page (/your-application?link=…) does: withdraw, replace the CV, answer the
 * coming interview, join or leave the talent pool, erase everything, and e-mail a fresh link. Reached
 * only through the signed link every e-mail to an applicant carries (server/protection/applicant-link.ts;
 * docs/decisions/022). No account: the link is the key, so a wrong, altered or expired link, or one for
 * an application that is gone, shows nothing at all, the same way for each, and offers only to e-mail a
 * fresh link to the address on file. What the page shows is read in self-service-view.ts.
 *
 * Each post from the page is first let in (admit), before the route reads its body: counted against
 * the client network's allowance, its link read against the application its reference names, and, for a
 * link that works, counted against that application's allowance too. Only then is the body read (a new
 * CV is up to 5 MB), and the change made in one transaction that also writes the lead's timeline and its
 * last activity.
 */
import { anotherTimeMaxLength, confirmButtons } from "#core/applicant-page.ts";
import { characterProblem } from "#core/characters.ts";
import { site } from "#core/config/site.ts";
import { type CompanyFacts, shippedCompany } from "#core/content/company-facts.ts";
import { type ApplicationStatus, fileSize, statusLabel } from "#core/leads/model.ts";
import { leadPath } from "#core/staff/paths.ts";
import { describeWhen } from "#core/time/london-time.ts";
import type { Database, Queryable } from "../db/database.ts";
import { type ApplicantLinks, applicantAction, applicantEnding, greeting } from "../delivery/emails.ts";
import { enqueueEmail } from "../delivery/outbox.ts";
import { Refusal } from "../leads/refusal.ts";
import { checkFile, maxFileBytes, uploadLimitLabel } from "../leads/uploads.ts";
import type { ApplicantLink } from "../protection/applicant-link.ts";
import { networkKey } from "../protection/client-address.ts";
import { type RateLimit, type RateVerdict, takeRateLimit } from "../protection/rate-limit.ts";
import { replaceResume } from "../tables/documents.ts";
import { answerableInterview, recordAnswer } from "../tables/interviews.ts";
import {
  type ApplicationRow,
  joinPool,
  markWithdrawn,
  removeFromPool,
} from "../tables/leads/applications.ts";
import { touchActivity } from "../tables/leads/records.ts";
import { currentEmailOf } from "../tables/staff.ts";
import { recordEvent } from "../tables/timeline.ts";
import { vacancyTitle } from "../tables/vacancies.ts";
import { cancelScheduledInterviews } from "./interviews.ts";
import { freshLinkWindowMs, type SelfServiceLimits, selfServiceLimits } from "./self-service-limits.ts";
import {
  type ApplicantView,
  linkedApplication,
  poolUntil,
  readApplicantView,
  withdrawable,
} from "./self-service-view.ts";

export type SelfServiceOptions = {
  /** The company's facts published now (Site content), for the phone in its messages and e-mail. */
  company?: () => CompanyFacts;
  db: Database;
  /** The links' key: applicantLinkKey(secrets.resultSecret). */
  linkKey: Buffer;
  /** Makes the fresh link a new e-mail carries. */
  applicantLinks: ApplicantLinks;
  /** The recruitment inbox: told of a withdrawal when the application has no owner on the team, and Reply-To. */
  applicationsTo: string;
  /** The site's address, for the link to the lead in the staff e-mail. */
  publicUrl: string;
  /** The salt client networks are hashed with (the rate limits never keep an address). */
  ipSalt: string;
  /** True when a virus scanner is configured: a new CV waits for it ('pending'). */
  scanUploads: boolean;
  /** Called once a new CV is stored, so the scanner looks at it now. */
  onUploaded?: () => void;
  /** Called once an e-mail is queued, so the delivery queue sends it now. */
  onQueued?: () => void;
  /** Erases everything held about an address, as an erasure request does, with the ledger's record. */
  erase: (email: string) => Promise<unknown>;
  clock?: () => number;
  limits?: Partial<SelfServiceLimits>;
};

/**
 * What a post from the page came to: done (with words for the banner), refused (a 4xx with words, and
 * the field at fault), a link that shows nothing, or the erasure carried out.
 */
export type PageAnswer =
  | { kind: "done"; message: string }
  | { kind: "refused"; status: number; message: string; field?: string; retryAfterSeconds?: number }
  | { kind: "unknown" }
  | { kind: "erased" };

/**
 * A post from the page as far as it is checked before its body is read (`admit`): counted, and its link
 * read against the application its reference names now. `link` is null for anything this server did not
 * sign for that application (or when it has gone); `opens` is false for every link that shows nothing
 * (those, and an expired one), and such a post can do nothing but ask for a fresh link. `now` is the
 * moment the post arrived, at which its change is made.
 */
export type Admitted = {
  kind: "admitted";
  token: string;
  now: number;
  link: ApplicantLink | null;
  opens: boolean;
};

/** A post turned away before its body is read: its network, or its application, has had its allowance. */
export type TooMany = Extract<PageAnswer, { kind: "refused" }> & { status: 429; retryAfterSeconds: number };

/** What `admit` answers. Each change takes it, and answers a post turned away with that refusal. */
export type Admission = Admitted | TooMany;

/** The answer to a request for a fresh link: the same whether or not anything was sent. */
export const freshLinkAnswer =
  "If that link was one of ours, we have e-mailed a new one to the address we hold for the application. It can take a few minutes to arrive: please check your junk folder too.";

const unknown = { kind: "unknown" } as const;

/** Names as a mail header may carry them: on one line. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").trim();

/** The applicant's page: read through a link, and each change made from it. */
export function createSelfService(options: SelfServiceOptions) {
  const { db, linkKey, applicantLinks } = options;
  const clock = options.clock ?? Date.now;
  const phone = () => (options.company?.() ?? shippedCompany).phone.display;
  const limits = { ...selfServiceLimits, ...options.limits };

  function take(rate: RateLimit, now: number): Promise<RateVerdict> {
    return takeRateLimit(db.relaxed, rate, now);
  }

  const tooMany = (retryAfterSeconds: number): TooMany => ({
    kind: "refused",
    status: 429,
    message: `That is a lot of changes in a short time, so we have paused them. Please try again in an hour, or call us on ${phone()}.`,
    retryAfterSeconds,
  });

  /**
   * Runs one change from the page, for a post let in with a link that works: made in one transaction
   * that reads the application again under its row's lock, as it is now and still the one the link was
   * made for; a link that does not work, or an application that has gone, changes nothing.
   */
  async function change(
    admission: Admission,
    make: (tx: Queryable, application: ApplicationRow, now: number) => Promise<PageAnswer>,
    after?: (answer: PageAnswer) => void,
  ): Promise<PageAnswer> {
    if (admission.kind === "refused") return admission;
    if (!admission.opens) return unknown;
    const { token, now } = admission;
    const answer = await db.transaction(async (tx) => {
      const found = await linkedApplication(tx, linkKey, token, now, db.sql.lockRows);
      return found && !found.link.expired ? make(tx, found.application, now) : unknown;
    });
    if (answer.kind === "done") after?.(answer);
    return answer;
  }

  /** The staff e-mail that an applicant withdrew: to the lead's owner while on the team, else the recruitment inbox. */
  async function tellStaff(
    tx: Queryable,
    application: ApplicationRow,
    from: ApplicationStatus,
    cancelled: number,
    now: number,
  ) {
    const owner = application.owner_id === null ? null : await currentEmailOf(tx, application.owner_id);
    const name = oneLine(`${application.first_name} ${application.last_name}`);
    const title = application.vacancy_reference
      ? await vacancyTitle(tx, application.vacancy_reference)
      : null;
    const job = application.vacancy_reference
      ? `Vacancy: ${title !== null ? `${title} ` : ""}(${application.vacancy_reference})`
      : "A general application (no vacancy named)";
    await enqueueEmail(
      tx,
      application.reference,
      {
        purpose: "withdrawal",
        to: owner ?? options.applicationsTo,
        replyTo: application.email,
        subject: `${name} withdrew their application ${application.reference}`,
        body: [
          `${name} withdrew their application ${application.reference} from their own page on our website.`,
          "",
          job,
          `Stage when they withdrew: ${statusLabel(from)}`,
          ...(cancelled > 0
            ? [
                `${cancelled === 1 ? "The interview" : `${cancelled} interviews`} booked with them ${cancelled === 1 ? "was" : "were"} cancelled, and they were sent the cancellation.`,
              ]
            : []),
          "",
          "Reply to this e-mail to write to them.",
          `Open it in the staff workspace: ${options.publicUrl}${leadPath(application.reference)}`,
        ].join("\n"),
      },
      now,
    );
  }

  const queued = () => options.onQueued?.();

  /**
   * A change the page asks about first (withdraw, leave the pool) that came without its confirmation:
   * answered as any post is when turned away or with a link that does not work, else 400 with nothing
   * changed. Null when it was confirmed.
   */
  function unconfirmed(admission: Admission, confirmed: boolean, button: string): PageAnswer | null {
    if (confirmed) return null;
    if (admission.kind === "refused") return admission;
    if (!admission.opens) return unknown;
    return { kind: "refused", status: 400, message: `Nothing has changed: choose “${button}” to confirm.` };
  }

  return {
    /**
     * Lets a post in before its body is read, or turns it away with 429: counted against the client's
     * network (by its salted hash, never the address) whatever its link, so posts with links that do not
     * work are held back like any others; its link read against the application it names; and, for a
     * link that works, counted against that application's allowance. Nothing else is read or changed.
     */
    async admit(token: string | null | undefined, client: string): Promise<Admission> {
      const now = clock();
      const network = networkKey(client, options.ipSalt);
      const byNetwork = await take(
        { key: `applicant-page:net:${network}`, limit: limits.perNetwork, windowMs: limits.windowMs },
        now,
      );
      if (!byNetwork.allowed) return tooMany(byNetwork.retryAfterSeconds);
      const link = (await linkedApplication(db, linkKey, token, now))?.link ?? null;
      const opens = link !== null && !link.expired;
      if (link && opens) {
        const byApplication = await take(
          {
            key: `applicant-page:${link.reference}`,
            limit: limits.perApplication,
            windowMs: limits.windowMs,
          },
          now,
        );
        if (!byApplication.allowed) return tooMany(byApplication.retryAfterSeconds);
      }
      return { kind: "admitted", token: token ?? "", now, link, opens };
    },

    /**
     * What the page shows for a link: the application in words, or null for any link that does not work
     * (wrong, altered, expired, or for an application that has gone), all alike. Reads only.
     */
    open: (token: string | null | undefined): Promise<ApplicantView | null> =>
      readApplicantView(db, linkKey, token, clock(), phone()),

    /**
     * Withdraws the application: status Withdrawn, its scheduled interviews cancelled (the applicant is
     * sent each cancellation), the team told by e-mail, and the timeline says so. Only once confirmed.
     */
    async withdraw(admission: Admission, confirmed: boolean): Promise<PageAnswer> {
      const asked = unconfirmed(admission, confirmed, confirmButtons.withdraw);
      if (asked) return asked;
      return change(
        admission,
        async (tx, application, now) => {
          const from = application.status;
          if (from === "withdrawn")
            return { kind: "done", message: "Your application was already withdrawn." };
          if (!withdrawable.has(from)) {
            return {
              kind: "refused",
              status: 409,
              message: `This application has already been decided, so there is nothing to withdraw. If something has changed, please call us on ${phone()}.`,
            };
          }
          await markWithdrawn(tx, application.reference, now);
          await recordEvent(tx, { reference: application.reference, action: "applicant-withdrew", now });
          await recordEvent(tx, {
            reference: application.reference,
            action: "status-changed",
            detail: `${from} → withdrawn`,
            now,
          });
          const cancelled = await cancelScheduledInterviews(tx, {
            reference: application.reference,
            now,
            links: applicantLinks,
            replyTo: options.applicationsTo,
          });
          await tellStaff(tx, application, from, cancelled, now);
          return {
            kind: "done",
            message: `You have withdrawn your application. We have told our team${cancelled > 0 ? " and cancelled your interview" : ""}. Thank you for your interest in working with us.`,
          };
        },
        queued,
      );
    },

    /**
     * Replaces the CV: checked as the careers form checks it (type by name and by contents, at most
     * the upload limit), stored waiting for the virus scanner when there is one, the old CV deleted in
     * the same transaction.
     */
    async replaceCv(
      admission: Admission,
      file: { name: string; content: Buffer } | null,
    ): Promise<PageAnswer> {
      const field = "cv";
      // A post turned away, or with a link that does not work, hears only that, whatever came with it.
      if (admission.kind === "refused") return admission;
      if (!admission.opens) return unknown;
      if (!file || (file.content.length === 0 && !file.name)) {
        return { kind: "refused", status: 400, field, message: "Choose your new CV before sending it." };
      }
      if (file.content.length > maxFileBytes) {
        return {
          kind: "refused",
          status: 413,
          field,
          message: `Your CV is larger than ${uploadLimitLabel}. Please choose a smaller file.`,
        };
      }
      let upload: Awaited<ReturnType<typeof checkFile>>;
      try {
        upload = await checkFile("resume", file.name, file.content);
      } catch (error) {
        if (error instanceof Refusal)
          return { kind: "refused", status: error.status, field, message: error.message };
        throw error;
      }
      return change(
        admission,
        async (tx, application, now) => {
          if (application.status === "withdrawn") {
            return {
              kind: "refused",
              status: 409,
              field,
              message:
                "You withdrew this application, so we no longer need a CV for it. You are welcome to apply again.",
            };
          }
          await replaceResume(tx, application.id, upload, options.scanUploads ? "pending" : "not-scanned");
          await touchActivity(tx, "application", application.reference, now);
          await recordEvent(tx, { reference: application.reference, action: "cv-replaced", now });
          return {
            kind: "done",
            message: `Thank you: we have your new CV, ${upload.fileName} (${fileSize(upload.content.length)}), and have deleted the old one.`,
          };
        },
        () => {
          if (options.scanUploads) options.onUploaded?.();
        },
      );
    },

    /**
     * "Keep me on file": joins the talent pool, or renews a place in it, from today; the renewal
     * question is asked again before the new date. The timeline says which, and that it came from the link.
     */
    keepOnFile(admission: Admission): Promise<PageAnswer> {
      return change(admission, async (tx, application, now) => {
        const joining = application.keep_consent_at === null;
        await joinPool(tx, application.reference, now);
        await recordEvent(tx, {
          reference: application.reference,
          action: joining ? "consent-recorded" : "consent-renewed",
          detail: "from their link",
          now,
        });
        const until = poolUntil(now);
        return {
          kind: "done",
          message: joining
            ? `You are in our talent pool until ${until}: we may contact you about roles that suit you. We will ask you before then whether to keep you on file.`
            : `Thank you: we will keep you on file until ${until}, and ask you again before then.`,
        };
      });
    },

    /**
     * "Take me off file": leaves the talent pool; the application itself is kept as the privacy notice
     * says. Only once confirmed.
     */
    async leavePool(admission: Admission, confirmed: boolean): Promise<PageAnswer> {
      const asked = unconfirmed(admission, confirmed, confirmButtons.leavePool);
      if (asked) return asked;
      return change(admission, async (tx, application, now) => {
        if (application.keep_consent_at === null) {
          return { kind: "done", message: "You are not in our talent pool, so nothing has changed." };
        }
        await removeFromPool(tx, application.reference, now);
        await recordEvent(tx, {
          reference: application.reference,
          action: "consent-withdrawn",
          detail: "from their link",
          now,
        });
        return {
          kind: "done",
          message: "We have taken you off file: we will not contact you about future roles.",
        };
      });
    },

    /**
     * The applicant's answer to their coming interview: they will be there, or they need another time
     * (with a short message). Only for a scheduled interview of this application that is still to come.
     */
    answerInterview(
      admission: Admission,
      input: { uid: string; answer: string; message: string },
    ): Promise<PageAnswer> {
      if (admission.kind === "refused") return Promise.resolve(admission);
      if (!admission.opens) return Promise.resolve(unknown);
      const answer = input.answer;
      if (answer !== "attending" && answer !== "another-time") {
        return Promise.resolve({
          kind: "refused",
          status: 400,
          message: "Choose whether you will be there or need another time.",
        });
      }
      const message = input.message.normalize("NFC").replace(/\r\n?/g, "\n").trim();
      if (answer === "another-time" && !message) {
        return Promise.resolve({
          kind: "refused",
          status: 400,
          field: "message",
          message: "Tell us which days or times would suit you, so we can offer another.",
        });
      }
      if (message.length > anotherTimeMaxLength) {
        return Promise.resolve({
          kind: "refused",
          status: 400,
          field: "message",
          message: `Please keep your message to ${anotherTimeMaxLength} characters; we will call you to arrange the rest.`,
        });
      }
      // Kept with another time and shown to staff: one rule for the characters of all free text.
      const problem = answer === "another-time" ? characterProblem(message, "Your message", "lines") : null;
      if (problem)
        return Promise.resolve({ kind: "refused", status: 400, field: "message", message: problem });
      return change(admission, async (tx, application, now) => {
        const interview = await answerableInterview(tx, application.reference, input.uid, now);
        if (!interview || application.status === "withdrawn") {
          return {
            kind: "refused",
            status: 409,
            message: `This interview can no longer be answered here: it has passed, been moved or been cancelled. Please call us on ${phone()}.`,
          };
        }
        const words = answer === "attending" ? null : message;
        await recordAnswer(tx, input.uid, answer, words, now);
        await touchActivity(tx, "application", application.reference, now);
        await recordEvent(tx, {
          reference: application.reference,
          action: "interview-answered",
          detail: answer === "attending" ? "attending" : `another-time: ${message}`,
          now,
        });
        return {
          kind: "done",
          message:
            answer === "attending"
              ? `Thank you: our team can see you will be there on ${describeWhen(interview.startsAt, interview.minutes)}.`
              : "Thank you: our team can see you need another time, and will be in touch to offer one.",
        };
      });
    },

    /**
     * Deletes everything held about the application's e-mail address (every application and enquiry
     * sent from it), as an erasure request does, recorded in the erasure ledger. Only once confirmed.
     */
    async erase(admission: Admission, confirmed: boolean): Promise<PageAnswer> {
      if (admission.kind === "refused") return admission;
      if (!admission.opens) return unknown;
      if (!confirmed) {
        return {
          kind: "refused",
          status: 400,
          message: `Nothing was deleted: choose “${confirmButtons.erase}” to confirm.`,
        };
      }
      let email: string | null = null;
      const checked = await change(admission, async (_tx, application) => {
        email = application.email;
        return { kind: "done", message: "" };
      });
      if (checked.kind !== "done" || email === null) return checked;
      await options.erase(email);
      return { kind: "erased" };
    },

    /**
     * E-mails a fresh link to the address on file, for a link of ours (an expired one too) whose
     * application still exists, at most `freshLinksPerDay` times a day. The answer is the same whatever
     * happened, so it tells nobody whether a link was genuine.
     */
    async sendFreshLink(admission: Admission): Promise<PageAnswer> {
      const said: PageAnswer = { kind: "done", message: freshLinkAnswer };
      if (admission.kind === "refused") return admission;
      // Expired is fine here: the link still proves it was sent to the address on file.
      const { link, token, now } = admission;
      if (!link) return said;
      const daily = {
        key: `applicant-link:${link.reference}`,
        limit: limits.freshLinksPerDay,
        windowMs: freshLinkWindowMs,
      };
      if (!(await take(daily, now)).allowed) return said;
      const sent = await db.transaction(async (tx) => {
        // Still there, and still the application the link was made for.
        const current = (await linkedApplication(tx, linkKey, token, now, db.sql.lockRows))?.application;
        if (!current) return false;
        const fresh = applicantLinks({ reference: current.reference, linkNonce: current.link_nonce }, now);
        await enqueueEmail(
          tx,
          current.reference,
          {
            purpose: "applicant-link",
            to: current.email,
            replyTo: options.applicationsTo,
            subject: `Your link to your application (${current.reference})`,
            body: [
              greeting(current.first_name),
              "",
              `You asked for a new link to your application ${current.reference} with ${site.brand}. Here it is: open it to see where your application stands and to manage it.`,
              "",
              `If you did not ask for it, you can ignore this e-mail: nothing has changed. Questions? Call us on ${phone()}.`,
              "",
              applicantEnding(fresh, `Kind regards,\nThe ${site.brand} team\n${phone()}`),
            ].join("\n"),
            action: applicantAction(fresh.url),
          },
          now,
        );
        await touchActivity(tx, "application", current.reference, now);
        await recordEvent(tx, { reference: current.reference, action: "link-sent", now });
        return true;
      });
      if (sent) queued();
      return said;
    },
  };
}

export type SelfService = ReturnType<typeof createSelfService>;
