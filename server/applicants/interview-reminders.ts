/**
 * The reminder an applicant gets before their interview (interviewReminderHours before it), checked every
 * minute in each process. One process at a time does the work (the "interview-reminders" lease), and each
 * reminder is in any case queued at most once: the interview's `reminder_sent_at` is set by one
 * conditional UPDATE in the transaction that queues the e-mail, so two processes or a restart cannot send
 * it twice. Never for a cancelled or past interview, nor for one whose invitation or last update itself
 * went out inside that time (it was set then: the invitation is the reminder).
 */
import { applicants } from "#core/config/applicants.ts";
import type { CompanyFacts } from "#core/content/company-facts.ts";
import type { Database } from "../db/database.ts";
import type { ApplicantLinks } from "../delivery/emails.ts";
import { enqueueEmail } from "../delivery/outbox.ts";
import { createLeasedJob, type LeasedJob } from "../jobs/leased-job.ts";
import type { Logger } from "../observability/logger.ts";
import { markReminded, remindersDue } from "../tables/interviews.ts";
import { interviewMail } from "./interview-mail.ts";

/** How often the reminders due are looked for. */
export const reminderPollMs = 60_000;

/** The reminders' job: started and stopped with the server; `runOnce` resolves with how many it queued. */
export type InterviewReminders = LeasedJob;

/** Queues every reminder due at `now`; resolves to how many were queued. */
export async function queueInterviewReminders(
  db: Database,
  options: { now: number; links: ApplicantLinks; replyTo: string; company?: CompanyFacts | undefined },
): Promise<number> {
  const { now } = options;
  const before = applicants.interviewReminderHours * 60 * 60 * 1000;
  // Scheduled, still to come, inside the reminder's time, not yet reminded; never for spam or an
  // application the applicant withdrew.
  const due = await remindersDue(db, now, now + before);
  let queued = 0;
  for (const { interview, applicant } of due) {
    queued += await db.transaction(async (tx) => {
      if (!(await markReminded(tx, interview.uid, now))) return 0;
      const mail = interviewMail(
        "reminder",
        { uid: interview.uid, sequence: interview.sequence, ...interview.booking },
        applicant,
        { replyTo: options.replyTo, links: options.links, now, company: options.company },
      );
      await enqueueEmail(tx, interview.reference, mail, now);
      return 1;
    });
  }
  return queued;
}

/** The reminders' job: a poller that takes the lease, queues what is due and wakes the delivery queue. */
export function createInterviewReminders(options: {
  db: Database;
  logger: Logger;
  /** The applicant's personal link, which the reminder carries. */
  applicantLinks: ApplicantLinks;
  /** The recruitment inbox: the reminder's Reply-To. */
  replyTo: string;
  /** The company's facts published now (Site content), for the phone in the reminders. */
  company?: () => CompanyFacts;
  pollMs?: number;
  /** The clock; tests move it. */
  clock?: () => number;
  /** Called when reminders were queued, so the delivery queue sends them at once. */
  onQueued?: () => void;
}): InterviewReminders {
  const { db, logger, applicantLinks, replyTo, pollMs = reminderPollMs, clock, onQueued } = options;
  return createLeasedJob({
    db,
    logger,
    name: "interview-reminders",
    pollMs,
    clock,
    onQueued,
    work: (now) =>
      queueInterviewReminders(db, { now, links: applicantLinks, replyTo, company: options.company?.() }),
    failure: "interview reminders run failed; the next run tries again",
    logMessage: "interview reminders queued",
  });
}
