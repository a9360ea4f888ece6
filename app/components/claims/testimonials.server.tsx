import { renderToStaticMarkup } from "react-dom/server";
import type { CaseStudy } from "#core/case-studies/model.ts";
import { caseStudiesPath } from "#core/case-studies/paths.ts";
import { type AttributedTestimonial, currentTestimonials } from "#core/case-studies/testimonials.ts";
import { Section } from "~/components/sections/section";
import { cardGrid } from "~/lib/card-grid";
import type { ClaimsPlace } from "~/lib/claims";
import { cn } from "~/lib/cn";
import { linkClass, ReviewsPolicyNote, TestimonialFigure } from "./case-study-parts";

/** How many testimonials the home page shows: the newest, whatever the service. */
const homeCount = 3;

/** The testimonials a place shows at `now`: the newest few on the home page, a service's own on its page. */
export function testimonialsFor(
  place: ClaimsPlace,
  now: number,
  from?: readonly CaseStudy[],
): AttributedTestimonial[] {
  const current = currentTestimonials(now, from);
  if (place.page === "service") {
    return current.filter((testimonial) => testimonial.caseStudy.services.includes(place.service));
  }
  return place.page === "home" ? current.slice(0, homeCount) : [];
}

function Testimonials({ items, intro }: { items: AttributedTestimonial[]; intro: string }) {
  const grid = cardGrid(items.length, 3);
  return (
    <Section id="testimonials" heading="What Our Clients Say" intro={intro} tone="sand">
      <ul className={grid.list}>
        {items.map((testimonial) => (
          <li key={testimonial.caseStudy.slug} className={cn("flex", grid.item)}>
            <TestimonialFigure
              testimonial={testimonial}
              caseStudy={testimonial.caseStudy}
              linkToCaseStudy
              className="w-full"
            />
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center">
        <a className={linkClass} href={caseStudiesPath}>
          Read our case studies
        </a>
      </p>
      <ReviewsPolicyNote />
    </Section>
  );
}

/**
 * The testimonials section of the home page or a service page, as markup made here (the page carries no
 * script for it), or "" when there is none to show: each named, with a role and a date, none older than
 * the configured age at `now`.
 */
export function testimonialsHtml(place: ClaimsPlace, now: number, from?: readonly CaseStudy[]): string {
  const items = testimonialsFor(place, now, from);
  if (items.length === 0) return "";
  const intro =
    place.page === "service"
      ? "In the words of the people we work for, about this service."
      : "In the words of the people we work for, each in their own name.";
  return renderToStaticMarkup(<Testimonials items={items} intro={intro} />);
}
