/** A section of the lead's page, named by its heading so a screen reader can list and jump to it. */
export function Card({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-4 rounded-xl bg-white p-5 ring-1 ring-navy-100"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
