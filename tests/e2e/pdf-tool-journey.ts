import type { Page } from 'playwright-core';
import { registerThroughUi, uniqueUserId, type Harness } from './harness';

/** A page signed up as a new user of its own (each journey spends its own quota), downloads allowed. */
export async function newToolUser(harness: Harness, prefix: string): Promise<Page> {
  const { page } = await harness.open('/', { acceptDownloads: true });
  page.setDefaultTimeout(30_000);
  const userId = uniqueUserId(prefix);
  await registerThroughUi(page, { userId, email: `${userId}@example.com`, password: 'Pdf-Tools-Passw0rd' });
  return page;
}
