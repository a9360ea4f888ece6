import { data } from "react-router";
import { CareersForm } from "~/components/forms/careers-form";
import { SectionLink } from "~/components/sections/actions";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { ValueGrid } from "~/components/sections/value-grid";
import { careers } from "~/content/careers";
import { formResultSecretContext, refusedFormContext } from "~/lib/app-context";
import { formStart, refusedFor } from "~/lib/forms/form-result";
import { readFormResult } from "~/lib/forms/form-result.server";
import { issueFormToken } from "~/lib/forms/form-token.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/careers";

export function meta() {
  return pageMeta(careers.meta);
}

/** The banner to show after a form post without JavaScript (null on a normal visit). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const secret = context.get(formResultSecretContext);
  // A page rendered now carries its own time token; a prerendered one gets it as it is served.
  return {
    formResult: readFormResult(request, "careers", secret),
    formToken: issueFormToken("careers", secret),
  };
}

/**
 * A post of the form made without JavaScript that the lead handlers refused, handed on to this page so
 * it comes back with every typed value and each problem by its field (docs/decisions/009). Nothing else
 * posts here.
 */
export function action({ context }: Route.ActionArgs) {
  const refused = refusedFor("careers", context.get(refusedFormContext));
  if (!refused) throw data("This page does not accept posts.", { status: 405 });
  return data(refused, { status: refused.status });
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const start = formStart(loaderData.formResult, actionData, loaderData.formToken);
  return (
    <>
      <PageHero
        hero={careers.hero}
        image={careers.hero.image}
        gradient="from-navy-900 to-accent-800"
        actions={
          <>
            <SectionLink to={careers.application.id} variant="inverse">
              Apply Now
            </SectionLink>
            <SectionLink to={careers.whyJoin.id} variant="outlineInverse">
              Learn More
            </SectionLink>
          </>
        }
      />
      <Section id={careers.whyJoin.id} heading={careers.whyJoin.heading} intro={careers.whyJoin.intro}>
        <ValueGrid items={careers.whyJoin.items} columns={4} />
      </Section>
      <Section
        id={careers.values.id}
        heading={careers.values.heading}
        intro={careers.values.intro}
        tone="sand"
      >
        <ValueGrid items={careers.values.items} />
      </Section>
      <section id={careers.application.id} aria-label="Job application" className="bg-white py-16 sm:py-20">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <CareersForm start={start} anchor={careers.application.id} />
        </div>
      </section>
    </>
  );
}
