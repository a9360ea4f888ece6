/** Turns a short claim such as "48hr" into running text, "48 hours"; other text comes back unchanged. */
export function hoursText(claim: string): string {
  const match = /^(\d+)\s*(?:hr|hrs|hours?)$/i.exec(claim.trim());
  if (!match) return claim;
  return match[1] === "1" ? "1 hour" : `${match[1]} hours`;
}
