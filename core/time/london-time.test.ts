// UK wall time to instants and back, on both sides of each clock change of 2027 (the clocks go forward at
// 01:00 on Sunday 28 March and back at 02:00 on Sunday 31 October).
import { describe, expect, it } from "vitest";
import {
  describeWhen,
  ukDayStart,
  ukNextMonday,
  ukShortDay,
  ukWall,
  ukWallToInstant,
} from "./london-time.ts";

const at = (date: string, time: string) => {
  const result = ukWallToInstant(date, time);
  if (!result.ok) throw new Error(result.problem);
  return new Date(result.value).toISOString();
};

describe("UK wall time", () => {
  it("reads a wall time as GMT in winter and as BST in summer, on both sides of each change", () => {
    expect(at("2027-03-26", "10:00")).toBe("2027-03-26T10:00:00.000Z");
    expect(at("2027-03-29", "10:00")).toBe("2027-03-29T09:00:00.000Z");
    expect(at("2027-03-28", "00:59")).toBe("2027-03-28T00:59:00.000Z");
    expect(at("2027-03-28", "02:00")).toBe("2027-03-28T01:00:00.000Z");
    expect(at("2027-10-29", "10:00")).toBe("2027-10-29T09:00:00.000Z");
    expect(at("2027-11-01", "10:00")).toBe("2027-11-01T10:00:00.000Z");
    // The time input may send seconds.
    expect(at("2027-11-01", "10:00:00")).toBe("2027-11-01T10:00:00.000Z");
  });

  it("refuses a time the clocks skip, in words, and takes the first of a time that happens twice", () => {
    expect(ukWallToInstant("2027-03-28", "01:30")).toEqual({
      ok: false,
      field: "time",
      problem:
        "There is no 01:30 on Sunday 28 March 2027 in the UK: the clocks go forward an hour that night. Choose another time.",
    });
    // 01:30 comes twice on 31 October: first in BST (00:30 UTC), then in GMT (01:30 UTC).
    expect(at("2027-10-31", "01:30")).toBe("2027-10-31T00:30:00.000Z");
    expect(at("2027-10-31", "02:00")).toBe("2027-10-31T02:00:00.000Z");
  });

  it("refuses what is not a date or a time, naming which", () => {
    expect(ukWallToInstant("2027-02-30", "10:00")).toMatchObject({ ok: false, field: "date" });
    expect(ukWallToInstant("30/03/2027", "10:00")).toMatchObject({ ok: false, field: "date" });
    expect(ukWallToInstant("", "10:00")).toMatchObject({ ok: false, field: "date" });
    expect(ukWallToInstant("2027-03-30", "24:00")).toMatchObject({ ok: false, field: "time" });
    expect(ukWallToInstant("2027-03-30", "10am")).toMatchObject({ ok: false, field: "time" });
  });

  it("writes an interview's time in words, and back as the form's inputs take it", () => {
    const start = Date.parse("2027-03-30T09:00:00Z");
    expect(describeWhen(start, 45)).toBe("Tuesday 30 March 2027, 10:00 to 10:45 (UK time)");
    expect(describeWhen(Date.parse("2027-01-05T23:30:00Z"), 60)).toBe(
      "Tuesday 5 January 2027, 23:30 to 00:30 on Wednesday 6 January 2027 (UK time)",
    );
    expect(ukWall(start)).toEqual({ date: "2027-03-30", time: "10:00" });
    expect(ukShortDay(start)).toBe("Tue 30 Mar");
  });

  it("finds the UK day's start and the end of the UK week, across a clock change", () => {
    // 23:30 UTC on Saturday 27 March 2027 is still Saturday in the UK (GMT).
    const saturdayNight = Date.parse("2027-03-27T23:30:00Z");
    expect(new Date(ukDayStart(saturdayNight)).toISOString()).toBe("2027-03-27T00:00:00.000Z");
    expect(new Date(ukDayStart(saturdayNight, 1)).toISOString()).toBe("2027-03-28T00:00:00.000Z");
    expect(new Date(ukDayStart(saturdayNight, 2)).toISOString()).toBe("2027-03-28T23:00:00.000Z");
    // 23:30 UTC on Sunday 28 March is already Monday 00:30 in the UK (BST): a new week.
    expect(new Date(ukNextMonday(Date.parse("2027-03-28T22:30:00Z"))).toISOString()).toBe(
      "2027-03-28T23:00:00.000Z",
    );
    expect(new Date(ukNextMonday(Date.parse("2027-03-28T23:30:00Z"))).toISOString()).toBe(
      "2027-04-04T23:00:00.000Z",
    );
  });
});
