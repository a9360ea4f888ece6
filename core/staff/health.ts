/**
 * The site's health in words, for the workspace's Health page: each check fine, or needing someone
 * today, with the figure behind it. The limits are those of the monitoring machine's alerts
 * (deploy/monitoring/alerts.yml; tests/monitoring.test.ts holds the two to the same figures), so a
 * company without an operator reads here what an operator would be e-mailed about.
 */

/** Past these, a check needs someone today. */
export const healthLimits = {
  /** The backup runs nightly: a day and two hours without one means one was missed. */
  backupHours: 26,
  /** The retention purge runs hourly: two hours without one means it has stopped. */
  purgeHours: 2,
  /** Mail is sent within seconds: a message waiting this long is not leaving. */
  mailWaitMinutes: 15,
  /** The disk the site writes to, in per cent used. */
  diskPercent: 85,
} as const;

/** What the site knows of itself when the page is drawn. */
export type HealthFacts = {
  now: number;
  /** When the last backup finished well (ms), or null for never. */
  backupAt: number | null;
  /** When the retention purge last ran to the end (ms), or null for never. */
  purgeAt: number | null;
  mail: {
    /** Whether a mail server (SMTP) is set at all. */
    configured: boolean;
    /** Messages (e-mails and webhooks) waiting to be delivered. */
    waiting: number;
    oldestWaitingSeconds: number | null;
    /** Messages given up after every attempt. */
    failed: number;
  };
  /** Each form's answers that were server errors (5xx) in the last 24 hours. */
  formErrors: { contact: number; careers: number };
  /** How full the disk of the site's data folder is, in per cent; null when it could not be read. */
  diskPercent: number | null;
};

export type HealthState = "fine" | "attention";

/** One check as the page shows it. */
export type HealthCheck = {
  key: "backup" | "purge" | "mail" | "failed" | "forms" | "disk";
  /** What is checked, as a heading. */
  name: string;
  state: HealthState;
  /** What the site sees, with the figure. */
  says: string;
  /** What to do about it; only when it needs someone. */
  todo: string | null;
};

const minute = 60 * 1000;
const hour = 60 * minute;

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** A span of time as people say it: "less than a minute", "20 minutes", "3 hours", "2 days". */
export function span(ms: number): string {
  if (ms < minute) return "less than a minute";
  if (ms < hour) return plural(Math.floor(ms / minute), "minute");
  if (ms < 48 * hour) return plural(Math.floor(ms / hour), "hour");
  return plural(Math.floor(ms / (24 * hour)), "day");
}

/** Whoever installed the site and keeps its server running: the guides call them the operator. */
const operator = "whoever looks after the server";

function backup(facts: HealthFacts): HealthCheck {
  const name = "Backups";
  if (facts.backupAt === null)
    return {
      key: "backup",
      name,
      state: "attention",
      says: "No backup has been recorded.",
      todo: `Ask ${operator} to set up the nightly backup (site-backup.timer) and run one now: until then, losing the database would lose every lead.`,
    };
  const age = facts.now - facts.backupAt;
  if (age <= healthLimits.backupHours * hour)
    return {
      key: "backup",
      name,
      state: "fine",
      says: `The last backup finished ${span(age)} ago.`,
      todo: null,
    };
  return {
    key: "backup",
    name,
    state: "attention",
    says: `The last backup finished ${span(age)} ago: the nightly backup has stopped.`,
    todo: `Ask ${operator} to check the nightly backup (site-backup.timer and its log): until it runs again, nothing from the last ${span(age)} is in any backup.`,
  };
}

function purge(facts: HealthFacts): HealthCheck {
  const name = "Deleting old personal data";
  const todo = `Personal data may be kept longer than the privacy notice says. Ask ${operator} to look for "retention purge" in the site's log.`;
  if (facts.purgeAt === null)
    return { key: "purge", name, state: "attention", says: "The retention purge has not run yet.", todo };
  const age = facts.now - facts.purgeAt;
  if (age <= healthLimits.purgeHours * hour)
    return {
      key: "purge",
      name,
      state: "fine",
      says: `The retention purge last ran ${span(age)} ago; it runs every hour.`,
      todo: null,
    };
  return {
    key: "purge",
    name,
    state: "attention",
    says: `The retention purge last ran ${span(age)} ago, though it runs every hour.`,
    todo,
  };
}

