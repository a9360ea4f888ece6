/**
 * The owner of the `lead_sources` table: one row is the source of the visit a lead was sent in (the
 * referring site's host, the campaign tags, the page the visit landed on and the page the form was sent
 * from), kept by the lead's reference. A lead whose sender asked not to be tracked has none.
 */
import type { Source } from "#core/analytics/visit.ts";
import type { Queryable } from "../db/database.ts";

/** The visit a lead was sent in, as the lead keeps it: its source, landing page and sending page. */
export type LeadSource = Source & { landingPage: string; sentFrom: string };

/** Gives a lead the source of its visit, inside the caller's transaction; a second one is ignored. */
export async function keepLeadSource(tx: Queryable, reference: string, source: LeadSource): Promise<void> {
  await tx.run(
    `INSERT INTO lead_sources (reference, referrer_host, utm_source, utm_medium, utm_campaign,
           landing_page, sent_from)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (reference) DO NOTHING`,
    [
      reference,
      source.referrerHost,
      source.utmSource,
      source.utmMedium,
      source.utmCampaign,
      source.landingPage,
      source.sentFrom,
    ],
  );
}

/** Deletes a lead's source, inside the deletion's transaction. */
export async function deleteLeadSource(tx: Queryable, reference: string): Promise<void> {
  await tx.run("DELETE FROM lead_sources WHERE reference = ?", [reference]);
}
