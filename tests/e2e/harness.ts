import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';

const root = resolve(import.meta.dirname, '..', '..');
/** E2E_DIST_DIR lets parallel runs build and serve their own copy instead of sharing dist/. */
export const distDir = process.env.E2E_DIST_DIR ? resolve(process.env.E2E_DIST_DIR) : join(root, 'dist');

/** The manager account the server seeds; e2e journeys may sign in with it. */
export const ADMIN = { userId: 'admin', password: 'Admin-E2e-Passw0rd' } as const;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface Harness {
  baseUrl: string;
  browser: Browser;
  /** The server's throw-away data directory; its SQLite database is `app.db` (journeys that play staff write there). */
  dataDir: string;
  /** A fresh browser profile (cookies, storage) on the app; service workers blocked so every run sees the server. */
  open(path?: string, options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

/**
 * Builds the PWA when dist/ is missing or older than its sources (the server serves dist/). Under
 * vitest the e2e project's global set-up has built it once for the whole run
 * (tests/e2e/global-setup.ts), so files running side by side never rebuild under each other.
 */
export function ensureBuilt(): void {
  if (process.env.DOCUFLOW_E2E_BUILT === distDir) return;
  const index = join(distDir, 'index.html');
  const sources = ['src', 'workers', 'engines', 'contracts', 'locales', 'public', 'widget', 'index.html', 'vite.config.ts'].map((p) => join(root, p)).filter(existsSync);
  if (existsSync(index) && statSync(index).mtimeMs >= Math.max(...sources.map(newestMtime))) return;
  // vitest runs with NODE_ENV=test, which would make Vite emit React's development build.
  execFileSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

/**
 * Starts the real server (API + built PWA) on a free port with a throw-away data directory and
 * SQLite database, and a headless Chromium from the system (nothing is downloaded); with
 * `office`, its LibreOffice pool too; with `registrations`, that many sign-ups an hour from the
 * journeys' one address.
 */
export async function startHarness({ office = false, registrations }: { office?: boolean; registrations?: number } = {}): Promise<Harness> {
  ensureBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'docuflow-e2e-'));
  const { startServer } = await import('../../api/main');
  const { DEFAULT_RATE_LIMITS } = await import('../../api/http/rate-limit-rules');
  // Warm LibreOffice instances cost seconds of CPU to start: only the journeys that convert on the server get them.
  // `registrations`: a file whose journeys each sign up a new user may pass the 10 an hour one address is allowed.
  const overrides = {
    ...(office ? {} : { officePoolSize: 0 }),
    ...(registrations ? { rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerAddress: { points: registrations, durationS: 3600 } } } : {}),
  };
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, staticDir: distDir, adminPassword: ADMIN.password, logLevel: 'warn', overrides });
  const browser = await launchChromium();
  const opener = pageOpener(browser, server.url);
  return {
    baseUrl: server.url,
    browser,
    dataDir,
    open: opener.open,
    async close() {
      await opener.close();
      await browser.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's headless Chromium (nothing is downloaded). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Opens fresh browser profiles on a running app at `baseUrl`; `close` closes every one of them. */
export function pageOpener(browser: Browser, baseUrl: string): Pick<Harness, 'open'> & { close(): Promise<void> } {
  const contexts = new Set<BrowserContext>();
  return {
    async open(path = '/', options = {}) {
      const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'block', locale: 'en-US', ...options });
      contexts.add(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      waitForAppAfterNavigation(page, baseUrl);
      await page.goto(path);
      return { context, page };
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
    },
  };
}

/**
 * Waits until the app has rendered or hydrated (src/app/app-tree.tsx): a prerendered page is
 * visible before that, but its buttons do nothing yet.
 */
export async function waitForApp(page: Page): Promise<void> {
  // A prerendered landing page waits for the visitor's first touch, key or move before the app
  // starts (src/app/hydration-trigger.ts): a key that does nothing on the page, as a visitor's would.
  if (await page.evaluate(() => document.documentElement.dataset.appWaiting === 'visitor')) await page.keyboard.press('Shift');
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/**
 * Makes `goto` and `reload` of this page return once the app is interactive, as a user sees it,
 * when they land on the app (not on another origin, such as the Google stand-in's login form).
 */
function waitForAppAfterNavigation(page: Page, appUrl: string): void {
  const origin = new URL(appUrl).origin;
  for (const method of ['goto', 'reload'] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await navigate(...args);
      if (new URL(page.url()).origin === origin) await waitForApp(page);
      return response;
    };
  }
}

/** A user id unique to this run (ids are 3-32 characters). */
export function uniqueUserId(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 32);
}

/** A form field by its accessible name (Fluent's required asterisk is not part of it). */
export function field(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('textbox', { name, exact: true });
}

/** Registers through the UI and waits until the header shows the signed-in avatar. */
export async function registerThroughUi(page: Page, user: { userId: string; email: string; password: string }): Promise<void> {
  await page.goto('/register');
  await field(page, 'User ID').fill(user.userId);
  await field(page, 'E-mail').fill(user.email);
  await field(page, 'Password').fill(user.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByTestId('profile-trigger').waitFor();
}

/**
 * Logs out from the profile popover. On a loaded 2-core machine the popover's opening animation
 * can swallow the first click; the header still showing the avatar means it did, so try again.
 */
export async function logoutThroughUi(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.getByTestId('profile-trigger').click();
    await page.getByRole('button', { name: 'Log out' }).click();
    try {
      await page.getByRole('link', { name: 'Log in' }).first().waitFor({ timeout: 10_000 });
      return;
    } catch (err) {
      if (attempt >= 3 || !(await page.getByTestId('profile-trigger').isVisible())) throw err;
    }
  }
}

export async function loginThroughUi(page: Page, userId: string, password: string): Promise<void> {
  await field(page, 'User ID or e-mail').fill(userId);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}
