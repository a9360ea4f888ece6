/**
 * Applications that name a vacancy. One sent as the vacancy closed (a page left open, a slow upload) is
 * kept and marked so; after this many days the vacancy is too long gone for an application to name it,
 * and the form says to use the general application instead.
 */
export const vacancyApplications = {
  closedGraceDays: 7,
} satisfies { closedGraceDays: number };
