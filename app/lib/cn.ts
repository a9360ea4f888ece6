import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. Callers add classes rather than override the ones a component sets; where a
 * component's class must give way (say `inline-flex` on small screens), use a variant such as
 * `max-sm:hidden`, which Tailwind orders after the plain utility.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
