/**
 * How much one staff account may send. Replies from the workspace go from the company's own address,
 * which mail providers trust, so a stolen session must not be able to send without limit. The caps are
 * counted from the database, so they hold however many server processes run. When someone reaches one,
 * the reply is refused with words saying which, and the administrators are e-mailed once for that
 * person and cap in each window.
 */

export type StaffLimitsConfig = {
  /** Replies to one lead, from anyone, in any 24 hours. */
  repliesPerLeadPerDay: number;
  /** Replies one person sends, to any leads, in any hour. */
  repliesPerPersonPerHour: number;
};

export const staffLimits = {
  repliesPerLeadPerDay: 5,
  repliesPerPersonPerHour: 50,
} satisfies StaffLimitsConfig;
