/** The shapes the widget reads (contracts/ai-qa.ts, kept by hand so the bundle stays free of zod). */
export interface WidgetAnswer {
  answered: boolean;
  answer?: string;
  decision: 'answer' | 'suggest' | 'handoff';
  citations: { pairId: string; question: string }[];
  suggestions: { pairId: string; question: string }[];
  handoff?: { conversationId: string; token?: string };
}
export interface WidgetHandoff {
  conversationId: string;
  status: 'open' | 'replied';
  messages: { author: 'visitor' | 'owner'; body: string; at: string }[];
}

export class WidgetError extends Error {
  constructor(readonly code: number) {
    super(`code ${code}`);
  }
}

/** POSTs to the bot's public API without credentials: the host page never receives a cookie of ours. */
export async function post<T>(origin: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${origin}/api/v1/ai/qa/public/${path}`, {
    method: 'POST',
    credentials: 'omit',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: T };
  if (json.code !== 200) throw new WidgetError(json.code);
  return json.data;
}

export interface StoredHandoff {
  conversationId: string;
  token: string;
  seen: number;
}

/** The visitor's hand-offs for this bot, in the host page's localStorage under our key. */
export function storageKey(publicKey: string): string {
  return `docuflow-qa:${publicKey}`;
}

export function loadHandoffs(publicKey: string): StoredHandoff[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(storageKey(publicKey)) ?? '[]');
    return Array.isArray(v) ? (v as StoredHandoff[]).filter((h) => typeof h?.conversationId === 'string' && typeof h.token === 'string') : [];
  } catch {
    return [];
  }
}

export function saveHandoffs(publicKey: string, list: StoredHandoff[]): void {
  try {
    localStorage.setItem(storageKey(publicKey), JSON.stringify(list.slice(-10)));
  } catch {
    // Storage refused (private mode, quota): replies show only while the page stays open.
  }
}
