import {
  Banknote,
  Clock,
  GraduationCap,
  HeartHandshake,
  type LucideIcon,
  Sprout,
  Star,
  Users,
} from "lucide-react";
import type { PageCard, PageIcon } from "#core/content/careers-page.ts";
import type { ValueItem } from "~/content/types";

/** The icon drawn for each name a card of site content may choose (core/content/careers-page.ts). */
export const pageIconComponents: Record<PageIcon, LucideIcon> = {
  banknote: Banknote,
  "graduation-cap": GraduationCap,
  clock: Clock,
  "heart-handshake": HeartHandshake,
  users: Users,
  star: Star,
  sprout: Sprout,
};

/** Cards of site content as the value grid draws them. */
export function valueItemsOf(cards: readonly PageCard[]): ValueItem[] {
  return cards.map((card) => ({
    icon: pageIconComponents[card.icon],
    title: card.title,
    description: card.text,
  }));
}
