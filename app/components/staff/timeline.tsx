import { type AuditAction, actorOf, describeEvent, type Moment } from "#core/leads/model.ts";

export type TimelineItem = {
  id: number;
  action: AuditAction;
  detail: string;
  who: string | null;
  at: Moment;
};

/** Everything that happened to a lead, oldest first, with who and when. */
export function Timeline({ items }: { items: TimelineItem[] }) {
  return (
    <ol className="space-y-3 border-l-2 border-navy-200 pl-4">
      {items.map((item) => (
        <li key={item.id} className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.4rem] size-3 rounded-full bg-navy-300 ring-2 ring-sand-50"
          />
          <p className="font-semibold">{describeEvent(item.action, item.detail)}</p>{" "}
          <p className="text-sm text-navy-700">
            by {actorOf(item.action, item.who)}, <time dateTime={item.at.iso}>{item.at.text}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
