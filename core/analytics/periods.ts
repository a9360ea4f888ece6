/** The periods the analytics report offers, in days ending today. */
export const reportPeriods = [7, 30, 90] as const;
export type ReportPeriod = (typeof reportPeriods)[number];

/** The period shown when none is asked for. */
export const defaultPeriod: ReportPeriod = 30;

/** The period a `days` query value asks for, or null when it is not one of the offered ones. */
export function periodFrom(value: string | null): ReportPeriod | null {
  return reportPeriods.find((period) => String(period) === value) ?? null;
}