function mail(facts: HealthFacts): HealthCheck {
  const name = "E-mail leaving the site";
  const { configured, waiting, oldestWaitingSeconds } = facts.mail;
  const waitingWords = plural(waiting, "message is", "messages are");
  if (!configured)
    return {
      key: "mail",
      name,
      state: "attention",
      says: `E-mail is not set up: ${waiting === 0 ? "no messages are waiting yet" : `${waitingWords} waiting`}.`,
      todo: `Ask ${operator} to give the site a mail server (SMTP_URL): until then nobody is e-mailed about new leads, and nobody who writes in gets an acknowledgement.`,
    };
  if (waiting === 0 || oldestWaitingSeconds === null)
    return { key: "mail", name, state: "fine", says: "Nothing is waiting to be sent.", todo: null };
  const age = oldestWaitingSeconds * 1000;
  if (age <= healthLimits.mailWaitMinutes * minute)
    return {
      key: "mail",
      name,
      state: "fine",
      says: `${waitingWords} waiting to be sent; the oldest for ${span(age)}.`,
      todo: null,
    };
  return {
    key: "mail",
    name,
    state: "attention",
    says: `${waitingWords} waiting to be sent; the oldest for ${span(age)}.`,
    todo: `Mail is not leaving: the mail server may be refusing the site (a changed password?) or out of reach. Ask ${operator} to check the SMTP settings and the site's log. Nothing is lost: the messages go once it is fixed.`,
  };
}

function failed(facts: HealthFacts): HealthCheck {
  const name = "Messages given up";
  const { failed: count } = facts.mail;
  if (count === 0)
    return {
      key: "failed",
      name,
      state: "fine",
      says: "No message has been given up after every retry.",
      todo: null,
    };
  return {
    key: "failed",
    name,
    state: "attention",
    says: `${plural(count, "message")} could not be delivered after every retry.`,
    todo: "Open each lead named at the top of the page, see why, and use Send again once the problem is fixed.",
  };
}

function forms(facts: HealthFacts): HealthCheck {
  const name = "The forms";
  const { contact, careers } = facts.formErrors;
  if (contact === 0 && careers === 0)
    return {
      key: "forms",
      name,
      state: "fine",
      says: "No enquiry or application has failed on our side in the last 24 hours.",
      todo: null,
    };
  const parts = [
    contact > 0 ? `the contact form ${plural(contact, "time")}` : null,
    careers > 0 ? `the application form ${plural(careers, "time")}` : null,
  ].filter((part) => part !== null);
  return {
    key: "forms",
    name,
    state: "attention",
    says: `In the last 24 hours a visitor was turned away by an error on our side: ${parts.join(", ")}.`,
    todo: `They were asked to try again or to call. Ask ${operator} to look for the errors in the site's log.`,
  };
}

function disk(facts: HealthFacts): HealthCheck | null {
  if (facts.diskPercent === null) return null;
  const name = "Disk space";
  const percent = Math.round(facts.diskPercent);
  if (facts.diskPercent <= healthLimits.diskPercent)
    return { key: "disk", name, state: "fine", says: `The server's disk is ${percent}% full.`, todo: null };
  return {
    key: "disk",
    name,
    state: "attention",
    says: `The server's disk is ${percent}% full.`,
    todo: `Ask ${operator} to free space or grow the disk before it fills: a full disk stops the site taking leads.`,
  };
}

/** Every check, those that need someone first, each group in the page's usual order. */
export function healthChecks(facts: HealthFacts): HealthCheck[] {
  const checks = [backup(facts), mail(facts), failed(facts), forms(facts), purge(facts), disk(facts)].filter(
    (check) => check !== null,
  );
  return [
    ...checks.filter((check) => check.state === "attention"),
    ...checks.filter((check) => check.state === "fine"),
  ];
}
