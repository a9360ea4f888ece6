/**
 * The pieces the case studies and testimonials are drawn with: a testimonial as a figure, a case study
 * as a card, and a case study's whole story. Rendered only on the server (the `*.server.tsx` modules and
 * the case study routes' loaders), so no page carries them in its script: plain links, no router.
 */

import { monthText, serviceName } from "#core/case-studies/index.ts";
import type { CaseStudy, Testimonial } from "#core/case-studies/model.ts";
import { caseStudyPath, reviewsPolicyPath } from "#core/case-studies/paths.ts";
import { serviceList, servicePath } from "#core/config/service-list.ts";
import type { Picture } from "#core/pictures/model.ts";
import { LibraryPicture } from "~/components/ui/library-picture";
import { serviceCards } from "~/content/services/cards";
import { cn } from "~/lib/cn";

const linkClass = "font-semibold text-accent-700 underline hover:text-accent-800";

/** A testimonial's date as people read it: "14 September 2026". */
export function testimonialDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** Who the client is, as a caption names them: their name when they agreed to it, else their sector. */
export function clientText(caseStudy: CaseStudy): string {
  return caseStudy.client.namedWithPermission ? caseStudy.client.clientName : caseStudy.client.sector;
}

/**
 * A client's words: the quote, then who said it, their role, their organisation (only when named with
 * permission, else its sector) and the date. Nothing is drawn without a name, a role and a date.
 */
export function TestimonialFigure({
  testimonial,
  caseStudy,
  linkToCaseStudy = false,
  className,
}: {
  testimonial: Testimonial;
  caseStudy: CaseStudy;
  linkToCaseStudy?: boolean;
  className?: string;
}) {
  if (!testimonial.name.trim() || !testimonial.role.trim() || !testimonial.date.trim()) return null;
  return (
    <figure
      className={cn("flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100", className)}
    >
      <blockquote className="flex-1 text-lg text-navy-800">
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className="mt-5 border-t border-navy-100 pt-4 text-navy-700">
        <span className="block font-semibold text-navy-900">{testimonial.name}</span>
        <span className="block">
          {testimonial.role}, {clientText(caseStudy)}
        </span>
        <span className="block text-sm">
          <time dateTime={testimonial.date}>{testimonialDate(testimonial.date)}</time>
          {linkToCaseStudy && (
            <>
              {" · "}
              <a className={linkClass} href={caseStudyPath(caseStudy.slug)}>
                Read the case study<span className="sr-only"> about {caseStudy.title}</span>
              </a>
            </>
          )}
        </span>
      </figcaption>
    </figure>
  );
}

/** The line under every set of testimonials: where our rules for them are. */
export function ReviewsPolicyNote() {
  return (
    <p className="mt-8 text-center text-sm text-navy-700">
      Every testimonial is from a real client, named and dated, and none was paid for.{" "}
      <a className={linkClass} href={reviewsPolicyPath}>
        How we use reviews and testimonials
      </a>
    </p>
  );
}

/** The services a case study used, by name. */
export function servicesText(caseStudy: CaseStudy): string {
  return caseStudy.services.map(serviceName).join(" and ");
}

/** "Sample" on the shipped examples, so nobody mistakes them for a client's account. */
export function SampleMark() {
  return (
    <span className="inline-block rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-amber-900 uppercase">
      Sample
    </span>
  );
}

/** A case study as a card: its main service's colour, title, site, summary and one figure, linking to its page. */
export function CaseStudyCard({
  caseStudy,
  headingLevel = 3,
  photo,
}: {
  caseStudy: CaseStudy;
  headingLevel?: 2 | 3;
  /** The case study's lead photo, shown small on the card (the list's cards only). */
  photo?: Picture;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const [result] = caseStudy.results;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-navy-100 bg-white text-left shadow-sm">
      <div
        className={cn("bg-linear-to-br px-6 py-5 text-white", serviceCards[caseStudy.services[0]].gradient)}
      >
        <p className="text-sm font-semibold">{servicesText(caseStudy)}</p>
        <p className="text-sm">
          {clientText(caseStudy)} · <time dateTime={caseStudy.started}>{monthText(caseStudy.started)}</time>
        </p>
      </div>
      {photo && (
        <LibraryPicture
          picture={photo}
          widths={[480, 800]}
          sizes="(min-width: 64rem) 24rem, (min-width: 40rem) 50vw, 100vw"
          className="aspect-[16/9] object-cover"
        />
      )}
      <div className="flex flex-1 flex-col p-6">
        {caseStudy.sample && (
          <p className="mb-3">
            <SampleMark />
          </p>
        )}
        <Heading className="text-xl font-semibold text-navy-900">
          <a className="hover:underline" href={caseStudyPath(caseStudy.slug)}>
            {caseStudy.title}
          </a>
        </Heading>
        <p className="mt-2 text-sm text-navy-700">{caseStudy.site.kind}</p>
        <p className="mt-3 text-navy-800">{caseStudy.summary}</p>
        <p className="mt-auto pt-5 text-navy-900">
          <span className="text-2xl font-extrabold">{result.figure}</span> {result.measure}
        </p>
      </div>
    </article>
  );
}

/** A case study's service as a link to its page. */
export function ServiceLink({ service }: { service: CaseStudy["services"][number] }) {
  const entry = serviceList.find((item) => item.key === service);
  if (!entry) return null;
  return (
    <a className={linkClass} href={servicePath(entry)}>
      {entry.name}
    </a>
  );
}

export { linkClass };
