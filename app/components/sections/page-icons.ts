import {
  Award,
  Banknote,
  ClipboardCheck,
  Clock,
  FileCheck2,
  GraduationCap,
  HeartHandshake,
  Lightbulb,
  type LucideIcon,
  ShieldCheck,
  Sprout,
  Star,
  Users,
} from "lucide-react";
import type { AboutIcon } from "#core/content/about-page.ts";
import type { PageIcon } from "#core/content/careers-page.ts";
import type { ValueItem } from "~/content/types";

/** The icon drawn for each name a card of site content may choose (core/content/careers-page.ts, about-page.ts). */
export const pageIconComponents: Record<PageIcon | AboutIcon, LucideIcon> = {
  banknote: Banknote,
  "graduation-cap": GraduationCap,
  clock: Clock,
  "heart-handshake": HeartHandshake,
  users: Users,
  star: Star,
  sprout: Sprout,
  award: Award,
  "shield-check": ShieldCheck,
  lightbulb: Lightbulb,
  "clipboard-check": ClipboardCheck,
  "file-check": FileCheck2,
};

/** Cards of site content as the value grid draws them (a name no page knows, never saved, draws a star). */
export function valueItemsOf(cards: readonly { title: string; text: string; icon: string }[]): ValueItem[] {
  return cards.map((card) => ({
    icon: pageIconComponents[card.icon as PageIcon | AboutIcon] ?? Star,
    title: card.title,
    description: card.text,
  }));
}
