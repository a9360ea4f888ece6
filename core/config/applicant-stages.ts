/**
 * What an applicant's own page says of each stage their application can be at: a short title and what
 * happens next, in the company's voice. The server reads it and hands the page the words, so the page's
 * script carries none of them. Spam reads as New: the applicant is never told their application was
 * taken for spam (a mistaken mark is put right by staff).
 */
import type { ApplicationStatus } from "../leads/model.ts";
import { site } from "./site.ts";

/** A stage as the applicant reads it; `{phone}` in its words is the office phone as published now. */
export type ApplicantStage = { title: string; next: string };

const received: ApplicantStage = {
  title: "Received",
  next: `We have your application and one of our team will read it and be in touch, usually within ${site.claims.replyWithin}. You don't need to do anything meanwhile.`,
};

export const applicantStages = {
  new: received,
  contacted: {
    title: "Being reviewed",
    next: "We have been in touch and are matching your application with the roles we have. We will contact you about the next step, whether that is an interview or a role to suit you.",
  },
  interview: {
    title: "Interview",
    next: "We would like to meet you. If we have booked a time, it is shown below: please let us know whether you can make it.",
  },
  hired: {
    title: "Offered a role",
    next: `Welcome to ${site.brand}. We will be in touch about your start date, training and paperwork. Questions meanwhile? Call us on {phone}.`,
  },
  unsuccessful: {
    title: "Not successful this time",
    next: "We have decided not to take this application further. Thank you for your interest. If you stay in our talent pool, we may contact you about future roles.",
  },
  withdrawn: {
    title: "Withdrawn",
    next: "You withdrew this application, so we will not take it further. You are welcome to apply again at any time.",
  },
  spam: received,
} satisfies Record<ApplicationStatus, ApplicantStage>;

/** The stage as the applicant reads it, with the office phone as the company's details publish it now. */
export function applicantStage(status: ApplicationStatus, phone: string): ApplicantStage {
  const stage = applicantStages[status];
  return { ...stage, next: stage.next.replaceAll("{phone}", phone) };
}

/** A step of the way an application goes, as the applicant's page lists them, and where it is on it. */
export type ApplicantStep = { title: string; state: "past" | "current" | "to-come" };

/** The steps every application goes through, in order. */
const stepTitles = ["Received", "Being read", "Interview", "Decision"] as const;

/** The step each stage is at: its index in the steps, or null for one that has left them (withdrawn). */
const stepOf = {
  new: 0,
  spam: 0,
  contacted: 1,
  interview: 2,
  hired: 3,
  unsuccessful: 3,
  withdrawn: null,
} satisfies Record<ApplicationStatus, number | null>;

/** The steps as they stand for an application at `status`, or null when it has left them (withdrawn). */
export function applicantStepsAt(status: ApplicationStatus): ApplicantStep[] | null {
  const at = stepOf[status];
  if (at === null) return null;
  return stepTitles.map((title, index) => ({
    title,
    state: index < at ? "past" : index === at ? "current" : "to-come",
  }));
}
