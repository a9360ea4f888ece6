/**
 * An interview as an iCalendar invitation (RFC 5545, with the iTIP methods of RFC 5546), written by
 * ical-generator: METHOD:REQUEST for the invitation and each update, METHOD:CANCEL for the cancellation,
 * all with one UID and a SEQUENCE that rises with each change, so Google Calendar, Outlook and Apple
 * Calendar put it in, move it and take it out again. Times are in Europe/London with its VTIMEZONE
 * (from timezones-ical-library), so a calendar in any zone shows the office's time correctly.
 */
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
  type ICalTemporalPlainDateTimeStub,
  type ICalTemporalZonedDateTimeStub,
} from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { site } from "#core/config/site.ts";
import { ukTimeZone, ukWallParts, type Wall } from "#core/time/london-time.ts";
import { calendarLocation, calendarSummary, detailLines, type InterviewFacts } from "./interview-words.ts";

/** Everything one version of an interview's invitation says. */
export type CalendarInvitation = InterviewFacts & {
  /** The interview's own id (interviews.uid); the calendar's UID adds the site's domain. */
  uid: string;
  sequence: number;
  /** An invitation or update, or the cancellation. */
  cancelled: boolean;
  vacancyTitle: string | null;
  /** The company's recruitment inbox: the ORGANIZER. */
  organizer: string;
  applicant: { name: string; email: string };
  /** The applicant's own page, where they answer. */
  link: string;
  /** When this version was made: its DTSTAMP. */
  now: number;
};

/**
 * The UID of an interview's calendar entry: its id at the site's domain. The configured site address
 * gives the domain (not PUBLIC_URL, which may change), so every update finds the same entry.
 */
export function calendarUid(uid: string): string {
  return `${uid}@${new URL(site.siteUrl).hostname}`;
}

function utcWall(ms: number): Wall {
  const date = new Date(ms);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * A moment in a zone, in the shape of Temporal's ZonedDateTime, which ical-generator writes as the zone's
 * wall time beside its TZID. (Given a plain Date with a TZID, it would write the server process's own
 * wall time; Node 24 has no Temporal yet, so Intl supplies the wall clock.) Only UK time and UTC are asked for.
 */
function zoned(ms: number, zone: string): ICalTemporalZonedDateTimeStub {
  if (zone !== ukTimeZone && zone !== "UTC") throw new Error(`No wall clock for the zone ${zone}`);
  const wall = zone === "UTC" ? utcWall(ms) : ukWallParts(ms);
  const date = `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
  const local = `${date}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
  const instant = new Date(ms).toISOString();
  const plain: ICalTemporalPlainDateTimeStub = {
    ...wall,
    toJSON: () => local,
    toString: () => local,
    toPlainDate: () => ({
      year: wall.year,
      month: wall.month,
      day: wall.day,
      toJSON: () => date,
      toString: () => date,
    }),
    toZonedDateTime: (other) => zoned(ms, other),
  };
  return {
    ...wall,
    timeZoneId: zone,
    toInstant: () => ({
      epochMilliseconds: ms,
      toJSON: () => instant,
      toString: () => instant,
      toZonedDateTimeISO: (other) => zoned(ms, other),
    }),
    toPlainDateTime: () => plain,
    withTimeZone: (other) => zoned(ms, other),
    toJSON: () => `${local}[${zone}]`,
    toString: () => `${local}[${zone}]`,
  };
}

/** The VTIMEZONE block of a zone, for the calendar to read the times beside it by. */
function vtimezone(zone: string): string | null {
  const block = tzlib_get_ical_block(zone);
  return Array.isArray(block) ? (block[0] ?? null) : null;
}

/** The iCalendar text of one version of an interview's invitation (or its cancellation). */
export function interviewCalendar(invitation: CalendarInvitation): string {
  const calendar = ical({
    prodId: { company: site.brand, product: "Interviews", language: "EN" },
    method: invitation.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  // No calendar-wide zone name: with one, ical-generator would write DTSTAMP as a wall time, and RFC
  // 5545 wants it in UTC. The event's own zone still brings its VTIMEZONE through the generator.
  calendar.timezone({ name: null, generator: vtimezone });
  const description = [
    ...detailLines(invitation),
    "",
    invitation.cancelled
      ? "This interview is cancelled."
      : "Please tell us whether you can come (I'll be there, or I need another time) on your application's page:",
    invitation.link,
  ].join("\n");
  const event = calendar.createEvent({
    id: calendarUid(invitation.uid),
    sequence: invitation.sequence,
    stamp: new Date(invitation.now),
    start: zoned(invitation.startsAt, ukTimeZone),
    end: zoned(invitation.startsAt + invitation.minutes * 60_000, ukTimeZone),
    timezone: ukTimeZone,
    summary: calendarSummary(invitation.vacancyTitle),
    location: calendarLocation(invitation),
    description,
    status: invitation.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: site.brand, email: invitation.organizer },
    attendees: [
      {
        name: invitation.applicant.name,
        email: invitation.applicant.email,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
      },
    ],
  });
  if (invitation.placeKind === "video") event.url(invitation.place);
  return calendar.toString();
}
