/**
 * A tiny toast channel: plain modules (the API client) post messages, and the app's toaster
 * shows them. Messages posted before the toaster has loaded are queued, so the toaster code can
 * be fetched lazily on the first message instead of weighing on the first paint.
 */
export type NotifyIntent = 'success' | 'info' | 'warning' | 'error';

export interface Notice {
  id: number;
  intent: NotifyIntent;
  message: string;
}

type Listener = (notice: Notice) => void;

let nextId = 1;
let listener: Listener | null = null;
const pending: Notice[] = [];
const wakeups = new Set<() => void>();

export function notify(intent: NotifyIntent, message: string): void {
  const notice = { id: nextId++, intent, message };
  if (listener) {
    listener(notice);
    return;
  }
  pending.push(notice);
  wakeups.forEach((wake) => wake());
}

/** Called once a message is waiting and nobody shows it yet; returns an unsubscribe. */
export function onNoticeWaiting(wake: () => void): () => void {
  wakeups.add(wake);
  if (pending.length > 0) wake();
  return () => wakeups.delete(wake);
}

/** The toaster subscribes here; queued messages are delivered at once. */
export function subscribeNotices(fn: Listener): () => void {
  listener = fn;
  pending.splice(0).forEach(fn);
  return () => {
    if (listener === fn) listener = null;
  };
}
