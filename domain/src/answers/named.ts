import { z } from '../zod';

/**
 * Names of schemas the OpenAPI document lists once under components.schemas and refers to
 * (api/src/contracts/openapi.ts). A plain map rather than a zod registry: a registry's metadata is
 * inherited by derived schemas (`.describe()`).
 */
export const schemaNames = new Map<z.ZodType, string>();

/** Registers `schema` under `name` for the document (request bodies and answers) and returns it. */
export function named<S extends z.ZodType>(name: string, schema: S): S {
  schemaNames.set(schema, name);
  return schema;
}

/** An answer's time: ISO 8601 with an offset. */
export const timestamp = z.iso.datetime({ offset: true }).describe('ISO 8601 time');
/** A row id in an answer. */
export const rowId = z.number().int().min(1);

/** A badge tier of one role. */
export const tier = z
  .enum(['Platinum', 'Gold', 'Silver', 'Bronze'])
  .nullable()
  .describe('badge tier: 3+ ratings and an average of 8+');
