/**
 * How much one staff account may send. Every e-mail staff write to the person behind a lead goes from
 * the company's own address, which mail providers trust, so a stolen session must not be able to send
 * without limit, whichever screen it uses: replies, applicants' stage e-mails, a vacancy's "not this
 * time", and interviews' invitations, moves and cancellations all count against the same caps, one
 * count per recipient. The caps are counted from the database, so they hold however many server
 * processes run. When someone reaches one, the e-mail is refused with words saying which, and the
 * administrators are e-mailed once for that person and cap in each window.
 */

export type StaffLimitsConfig = {
  /** E-mails staff write to one lead's person, from anyone, in any 24 hours. */
  emailsPerLeadPerDay: number;
  /** E-mails one person writes, to any leads, in any hour. */
  emailsPerPersonPerHour: number;
  /** A "not this time" to more applicants than this asks for the passkey again first. */
  confirmNotThisTimeAbove: number;
};

export const staffLimits = {
  emailsPerLeadPerDay: 5,
  // Twice what replies alone were allowed, now that every kind of e-mail counts: a busy recruiter's
  // hour of invitations, stage e-mails and replies fits, and a vacancy that drew more applicants than
  // this is told "not this time" in batches (the page says how many may go now).
  emailsPerPersonPerHour: 100,
  confirmNotThisTimeAbove: 10,
} satisfies StaffLimitsConfig;
