/**
 * The pages whose words are site content, each with its form's shape, its schema, its icons' words and
 * its public address: what the workspace's page editor and the content service read by the page's key.
 */

import { serviceList, servicePath } from "../config/service-list.ts";
import type { z } from "../forms/zod.ts";
import { aboutIconWords, aboutPageSchema, aboutShape } from "./about-page.ts";
import {
  careersListNames,
  careersLists,
  careersPageSchema,
  careersTexts,
  pageIcons,
  pageIconWords,
} from "./careers-page.ts";
import { contactPageSchema, contactShape } from "./contact-page.ts";
import { homeIconWords, homePageSchema, homeShape } from "./home-page.ts";
import { alwaysApprovedPages, type ContentKind, type ContentPage, needsApproval } from "./model.ts";
import type { PageShape } from "./page-words.ts";
import { privacyPageSchema, privacyShape } from "./privacy-page.ts";
import {
  type ServicePageKey,
  serviceIconWords,
  servicePageKeys,
  serviceSchema,
  serviceShape,
  serviceStructures,
} from "./service-pages.ts";
import { chromeShape, siteChromeSchema } from "./site-chrome.ts";

/** The Careers page's form: its search result, hero and sections' texts, and its two lists of cards. */
const careersShape: PageShape = {
  texts: careersTexts,
  lists: careersListNames.map((list) => ({
    list,
    ...careersLists[list],
    columns: list === "benefits" ? 4 : 3,
  })),
  icons: pageIcons,
};

/** What the editor needs to know of a page whose words are content. */
export type PageWordsSpec = {
  shape: PageShape;
  schema: z.ZodType;
  iconWords: Record<string, string>;
  /** The page's public address, which its search result shows. */
  path: string;
};

/** Each service page's words, shaped by its structure (./service-pages.ts). */
const servicePageWords = {} as Record<ServicePageKey, PageWordsSpec>;
for (const service of serviceList) {
  const structure = serviceStructures[service.key];
  servicePageWords[servicePageKeys[service.key]] = {
    shape: serviceShape(structure),
    schema: serviceSchema(structure),
    iconWords: serviceIconWords,
    path: servicePath(service),
  };
}

export const pageWords: Record<ContentPage, PageWordsSpec> = {
  careers: { shape: careersShape, schema: careersPageSchema, iconWords: pageIconWords, path: "/careers" },
  about: { shape: aboutShape, schema: aboutPageSchema, iconWords: aboutIconWords, path: "/about" },
  home: { shape: homeShape, schema: homePageSchema, iconWords: homeIconWords, path: "/" },
  ...servicePageWords,
  contact: { shape: contactShape, schema: contactPageSchema, iconWords: {}, path: "/contact" },
  // On every page: the editor shows no search result for it (it has no title of its own).
  "site-chrome": { shape: chromeShape, schema: siteChromeSchema, iconWords: {}, path: "/" },
  privacy: { shape: privacyShape, schema: privacyPageSchema, iconWords: {}, path: "/privacy" },
};

/**
 * Whether a new version of an item goes live only with a second person's approval (model.ts's
 * `needsApproval`), with a page judged by its own shape's claims. Without a change, whether it may.
 */
export function needsApprovalOf(
  kind: ContentKind,
  key: string,
  change?: { before: unknown; after: unknown },
): boolean {
  if (kind === "page" && alwaysApprovedPages.has(key)) return true;
  return needsApproval(kind, change, kind === "page" ? pageWords[key as ContentPage] : undefined);
}
