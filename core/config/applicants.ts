/**
 * When the company hears from and writes to applicants: how long the link to their own page lasts, how
 * often a fresh one may be sent, when an interview's reminder goes and when the talent pool asks again.
 * The privacy notice reads this too. (The e-mails' words are in applicant-emails.ts.)
 */
export type ApplicantsConfig = {
  /** How long the link to an applicant's page works; every new e-mail carries a fresh one. */
  linkValidDays: number;
  /** How many fresh links one application may be sent in 24 hours, however often they are asked for. */
  freshLinksPerDay: number;
  /** How long before an interview its reminder goes. */
  interviewReminderHours: number;
  /** How many days before the talent pool's consent runs out the applicant is asked whether to stay. */
  poolAskDaysBefore: number;
  /** The longest interview staff can book, in minutes. */
  longestInterviewMinutes: number;
};

export const applicants = {
  linkValidDays: 90,
  freshLinksPerDay: 3,
  interviewReminderHours: 24,
  poolAskDaysBefore: 30,
  longestInterviewMinutes: 240,
} satisfies ApplicantsConfig;
