import { useEffect } from 'react';

/** A JSON-LD object (schema.org). */
export type JsonLd = Record<string, unknown>;

/**
 * Serialises a value as JSON for a data `<script>` element, escaping `<` so user text (a project
 * title such as `</script>`) cannot end the element.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Serialises JSON-LD for a `<script type="application/ld+json">` (see serializeForScript). */
export function serializeJsonLd(data: JsonLd): string {
  return serializeForScript(data);
}

/**
 * Puts one JSON-LD block in <head> for the life of the calling page, keyed by `id` so a page
 * re-render replaces its own block instead of adding another. Pass null to render nothing.
 */
export function useJsonLd(id: string, data: JsonLd | null): void {
  const text = data ? serializeJsonLd(data) : null;
  useEffect(() => {
    if (!text) return;
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.dataset.jsonLd = id;
    script.textContent = text;
    document.head.querySelector(`script[data-json-ld="${id}"]`)?.remove();
    document.head.append(script);
    return () => script.remove();
  }, [id, text]);
}
