import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/lib/cn";

export const buttonVariants = cva(
  // Disabled: a plain grey-blue button with dark text, readable, clearly not the coloured action.
  "inline-flex items-center justify-center gap-2 rounded-lg text-center font-semibold text-balance transition-colors disabled:cursor-not-allowed disabled:bg-navy-100 disabled:text-navy-800 disabled:ring-1 disabled:ring-navy-300",
  {
    variants: {
      variant: {
        primary: "bg-accent-700 text-white hover:bg-accent-800",
        secondary: "bg-white text-navy-900 ring-1 ring-navy-200 hover:bg-navy-50",
        inverse: "bg-white text-navy-900 hover:bg-sand-100",
        outlineInverse: "text-white ring-1 ring-white/70 hover:bg-white/10",
        // Actions that take something away (access, a passkey): quiet, red, never the main action.
        danger: "bg-white text-red-800 ring-1 ring-red-300 hover:bg-red-50",
      },
      size: {
        md: "min-h-11 px-5 py-2.5 text-base",
        sm: "min-h-10 px-4 py-2 text-sm",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export type ButtonVariants = VariantProps<typeof buttonVariants>;

/** A button styled as one of the site's actions. */
export function Button({
  className,
  variant,
  size,
  ...props
}: React.ComponentProps<"button"> & ButtonVariants) {
  return <button className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
