import { loadHandoffs, post, saveHandoffs, WidgetError, type StoredHandoff, type WidgetAnswer, type WidgetHandoff } from './api';
import { STRINGS, widgetLang } from './strings';
import { CSS } from './styles';

/** While the panel is open, hand-offs waiting for a reply are checked this often. */
const POLL_MS = 10_000;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/**
 * The embeddable QA bot: `<script src="…/widget/qa-bot.js" data-bot="<publicKey>" async>` adds
 * a floating button and a chat panel in a shadow root. It talks only to the bot's public API on
 * the script's own origin, without credentials, and keeps hand-off tokens in localStorage.
 */
function start(script: HTMLScriptElement): void {
  const publicKey = script.dataset.bot;
  if (!publicKey) return;
  const origin = new URL(script.src, location.href).origin;
  const s = STRINGS[widgetLang(script.dataset.lang, document.documentElement.lang)];

  const host = el('div');
  host.setAttribute('data-docuflow-qa', '');
  const root = host.attachShadow({ mode: 'open' });
  root.append(el('style', { textContent: CSS }));

  const button = el('button', { className: 'btn', type: 'button', textContent: '?' });
  button.setAttribute('aria-label', s.open);
  button.setAttribute('aria-expanded', 'false');
  const log = el('div', { className: 'log' });
  log.setAttribute('role', 'log');
  log.setAttribute('aria-live', 'polite');
  const close = el('button', { type: 'button', textContent: '×' });
  close.setAttribute('aria-label', s.close);
  const question = el('input', { type: 'text', placeholder: s.placeholder, maxLength: 500 });
  question.setAttribute('aria-label', s.placeholder);
  const email = el('input', { type: 'email', className: 'email', placeholder: s.email, maxLength: 254 });
  email.setAttribute('aria-label', s.email);
  const send = el('button', { type: 'submit', className: 'send', textContent: s.send });
  const form = el('form', {}, el('div', { className: 'row' }, question, send), email);
  const panel = el('div', { className: 'panel', hidden: true }, el('div', { className: 'head' }, el('span', { textContent: s.title }), close), log, form);
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', s.title);
  panel.id = 'panel';
  button.setAttribute('aria-controls', 'panel');
  root.append(button, panel);
  document.body.append(host);

  const say = (who: 'bot' | 'me', text: string, extra: Node[] = []) => {
    log.append(el('div', { className: `msg ${who}`, textContent: text }, ...extra));
    log.scrollTop = log.scrollHeight;
  };
  say('bot', s.greeting);

  let handoffs: StoredHandoff[] = loadHandoffs(publicKey);
  let timer: number | undefined;

  const poll = async () => {
    for (const h of handoffs) {
      try {
        const read = await post<WidgetHandoff>(origin, `${publicKey}/handoff`, { conversationId: h.conversationId, token: h.token });
        const replies = read.messages.filter((m) => m.author === 'owner');
        for (const m of replies.slice(h.seen)) say('bot', `${s.reply}\n${m.body}`);
        h.seen = replies.length;
      } catch (err) {
        // A deleted bot or conversation: forget it; anything else is retried at the next poll.
        if (err instanceof WidgetError && err.code === 40404) h.seen = -1;
      }
    }
    handoffs = handoffs.filter((h) => h.seen >= 0);
    saveHandoffs(publicKey, handoffs);
  };

  const ask = async (text: string) => {
    say('me', text);
    send.disabled = true;
    try {
      const a = await post<WidgetAnswer>(origin, `${publicKey}/ask`, { question: text, ...(email.value.trim() ? { email: email.value.trim() } : {}) });
      if (a.answered && a.answer !== undefined) {
        say('bot', a.answer, a.citations.map((c) => el('span', { className: 'src', textContent: `${s.source}${c.question}` })));
      } else if (a.decision === 'suggest') {
        say(
          'bot',
          s.didYouMean,
          a.suggestions.map((q) => {
            const b = el('button', { type: 'button', className: 'sug', textContent: q.question });
            b.addEventListener('click', () => void ask(q.question));
            return b;
          }),
        );
      } else {
        say('bot', s.handoff);
        if (a.handoff?.token) {
          handoffs.push({ conversationId: a.handoff.conversationId, token: a.handoff.token, seen: 0 });
          saveHandoffs(publicKey, handoffs);
        }
      }
    } catch (err) {
      say('bot', err instanceof WidgetError && err.code === 42901 ? s.busy : s.failed);
    } finally {
      send.disabled = false;
      // Disabling the focused Send button drops focus to the page; keep typing where it was.
      if (!panel.hidden) question.focus();
    }
  };

  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    button.setAttribute('aria-label', open ? s.close : s.open);
    window.clearInterval(timer);
    if (open) {
      question.focus();
      if (handoffs.length > 0) void poll();
      timer = window.setInterval(() => void poll(), POLL_MS);
    } else {
      button.focus();
    }
  };

  button.addEventListener('click', () => setOpen(panel.hidden));
  close.addEventListener('click', () => setOpen(false));
  panel.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') setOpen(false);
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const text = question.value.trim();
    if (!text) return;
    question.value = '';
    void ask(text);
  });
}

const current = document.currentScript;
const script = current instanceof HTMLScriptElement ? current : document.querySelector<HTMLScriptElement>('script[data-bot][src*="qa-bot"]');
if (script) {
  if (document.body) start(script);
  else document.addEventListener('DOMContentLoaded', () => start(script));
}
