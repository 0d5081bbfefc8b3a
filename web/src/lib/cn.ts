/** Joins class names, skipping falsy ones (no dependency needed for our simple cases). */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
