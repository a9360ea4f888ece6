import { Banknote, Clock, GraduationCap, HeartHandshake, Sprout, Star, Users } from "lucide-react";
import { site } from "#core/config/site.ts";
import hero from "~/assets/artwork/careers-hero.svg?raw";
import { svgArtwork } from "~/lib/inline-svg";
import type { PageMeta, ValueItem } from "./types";

export const careers = {
  meta: {
    title: "Careers",
    description:
      "Cleaning, security, housekeeping, warehouse and event stewarding jobs in Greater Manchester, with fair pay, training and flexible shifts.",
  } satisfies PageMeta,
  hero: {
    badge: "Careers",
    image: svgArtwork(hero),
    title: "Work With Us",
    intro: `Join a Manchester team that pays fairly, trains properly and treats people well. We are always looking for reliable cleaners, security officers, housekeepers, warehouse workers and event stewards, and we reply to every application within ${site.claims.replyWithin}.`,
  },
  whyJoin: {
    id: "why-join",
    heading: "Why Join Our Team",
    intro: "What you can expect when you work with us.",
    items: [
      {
        icon: Banknote,
        title: "Competitive Compensation",
        description: "Fair hourly rates, paid weekly and on time, with holiday pay and a workplace pension.",
      },
      {
        icon: GraduationCap,
        title: "Training & Development",
        description:
          "Paid induction and training, plus support towards licences and qualifications as you progress.",
      },
      {
        icon: Clock,
        title: "Flexible Working",
        description: "Day, evening, night and weekend shifts, full or part time, planned around your life.",
      },
      {
        icon: HeartHandshake,
        title: "Supportive Environment",
        description: "A supervisor you can reach on every shift and an office team that knows your name.",
      },
    ] satisfies ValueItem[],
  },
  values: {
    id: "our-values",
    heading: "Our Values",
    intro: "What we ask of each other, and what you can ask of us.",
    items: [
      {
        icon: Users,
        title: "People First",
        description: "We look after our staff, because people who are treated well look after our clients.",
      },
      {
        icon: Star,
        title: "Excellence",
        description: "We take pride in doing the job properly, on every shift, whoever is watching.",
      },
      {
        icon: Sprout,
        title: "Growth",
        description:
          "Many of our supervisors started on the front line. We help you go as far as you want to.",
      },
    ] satisfies ValueItem[],
  },
  application: {
    id: "application-form",
  },
};
