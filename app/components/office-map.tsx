import { ExternalLink, MapPin } from "lucide-react";
import { site } from "#core/config/site.ts";
import { addressLineOf } from "#core/content/company-facts.ts";
import { useIsland } from "~/components/islands";
import { Button } from "~/components/ui/button";
import { officeMapHooks } from "~/islands/hooks";
import { useCompany } from "~/lib/company";

/**
 * The office map. Until the visitor presses "Show map" it is a local drawing, so no request
 * reaches the maps service; the map's frame waits in a `<template>`, which its island (islands/office-map.ts)
 * puts in the drawing's place. The plain link below works with or without JavaScript.
 */
export function OfficeMap({
  showLabel,
  note,
  openLabel,
}: {
  showLabel: string;
  note: string;
  openLabel: string;
}) {
  useIsland("office-map");
  const addressLine = addressLineOf(useCompany());
  return (
    <div>
      {/* The drawing fills the box; the address, button and note sit in it in normal flow, so on a narrow
          phone the box grows to fit them instead of cutting them off. */}
      <div
        {...{ [officeMapHooks.box]: "" }}
        className="relative grid min-h-80 overflow-hidden rounded-2xl border border-navy-100 bg-navy-50 sm:aspect-video"
      >
        <template>
          <iframe
            title={`Map showing our office at ${addressLine}`}
            src={site.map.embedUrl}
            className="absolute inset-0 size-full"
            referrerPolicy="no-referrer-when-downgrade"
          />
        </template>
        <svg
          aria-hidden="true"
          viewBox="0 0 400 225"
          preserveAspectRatio="xMidYMid slice"
          className="absolute inset-0 size-full"
        >
          <rect width="400" height="225" fill="#e1e8f3" />
          <g stroke="#ffffff" strokeWidth="10" fill="none" strokeLinecap="round">
            <path d="M-10 70L410 40" />
            <path d="M-10 170L410 150" />
            <path d="M120 -10L150 235" />
            <path d="M290 -10L260 235" />
          </g>
          <g stroke="#ffffff" strokeWidth="4" fill="none">
            <path d="M-10 120L410 100" />
            <path d="M60 -10L80 235" />
            <path d="M210 -10L205 235" />
            <path d="M350 -10L330 235" />
          </g>
          <rect x="160" y="58" width="36" height="28" rx="4" fill="#c4d1e6" />
          <rect x="220" y="112" width="30" height="30" rx="4" fill="#c4d1e6" />
        </svg>
        <div className="relative flex flex-col items-center justify-center gap-4 p-5 text-center sm:p-6">
          <MapPin aria-hidden="true" className="size-10 shrink-0 text-navy-800" />
          <p className="max-w-sm rounded-lg bg-white/95 px-3 py-2 font-semibold text-navy-900">
            {addressLine}
          </p>
          {/* The button only works with JavaScript, so it appears once the page is hydrated. */}
          <span className="hidden in-data-[hydrated=true]:block">
            <Button type="button" {...{ [officeMapHooks.show]: "" }}>
              {showLabel}
            </Button>
          </span>
          <p className="hidden max-w-sm rounded-lg bg-white/95 px-3 py-2 text-sm text-navy-800 in-data-[hydrated=true]:block">
            {note}
          </p>
        </div>
      </div>
      <a
        href={site.map.linkUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-4 inline-flex items-center gap-2 font-semibold text-accent-700 hover:text-accent-800 hover:underline"
      >
        <ExternalLink aria-hidden="true" className="size-4" />
        {openLabel}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}
