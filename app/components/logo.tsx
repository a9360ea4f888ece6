import { site } from "~/content/site";

/** The brand mark: a stylised mill chimney in a rounded square, and the brand name. */
export function Logo({ inverse = false }: { inverse?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-9 shrink-0">
        <rect width="32" height="32" rx="8" fill={inverse ? "#ffffff" : "#182d4e"} />
        <path d="M9 25V14l5 3v-3l5 3V8h4v17z" fill={inverse ? "#182d4e" : "#ffffff"} />
        <circle cx="21" cy="5.5" r="1.5" fill="#5fd3c4" />
      </svg>
      <span className={inverse ? "font-bold text-white" : "font-bold text-navy-900"}>
        <span className="block text-lg leading-tight">{site.brand.split(" ")[0]}</span>
        <span className="block text-xs font-semibold uppercase tracking-widest opacity-80">
          {site.brand.split(" ").slice(1).join(" ")}
        </span>
      </span>
    </span>
  );
}
