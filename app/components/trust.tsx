import { MapPin, ShieldCheck } from "lucide-react";
import type { SiteConfig } from "#core/config/site.ts";

type TrustProps = {
  insurance: SiteConfig["insurance"];
  areas: SiteConfig["areasServed"];
};

function Card({
  icon: Icon,
  heading,
  children,
}: {
  icon: typeof MapPin;
  heading: string;
  children: React.ReactNode;
}) {
  return (
    <li className="rounded-2xl border border-navy-100 bg-white p-6 shadow-sm sm:p-8">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-navy-50 text-accent-700">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <h3 className="text-xl font-semibold text-navy-900">{heading}</h3>
      </div>
      <div className="mt-5">{children}</div>
    </li>
  );
}

/**
 * (Outside `sections/`, whose components travel in the chunk every page loads: only the home page uses it.)
 *
 * What a buyer checks before letting a supplier into their building: the insurance cover and the places
 * the company works. The accreditations follow it as markup made on the server, judged on the day
 * (components/claims/accreditations.server.tsx), so none that has run out is ever in the page's script.
 */
export function Trust({ insurance, areas }: TrustProps) {
  return (
    <ul className="grid gap-6 lg:auto-cols-fr lg:grid-flow-col">
      <Card icon={ShieldCheck} heading="Insurance cover">
        <dl className="space-y-3">
          {insurance.map((item) => (
            <div
              key={item.name}
              className="flex flex-wrap justify-between gap-x-4 border-b border-navy-100 pb-3 last:border-0 last:pb-0"
            >
              <dt className="text-navy-800">{item.name}</dt>
              <dd className="font-semibold text-navy-900">{item.cover}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card icon={MapPin} heading={`Across ${areas.region}`}>
        <ul className="flex flex-wrap gap-2" aria-label={`Places we work in ${areas.region}`}>
          {areas.places.map((place) => (
            <li key={place} className="rounded-full bg-sand-100 px-3 py-1 font-medium text-navy-900">
              {place}
            </li>
          ))}
        </ul>
      </Card>
    </ul>
  );
}
