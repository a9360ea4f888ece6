// The shipped service pages' words read it too (core/content/service-words.ts).
export { hoursText } from "#core/claims/hours-text.ts";

/**
 * Splits a service card's features into the bullets shown and the number left over,
 * which the card announces as "+N more services".
 */
export function visibleFeatures(features: readonly string[], limit: number) {
  const count = Math.max(0, Math.floor(limit));
  return { shown: features.slice(0, count), more: Math.max(0, features.length - count) };
}

/** The price of a tier as a visitor reads it: "from £16/hour", or the price text alone ("Custom pricing"). */
export function tierPrice(tier: { price: string; unit?: string }): string {
  return tier.unit ? `from ${tier.price}${tier.unit}` : tier.price;
}
