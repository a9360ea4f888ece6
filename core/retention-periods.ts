import type { Period } from "./config/retention.ts";

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The moment a period after `from` ends, counted in calendar units in UTC. A month or year that
 * lands past the end of a shorter month stops at its last day (31 August + 6 months = 28 or 29
 * February), so a period never runs into the month after.
 */
export function addPeriod(from: number, period: Period): number {
  if ("days" in period) return from + period.days * dayMs;
  const months = "months" in period ? period.months : period.years * 12;
  const start = new Date(from);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(start.getUTCDate(), lastDay);
  return Date.UTC(
    year,
    month,
    day,
    start.getUTCHours(),
    start.getUTCMinutes(),
    start.getUTCSeconds(),
    start.getUTCMilliseconds(),
  );
}

const words = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];

/** A period as running text: "six months", "12 months", "30 days", "one year" (words up to nine). */
export function describePeriod(period: Period): string {
  const [unit, amount] =
    "days" in period
      ? ["day", period.days]
      : "months" in period
        ? ["month", period.months]
        : ["year", period.years];
  const number = Number.isInteger(amount) && amount >= 0 && amount < 10 ? words[amount] : String(amount);
  return `${number} ${unit}${amount === 1 ? "" : "s"}`;
}
