import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { CtaBand } from "~/components/sections/cta-band";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { Stats } from "~/components/sections/stats";
import { ValueGrid } from "~/components/sections/value-grid";
import { ButtonLink } from "~/components/ui/button";
import { about } from "~/content/about";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";

export function meta() {
  return pageMeta(about.meta);
}

export default function About() {
  return (
    <>
      <PageHero
        hero={about.hero}
        actions={
          <ButtonLink to="/contact" variant="inverse">
            Talk to Our Team
          </ButtonLink>
        }
      >
        <ul className="mt-10 flex flex-col gap-3 sm:flex-row sm:gap-4">
          {about.hero.facts.map((fact) => (
            <li key={fact} className="rounded-xl px-4 py-3 font-semibold ring-1 ring-white/60">
              {fact}
            </li>
          ))}
        </ul>
      </PageHero>

      <Section id={about.story.id} heading={about.story.heading} centred={false}>
        <div className="grid gap-12 lg:grid-cols-3">
          <div className="space-y-5 text-lg text-navy-800 lg:col-span-2">
            {about.story.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>{paragraph}</p>
            ))}
          </div>
          <Stats items={about.stats} className="sm:grid-cols-2 lg:grid-cols-1" />
        </div>
      </Section>

      <Section id={about.promise.id} heading={about.promise.heading} tone="sand">
        <ValueGrid items={about.promise.items} />
      </Section>

      <Section id={about.whatWeDo.id} heading={about.whatWeDo.heading} intro={about.whatWeDo.intro}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {about.whatWeDo.cards.map((card) => {
            const Icon = card.icon;
            return (
              <li key={card.href}>
                <Link
                  to={card.href}
                  className="group flex h-full flex-col rounded-2xl border border-navy-100 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
                >
                  <span
                    className={cn(
                      "inline-flex size-12 items-center justify-center rounded-xl bg-linear-to-br text-white",
                      card.gradient,
                    )}
                  >
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <span className="mt-4 text-lg font-semibold text-navy-900 group-hover:underline">
                    {card.title}
                  </span>
                  <span className="mt-2 flex-1 text-navy-700">{card.description}</span>
                  <ArrowRight aria-hidden="true" className="mt-4 size-5 text-accent-700" />
                </Link>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section id={about.values.id} heading={about.values.heading} tone="sand">
        <ValueGrid items={about.values.items} columns={4} />
      </Section>

      <Section id={about.quality.id} heading={about.quality.heading} intro={about.quality.intro}>
        <ValueGrid items={about.quality.items} />
      </Section>

      <CtaBand cta={about.cta} />
    </>
  );
}
