import { shippedAboutPage } from "#core/content/about-page.ts";
import { withCompanyFacts } from "#core/content/company-facts.ts";
import { paragraphsOf } from "#core/content/page-words.ts";
import { CtaBand } from "~/components/sections/cta-band";
import { PageHero } from "~/components/sections/page-hero";
import { valueItemsOf } from "~/components/sections/page-icons";
import { Section } from "~/components/sections/section";
import { ServiceLinks } from "~/components/sections/service-cards";
import { Stats } from "~/components/sections/stats";
import { ValueGrid } from "~/components/sections/value-grid";
import { ButtonLink } from "~/components/ui/button-link";
import { ServerMarkup } from "~/components/ui/server-markup";
import { about } from "~/content/about";
import { withPublishedWords } from "~/content/services/cards";
import { pageClaims, publishedContent } from "~/lib/claims.server";
import { requestNow } from "~/lib/clock.server";
import { useCompany } from "~/lib/company";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/about";

/** The title and description staff keep as the page's words; the shipped ones before the loader has run. */
export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.page.meta ?? shippedAboutPage.meta);
}

/** The page's published words, and the claims a buyer can check judged now (see app/lib/claims.server.ts). */
export function loader({ request, context }: Route.LoaderArgs) {
  const content = publishedContent(context);
  return {
    page: content.aboutPage,
    // The service cards' descriptions, as each service page's published version gives them.
    cards: withPublishedWords(about.whatWeDo.cards, content.servicePages).map(
      ({ description }) => description,
    ),
    claims: pageClaims({ page: "about" }, requestNow(request, context), content),
  };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { claims, page, cards } = loaderData;
  // The founding date is the company's fact, kept in Company details; the years beside it are the page's.
  const company = useCompany();
  const facts = [page.facts.experience, `Founded ${company.founded}`];
  return (
    <>
      <PageHero
        hero={{ badge: page.badge, title: page.hero.title, intro: page.hero.intro }}
        image={about.hero.image}
        actions={
          <ButtonLink to="/contact" variant="inverse">
            Talk to Our Team
          </ButtonLink>
        }
      >
        <ul className="mt-10 flex flex-col gap-3 sm:flex-row sm:gap-4">
          {facts.map((fact) => (
            <li key={fact} className="rounded-xl px-4 py-3 font-semibold ring-1 ring-white/60">
              {fact}
            </li>
          ))}
        </ul>
      </PageHero>

      <Section id={about.story.id} heading={page.story.heading} centred={false}>
        <div className="grid gap-12 lg:grid-cols-3">
          <div className="space-y-5 text-lg text-navy-800 lg:col-span-2">
            {paragraphsOf(withCompanyFacts(page.story.text, company)).map((paragraph, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs are drawn once, in order
              <p key={index}>{paragraph}</p>
            ))}
          </div>
          <Stats
            items={[page.figures.first, page.figures.second]}
            className="sm:grid-cols-2 lg:grid-cols-1"
          />
        </div>
      </Section>

      <Section id={about.promise.id} heading={page.promiseHeading} tone="sand">
        <ValueGrid items={valueItemsOf(page.promise, company)} />
      </Section>

      <Section
        id={about.whatWeDo.id}
        heading={page.sections.whatWeDo.heading}
        intro={page.sections.whatWeDo.intro}
      >
        <ServiceLinks
          cards={about.whatWeDo.cards.map((card, index) => ({
            ...card,
            description: cards[index] ?? card.description,
          }))}
        />
      </Section>

      <Section id={about.values.id} heading={page.sections.values.heading} tone="sand">
        <ValueGrid items={valueItemsOf(page.values)} columns={4} />
      </Section>

      <Section
        id={about.quality.id}
        heading={page.sections.quality.heading}
        intro={page.sections.quality.intro}
      >
        <ValueGrid items={valueItemsOf(page.quality)} />
      </Section>
      <ServerMarkup html={claims.accreditations} />

      <CtaBand cta={page.cta} />
    </>
  );
}
