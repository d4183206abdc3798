import { randomInt } from 'node:crypto';

/** Wrong codes before the code changes: with a million codes, guessing stays hopeless. */
const MAX_FAILURES = 5;

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * The one-time pairing code. The helper shows it in its own terminal and the user types it into
 * the page: only someone at this machine can read it, while a code shown by the page could be
 * read by any page that imitates ours. It changes after every use and after a few wrong tries.
 */
export class PairingCode {
  private code = newCode();
  private failures = 0;

  constructor(private readonly announce: (code: string, reason: 'start' | 'used' | 'failures') => void) {
    announce(this.code, 'start');
  }

  get current(): string {
    return this.code;
  }

  /** True when `attempt` is the code; the code is then spent. */
  redeem(attempt: string): boolean {
    if (attempt === this.code) {
      this.rotate('used');
      return true;
    }
    this.failures += 1;
    if (this.failures >= MAX_FAILURES) this.rotate('failures');
    return false;
  }

  private rotate(reason: 'used' | 'failures'): void {
    this.code = newCode();
    this.failures = 0;
    this.announce(this.code, reason);
  }
}
