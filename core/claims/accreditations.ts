/**
 * The rules an accreditation is shown by: current through the whole of its last day in London and gone
 * from the start of the next, only with a link to its register, and the warnings staff get before one runs
 * out. Pure, with `now` passed in, so the pages, the server's freshness check, the workspace and the tests
 * judge the same moment the same way.
 */
import { type Accreditation, accreditations, registers } from "../config/accreditations.ts";
import type { ServiceKey } from "../config/service-list.ts";
import { endOfClosingDate, formatClosingDate, londonDate } from "../vacancies/model.ts";

/** How long before an accreditation runs out the workspace first warns, and when it warns urgently, in days. */
export const renewalWarningDays = { first: 60, urgent: 14 } as const;

const dayMs = 24 * 60 * 60 * 1000;

/** The moment an accreditation stops being shown: the start of the London day after its last day. */
export function accreditationLapsesAt(accreditation: Pick<Accreditation, "validUntil">): number {
  return endOfClosingDate(accreditation.validUntil).ms + 1;
}

/**
 * True when the accreditation's check link is https to its register's listed host. The type asks for an
 * https link; this holds for the host, which the type cannot check, so a page never shows an
 * accreditation a buyer could not check on its own register.
 */
export function hasRegisterLink(accreditation: Pick<Accreditation, "register" | "checkUrl">): boolean {
  const register = registers[accreditation.register];
  if (!register) return false;
  try {
    const url = new URL(accreditation.checkUrl);
    return url.protocol === "https:" && url.host === register.host;
  } catch {
    return false;
  }
}

/** The accreditations current at `now`, each with its register's link, in the order the config lists them. */
export function currentAccreditations(
  now: number,
  from: readonly Accreditation[] = accreditations,
): Accreditation[] {
  return from.filter((item) => hasRegisterLink(item) && now < accreditationLapsesAt(item));
}

/** Those current at `now` that bear on a service: its page shows them. */
export function accreditationsFor(
  service: ServiceKey,
  now: number,
  from: readonly Accreditation[] = accreditations,
): Accreditation[] {
  return currentAccreditations(now, from).filter((item) => item.services.includes(service));
}

/** "3 March 2027": an accreditation's last day as people read it. */
export function formatValidUntil(accreditation: Pick<Accreditation, "validUntil">): string {
  return formatClosingDate(accreditation.validUntil);
}

/** A renewal the workspace warns of: the accreditation, how many London days are left, and how urgent. */
export type RenewalWarning = {
  accreditation: Accreditation;
  daysLeft: number;
  urgent: boolean;
  text: string;
};

/** Whole London calendar days from `now`'s day to the accreditation's last day (0 on the day itself). */
function daysLeft(accreditation: Pick<Accreditation, "validUntil">, now: number): number {
  const [from, to] = [londonDate(now), accreditation.validUntil].map((day) => Date.parse(`${day}T00:00:00Z`));
  return Math.round(((to ?? 0) - (from ?? 0)) / dayMs);
}

/**
 * The current accreditations that run out within 60 days of `now` (urgent within 14), soonest first, each
 * with the sentence the workspace and the morning summary show.
 */
export function renewalWarnings(
  now: number,
  from: readonly Accreditation[] = accreditations,
): RenewalWarning[] {
  return currentAccreditations(now, from)
    .map((accreditation) => ({ accreditation, daysLeft: daysLeft(accreditation, now) }))
    .filter(({ daysLeft }) => daysLeft <= renewalWarningDays.first)
    .sort((a, b) => a.daysLeft - b.daysLeft)
    .map(({ accreditation, daysLeft }) => {
      const when = daysLeft === 0 ? "today" : daysLeft === 1 ? "tomorrow" : `in ${daysLeft} days`;
      return {
        accreditation,
        daysLeft,
        urgent: daysLeft <= renewalWarningDays.urgent,
        text: `${accreditation.scheme} runs out on ${formatValidUntil(accreditation)}, ${when}: renew it and update the site's list.`,
      };
    });
}

/** Every moment a listed accreditation stops being shown, earliest first. */
export function accreditationLapseTimes(from: readonly Accreditation[] = accreditations): number[] {
  return from.map(accreditationLapsesAt).sort((a, b) => a - b);
}
