import type { z } from 'zod';
import { idSchema } from '@vitrine/domain/schemas/project';

/** Parses input with a domain schema; a ZodError becomes a 400 with its first message. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  return schema.parse(input ?? {});
}

/** A numeric path parameter, else 400 'Invalid id'. */
export function parseId(raw: string | undefined): number {
  return idSchema.parse(raw);
}
