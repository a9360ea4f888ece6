/**
 * How long the company keeps what people send it. The purge (server/lifecycle/) deletes by these
 * rules and the privacy notice states them, both from this one file, so the two cannot disagree.
 * Change a period here and both follow.
 */

/** A length of time in whole calendar units: `{ months: 6 }` runs to the same date six months on. */
export type Period = { days: number } | { months: number } | { years: number };

export type RetentionConfig = {
  enquiries: {
    /** A client's enquiry (status Won): kept this long after the last activity on it, with client records. */
    won: Period;
    /** Any other enquiry: deleted this long after the last activity (received, status change, note, e-mail sent). */
    other: Period;
  };
  applications: {
    /** Deleted this long after the status was set to Unsuccessful. */
    unsuccessful: Period;
    /** Deleted this long after the status was set to Hired (the staff record lives elsewhere). */
    hired: Period;
    /** New, Contacted or Interview: deleted after this long with no activity. */
    inactive: Period;
    /** When the applicant agreed to be kept on file for future roles: kept at least this long after that. */
    futureRoles: Period;
  };
  /** Enquiries and applications marked as spam: deleted this long after they arrived. */
  spam: Period;
  /** Counts of visits and conversions (no personal data): kept this long, then deleted. */
  analyticsAggregates: Period;
  /**
   * How long the operator keeps database backups before they are overwritten. The backup tool
   * enforces this, not the site; it is here so the notice and the README state the same number.
   */
  backups: Period;
};

export const retention = {
  enquiries: {
    won: { years: 6 },
    other: { months: 12 },
  },
  applications: {
    unsuccessful: { months: 6 },
    hired: { months: 6 },
    inactive: { months: 12 },
    futureRoles: { months: 12 },
  },
  spam: { days: 30 },
  analyticsAggregates: { months: 25 },
  backups: { days: 30 },
} satisfies RetentionConfig;
