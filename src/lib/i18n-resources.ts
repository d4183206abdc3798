/** Turns `{ '/locales/en/common.json': {...} }` into `{ common: {...} }`: one namespace, keys prefixed by file name. */
export function toResources(files: Record<string, Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, content] of Object.entries(files)) {
    const name = /([^/]+)\.json$/.exec(path)?.[1];
    if (name) out[name] = content;
  }
  return out;
}
