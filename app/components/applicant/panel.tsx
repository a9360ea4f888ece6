import type * as React from "react";
import { cn } from "~/lib/cn";

/** One titled part of the applicant's page: its anchor (which e-mails may link to), an h2, and what it holds. */
export function Panel({
  id,
  heading,
  tone = "white",
  children,
}: {
  id: string;
  heading: string;
  tone?: "white" | "sand";
  children: React.ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn("scroll-mt-6 py-10 sm:py-12", tone === "white" ? "bg-white" : "bg-sand-50")}
    >
      <div className="mx-auto max-w-3xl space-y-4 px-4 sm:px-6 lg:px-8">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">
          {heading}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** A run of text on the page, in the public site's reading size. */
export function Prose({ children, className }: { children: React.ReactNode; className?: string }) {
  return <p className={cn("text-lg text-navy-800", className)}>{children}</p>;
}

/** Facts as label and value pairs: a reference, a date, a place. */
export function Facts({ items }: { items: { label: string; value: React.ReactNode }[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-base sm:grid-cols-[max-content_1fr]">
      {items.map((item) => (
        <div key={item.label} className="contents">
          <dt className="font-semibold text-navy-900">{item.label}</dt>
          <dd className="break-words text-navy-800">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
