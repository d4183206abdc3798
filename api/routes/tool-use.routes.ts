import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { toolUseIdParamSchema, toolUseParamSchema, toolUseRequestSchema, toolUseResultSchema } from '@contracts/tool-use.js';
import { jsonBody, okResponse, type Router } from '../http/openapi.js';
import { ok } from '../http/respond.js';
import type { ToolUsageService } from '../services/tool-usage.service.js';
import { requireUser } from './user.routes.js';

const tags = ['Tool quota'];

/** Quota for operations that run on the visitor's device (video tools, AI image tools). */
export function registerToolUseRoutes(app: Router, toolUsage: ToolUsageService): void {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/tools/{toolId}/uses',
      tags,
      request: { params: toolUseParamSchema, ...jsonBody(toolUseRequestSchema) },
      responses: okResponse(toolUseResultSchema, "Spends one use of the tool (its cost set by staff) before a device-side operation starts; 1001 when the tool is off or no live package has TYPE_API quota, 1004 when none is left; nothing spent on a refusal"),
    }),
    async (c) => {
      const user = requireUser(c);
      const { toolId } = c.req.valid('param');
      const charge = await toolUsage.chargeOnDevice(user.id, toolId, c.req.valid('json').subject);
      return ok(c, { useId: charge.useId, units: charge.units });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/tools/uses/{useId}/refund',
      tags,
      request: { params: toolUseIdParamSchema },
      responses: okResponse(z.null(), 'Gives back a use whose operation failed or was cancelled: the caller\'s own, spent through this API for the device, within 15 minutes, once (again: no change), within the day\'s device-side refund budget shared with browser conversions (42902 past it, data.allowed; the use stays spent); 40404 for an unknown or someone else\'s use, 40301 with reason notOnDevice for a use the server ran, reason expired after the window'),
    }),
    async (c) => {
      await toolUsage.refundOwn(requireUser(c).id, c.req.valid('param').useId, c.get('log'));
      return ok(c, null);
    },
  );
}
