/**
 * What the visit counts keep of a visit: where it came from and the class of device it was made on.
 * Nothing that identifies the visitor.
 */

/** The class of device a visit was made on, from its browser's user agent. */
export type Device = "phone" | "tablet" | "desktop";

/** Where a visit came from: the referring site's host and the landing page's campaign tags ("" for none). */
export type Source = {
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
};
