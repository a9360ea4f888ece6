/**
 * The application form's fields, limits and file types: what the form in the browser needs, and none of
 * its words (core/forms/form-copy.ts). Kept apart from the schema (careers-schema.ts, which re-exports them) so the
 * careers pages' scripts do not carry zod, which only the server runs.
 */

/** Longest value each careers text field accepts; the form uses the same numbers. */
export const careersLimits = {
  firstName: 100,
  lastName: 100,
  email: 254,
  phone: 30,
  address: 500,
  niNumber: 20,
} as const;

/** The text fields of the application, as the wire contract names them. */
export const careersFields = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "address",
  "hasCarQuestion",
  "hasUKLicense",
  "rightToWork",
  "niNumber",
] as const;

/**
 * The field a vacancy's page adds to the form: the vacancy's reference (VAC-7K3Q9M). The general
 * application on /careers does not send it.
 */
export const vacancyField = "vacancy";

/** The two file fields, and the extensions each accepts. */
export const careersFiles = {
  resume: [".pdf", ".doc", ".docx"],
  otherDocuments: [".pdf", ".doc", ".docx", ".jpg", ".jpeg", ".png"],
} as const;

export type CareersFileField = keyof typeof careersFiles;
