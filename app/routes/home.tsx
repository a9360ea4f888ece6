import { withCompanyFacts } from "#core/content/company-facts.ts";
import { assurancePlaces, shippedHomePage } from "#core/content/home-page.ts";
import { SectionLink } from "~/components/sections/actions";
import { PageHero } from "~/components/sections/page-hero";
import { valueItemsOf } from "~/components/sections/page-icons";
import { Section } from "~/components/sections/section";
import { ServiceCards } from "~/components/sections/service-cards";
import { ValueGrid } from "~/components/sections/value-grid";
import { Trust } from "~/components/trust";
import { ButtonLink } from "~/components/ui/button-link";
import { ServerMarkup } from "~/components/ui/server-markup";
import { home } from "~/content/home";
import { withPublishedWords } from "~/content/services/cards";
import { pageClaims, publishedContent } from "~/lib/claims.server";
import { requestNow } from "~/lib/clock.server";
import { useCompany } from "~/lib/company";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

/** The title and description staff keep as the page's words; the shipped ones before the loader has run. */
export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.page.meta ?? shippedHomePage.meta);
}

/** The page's published words, and the claims a buyer can check judged now (see app/lib/claims.server.ts). */
export function loader({ request, context }: Route.LoaderArgs) {
  const content = publishedContent(context);
  return {
    page: content.homePage,
    // The service cards' words, as each service page's published version gives them.
    cards: withPublishedWords(home.services.cards, content.servicePages).map(({ description, features }) => ({
      description,
      features,
    })),
    claims: pageClaims({ page: "home" }, requestNow(request, context), content),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { claims, page, cards } = loaderData;
  const company = useCompany();
  return (
    <>
      <PageHero
        hero={{ badge: page.badge, title: page.hero.title, intro: page.hero.intro }}
        gradient="from-navy-900 to-accent-800"
        image={home.hero.image}
        actions={
          <>
            <ButtonLink to="/contact" variant="inverse">
              Get Started
            </ButtonLink>
            <SectionLink to={home.services.id} variant="outlineInverse">
              Our Services
            </SectionLink>
          </>
        }
      >
        <ul className="mt-10 grid gap-3 sm:grid-cols-2">
          {assurancePlaces.map((place) => {
            const Icon = home.hero.assuranceIcons[place];
            return (
              <li key={place} className="flex items-center gap-3 font-medium">
                <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-white/15">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {page.assurances[place]}
              </li>
            );
          })}
        </ul>
      </PageHero>
      <Section
        id={home.services.id}
        heading={page.sections.services.heading}
        intro={page.sections.services.intro}
        tone="sand"
      >
        <ServiceCards cards={home.services.cards.map((card, index) => ({ ...card, ...cards[index] }))} />
      </Section>
      <Section id={home.whyChoose.id} heading={page.whyChoose.heading} intro={page.whyChoose.intro}>
        <ValueGrid items={valueItemsOf(page.reasons, company)} />
      </Section>
      <Section
        id={home.trust.id}
        heading={page.sections.trust.heading}
        intro={withCompanyFacts(page.sections.trust.intro, company)}
        tone="sand"
      >
        <Trust insurance={company.insurance} areas={company.areasServed} />
      </Section>
      <ServerMarkup html={claims.accreditations} />
      <ServerMarkup html={claims.testimonials} />
    </>
  );
}
