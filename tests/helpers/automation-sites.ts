import type { RecorderAction } from '@contracts/automation.js';
import { PageServer, type PageHandler } from './page-server.js';

/** What a test does on a site through the recorder: an action at the element `selector` finds on the original site. */
export interface SiteAction {
  kind: RecorderAction['kind'];
  selector: string;
  text?: string;
  name?: string;
}

export interface TestSite {
  index: number;
  kind: 'login' | 'search' | 'table' | 'select' | 'pages';
  /** Path of the first page, original and renamed. */
  path: string;
  renamedPath: string;
  actions: SiteAction[];
  /** What the run's output must hold afterwards. */
  expected: Record<string, string>;
}

const KINDS: TestSite['kind'][] = ['login', 'search', 'table', 'select', 'pages'];

const doc = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>body{font:16px sans-serif;margin:24px}label,input,select,button{display:block;margin:6px 0}.hidden{display:none}</style></head><body>${body}</body></html>`;

/**
 * One site's pages. `n` names every id and class: the renamed variant gives each a new name (the
 * page's own script follows), while roles, labels, test ids and texts stay, as after a redesign.
 */
function pages(i: number, kind: TestSite['kind'], renamed: boolean): Record<string, string> {
  const n = (s: string) => (renamed ? `${s}-r${i}z` : s);
  const by = (id: string) => `document.getElementById('${n(id)}')`;
  switch (kind) {
    case 'login':
      return {
        'index.html': doc(`Login ${i}`, `<h1 class="${n('title')}">Member area ${i}</h1>
<form id="${n('login')}" class="${n('form')}" onsubmit="return false">
<label for="${n('user')}">Username</label><input id="${n('user')}" class="${n('inp')}">
<label for="${n('pass')}">Password</label><input id="${n('pass')}" class="${n('inp')}" type="password">
<button id="${n('go')}" class="${n('btn')} ${n('primary')}" type="button">Sign in</button></form>
<p id="${n('result')}" class="${n('out')}" data-testid="result"></p>
<script>${by('go')}.onclick=()=>{${by('result')}.textContent='Welcome, '+${by('user')}.value+(${by('pass')}.value.length>3?' (ok)':'')}</script>`),
      };
    case 'search': {
      const items = ['Apple', 'Banana', 'Mango', 'Orange', 'Grape', 'Melon'].map((f) => `${f} ${i}`);
      return {
        'index.html': doc(`Shop ${i}`, `<h1 class="${n('head')}">Shop ${i}</h1>
<input id="${n('q')}" class="${n('search')}" aria-label="Search products" placeholder="Type a fruit">
<button id="${n('filter')}" class="${n('btn')}" type="button">Filter</button>
<ul id="${n('items')}">${items.map((t) => `<li class="${n('item')}">${t}</li>`).join('')}</ul>
<span id="${n('count')}" class="${n('badge')}" data-testid="count">${items.length} results</span>
<script>${by('filter')}.onclick=()=>{const q=${by('q')}.value.toLowerCase();let c=0;for(const li of ${by('items')}.children){const m=li.textContent.toLowerCase().includes(q);li.style.display=m?'':'none';if(m)c++}${by('count')}.textContent=c+' results'}</script>`),
      };
    }
    case 'table': {
      const rows = [3, 5, 8].map((k) => ({ name: `Item ${k}`, price: (k * i + 0.5).toFixed(2) }));
      const total = rows.reduce((s, r) => s + Number(r.price), 0).toFixed(2);
      return {
        'index.html': doc(`Prices ${i}`, `<h1>Prices ${i}</h1>
<button id="${n('load')}" class="${n('btn')}" type="button">Load prices</button>
<table id="${n('tbl')}" class="${n('grid')} ${n('hidden')}"><thead><tr><th>Name</th><th>Price</th></tr></thead><tbody>
${rows.map((r) => `<tr class="${n('row')}"><td class="${n('name')}">${r.name}</td><td class="${n('price')}">${r.price}</td></tr>`).join('')}
<tr><td>Total</td><td id="${n('total')}" class="${n('sum')}" data-testid="total">${total}</td></tr></tbody></table>
<script>${by('load')}.onclick=()=>setTimeout(()=>${by('tbl')}.classList.remove('${n('hidden')}'),300)</script>`),
      };
    }
    case 'select':
      return {
        'index.html': doc(`Form ${i}`, `<h1>Shipping ${i}</h1>
