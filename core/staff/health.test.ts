// The Health page's decisions: each check fine up to its limit and needing someone past it, with the
// figure in words, and those that need someone first.
import { describe, expect, it } from "vitest";
import { type HealthCheck, type HealthFacts, healthChecks, healthLimits, span } from "./health.ts";

const now = Date.UTC(2027, 2, 1, 9, 0, 0);
const minute = 60 * 1000;
const hour = 60 * minute;

/** A healthy site: a backup at 02:30, a purge 20 minutes ago, nothing waiting, the disk half full. */
function healthy(overrides: Partial<HealthFacts> = {}): HealthFacts {
  return {
    now,
    backupAt: now - 6.5 * hour,
    purgeAt: now - 20 * minute,
    mail: { configured: true, waiting: 0, oldestWaitingSeconds: null, failed: 0 },
    formErrors: { contact: 0, careers: 0 },
    diskPercent: 48,
    ...overrides,
  };
}

function check(facts: HealthFacts, key: HealthCheck["key"]): HealthCheck {
  const found = healthChecks(facts).find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no ${key} check`);
  return found;
}

describe("healthChecks", () => {
  it("finds a healthy site fine throughout, each check with its figure and nothing to do", () => {
    const checks = healthChecks(healthy());
    expect(checks.map((c) => c.key)).toEqual(["backup", "mail", "failed", "forms", "purge", "disk"]);
    expect(checks.every((c) => c.state === "fine" && c.todo === null)).toBe(true);
    expect(check(healthy(), "backup").says).toBe("The last backup finished 6 hours ago.");
    expect(check(healthy(), "purge").says).toBe(
      "The retention purge last ran 20 minutes ago; it runs every hour.",
    );
    expect(check(healthy(), "mail").says).toBe("Nothing is waiting to be sent.");
    expect(check(healthy(), "disk").says).toBe("The server's disk is 48% full.");
  });

  it("needs someone once the last backup is older than 26 hours, or there has never been one", () => {
    const limit = healthLimits.backupHours * hour;
    expect(check(healthy({ backupAt: now - limit }), "backup").state).toBe("fine");
    const missed = check(healthy({ backupAt: now - limit - minute }), "backup");
    expect(missed.state).toBe("attention");
    expect(missed.says).toBe("The last backup finished 26 hours ago: the nightly backup has stopped.");
    expect(missed.todo).toContain("site-backup.timer");
    const never = check(healthy({ backupAt: null }), "backup");
    expect(never.state).toBe("attention");
    expect(never.says).toBe("No backup has been recorded.");
  });

  it("needs someone once the purge has not run for 2 hours", () => {
    expect(check(healthy({ purgeAt: now - 2 * hour }), "purge").state).toBe("fine");
    const stopped = check(healthy({ purgeAt: now - 5 * hour }), "purge");
    expect(stopped.state).toBe("attention");
    expect(stopped.says).toBe("The retention purge last ran 5 hours ago, though it runs every hour.");
    expect(stopped.todo).toContain("privacy notice");
    expect(check(healthy({ purgeAt: null }), "purge").state).toBe("attention");
  });

  it("needs someone when mail waits more than 15 minutes, or no mail server is set", () => {
    const waiting = (oldestWaitingSeconds: number) =>
      check(healthy({ mail: { configured: true, waiting: 3, oldestWaitingSeconds, failed: 0 } }), "mail");
    expect(waiting(healthLimits.mailWaitMinutes * 60).state).toBe("fine");
    expect(waiting(120).says).toBe("3 messages are waiting to be sent; the oldest for 2 minutes.");
    const stuck = waiting(3 * 60 * 60);
    expect(stuck.state).toBe("attention");
    expect(stuck.says).toBe("3 messages are waiting to be sent; the oldest for 3 hours.");
    expect(stuck.todo).toContain("SMTP");
    const unset = check(
      healthy({ mail: { configured: false, waiting: 1, oldestWaitingSeconds: 30, failed: 0 } }),
      "mail",
    );
    expect(unset.state).toBe("attention");
    expect(unset.says).toBe("E-mail is not set up: 1 message is waiting.");
  });

  it("needs someone for any message given up after every retry", () => {
    const failed = check(
      healthy({ mail: { configured: true, waiting: 0, oldestWaitingSeconds: null, failed: 2 } }),
      "failed",
    );
    expect(failed.state).toBe("attention");
    expect(failed.says).toBe("2 messages could not be delivered after every retry.");
    expect(failed.todo).toContain("Send again");
  });

  it("needs someone for any server error of either form in the last day, naming the form", () => {
    const errors = check(healthy({ formErrors: { contact: 2, careers: 1 } }), "forms");
    expect(errors.state).toBe("attention");
    expect(errors.says).toBe(
      "In the last 24 hours a visitor was turned away by an error on our side: the contact form 2 times, the application form 1 time.",
    );
    expect(check(healthy({ formErrors: { contact: 0, careers: 1 } }), "forms").says).not.toContain("contact");
  });

  it("needs someone when the disk is more than 85% full, and leaves the disk out when it cannot be read", () => {
    expect(check(healthy({ diskPercent: healthLimits.diskPercent }), "disk").state).toBe("fine");
    const full = check(healthy({ diskPercent: 91.4 }), "disk");
    expect(full.state).toBe("attention");
    expect(full.says).toBe("The server's disk is 91% full.");
    expect(healthChecks(healthy({ diskPercent: null })).map((c) => c.key)).not.toContain("disk");
  });

  it("lists what needs someone first, then what is fine, each in the usual order", () => {
    const checks = healthChecks(healthy({ purgeAt: null, backupAt: null, diskPercent: 99 }));
    expect(checks.map((c) => `${c.key}:${c.state}`)).toEqual([
      "backup:attention",
      "purge:attention",
      "disk:attention",
      "mail:fine",
      "failed:fine",
      "forms:fine",
    ]);
  });
});

describe("span", () => {
  it("says a span of time as people do", () => {
    expect(span(20 * 1000)).toBe("less than a minute");
    expect(span(minute)).toBe("1 minute");
    expect(span(59 * minute)).toBe("59 minutes");
    expect(span(hour)).toBe("1 hour");
    expect(span(47 * hour)).toBe("47 hours");
    expect(span(50 * hour)).toBe("2 days");
  });
});
