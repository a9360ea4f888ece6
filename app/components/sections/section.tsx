import type { SectionIntro } from "~/content/types";
import { cn } from "~/lib/cn";

export type SectionTone = "white" | "sand";

/** A titled band of a page: its anchor, an h2, an optional introduction and the content below. */
export function Section({
  id,
  heading,
  intro,
  tone = "white",
  centred = true,
  children,
}: SectionIntro & { tone?: SectionTone; centred?: boolean; children: React.ReactNode }) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn("py-16 sm:py-20", tone === "white" ? "bg-white" : "bg-sand-50")}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className={cn("max-w-3xl", centred && "mx-auto text-center")}>
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">
            {heading}
          </h2>
          {intro && <p className="mt-4 text-lg text-navy-700">{intro}</p>}
        </div>
        <div className="mt-10 sm:mt-12">{children}</div>
      </div>
    </section>
  );
}
