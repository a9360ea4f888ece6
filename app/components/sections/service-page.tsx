import { serviceList, servicePath } from "#core/config/service-list.ts";
import { quoteHref } from "#core/forms/quote-href.ts";
import { ButtonLink } from "~/components/ui/button-link";
import { ServerMarkup } from "~/components/ui/server-markup";
import type { ServicePageContent, ServiceSection } from "~/content/types";
import type { PageClaims } from "~/lib/claims";
import { ViewAllServicesLink } from "./actions";
import { CtaBand } from "./cta-band";
import { PageHero } from "./page-hero";
import { Section } from "./section";
import { Stats } from "./stats";
import { Steps } from "./steps";
import { TagList } from "./tag-list";
import { Tiers } from "./tiers";
import { ValueGrid } from "./value-grid";

function SectionBody({
  section,
  service,
  idPrefix,
}: {
  section: ServiceSection;
  service: string;
  idPrefix?: string;
}) {
  switch (section.kind) {
    case "cards":
      return (
        <ValueGrid
          items={section.items}
          columns={section.items.length === 4 ? (section.items[0]?.features ? 2 : 4) : 3}
        />
      );
    case "tags":
      return <TagList items={section.items} />;
    case "checklist":
      return <TagList items={section.items} variant="checklist" />;
    case "steps":
      return <Steps items={section.items} />;
    case "stats":
      return <Stats items={section.items} />;
    case "tiers":
      return <Tiers items={section.items} service={service} idPrefix={idPrefix} />;
  }
}

/** A service page's sections in order, each on its band (ids prefixed where a preview draws them twice). */
export function ServiceSections({
  sections,
  service,
  idPrefix = "",
}: {
  sections: ServiceSection[];
  service: string;
  idPrefix?: string;
}) {
  return sections.map((section, index) => (
    <Section
      key={section.id}
      id={`${idPrefix}${section.id}`}
      heading={section.heading}
      intro={section.intro}
      tone={index % 2 === 0 ? "white" : "sand"}
    >
      <SectionBody section={section} service={service} idPrefix={idPrefix} />
    </Section>
  ));
}

/** A whole service page from its content: hero, the sections in order, and the closing call to action. */
export function ServicePage({ content, claims }: { content: ServicePageContent; claims: PageClaims }) {
  // The value the contact form sends for this service, so Get Quote opens the form with it chosen.
  const service = serviceList.find((entry) => servicePath(entry) === content.card.href)?.enquiry ?? "";
  return (
    <>
      <PageHero
        hero={content.hero}
        gradient={content.card.gradient}
        image={content.image}
        actions={
          <>
            <ButtonLink to={service ? quoteHref(service) : "/contact"} variant="inverse">
              Get Quote
            </ButtonLink>
            <ViewAllServicesLink variant="outlineInverse">View All Services</ViewAllServicesLink>
          </>
        }
      />
      <ServiceSections sections={content.sections} service={service} />
      <ServerMarkup html={claims.accreditations} />
      <ServerMarkup html={claims.caseStudies} />
      <ServerMarkup html={claims.testimonials} />
      <CtaBand cta={content.cta} />
    </>
  );
}