<label for="${n('country')}">Country</label><select id="${n('country')}" class="${n('sel')}"><option value="">Choose…</option><option value="fr">France</option><option value="de">Germany</option><option value="jp">Japan</option></select>
<label class="${n('check')}"><input type="checkbox" id="${n('agree')}"> I agree to the terms</label>
<button id="${n('send')}" class="${n('btn')}" type="button">Send order</button>
<output id="${n('msg')}" class="${n('out')}" data-testid="message"></output>
<script>${by('send')}.onclick=()=>{const s=${by('country')};${by('msg')}.textContent=${by('agree')}.checked?'Sent to '+s.options[s.selectedIndex].text:'Please agree'}</script>`),
      };
    case 'pages':
      return {
        'index.html': doc(`Guide ${i}`, `<h1 class="${n('h')}">Guide ${i}</h1><p>Read the first part.</p><a id="${n('next')}" class="${n('nav')}" href="two.html">Next page</a>`),
        'two.html': doc(`Guide ${i} part two`, `<h2 id="${n('done')}" class="${n('hdr')}">Part two of guide ${i}</h2>
<button id="${n('finish')}" class="${n('btn')}" type="button">Finish reading</button><p id="${n('status')}" class="${n('out')}" data-testid="status"></p>
<script>${by('finish')}.onclick=()=>{${by('status')}.textContent='Finished guide ${i}'}</script>`),
      };
  }
}

function siteOf(i: number): TestSite {
  const kind = KINDS[i % KINDS.length]!;
  const base = { index: i, kind, path: `/site-${i}/index.html`, renamedPath: `/site-${i}-renamed/index.html` };
  switch (kind) {
    case 'login':
      return { ...base, actions: [{ kind: 'type', selector: '#user', text: `alice${i}` }, { kind: 'type', selector: '#pass', text: '{{secret:password}}' }, { kind: 'click', selector: '#go' }, { kind: 'extract', selector: '#result', name: 'greeting' }], expected: { greeting: `Welcome, alice${i} (ok)` } };
    case 'search':
      return { ...base, actions: [{ kind: 'type', selector: '#q', text: 'an' }, { kind: 'click', selector: '#filter' }, { kind: 'extract', selector: '#count', name: 'count' }], expected: { count: '3 results' } };
    case 'table':
      return { ...base, actions: [{ kind: 'click', selector: '#load' }, { kind: 'extract', selector: '#total', name: 'total' }], expected: { total: [3, 5, 8].reduce((s, k) => s + Number((k * i + 0.5).toFixed(2)), 0).toFixed(2) } };
    case 'select':
      return { ...base, actions: [{ kind: 'select', selector: '#country', text: 'jp' }, { kind: 'click', selector: '#agree' }, { kind: 'click', selector: '#send' }, { kind: 'extract', selector: '#msg', name: 'message' }], expected: { message: 'Sent to Japan' } };
    case 'pages':
      return { ...base, actions: [{ kind: 'click', selector: '#next' }, { kind: 'assert', selector: '#done' }, { kind: 'click', selector: '#finish' }, { kind: 'extract', selector: '#status', name: 'status' }], expected: { status: `Finished guide ${i}` } };
  }
}

/** The 20 sites (forms, lists, tables, multi-page) and their renamed twins, on one loopback server. */
export async function startTestSites(count = 20): Promise<{ server: PageServer; sites: TestSite[]; origin: string }> {
  const routes: Record<string, PageHandler> = {};
  const sites = Array.from({ length: count }, (_, i) => siteOf(i));
  for (const site of sites) {
    for (const renamed of [false, true]) {
      for (const [file, html] of Object.entries(pages(site.index, site.kind, renamed))) {
        routes[`/site-${site.index}${renamed ? '-renamed' : ''}/${file}`] = (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      }
    }
  }
  const server = new PageServer(routes);
  const port = await server.start();
  return { server, sites, origin: `http://127.0.0.1:${port}` };
}
