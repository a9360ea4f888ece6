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
    /** Deleted this long after the status was set to Unsuccessful or Withdrawn. */
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
  jobAlerts: {
    /** A job alert sign-up nobody confirmed: deleted this long after it was made. */
    unconfirmed: Period;
    /** A confirmed job alert: deleted this long after it was confirmed or last renewed. */
    unrenewed: Period;
  };
  /**
   * How long the operator keeps database backups before they are overwritten. The backup tool
   * enforces this, not the site; it is here so the notice and docs/privacy.md state the same number.
   */
  backups: Period;
};

export const retention = {
  enquiries: {
    won: { years: 6 },
    other: { months: 12 },
  },
  applications: {
    // As an employment agency and employment business, the company must keep its records about each
    // work-seeker for at least a year from when it made them or last supplied the person's services (the
    // Conduct of Employment Agencies and Employment Businesses Regulations 2003, regulation 29(3)). An
    // application is such a record, so one that ends, however it ends, is kept a year from that day.
    unsuccessful: { years: 1 },
    hired: { years: 1 },
    inactive: { months: 12 },
    futureRoles: { months: 12 },
  },
  spam: { days: 30 },
  analyticsAggregates: { months: 25 },
  jobAlerts: { unconfirmed: { days: 7 }, unrenewed: { months: 12 } },
  backups: { days: 30 },
} satisfies RetentionConfig;
