/**
 * Splits stored tags text ('a, b, c') into a list for display. Same rule as splitTags in
 * @vitrine/domain/schemas/project (a test keeps them equal), kept here so that screens which only
 * show tags do not pull zod into the first bundle.
 */
export function tagList(tags: string | null | undefined): string[] {
  return (tags ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}
