/**
 * The applicant's e-mails about an interview: the invitation, the move, the cancellation (by staff, or
 * because they withdrew) and the reminder, each with the details in words, how to answer and (but for the
 * reminder) the calendar invitation. Kept apart from the commands that queue them, so the reminders' job
 * and the interviews' commands write the same words.
 */
import { site } from "#core/config/site.ts";
import { type CompanyFacts, shippedCompany } from "#core/content/company-facts.ts";
import { describeWhen, ukClock, ukDay } from "#core/time/london-time.ts";
import {
  type ApplicantLinks,
  applicantAction,
  applicantEnding,
  greeting,
  type QueuedMail,
} from "../delivery/emails.ts";
import type { Applicant } from "../tables/leads/applications.ts";
import { interviewCalendar } from "./calendar.ts";
import { detailLines, type InterviewFacts, whereForApplicant } from "./interview-words.ts";

/** The application an interview is for, as its e-mails need it. */
export type InterviewApplicant = Applicant;

/** What each of an interview's e-mails is for. */
type MailKind = "invited" | "moved" | "cancelled" | "cancelled-withdrawn" | "reminder";

/** Where the e-mails come back to, and the applicant's link for this moment. */
export type InterviewSending = {
  replyTo: string;
  links: ApplicantLinks;
  now: number;
  /** The company's facts published now (Site content), for the phone; the shipped ones when not given. */
  company?: CompanyFacts | undefined;
};

function forTheRole(applicant: InterviewApplicant): string {
  return applicant.vacancyTitle ? ` for the role of ${applicant.vacancyTitle}` : "";
}

function signOff(replyTo: string, phone: string): string {
  return `Kind regards,\nThe ${site.brand} team\n${phone} · ${replyTo}`;
}

/** How to answer, for the e-mails of an interview still to come. */
function howToAnswer(url: string, phone: string): string[] {
  return [
    `Please let us know whether you can come. Open your application's page and choose "I'll be there" or "I need another time" (with a word about what suits you):`,
    url,
    `You can also reply to this e-mail or call us on ${phone}.`,
  ];
}

/**
 * One e-mail about an interview to the applicant: the details in words and how to answer, with the
 * calendar invitation (none with the reminder), ending with their personal link.
 */
export function interviewMail(
  kind: MailKind,
  interview: InterviewFacts & { uid: string; sequence: number },
  applicant: InterviewApplicant,
  sending: InterviewSending,
  previous: InterviewFacts | null = null,
): QueuedMail {
  const link = sending.links(applicant, sending.now);
  const phone = (sending.company ?? shippedCompany).phone.display;
  const at = `${ukDay(interview.startsAt)} at ${ukClock(interview.startsAt)}`;
  const cancelled = kind === "cancelled" || kind === "cancelled-withdrawn";
  const subject = {
    invited: `Interview invitation: ${at} (${applicant.reference})`,
    moved: `Interview moved to ${at} (${applicant.reference})`,
    cancelled: `Interview cancelled: ${at} (${applicant.reference})`,
    "cancelled-withdrawn": `Interview cancelled: ${at} (${applicant.reference})`,
    reminder: `Reminder: your interview on ${at} (${applicant.reference})`,
  }[kind];
  const opening = {
    invited: `Thank you for applying to ${site.brand}${forTheRole(applicant)}. We would like to invite you to an interview:`,
    moved: `We have moved your interview${forTheRole(applicant)}${previous ? ` (it was on ${describeWhen(previous.startsAt, previous.minutes)})` : ""}. It is now:`,
    cancelled: `We are sorry: we have had to cancel your interview${forTheRole(applicant)}:`,
    "cancelled-withdrawn": `As you have withdrawn your application, we have cancelled your interview${forTheRole(applicant)}:`,
    reminder: `A reminder of your interview${forTheRole(applicant)}:`,
  }[kind];
  const calendarLine = {
    invited: "The calendar invitation with this e-mail adds the interview to your calendar.",
    moved: "The calendar invitation with this e-mail moves it in your calendar.",
    cancelled: "The calendar update with this e-mail takes it out of your calendar.",
    "cancelled-withdrawn": "The calendar update with this e-mail takes it out of your calendar.",
    reminder: null,
  }[kind];
  const after = cancelled
    ? kind === "cancelled"
      ? [`If you have any questions, reply to this e-mail or call us on ${phone}.`]
      : ["Thank you for letting us know, and good luck."]
    : kind === "reminder"
      ? [
          `If you can no longer come, please tell us as soon as you can: choose "I need another time" on your application's page, reply to this e-mail or call us on ${phone}.`,
          link.url,
        ]
      : howToAnswer(link.url, phone);
  const body = [
    greeting(applicant.firstName),
    "",
    opening,
    "",
    ...(cancelled
      ? [
          `When: ${describeWhen(interview.startsAt, interview.minutes)}`,
          `Where: ${whereForApplicant(interview)}`,
        ]
      : detailLines(interview)),
    "",
    ...(calendarLine ? [calendarLine, ""] : []),
    ...after,
    "",
    // The e-mails of an interview still to come gave the link above, to answer.
    applicantEnding(link, signOff(sending.replyTo, phone), !cancelled),
  ].join("\n");
  const calendar =
    kind === "reminder"
      ? null
      : interviewCalendar({
          ...interview,
          cancelled,
          vacancyTitle: applicant.vacancyTitle,
          organizer: sending.replyTo,
          applicant: { name: `${applicant.firstName} ${applicant.lastName}`, email: applicant.email },
          link: link.url,
          now: sending.now,
        });
  return {
    purpose: kind === "reminder" ? "interview-reminder" : "interview",
    to: applicant.email,
    replyTo: sending.replyTo,
    subject,
    body,
    action: applicantAction(
      link.url,
      kind === "invited" || kind === "moved" ? "Answer the invitation" : "See your application",
    ),
    calendar,
  };
}
