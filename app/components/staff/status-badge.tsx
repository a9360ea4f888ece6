import { type LeadStatus, statusLabels } from "#core/leads/model.ts";
import { cn } from "~/lib/cn";

// Colour only helps the eye: the status is always written out.
const tones: Record<LeadStatus, string> = {
  new: "bg-accent-100 text-accent-800",
  contacted: "bg-navy-100 text-navy-800",
  quoted: "bg-navy-100 text-navy-800",
  interview: "bg-navy-100 text-navy-800",
  won: "bg-green-100 text-green-900",
  hired: "bg-green-100 text-green-900",
  lost: "bg-sand-200 text-navy-800",
  unsuccessful: "bg-sand-200 text-navy-800",
  withdrawn: "bg-sand-200 text-navy-800",
  spam: "bg-red-100 text-red-900",
};

/** A lead's status as a small label. */
export function StatusBadge({ status, className }: { status: LeadStatus; className?: string }) {
  return (
    <span
      className={cn(
        "inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        tones[status],
        className,
      )}
    >
      {statusLabels[status]}
    </span>
  );
}
