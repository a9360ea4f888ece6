import type { ContentChange } from "#core/content/model.ts";

/** A table of what differs between two versions of site content: each field's words before and after. */
export function ContentChanges({ changes, caption }: { changes: ContentChange[]; caption: string }) {
  if (changes.length === 0) return <p>{caption}: nothing differs.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left">
        <caption className="mb-2 text-left font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-navy-200">
            <th scope="col" className="py-2 pr-4">
              Field
            </th>
            <th scope="col" className="py-2 pr-4">
              Before
            </th>
            <th scope="col" className="py-2">
              After
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field} className="border-b border-navy-100 align-top">
              <th scope="row" className="py-2 pr-4 font-semibold">
                {change.field}
              </th>
              <td className="py-2 pr-4 wrap-anywhere">
                <del className="bg-red-50 text-red-900">{change.before}</del>
              </td>
              <td className="py-2 wrap-anywhere">
                <ins className="bg-accent-100 text-navy-900 no-underline">{change.after}</ins>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
