/** The name of the field people never see; only bots fill it in. Browser-safe: no zod here. */
export const honeypotField = "website";
