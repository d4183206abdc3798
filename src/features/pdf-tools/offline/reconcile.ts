import { failureKind, type PendingUse } from './allowance';

/** What reconciliation needs from the queue and the API; passed in so the order and the rules can be tested alone. */
export interface ReconcileDeps {
  /** The signed-in account's waiting uses, oldest first. */
  list(): Promise<PendingUse[]>;
  markStarted(id: number, documentId: string): Promise<void>;
  remove(id: number): Promise<void>;
  start(use: PendingUse): Promise<{ documentId: string }>;
  complete(documentId: string, outcome: PendingUse['outcome']): Promise<unknown>;
  /** The API's code of a failed call, null when the failure is not an API answer. */
  codeOf(error: unknown): number | null;
  /** The server now counts `use` (recorded, or refused after its start was charged). */
  counted(use: PendingUse): void;
  warn(message: string, detail: unknown): void;
}

export interface ReconcileReport {
  recorded: number;
  refused: number;
  /** Left in the queue for the next pass (no answer, server trouble, signed out). */
  waiting: number;
}

/**
 * Sends each waiting use, oldest first, as the online path's two calls, and removes it once the
 * server recorded it. A refusal removes it too (the user already has the file; the allowance
 * bounds what this can cost) and is logged to the console only. Anything else stops the pass
 * with the rest kept in order.
 */
export async function reconcile(deps: ReconcileDeps): Promise<ReconcileReport> {
  const uses = await deps.list();
  const report: ReconcileReport = { recorded: 0, refused: 0, waiting: 0 };
  for (const [index, use] of uses.entries()) {
    if (use.id === undefined) continue;
    let charged = use.documentId !== undefined;
    try {
      let documentId = use.documentId;
      if (documentId === undefined) {
        ({ documentId } = await deps.start(use));
        charged = true;
        await deps.markStarted(use.id, documentId);
      }
      await deps.complete(documentId, use.outcome);
      await deps.remove(use.id);
      deps.counted(use);
      report.recorded += 1;
    } catch (error) {
      const code = deps.codeOf(error);
      if (failureKind(code) === 'later') {
        report.waiting = uses.length - index;
        return report;
      }
      deps.warn(`An offline use of ${use.convertType} from ${new Date(use.at).toISOString()} was refused by the server (${code}); it is dropped.`, error);
      await deps.remove(use.id);
      if (charged) deps.counted(use);
      report.refused += 1;
    }
  }
  return report;
}
