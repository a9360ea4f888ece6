import type { ServiceKey } from "#core/config/service-list.ts";
import type { ItemKind, itemLimits } from "#core/content/page-words.ts";
import type { ServicePageWords } from "#core/content/service-pages.ts";
import { CtaBand } from "~/components/sections/cta-band";
import { PageHero } from "~/components/sections/page-hero";
import { ServiceSections } from "~/components/sections/service-page";
import { controlClass, Field, TextField } from "~/components/ui/field";
import { serviceCards } from "~/content/services/cards";
import { serviceSectionsOf } from "~/content/services/page-content";

/** A form field's element id: "benefits.2.title" is "content-benefits-2-title", "hero.title" "content-hero-title". */
export const fieldId = (field: string) => `content-${field.replaceAll(".", "-")}`;

/** Each part of an item as the form labels it, by the item's kind. */
const partLabels: Record<ItemKind, Record<string, string>> = {
  card: { title: "Title", text: "Text", icon: "Icon" },
  step: { title: "Title", text: "Text" },
  tag: { text: "Words" },
  stat: { figure: "Figure", label: "What it counts" },
  tier: { name: "Name", price: "Price", unit: "Unit", text: "Text", highlighted: "Picked out" },
};

/**
 * The fields of one item of a page's list, by its kind: a card's title, icon and text, a step's title and
 * text, a line's words, a figure and its label, or a tier's name, price, unit, text and whether it is
 * picked out; then its bullets, where the list shows them (an empty bullet is left out).
 */
export function ItemParts({
  kind,
  parts,
  item,
  name,
  problem,
  icons,
  limits,
  tierNames,
}: {
  kind: ItemKind;
  parts: string[];
  item: Record<string, string>;
  name: (part: string) => string;
  problem: (field: string) => string | undefined;
  icons: { value: string; label: string }[];
  limits: typeof itemLimits;
  tierNames: string[];
}) {
  const bullets = parts.filter((part) => part.startsWith("bullets."));
  const bulletMax = kind === "card" ? limits.card.bullet : limits.tier.bullet;
  const maxOf = (part: string): number | undefined =>
    (limits[kind] as Record<string, number>)[part === "text" && kind === "tag" ? "text" : part];
  return (
    <>
      {parts
        .filter((part) => !part.startsWith("bullets."))
        .map((part) => {
          const label = partLabels[kind][part] ?? part;
          const id = fieldId(name(part));
          if (part === "icon") {
            return (
              <Field key={part} id={id} label={label} required error={problem(name(part))}>
                {(control) => (
                  <select
                    {...control}
                    name={name(part)}
                    required
                    defaultValue={item[part]}
                    className={controlClass}
                  >
                    <option value="">Choose an icon</option>
                    {icons.map((icon) => (
                      <option key={icon.value} value={icon.value}>
                        {icon.label}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            );
          }
          if (part === "highlighted") {
            return (
              <div key={part} className="flex items-center gap-2 sm:col-span-2">
                <input
                  type="checkbox"
                  id={id}
                  name={name(part)}
                  value="yes"
                  defaultChecked={item[part] === "yes"}
                  className="size-5 accent-accent-700"
                />
                <label htmlFor={id}>Pick this tier out (drawn with a border, its button filled)</label>
              </div>
            );
          }
          if (part === "text" && kind !== "tag") {
            return (
              <Field
                key={part}
                id={id}
                className="sm:col-span-2"
                label={label}
                description={`One or two sentences, at most ${maxOf(part)} characters.`}
                required
                error={problem(name(part))}
              >
                {(control) => (
                  <textarea
                    {...control}
                    name={name(part)}
                    rows={2}
                    required
                    maxLength={maxOf(part)}
                    defaultValue={item[part]}
                    className={controlClass}
                  />
                )}
              </Field>
            );
          }
          const description =
            part === "name" && kind === "tier"
              ? `One of the packages the contact form offers: ${tierNames.join(", ")}.`
              : part === "unit"
                ? "After the price, as “/hour”; leave it empty for a price in words."
                : undefined;
          return (
            <TextField
              key={part}
              id={id}
              label={label}
              name={name(part)}
              description={description}
              required={part !== "unit"}
              maxLength={maxOf(part)}
              defaultValue={item[part]}
              error={problem(name(part))}
            />
          );
        })}
      {bullets.length > 0 && (
        <fieldset className="space-y-3 sm:col-span-2">
          <legend className="font-semibold">Bullets</legend>
          <p className="text-sm text-navy-700">
            At most {bullets.length}, each at most {bulletMax} characters; an empty one is left out.
          </p>
          {bullets.map((part, index) => (
            <TextField
              key={part}
              id={fieldId(name(part))}
              label={`Bullet ${index + 1}`}
              name={name(part)}
              maxLength={bulletMax}
              defaultValue={item[part]}
              error={problem(name(part))}
            />
          ))}
        </fieldset>
      )}
    </>
  );
}

/** A service page's words as its public page draws them, at a phone's width and at this window's, not saved. */
export function ServicePreview({
  service,
  words,
  name,
}: {
  service: ServiceKey;
  words: ServicePageWords;
  name: string;
}) {
  const card = serviceCards[service];
  // Drawn twice on one page: each drawing's ids its own.
  const page = (width: "phone" | "desktop") => (
    <>
      <PageHero hero={words.hero} gradient={card.gradient} titleId={`${width}-page-title`} />
      <ServiceSections
        sections={serviceSectionsOf(service, words)}
        service={service}
        idPrefix={`${width}-`}
      />
      <CtaBand cta={words.cta} id={`${width}-get-started`} />
    </>
  );
  return (
    <section aria-labelledby="preview" className="space-y-4 rounded-xl bg-white ring-1 ring-navy-100">
      <h2 id="preview" className="px-5 pt-5 text-lg font-bold">
        Preview: {name.replace(/^The /, "the ")} as it would show (not saved)
      </h2>
      <p className="px-5 text-navy-800">
        Only staff see this. The picture, the buttons and the accreditations, case studies and testimonials
        the page also shows are left out here.
      </p>
      <h3 className="px-5 font-semibold">At a phone's width (390 pixels)</h3>
      <div className="mx-5 overflow-hidden rounded-lg ring-1 ring-navy-200" style={{ maxWidth: 390 }}>
        <div data-preview="phone">{page("phone")}</div>
      </div>
      <h3 className="px-5 font-semibold">At this window's width, as on a desktop</h3>
      <div className="overflow-x-auto border-t border-navy-100" data-preview="desktop">
        {page("desktop")}
      </div>
    </section>
  );
}
