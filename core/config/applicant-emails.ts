/**
 * The e-mails the workspace offers staff to send an applicant: one for each stage that has one, and the
 * "not this time" e-mail for the applicants still waiting when a vacancy closes. Only the server and the
 * workspace's pages read this file (never a public page, whose script it would enlarge).
 *
 * A template's words may use these placeholders, filled in when staff open the e-mail to edit it:
 *   {firstName}        the applicant's first name
 *   {vacancyTitle}     the vacancy's title, or "a role with us" for a general application
 *   {vacancyReference} the vacancy's reference in brackets, or nothing for a general application
 *   {company}          the company's name (site.brand)
 *   {phone}            the company's phone number
 */
import type { ApplicationStatus } from "../leads/model.ts";

export type StageEmail = { subject: string; body: string };

/** The stages that offer an e-mail, in the order the lead page lists them. */
export type StageWithEmail = Extract<ApplicationStatus, "interview" | "unsuccessful" | "hired">;

export type ApplicantEmails = {
  /** One template per stage that offers an e-mail. Add a stage here and the lead page offers its e-mail. */
  stageEmails: Record<StageWithEmail, StageEmail>;
  /** The "not this time" e-mail offered to the applicants still waiting when a vacancy closes. */
  vacancyFilled: StageEmail;
};

export const applicantEmails = {
  stageEmails: {
    interview: {
      subject: "Your application for {vacancyTitle} {vacancyReference}: we would like to meet you",
      body: "Thank you for applying for {vacancyTitle} {vacancyReference}. We liked what we read and would like to meet you. We will send you an invitation with the day, the time and where to come; if you would rather talk first, call us on {phone}.",
    },
    unsuccessful: {
      subject: "Your application for {vacancyTitle} {vacancyReference}",
      body: "Thank you for applying for {vacancyTitle} {vacancyReference} and for the time you gave it. We have decided not to take your application further this time. This is no judgement on you as a person: we had more applicants than places. New roles open every week on our careers page, and you are welcome to apply again.",
    },
    hired: {
      subject: "Welcome to {company}",
      body: "Congratulations: following your application for {vacancyTitle} {vacancyReference}, we are delighted to offer you work with {company}. One of our team will call you to agree your start date and your first shift, and to go through your right-to-work documents and site induction. If you have any questions before then, call us on {phone}.",
    },
  },
  vacancyFilled: {
    subject: "{vacancyTitle} {vacancyReference} has been filled",
    body: "Thank you for applying for {vacancyTitle} {vacancyReference}. The role has now been filled, so we will not be taking your application for it further this time. New roles open every week on our careers page, and you are welcome to apply for any of them.",
  },
} satisfies ApplicantEmails;
