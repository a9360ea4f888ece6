/**
 * What the workspace's pages ask of recruitment: the stage e-mails on a lead's page, a vacancy's "not
 * this time" for its applicants still waiting, and the talent pool's search. Built once by the
 * composition root (server/services.ts) and handed to loaders and actions through the router context.
 */
import type { StaffLimitsConfig } from "#core/config/staff-limits.ts";
import type { CompanyFacts } from "#core/content/company-facts.ts";
import type { PoolQuery } from "#core/leads/pool-query.ts";
import type { Database } from "../db/database.ts";
import type { ApplicantLinks } from "../delivery/emails.ts";
import { sendNotThisTime, waitingForVacancy } from "./not-this-time.ts";
import { searchPool } from "./pool.ts";
import { sendStageEmail, stageEmailOffer } from "./stage-emails.ts";

export type RecruitmentOptions = {
  db: Database;
  /** The applicant's own link, which every e-mail to them ends with. */
  applicantLinks: ApplicantLinks;
  /** The recruitment inbox (APPLICATIONS_TO): the Reply-To of every e-mail staff send an applicant. */
  replyTo: string;
  /** The company's facts published now (Site content), for the e-mails' sign-off. */
  company?: () => CompanyFacts;
  /** The clock; tests move it. */
  clock?: () => number;
  /** Called when e-mails were queued, so the delivery queue sends them at once. */
  onQueued?: () => void;
  /** How long a passkey confirmation lasts (the workspace's): a large "not this time" asks for one. */
  confirmationWindowMs: number;
  /** The caps on every e-mail staff write (core/config/staff-limits.ts unless a test lowers them). */
  limits?: StaffLimitsConfig;
  /** The team page's address, for the administrators' e-mail when someone reaches a cap. */
  teamUrl?: string | undefined;
};

/** Who is sending: the signed-in member of staff (the e-mail is signed with their name). */
type Sender = { id: number };

/** Who is telling many at once: the signed-in member of staff, and when they last used their passkey. */
type ConfirmedSender = Sender & { confirmedAt: number };

/** The recruitment services: every method acts for one signed-in member of staff and keeps the timeline. */
export function createRecruitment(options: RecruitmentOptions) {
  const { db, applicantLinks, replyTo } = options;
  const now = options.clock ?? Date.now;
  const caps = { limits: options.limits, teamUrl: options.teamUrl };
  const sending = (me: Sender) => ({
    staffId: me.id,
    now: now(),
    replyTo,
    applicantLinks,
    caps,
    company: options.company?.(),
  });

  return {
    /** The e-mail for an application's current stage, filled in, and whether it is still to send. */
    stageEmail: (reference: string) => stageEmailOffer(db, reference, options.company?.()),
    /** Sends the stage's e-mail as staff edited it. */
    async sendStageEmail(
      reference: string,
      email: { stage: string; subject: string; body: string },
      me: Sender,
    ) {
      const outcome = await sendStageEmail(db, { reference, ...email, ...sending(me) });
      // A refusal by a cap may have queued the administrators' e-mail.
      if (outcome.ok || "limited" in outcome) options.onQueued?.();
      return outcome;
    },
    /** A vacancy's applicants still at New or Contacted, and its "not this time" e-mail filled in. */
    waitingForVacancy: (vacancyReference: string) =>
      waitingForVacancy(db, vacancyReference, options.company?.()),
    /**
     * Sends the "not this time" e-mail to each ticked applicant and moves each to Unsuccessful; more
     * than a few at once only within the passkey confirmation's window.
     */
    async sendNotThisTime(
      vacancyReference: string,
      email: { references: readonly string[]; subject: string; body: string },
      me: ConfirmedSender,
    ) {
      const at = sending(me);
      const confirmed = at.now - me.confirmedAt < options.confirmationWindowMs;
      const outcome = await sendNotThisTime(db, { vacancyReference, ...email, ...at, confirmed });
      // Told some, or refused by a cap part-way (which may also have queued the administrators' e-mail).
      if (outcome.ok ? outcome.value.sent > 0 : "limited" in outcome) options.onQueued?.();
      return outcome;
    },
    /** The talent pool's members that match a search: one page, newest application first, with the count. */
    pool: (query: PoolQuery) => searchPool(db, query, now()),
  };
}

export type Recruitment = ReturnType<typeof createRecruitment>;
