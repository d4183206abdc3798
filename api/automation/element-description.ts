/** What the recorder learns about the element under the user's click, computed inside the page. */
export interface ElementDescription {
  tag: string;
  role: string | null;
  name: string;
  label: string;
  testId: string;
  text: string;
  css: string;
}

/**
 * Runs in the page (page.evaluate): finds the element at the point (or the focused one), walks up
 * to the control the user meant, and describes it by every handle the runner can use. It must be
 * self-contained: Playwright serialises it into the page.
 */
export function describeElementAt(point: { x: number; y: number } | null): ElementDescription | null {
  const hit = point ? document.elementFromPoint(point.x, point.y) : document.activeElement;
  if (!hit || hit === document.body || hit === document.documentElement) return null;
  let el = (hit.closest('a[href],button,input,select,textarea,label,summary,[role],[data-testid],td,th,li,h1,h2,h3,h4,h5,h6,p,span') ?? hit) as HTMLElement;
  if (el instanceof HTMLLabelElement && el.control) el = el.control;
  const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  const tag = el.tagName.toLowerCase();
  const type = (el.getAttribute('type') ?? '').toLowerCase();
  const implicit = (): string | null => {
    if (tag === 'a' && el.hasAttribute('href')) return 'link';
    if (tag === 'button' || (tag === 'input' && ['button', 'submit', 'reset'].includes(type))) return 'button';
    if (tag === 'input' && type === 'checkbox') return 'checkbox';
    if (tag === 'input' && type === 'radio') return 'radio';
    if (tag === 'input' && type === 'number') return 'spinbutton';
    if (tag === 'input' && type === 'search') return 'searchbox';
    if (tag === 'input' && ['', 'text', 'email', 'tel', 'url', 'password'].includes(type)) return type === 'password' ? null : 'textbox';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'select') return (el as HTMLSelectElement).multiple ? 'listbox' : 'combobox';
    if (/^h[1-6]$/.test(tag)) return 'heading';
    if (tag === 'td') return 'cell';
    if (tag === 'th') return 'columnheader';
    if (tag === 'li') return 'listitem';
    return null;
  };
  const labelled = el.getAttribute('aria-labelledby');
  const fieldLabel = 'labels' in el ? clean((el as HTMLInputElement).labels?.[0]?.innerText) : '';
  const label = clean(el.getAttribute('aria-label')) || (labelled ? clean(labelled.split(/\s+/).map((id) => document.getElementById(id)?.innerText ?? '').join(' ')) : '') || fieldLabel;
  const ownText = ['input', 'select', 'textarea'].includes(tag) ? '' : clean(el.innerText);
  const name = label || (['input', 'select', 'textarea'].includes(tag) ? clean(el.getAttribute('placeholder')) || clean(el.getAttribute('title')) : ownText);
  const css = (() => {
    if (el.id) return `#${CSS.escape(el.id)}`;
    const parts: string[] = [];
    let node: HTMLElement | null = el;
    while (node && node !== document.body && parts.length < 4) {
      let part = node.tagName.toLowerCase();
      const classes = [...node.classList].slice(0, 2).map((c) => `.${CSS.escape(c)}`).join('');
      part += classes;
      const parent: HTMLElement | null = node.parentElement;
      const same = parent ? [...parent.children].filter((c) => c.tagName === node!.tagName) : [];
      if (same.length > 1) part += `:nth-of-type(${same.indexOf(node) + 1})`;
      parts.unshift(part);
      if (node.id) {
        parts[0] = `#${CSS.escape(node.id)}`;
        break;
      }
      node = parent;
    }
    return parts.join(' > ');
  })();
  return {
    tag,
    role: el.getAttribute('role') ?? implicit(),
    name: name.slice(0, 120),
    label: (fieldLabel || clean(el.getAttribute('aria-label'))).slice(0, 120),
    testId: el.getAttribute('data-testid') ?? '',
    text: ownText.length > 0 && ownText.length <= 80 ? ownText : '',
    css,
  };
}
