import { site } from "#core/config/site.ts";

/**
 * The brand mark (a stylised mill chimney in a rounded square) and the brand name on two lines. The two
 * lines are one phrase with a space between them, so the name read out is the name shown ("Cottonopolis
 * Facilities"), as speech-input users say it.
 */
export function Logo({ inverse = false, compact = false }: { inverse?: boolean; compact?: boolean }) {
  const [first, ...rest] = site.brand.split(" ");
  return (
    <span className="flex items-center gap-2">
      <svg
        aria-hidden="true"
        viewBox="0 0 32 32"
        className={compact ? "size-8 shrink-0 sm:size-9" : "size-9 shrink-0"}
      >
        <rect width="32" height="32" rx="8" fill={inverse ? "#ffffff" : "#182d4e"} />
        <path d="M9 25V14l5 3v-3l5 3V8h4v17z" fill={inverse ? "#182d4e" : "#ffffff"} />
        <circle cx="21" cy="5.5" r="1.5" fill="#5fd3c4" />
      </svg>
      <span className={inverse ? "font-bold text-white" : "font-bold text-navy-900"}>
        <span
          className={compact ? "block text-base leading-tight sm:text-lg" : "block text-lg leading-tight"}
        >
          {first}
        </span>{" "}
        <span className="block text-xs font-semibold uppercase tracking-widest opacity-80">
          {rest.join(" ")}
        </span>
      </span>
    </span>
  );
}
