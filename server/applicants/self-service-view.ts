/**
 * What the applicant's own page shows (/your-application?link=…): the application in words, its stage,
 * the coming interview, the documents, the talent pool and what may still be done, read through the
 * signed link. Reads only: what the page does (each post from it) is in self-service.ts, which uses the
 * application's row and the rules read here, so the page and its actions agree on them.
 * The page never shows the CV's contents or the National Insurance number.
 */
import { applicantStages } from "#core/config/applicant-stages.ts";
import { retention } from "#core/config/retention.ts";
import {
  type ApplicationStatus,
  documentLabel,
  fileSize,
  formatDate,
  type InterviewAnswer,
  type InterviewPlaceKind,
  type ScanStatus,
} from "#core/leads/model.ts";
import { addPeriod, describePeriod } from "#core/retention-periods.ts";
import type { Queryable } from "../db/database.ts";
import { readApplicantLink } from "../protection/applicant-link.ts";
import { whereForApplicant } from "./interview-words.ts";
import { describeWhen } from "./london-time.ts";

/** A document as the applicant sees it: what it is, its name and size, and where it stands with the scanner. */
export type ApplicantDocument = { label: string; fileName: string; size: string; note: string | null };

/** The coming interview as the applicant sees it. */
export type ApplicantInterview = {
  uid: string;
  when: string;
  where: string;
  /** The video call's address, when it is one (https only), to be shown as a link. */
  link: string | null;
  meetWith: string;
  note: string;
  answer: InterviewAnswer | null;
  answerMessage: string | null;
  /** True while it is still to come: it can be answered. */
  canAnswer: boolean;
};

/** Everything the applicant's page shows. */
export type ApplicantView = {
  reference: string;
  firstName: string;
  /** The vacancy applied for, or null for a general application. */
  vacancy: { title: string; reference: string } | null;
  received: string;
  stage: { title: string; next: string };
  interview: ApplicantInterview | null;
  documents: ApplicantDocument[];
  pool: { member: boolean; until: string | null; period: string };
  can: { withdraw: boolean; replaceCv: boolean };
  /** When this link stops working. */
  linkExpires: string;
};

/** An application's row, as the page shows it and its actions change it. */
export type ApplicationRow = {
  id: number;
  reference: string;
  status: ApplicationStatus;
  first_name: string;
  last_name: string;
  email: string;
  created_at: number;
  vacancy_reference: string | null;
  keep_consent_at: number | null;
  owner_id: number | null;
};

/**
 * An application as the page needs it; `lock` (inside a change's transaction: `db.sql.lockRows`) holds
 * its row until the change commits, so two posts at once are made one after the other.
 */
export async function applicationOf(
  db: Queryable,
  reference: string,
  lock = "",
): Promise<ApplicationRow | null> {
  const [row] = await db.all<ApplicationRow>(
    `SELECT id, reference, status, first_name, last_name, email, created_at, vacancy_reference, keep_consent_at,
       owner_id
     FROM applications WHERE reference = ? ${lock}`,
    [reference],
  );
  return row ?? null;
}

/** The statuses from which the applicant may still withdraw (Spam reads as New to them). */
export const withdrawable = new Set<ApplicationStatus>(["new", "contacted", "interview", "spam"]);

/** How long the talent pool keeps someone from the day they agree or renew. */
const poolPeriod = retention.applications.futureRoles;

/** A day as the page says it: "3 March 2027". */
const day = (ms: number) => formatDate(ms);

/** The day a place in the talent pool taken (or renewed) at `from` runs out, in words. */
export function poolUntil(from: number): string {
  return day(addPeriod(from, poolPeriod));
}

const scanNotes: Record<ScanStatus, string | null> = {
  pending: "Being checked for viruses",
  clean: null,
  infected: "Removed: our virus scanner found a problem with it. Please send it again.",
  "not-scanned": null,
};

/** Everything the page shows of an application, as it is at `now`. */
async function applicantView(
  db: Queryable,
  application: ApplicationRow,
  expiresAt: number,
  now: number,
): Promise<ApplicantView> {
  const [vacancy] = application.vacancy_reference
    ? await db.all<{ title: string; reference: string }>(
        "SELECT title, reference FROM vacancies WHERE reference = ?",
        [application.vacancy_reference],
      )
    : [];
  const documents = await db.all<{
    field: string;
    file_name: string;
    size: number;
    scan_status: ScanStatus;
  }>("SELECT field, file_name, size, scan_status FROM documents WHERE application_id = ? ORDER BY id", [
    application.id,
  ]);
  const [interview] = await db.all<{
    uid: string;
    starts_at: number;
    minutes: number;
    place_kind: InterviewPlaceKind;
    place: string;
    meet_with: string;
    note: string;
    answer: InterviewAnswer | null;
    answer_message: string | null;
  }>(
    `SELECT uid, starts_at, minutes, place_kind, place, meet_with, note, answer, answer_message FROM interviews
     WHERE reference = ? AND status = 'scheduled' AND starts_at + minutes * 60000 > ?
     ORDER BY starts_at LIMIT 1`,
    [application.reference, now],
  );
  const withdrawn = application.status === "withdrawn";
  const consent = application.keep_consent_at === null ? null : Number(application.keep_consent_at);
  return {
    reference: application.reference,
    firstName: application.first_name,
    vacancy: vacancy ? { title: vacancy.title, reference: vacancy.reference } : null,
    received: day(Number(application.created_at)),
    stage: applicantStages[application.status],
    interview: interview
      ? {
          uid: interview.uid,
          when: describeWhen(Number(interview.starts_at), Number(interview.minutes)),
          where: whereForApplicant({ placeKind: interview.place_kind, place: interview.place }),
          link:
            interview.place_kind === "video" && /^https:\/\/[^\s]+$/.test(interview.place)
              ? interview.place
              : null,
          meetWith: interview.meet_with,
          note: interview.note,
          answer: interview.answer,
          answerMessage: interview.answer_message,
          canAnswer: !withdrawn && Number(interview.starts_at) > now,
        }
      : null,
    documents: documents.map((document) => ({
      label: documentLabel(document.field),
      fileName: document.file_name,
      size: fileSize(Number(document.size)),
      note: scanNotes[document.scan_status],
    })),
    pool: {
      member: consent !== null,
      until: consent === null ? null : poolUntil(consent),
      period: describePeriod(poolPeriod),
    },
    can: { withdraw: withdrawable.has(application.status), replaceCv: !withdrawn },
    linkExpires: day(expiresAt),
  };
}

/**
 * What the page shows for a link: the application in words, or null for any link that does not work
 * (wrong, altered, expired, or for an application that has gone), all alike.
 */
export async function readApplicantView(
  db: Queryable,
  linkKey: Buffer,
  token: string | null | undefined,
  now: number,
): Promise<ApplicantView | null> {
  const link = readApplicantLink(linkKey, token, now);
  if (!link || link.expired) return null;
  const application = await applicationOf(db, link.reference);
  return application ? applicantView(db, application, link.expiresAt, now) : null;
}
