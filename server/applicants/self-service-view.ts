/**
 * What the applicant's own page shows (/your-application?link=…): the application in words, its stage,
 * the coming interview, the documents, the talent pool and what may still be done, read through the
 * signed link. Reads only: what the page does (each post from it) is in self-service.ts, which uses the
 * application's row and the rules read here, so the page and its actions agree on them.
 * The page never shows the CV's contents or the National Insurance number.
 */
import { type ApplicantStep, applicantStage, applicantStepsAt } from "#core/config/applicant-stages.ts";
import { retention } from "#core/config/retention.ts";
import { shippedCompany } from "#core/content/company-facts.ts";
import {
  type ApplicationStatus,
  documentLabel,
  fileSize,
  formatDate,
  type InterviewAnswer,
  type ScanStatus,
} from "#core/leads/model.ts";
import { addPeriod, describePeriod } from "#core/retention-periods.ts";
import { describeWhen } from "#core/time/london-time.ts";
import type { Queryable } from "../db/database.ts";
import { type ApplicantLink, readApplicantLink, referenceInLink } from "../protection/applicant-link.ts";
import { documentsForApplicant } from "../tables/documents.ts";
import { nextInterviewOf } from "../tables/interviews.ts";
import { type ApplicationRow, applicationOf } from "../tables/leads/applications.ts";
import { appliedFor } from "../tables/vacancies.ts";
import { whereForApplicant } from "./interview-words.ts";

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
  /** The steps of the way, the current one marked; null once withdrawn. */
  steps: ApplicantStep[] | null;
  interview: ApplicantInterview | null;
  documents: ApplicantDocument[];
  pool: { member: boolean; until: string | null; period: string };
  can: { withdraw: boolean; replaceCv: boolean };
  /** When this link stops working. */
  linkExpires: string;
};

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
  phone: string,
): Promise<ApplicantView> {
  const vacancy = application.vacancy_reference ? await appliedFor(db, application.vacancy_reference) : null;
  const documents = await documentsForApplicant(db, application.id);
  const interview = await nextInterviewOf(db, application.reference, now);
  const withdrawn = application.status === "withdrawn";
  const consent = application.keep_consent_at === null ? null : Number(application.keep_consent_at);
  return {
    reference: application.reference,
    firstName: application.first_name,
    vacancy: vacancy ? { title: vacancy.title, reference: vacancy.reference } : null,
    received: day(Number(application.created_at)),
    stage: applicantStage(application.status, phone),
    steps: applicantStepsAt(application.status),
    interview: interview
      ? {
          uid: interview.uid,
          when: describeWhen(interview.booking.startsAt, interview.booking.minutes),
          where: whereForApplicant(interview.booking),
          link:
            interview.booking.placeKind === "video" && /^https:\/\/[^\s]+$/.test(interview.booking.place)
              ? interview.booking.place
              : null,
          meetWith: interview.booking.meetWith,
          note: interview.booking.note,
          answer: interview.answer,
          answerMessage: interview.answerMessage,
          canAnswer: !withdrawn && interview.booking.startsAt > now,
        }
      : null,
    documents: documents.map((document) => ({
      label: documentLabel(document.field),
      fileName: document.fileName,
      size: fileSize(document.size),
      note: scanNotes[document.scan],
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
  /** The office phone as the company's details publish it now. */
  phone: string = shippedCompany.phone.display,
): Promise<ApplicantView | null> {
  const found = await linkedApplication(db, linkKey, token, now);
  if (!found || found.link.expired) return null;
  return applicantView(db, found.application, found.link.expiresAt, now, phone);
}

/**
 * A token read against the application its reference names now, with that application's row: null
 * for anything this server did not sign for that very application (server/protection/applicant-link.ts),
 * or when it has gone. `lock` as for applicationOf. An expired link is returned, saying so.
 */
export async function linkedApplication(
  db: Queryable,
  linkKey: Buffer,
  token: string | null | undefined,
  now: number,
  lock = "",
): Promise<{ link: ApplicantLink; application: ApplicationRow } | null> {
  const reference = referenceInLink(token);
  if (!reference) return null;
  const application = await applicationOf(db, reference, lock);
  if (!application) return null;
  const link = readApplicantLink(
    linkKey,
    token,
    { reference: application.reference, linkNonce: application.link_nonce },
    now,
  );
  return link ? { link, application } : null;
}
