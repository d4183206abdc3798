import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
}
type Document = { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const res = await t.app.request('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    doc = (await res.json()) as Document;
  });
  afterAll(() => t.close());

  it('validates against the OpenAPI 3.1 schema and its rules (swagger-parser)', async () => {
    // validate() dereferences in place: give it a copy. It throws with every problem it found.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('marks every path parameter required and names it in its path', () => {
    const params = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.values(ops).flatMap((op) => (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => ({ path, ...p }))),
    );
    expect(params.length).toBeGreaterThan(0);
    for (const p of params) {
      expect(p.required, `${p.path} {${p.name}}`).toBe(true);
      expect(p.path).toContain(`{${p.name}}`);
    }
  });

  it('publishes the readiness probe', () => {
    expect(doc.paths).toHaveProperty('/health/ready');
  });
});
