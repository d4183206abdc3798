import { OpenAPIHono } from '@hono/zod-openapi';
import type { z } from 'zod';
import { envelopeSchema } from '@contracts/envelope.js';
import type { AppEnv } from './env.js';
import { validationHook } from './validation.js';

/** A router whose zod-validated routes publish themselves to the OpenAPI document. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}
export type Router = ReturnType<typeof createRouter>;

/** Request body part of a route definition: JSON, required. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { body: { content: { 'application/json': { schema } }, required: true } } as const;
}

/** The 200 answer of a route definition: the envelope around `data`. */
export function okResponse<T extends z.ZodType>(data: T, description: string) {
  return { 200: { description, content: { 'application/json': { schema: envelopeSchema(data) } } } } as const;
}
