/**
 * Data a page was rendered with on the server (SWR key → value), sent in the page as
 * `<script type="application/json" id="page-data">`: the app's first render reads the same values,
 * so hydration finds what the server wrote, and SWR starts from them instead of fetching first.
 */
const ELEMENT_ID = 'page-data';

let rendering: Record<string, unknown> | null = null;
let sent: Record<string, unknown> | undefined;

/**
 * While the server renders a page (src/prerender/render-page.tsx): the data it renders with. One
 * render at a time: the renderer queues them.
 */
export async function renderWithPageData<T>(data: Record<string, unknown>, render: () => Promise<T>): Promise<T> {
  rendering = data;
  try {
    return await render();
  } finally {
    rendering = null;
  }
}

/** The data of the page being rendered on the server, or the one the browser received; empty when none. */
export function pageData(): Record<string, unknown> {
  if (rendering) return rendering;
  if (sent === undefined) sent = readSent();
  return sent;
}

function readSent(): Record<string, unknown> {
  if (typeof document === 'undefined') return {};
  const text = document.getElementById(ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The element that carries `data` in the page. Text staff typed (bundle names) ends up inside a
 * script element: `<`, `>`, `&` and the two JavaScript line separators are written as escapes, so
 * nothing in it can close the element or be read as markup.
 */
export function pageDataElement(data: Record<string, unknown>): string {
  const json = JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/json" id="${ELEMENT_ID}">${json}</script>`;
}
