import { renderToStaticMarkup } from "react-dom/server";
import { monthText } from "#core/case-studies/index.ts";
import type { CaseStudy } from "#core/case-studies/model.ts";
import { caseStudiesPath } from "#core/case-studies/paths.ts";
import { isShowable } from "#core/case-studies/testimonials.ts";
import type { Picture } from "#core/pictures/model.ts";
import { LibraryPicture } from "~/components/ui/library-picture";
import { cardGrid } from "~/lib/card-grid";
import {
  CaseStudyCard,
  clientText,
  linkClass,
  ReviewsPolicyNote,
  SampleMark,
  ServiceLink,
  TestimonialFigure,
} from "./case-study-parts";

/** The list's cards, as markup made here, so the list's page carries no script for them. */
export function caseStudyListHtml(
  items: readonly CaseStudy[],
  pictures: Readonly<Record<string, Picture>> = {},
): string {
  const grid = cardGrid(items.length, 3);
  return renderToStaticMarkup(
    <ul className={grid.list}>
      {items.map((caseStudy) => (
        <li key={caseStudy.slug} className={grid.item}>
          <CaseStudyCard caseStudy={caseStudy} headingLevel={2} photo={leadPhoto(caseStudy, pictures)} />
        </li>
      ))}
    </ul>,
  );
}

/** A case study's photos that the library holds, in its order: the lead photo first. */
function photosOf(caseStudy: CaseStudy, pictures: Readonly<Record<string, Picture>>): Picture[] {
  return (caseStudy.photos ?? []).flatMap((id) => (pictures[id] ? [pictures[id]] : []));
}

/** The lead photo, when the case study has one with alt text (a decorative one is never the lead). */
function leadPhoto(caseStudy: CaseStudy, pictures: Readonly<Record<string, Picture>>): Picture | undefined {
  const [lead] = photosOf(caseStudy, pictures);
  return lead && !lead.decorative ? lead : undefined;
}

function Facts({ caseStudy }: { caseStudy: CaseStudy }) {
  const facts: [string, React.ReactNode][] = [
    [caseStudy.client.namedWithPermission ? "Client" : "Client's sector", clientText(caseStudy)],
    ["Site", caseStudy.site.kind],
    ["Size", caseStudy.site.size],
    ["Hours", caseStudy.site.hours],
    [
      caseStudy.services.length > 1 ? "Services" : "Service",
      caseStudy.services.map((service, index) => (
        <span key={service}>
          {index > 0 && " and "}
          <ServiceLink service={service} />
        </span>
      )),
    ],
    [
      "Work began",
      <time key="started" dateTime={caseStudy.started}>
        {monthText(caseStudy.started)}
      </time>,
    ],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-4 rounded-2xl bg-sand-50 p-6 sm:grid-cols-2">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt className="text-sm font-semibold text-navy-700">{term}</dt>
          <dd className="mt-1 text-navy-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Story({
  caseStudy,
  now,
  pictures,
}: {
  caseStudy: CaseStudy;
  now: number;
  pictures: Readonly<Record<string, Picture>>;
}) {
  const lead = leadPhoto(caseStudy, pictures);
  const gallery = photosOf(caseStudy, pictures).filter((picture) => picture !== lead);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      {lead && (
        // The largest thing near the top: fetched first, never lazily, so it does not slow the page's paint.
        <figure className="mb-10 overflow-hidden rounded-2xl bg-sand-50">
          <LibraryPicture
            picture={lead}
            priority
            sizes="(min-width: 48rem) 46rem, calc(100vw - 2rem)"
            className="aspect-[3/2] object-cover"
          />
        </figure>
      )}
      {caseStudy.sample && (
        <p className="mb-8 rounded-xl bg-amber-50 p-4 text-navy-900 ring-1 ring-amber-200">
          <SampleMark /> This is an example that shows how our case studies are set out; it is not an account
          of a real client's site.
        </p>
      )}
      <Facts caseStudy={caseStudy} />
      <section aria-labelledby="problem" className="mt-12">
        <h2 id="problem" className="text-2xl font-bold text-navy-900">
          The problem
        </h2>
        {caseStudy.problem.map((text) => (
          <p key={text} className="mt-4 text-lg text-navy-800">
            {text}
          </p>
        ))}
      </section>
      <section aria-labelledby="approach" className="mt-12">
        <h2 id="approach" className="text-2xl font-bold text-navy-900">
          What we did
        </h2>
        {caseStudy.approach.map((text) => (
          <p key={text} className="mt-4 text-lg text-navy-800">
            {text}
          </p>
        ))}
      </section>
      <section aria-labelledby="results" className="mt-12">
        <h2 id="results" className="text-2xl font-bold text-navy-900">
          The results
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {caseStudy.results.map((result) => (
            <li key={result.measure} className="rounded-2xl bg-navy-900 px-5 py-6 text-white">
              <span className="block text-3xl font-extrabold tracking-tight">{result.figure}</span>{" "}
              <span className="mt-2 block text-navy-100">{result.measure}</span>
            </li>
          ))}
        </ul>
      </section>
      {gallery.length > 0 && (
        <section aria-labelledby="photos" className="mt-12">
          <h2 id="photos" className="text-2xl font-bold text-navy-900">
            Photos from the site
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {gallery.map((picture) => (
              <li key={picture.id} className="overflow-hidden rounded-2xl bg-sand-50">
                <LibraryPicture
                  picture={picture}
                  sizes="(min-width: 48rem) 22rem, calc(100vw - 2rem)"
                  className="aspect-[3/2] object-cover"
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      {isShowable(caseStudy.testimonial, now) && (
        <section aria-labelledby="in-their-words" className="mt-12">
          <h2 id="in-their-words" className="text-2xl font-bold text-navy-900">
            In their words
          </h2>
          <TestimonialFigure testimonial={caseStudy.testimonial} caseStudy={caseStudy} className="mt-6" />
          <ReviewsPolicyNote />
        </section>
      )}
      <p className="mt-12">
        <a className={linkClass} href={caseStudiesPath}>
          See all our case studies
        </a>
      </p>
    </div>
  );
}

/**
 * A case study's page below its heading, as markup made here: the facts of the site, the problem, what
 * we did, its photos (the lead one first, the others after the results), the results and, while it is younger than the configured age at `now`, the client's words.
 */
export function caseStudyHtml(
  caseStudy: CaseStudy,
  now: number,
  pictures: Readonly<Record<string, Picture>> = {},
): string {
  return renderToStaticMarkup(<Story caseStudy={caseStudy} now={now} pictures={pictures} />);
}
