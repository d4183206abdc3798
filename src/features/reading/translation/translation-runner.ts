import type { Paragraph, TranslatePage, TranslateResult } from '@contracts/ai-read';
import { nextPage, type TranslationPage } from './pages';

/** Where one paragraph stands: absent = not asked yet. */
export type ParagraphState = { status: 'working' } | { status: 'done'; text: string } | { status: 'failed' };

export type QueueStatus = 'idle' | 'running' | 'done' | 'unavailable' | 'error';

export interface RunnerDeps {
  /** Translates one page's paragraphs (POST /ai/translate). */
  translate: (segments: Paragraph[], page: TranslatePage, signal: AbortSignal) => Promise<TranslateResult>;
  /** The AI service's 50302 is `unavailable` (a calm note); anything else an error with its text. */
  describeError: (err: unknown) => { kind: 'unavailable' } | { kind: 'error'; text: string };
  /** The paragraphs on screen now, read before each page. */
  visibleIds: () => readonly string[];
  /** Called after every change of state, for the view to redraw. */
  onChange: () => void;
}

/**
 * Translates a document page by page: the page of the first visible paragraph first, then the
 * rest in order in the background (visibility is read again before each page, so scrolling
 * redirects it). A failed paragraph stays failed until retried; a 50302 or another refusal stops
 * the run and keeps what was translated. Plain TypeScript, so it is tested without a browser.
 */
export class TranslationRunner {
  readonly states = new Map<string, ParagraphState>();
  status: QueueStatus = 'idle';
  errorText: string | null = null;
  private controller: AbortController | null = null;

  constructor(
    private readonly documentKey: string,
    private readonly pages: readonly TranslationPage[],
    private readonly deps: RunnerDeps,
  ) {}

  /** Paragraphs not tried yet (failed ones wait for their retry). */
  get remaining(): number {
    let n = 0;
    for (const page of this.pages) for (const p of page.paragraphs) if (!this.states.has(p.id)) n++;
    return n;
  }

  get translatedCount(): number {
    let n = 0;
    for (const s of this.states.values()) if (s.status === 'done') n++;
    return n;
  }

  /** Runs until every paragraph was tried once, or until stopped or refused. Calling it while running does nothing. */
  async run(): Promise<void> {
    if (this.controller) return;
    const controller = new AbortController();
    this.controller = controller;
    this.set('running', null);
    const hasWork = (page: TranslationPage) => page.paragraphs.some((p) => !this.states.has(p.id));
    try {
      for (let page = nextPage(this.pages, hasWork, this.deps.visibleIds()); page; page = nextPage(this.pages, hasWork, this.deps.visibleIds())) {
        const todo = page.paragraphs.filter((p) => !this.states.has(p.id));
        for (const p of todo) this.states.set(p.id, { status: 'working' });
        this.deps.onChange();
        try {
          const result = await this.deps.translate(todo, { documentKey: this.documentKey, number: page.number }, controller.signal);
          const byId = new Map(result.segments.map((s) => [s.id, s]));
          for (const p of todo) {
            const s = byId.get(p.id);
            this.states.set(p.id, !s || s.failed ? { status: 'failed' } : { status: 'done', text: s.text });
          }
        } catch (err) {
          for (const p of todo) this.states.delete(p.id);
          throw err;
        } finally {
          this.deps.onChange();
        }
      }
      this.set('done', null);
    } catch (err) {
      if (controller.signal.aborted) return;
      const described = this.deps.describeError(err);
      if (described.kind === 'unavailable') this.set('unavailable', null);
      else this.set('error', described.text);
    } finally {
      if (this.controller === controller) this.controller = null;
    }
  }

  /** Cancels the request in flight; its paragraphs go back to "not yet". */
  stop(): void {
    const controller = this.controller;
    this.controller = null;
    controller?.abort();
    this.set('idle', null);
  }

  /** Tries a failed paragraph again (free on the server: its page was charged already). */
  retry(id: string): void {
    if (this.states.get(id)?.status !== 'failed') return;
    this.states.delete(id);
    this.deps.onChange();
    void this.run();
  }

  private set(status: QueueStatus, errorText: string | null): void {
    this.status = status;
    this.errorText = errorText;
    this.deps.onChange();
  }
}
