/** The "Job Application" form. Placeholder until lead capture lands. */
export function CareersForm() {
  return (
    <div>
      <h2 className="text-2xl font-bold text-navy-900">Job Application</h2>
    </div>
  );
}
