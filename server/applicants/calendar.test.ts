// The interview's iCalendar text as calendars read it: parsed back with node-ical (a real iCalendar
// parser), checked for what Google Calendar, Outlook and Apple Calendar need (CRLF lines folded at 75
// octets, PRODID, METHOD, a UTC DTSTAMP, UK times beside their TZID and its VTIMEZONE, a stable UID).
import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { site } from "#core/config/site.ts";
import { ukWallToInstant } from "#core/time/london-time.ts";
import { type CalendarInvitation, calendarUid, interviewCalendar } from "./calendar.ts";
import { officePlace } from "./interview-words.ts";

function ukTime(date: string, time: string): number {
  const result = ukWallToInstant(date, time);
  if (!result.ok) throw new Error(result.problem);
  return result.value;
}

const uid = "0b6f3c52-8d5e-4f57-9a51-5b8f1d2c7e90";

function invitation(overrides: Partial<CalendarInvitation> = {}): CalendarInvitation {
  return {
    uid,
    sequence: 0,
    cancelled: false,
    startsAt: ukTime("2027-03-26", "10:00"),
    minutes: 45,
    placeKind: "office",
    place: officePlace,
    meetWith: "Olive Hughes",
    note: "Please bring your passport or another proof of your right to work, and wear sturdy shoes: we will walk round the warehouse.",
    vacancyTitle: "Warehouse operative",
    organizer: "jobs@cottonopolis.example",
    applicant: { name: "Zoë Nowak", email: "zoe@example.co.uk" },
    link: "https://www.cottonopolis.example/your-application?link=APP-4M8R2T.abc.def",
    now: Date.parse("2027-03-01T12:00:00Z"),
    ...overrides,
  };
}

function eventOf(text: string): VEvent & { method?: string } {
  const event = Object.values(ical.sync.parseICS(text)).find((item) => item?.type === "VEVENT");
  if (!event) throw new Error("No event in the calendar");
  return event as VEvent & { method?: string };
}

describe("an interview's calendar invitation", () => {
  it("is well-formed iCalendar that names the company, the applicant and the office in UK time", () => {
    const text = interviewCalendar(invitation());
    // Every line ends CRLF, and none is longer than 75 octets (long ones are folded).
    expect(text.split("\r\n").every((line) => !line.includes("\n") && Buffer.byteLength(line) <= 75)).toBe(
      true,
    );
    expect(text).toMatch(
      /^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\nPRODID:-\/\/Cottonopolis Facilities\/\/Interviews\/\/EN\r\n/,
    );
    expect(text).toContain("\r\nMETHOD:REQUEST\r\n");
    expect(text).toContain("\r\nBEGIN:VTIMEZONE\r\nTZID:Europe/London\r\n");
    expect(text).toContain("\r\nDTSTART;TZID=Europe/London:20270326T100000\r\n");
    expect(text).toContain("\r\nDTEND;TZID=Europe/London:20270326T104500\r\n");
    expect(text).toContain("\r\nDTSTAMP:20270301T120000Z\r\n");
    expect(text).toContain("\r\nSTATUS:CONFIRMED\r\n");

    const event = eventOf(text);
    expect(event.uid).toBe(`${uid}@www.cottonopolis.example`);
    expect(event.uid).toBe(calendarUid(uid));
    expect(Number(event.sequence)).toBe(0);
    expect(event.method).toBe("REQUEST");
    expect(event.start.toISOString()).toBe("2027-03-26T10:00:00.000Z");
    expect(event.end?.toISOString()).toBe("2027-03-26T10:45:00.000Z");
    expect(event.summary).toBe("Interview with Cottonopolis Facilities: Warehouse operative");
    expect(event.location).toBe(`${site.brand}, ${officePlace}`);
    expect(event.description).toContain("When: Friday 26 March 2027, 10:00 to 10:45 (UK time)");
    expect(event.description).toContain("You will meet: Olive Hughes");
    expect(event.description).toContain("wear sturdy shoes");
    expect(event.description).toContain("https://www.cottonopolis.example/your-application?link=");
    expect(JSON.stringify(event.organizer)).toContain("mailto:jobs@cottonopolis.example");
    expect(JSON.stringify(event.organizer)).toContain(site.brand);
    expect(JSON.stringify(event.attendee)).toContain("zoe@example.co.uk");
    expect(JSON.stringify(event.attendee)).toContain("Zoë Nowak");
  });

  it("holds the right time on both sides of each clock change", () => {
    const cases = [
      ["2027-03-26", "10:00", "2027-03-26T10:00:00.000Z"],
      ["2027-03-29", "10:00", "2027-03-29T09:00:00.000Z"],
      ["2027-10-29", "10:00", "2027-10-29T09:00:00.000Z"],
      ["2027-11-01", "10:00", "2027-11-01T10:00:00.000Z"],
    ] as const;
    for (const [date, time, utc] of cases) {
      const text = interviewCalendar(invitation({ startsAt: ukTime(date, time) }));
      expect(text).toContain(`DTSTART;TZID=Europe/London:${date.replaceAll("-", "")}T100000\r\n`);
      expect(eventOf(text).start.toISOString(), date).toBe(utc);
    }
  });

  it("names the place as each kind of interview needs: another address, a phone call, a video link", () => {
    expect(
      eventOf(
        interviewCalendar(invitation({ placeKind: "address", place: "Unit 7, Trafford Park, M17 1AB" })),
      ).location,
    ).toBe("Unit 7, Trafford Park, M17 1AB");
    expect(
      eventOf(interviewCalendar(invitation({ placeKind: "phone", place: "07700 900123" }))).location,
    ).toBe("Phone call: 07700 900123");
    const video = eventOf(
      interviewCalendar(invitation({ placeKind: "video", place: "https://meet.example.com/abc-defg-hij" })),
    );
    expect(video.location).toBe("https://meet.example.com/abc-defg-hij");
    expect(JSON.stringify(video.url)).toContain("https://meet.example.com/abc-defg-hij");
  });

  it("cancels with METHOD:CANCEL and STATUS:CANCELLED under the same UID, with the SEQUENCE it is given", () => {
    const text = interviewCalendar(invitation({ cancelled: true, sequence: 2 }));
    expect(text).toContain("\r\nMETHOD:CANCEL\r\n");
    const event = eventOf(text);
    expect(event.uid).toBe(calendarUid(uid));
    expect(Number(event.sequence)).toBe(2);
    expect(event.status).toBe("CANCELLED");
    expect(event.method).toBe("CANCEL");
  });
});
