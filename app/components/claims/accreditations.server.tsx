import { BadgeCheck, ExternalLink } from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  accreditationsFor,
  currentAccreditations,
  formatValidUntil,
  hasRegisterLink,
} from "#core/claims/accreditations.ts";
import { type Accreditation, accreditations } from "#core/config/accreditations.ts";
import { serviceList } from "#core/config/service-list.ts";
import { certificationsJsonLd } from "#core/seo.ts";
import { Section, type SectionTone } from "~/components/sections/section";
import { cardGrid } from "~/lib/card-grid";
import type { ClaimsPlace } from "~/lib/claims";
import { cn } from "~/lib/cn";

/** One accreditation: what it is and covers, its number and last day, who issued it, and where to check it. */
function AccreditationCard({ item, className }: { item: Accreditation; className: string }) {
  return (
    <li
      className={cn(
        "flex flex-col rounded-2xl border border-navy-100 bg-white p-6 shadow-sm sm:p-8",
        className,
      )}
    >
      <div className="flex items-center gap-3">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-navy-50 text-accent-700">
          <BadgeCheck aria-hidden="true" className="size-6" />
        </span>
        <h3 className="text-xl font-semibold text-navy-900">{item.scheme}</h3>
      </div>
      <ul className="mt-4 list-disc space-y-1 pl-5 text-navy-800" aria-label={`What ${item.scheme} covers`}>
        {item.covers.map((activity) => (
          <li key={activity}>{activity}</li>
        ))}
      </ul>
      <dl className="mt-4 space-y-1 text-navy-800">
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold text-navy-900">Number</dt>
          <dd>{item.number}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold text-navy-900">Valid until</dt>
          <dd>{formatValidUntil(item)}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold text-navy-900">Issued by</dt>
          <dd>{item.issuedBy.name}</dd>
        </div>
      </dl>
      <p className="mt-auto pt-5">
        <a
          href={item.checkUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 font-semibold text-accent-700 underline underline-offset-2 hover:text-accent-800"
        >
          Check on the register
          <span className="sr-only"> for {item.scheme} (opens in a new tab)</span>
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      </p>
    </li>
  );
}

const intros: Record<ClaimsPlace["page"], string> = {
  home: "Every one is listed on its scheme's public register, so you can check it yourself before you sign anything.",
  about:
    "What independent bodies have checked us against, each listed on its public register for you to see.",
  service: "The schemes that cover this work, each listed on its public register for you to check.",
};

/** Home follows a sand band with white, About a white one with sand; a service page's last band varies. */
const tones: Record<ClaimsPlace["page"], SectionTone> = { home: "white", about: "sand", service: "sand" };

function Accreditations({ place, items }: { place: ClaimsPlace; items: Accreditation[] }) {
  const service =
    place.page === "service" ? serviceList.find((entry) => entry.key === place.service) : undefined;
  const grid = cardGrid(items.length, 3);
  return (
    <Section
      id="accreditations"
      heading={service ? `Accreditations for ${service.name.toLowerCase()}` : "Accreditations You Can Check"}
      intro={intros[place.page]}
      tone={tones[place.page]}
    >
      <ul className={grid.list}>
        {items.map((item) => (
          <AccreditationCard key={`${item.scheme} ${item.number}`} item={item} className={grid.item} />
        ))}
      </ul>
    </Section>
  );
}

/** The accreditations a place shows at `now`: all current ones, or on a service page those that cover it. */
function accreditationsAt(place: ClaimsPlace, now: number, from: readonly Accreditation[]): Accreditation[] {
  const items =
    place.page === "service" ? accreditationsFor(place.service, now, from) : currentAccreditations(now, from);
  // Never one a buyer cannot check: the rules already leave such an entry out, and the render holds to it.
  return items.filter(hasRegisterLink);
}

/**
 * The accreditations section of a place as HTML made on the server, judged at `now` ("" when none is
 * current): each with what it covers, its number, its last day, who issued it and a link to its register.
 */
export function accreditationsHtml(
  place: ClaimsPlace,
  now: number,
  from: readonly Accreditation[] = accreditations,
): string {
  const items = accreditationsAt(place, now, from);
  return items.length === 0 ? "" : renderToStaticMarkup(<Accreditations place={place} items={items} />);
}

/** The organisation's certifications for its JSON-LD, judged at `now` (the root loader gives them to every page). */
export function currentCertifications(now: number, from: readonly Accreditation[] = accreditations) {
  return certificationsJsonLd(currentAccreditations(now, from));
}
