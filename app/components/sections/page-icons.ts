import {
  Award,
  BadgeCheck,
  Banknote,
  ClipboardCheck,
  Clock,
  FileCheck2,
  GraduationCap,
  Handshake,
  HeartHandshake,
  Lightbulb,
  type LucideIcon,
  MessageSquareText,
  ShieldCheck,
  Sprout,
  Star,
  Timer,
  Users,
} from "lucide-react";
import type { AboutIcon } from "#core/content/about-page.ts";
import type { PageIcon } from "#core/content/careers-page.ts";
import { type CompanyFacts, withCompanyFacts } from "#core/content/company-facts.ts";
import type { HomeIcon } from "#core/content/home-page.ts";
import type { ValueItem } from "~/content/types";

/** The icon drawn for each name a card of site content may choose (core/content/careers-page.ts, about-page.ts). */
export const pageIconComponents: Record<PageIcon | AboutIcon | HomeIcon, LucideIcon> = {
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
  "message-square-text": MessageSquareText,
  timer: Timer,
  handshake: Handshake,
  "badge-check": BadgeCheck,
};

/**
 * Cards of site content as the value grid draws them (a name no page knows, never saved, draws a star),
 * with the company's facts a card names ("{emergency}") put in when the facts are given.
 */
export function valueItemsOf(
  cards: readonly { title: string; text: string; icon: string }[],
  company?: Pick<CompanyFacts, "emergency" | "founded" | "areasServed">,
): ValueItem[] {
  return cards.map((card) => ({
    icon: pageIconComponents[card.icon as PageIcon | AboutIcon | HomeIcon] ?? Star,
    title: card.title,
    description: company ? withCompanyFacts(card.text, company) : card.text,
  }));
}
