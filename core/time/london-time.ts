/**
 * Interviews are booked, and site content scheduled, in the office's own time, Europe/London, and stored
 * as instants. This turns the
 * form's wall date and time into an instant and back, with the clock changes in mind: a time in the hour
 * the clocks go forward does not exist and is refused in words; a time in the hour that happens twice in
 * the autumn is the first of the two (still summer time). Intl knows the rules, so no dependency is needed.
 */

/** The zone interviews are booked, written and sent in. */
export const ukTimeZone = "Europe/London";

const minute = 60_000;
const day = 24 * 60 * minute;

const wallParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: ukTimeZone,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

const longDay = new Intl.DateTimeFormat("en-GB", {
  timeZone: ukTimeZone,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

const shortDay = new Intl.DateTimeFormat("en-GB", {
  timeZone: ukTimeZone,
  weekday: "short",
  day: "numeric",
  month: "short",
});

/** A day as people write it, "Tuesday 30 March 2027", whatever punctuation the locale's data adds. */
function dayInWords(format: Intl.DateTimeFormat, ms: number): string {
  const parts = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, part.value]));
  return [parts.weekday, parts.day, parts.month, parts.year].filter(Boolean).join(" ");
}

/** A moment's wall clock: year, month (1-12), day, hour, minute, second. */
export type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** A moment's UK wall clock, in numbers. */
export function ukWallParts(ms: number): Wall {
  const parts = Object.fromEntries(wallParts.formatToParts(ms).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far UK time is ahead of UTC at a moment, in ms (0 in winter, an hour in summer). */
function offsetAt(ms: number): number {
  const wall = ukWallParts(ms);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

const two = (n: number) => String(n).padStart(2, "0");

/** A wall date as the date input sends it ("2027-03-30"), checked to be a real day. */
function parseDate(date: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!match) return null;
  const [year, month, dayOfMonth] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, dayOfMonth));
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== dayOfMonth
  ) {
    return null;
  }
  return { year, month, day: dayOfMonth };
}

/** A wall time as the time input sends it ("10:00", or "10:00:00" with a step under a minute). */
function parseTime(time: string): { hour: number; minute: number } | null {
  const match = /^(\d{2}):(\d{2})(?::00(?:\.0+)?)?$/.exec(time.trim());
  if (!match) return null;
  const [hour, minuteOfHour] = [Number(match[1]), Number(match[2])];
  if (hour > 23 || minuteOfHour > 59) return null;
  return { hour, minute: minuteOfHour };
}

/**
 * The instant of a UK wall date and time ("2027-03-30", "10:00"). Refused in words when either cannot be
 * read, or when the time does not exist that day (the clocks went forward over it); of a time that
 * happens twice (the clocks went back over it), the first.
 */
export function ukWallToInstant(
  date: string,
  time: string,
): { ok: true; value: number } | { ok: false; field: "date" | "time"; problem: string } {
  const d = parseDate(date);
  if (!d) {
    return {
      ok: false,
      field: "date",
      problem: "Choose the interview's date from the calendar, such as 30/03/2027.",
    };
  }
  const t = parseTime(time);
  if (!t) return { ok: false, field: "time", problem: "Choose the interview's start time, such as 10:00." };
  const naive = Date.UTC(d.year, d.month - 1, d.day, t.hour, t.minute);
  // The offsets in force a day either side cover both sides of any change that day.
  const offsets = [...new Set([offsetAt(naive - day), offsetAt(naive + day)])];
  const matches = offsets
    .map((offset) => naive - offset)
    .filter((candidate) => {
      const wall = ukWallParts(candidate);
      return (
        wall.year === d.year &&
        wall.month === d.month &&
        wall.day === d.day &&
        wall.hour === t.hour &&
        wall.minute === t.minute
      );
    })
    .sort((a, b) => a - b);
  const first = matches[0];
  if (first === undefined) {
    return {
      ok: false,
      field: "time",
      problem: `There is no ${two(t.hour)}:${two(t.minute)} on ${dayInWords(longDay, naive - (offsets[0] ?? 0))} in the UK: the clocks go forward an hour that night. Choose another time.`,
    };
  }
  return { ok: true, value: first };
}

/**
 * Whether the UK's clocks change between two moments: "forward" in spring, "back" in autumn, or null.
 * An interview across a change would read oddly in words ("01:30 to 01:15") and its end, written as a
 * wall time, could name the wrong one of the two 01:15s.
 */
export function ukClockChangeBetween(start: number, end: number): "forward" | "back" | null {
  const [before, after] = [offsetAt(start), offsetAt(end)];
  if (after > before) return "forward";
  if (after < before) return "back";
  return null;
}

/** A moment as the form's date and time inputs take it, in UK time: { date: "2027-03-30", time: "10:00" }. */
export function ukWall(ms: number): { date: string; time: string } {
  const wall = ukWallParts(ms);
  return {
    date: `${wall.year}-${two(wall.month)}-${two(wall.day)}`,
    time: `${two(wall.hour)}:${two(wall.minute)}`,
  };
}

/** A moment's UK clock time: "10:00". */
export function ukClock(ms: number): string {
  return ukWall(ms).time;
}

/** A moment's UK day in words: "Tuesday 30 March 2027". */
export function ukDay(ms: number): string {
  return dayInWords(longDay, ms);
}

/** A moment's UK day, short: "Tue 30 Mar". */
export function ukShortDay(ms: number): string {
  return dayInWords(shortDay, ms);
}

/**
 * When an interview is, in words: "Tuesday 30 March 2027, 10:00 to 10:45 (UK time)", naming the end's day
 * too when it runs past midnight.
 */
export function describeWhen(startsAt: number, minutes: number): string {
  const endsAt = startsAt + minutes * minute;
  const sameDay = ukWall(startsAt).date === ukWall(endsAt).date;
  const end = sameDay ? ukClock(endsAt) : `${ukClock(endsAt)} on ${ukDay(endsAt)}`;
  return `${ukDay(startsAt)}, ${ukClock(startsAt)} to ${end} (UK time)`;
}

/** The start of the UK day `days` after the one `ms` falls in (0: that day's own start). */
export function ukDayStart(ms: number, days = 0): number {
  const wall = ukWallParts(ms);
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  const start = ukWallToInstant(
    `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`,
    "00:00",
  );
  // Midnight always exists in the UK (the clocks change at 01:00 and 02:00); the fallback never runs.
  return start.ok ? start.value : Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** The start of the UK week (Monday) after the one `ms` falls in: where "this week" ends. */
export function ukNextMonday(ms: number): number {
  const wall = ukWallParts(ms);
  // 0 for Monday ... 6 for Sunday.
  const weekday = (new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay() + 6) % 7;
  return ukDayStart(ms, 7 - weekday);
}
