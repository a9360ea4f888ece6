/**
 * The pages whose words are site content, each with its form's shape, its schema, its icons' words and
 * its public address: what the workspace's page editor and the content service read by the page's key.
 */
import type { z } from "../forms/zod.ts";
import { aboutIconWords, aboutPageSchema, aboutShape } from "./about-page.ts";
import {
  careersListNames,
  careersLists,
  careersPageSchema,
  pageIcons,
  pageIconWords,
} from "./careers-page.ts";
import { homePageSchema, homeShape } from "./home-page.ts";
import type { ContentPage } from "./model.ts";
import type { PageShape } from "./page-words.ts";

/** The Careers page's form: its two lists of cards, no single texts. */
const careersShape: PageShape = {
  texts: [],
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

export const pageWords: Record<ContentPage, PageWordsSpec> = {
  careers: { shape: careersShape, schema: careersPageSchema, iconWords: pageIconWords, path: "/careers" },
  about: { shape: aboutShape, schema: aboutPageSchema, iconWords: aboutIconWords, path: "/about" },
  home: { shape: homeShape, schema: homePageSchema, iconWords: {}, path: "/" },
};
