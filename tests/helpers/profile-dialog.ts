import type { Locator, Page } from 'playwright-core';

/**
 * Opens a section of the profile menu (avatar → section button) and returns its dialog, opened
 * again if the first try did not open it: on a loaded machine (CI, 2026-11-28, three times) the
 * popover's opening animation swallowed the click on its lazily loaded item and no dialog came.
 */
export async function openProfileDialog(page: Page, section: string, dialogName: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  for (let attempt = 1; ; attempt++) {
    await page.getByTestId('profile-trigger').click();
    try {
      await page.getByRole('button', { name: section }).click({ timeout: 5000 });
      await dialog.waitFor({ timeout: 10_000 });
      return dialog;
    } catch (err) {
      if (attempt >= 3) throw err;
      await page.keyboard.press('Escape');
    }
  }
}
