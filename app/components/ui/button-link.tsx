import type * as React from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { type ButtonVariants, buttonVariants } from "./button";

/**
 * A router link styled as a button, for actions that go somewhere. Kept apart from `Button`, so a form's
 * island that draws buttons does not bring the router with it.
 */
export function ButtonLink({
  className,
  variant,
  size,
  ...props
}: React.ComponentProps<typeof Link> & ButtonVariants) {
  return <Link className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
