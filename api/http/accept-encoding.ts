/** The content codings this server produces, best first. */
export type Coding = 'br' | 'gzip';

/**
 * The best coding the client accepts among `available` (in our order of preference), or null
 * for identity. Honours q-values (`br;q=0` refuses brotli) and `*`.
 */
export function pickCoding(header: string | undefined, available: readonly Coding[]): Coding | null {
  if (!header || available.length === 0) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const wildcard = q.get('*') ?? 0;
  let best: Coding | null = null;
  let bestQ = 0;
  for (const coding of available) {
    const weight = q.get(coding) ?? wildcard;
    // Strictly greater: on a tie the earlier (better-compressing) coding wins.
    if (weight > bestQ) {
      best = coding;
      bestQ = weight;
    }
  }
  return best;
}
