/** Longest wait for the page to be released; past it, leave anyway. */
const MAX_WAIT_MS = 2000;
const POLL_MS = 50;

/**
 * Runs `fn` once no Fluent dialog is on screen and the app root is no longer aria-hidden. A modal
 * dialog hides the rest of the page from screen readers, and Fluent (tabster) gives it back a
 * moment after the dialog's closing animation; leaving the layout before that left the next page
 * (the login page) hidden. Returns a cancel function.
 */
export function afterDialogsClose(fn: () => void): () => void {
  const started = Date.now();
  let timer = 0;
  const released = () => {
    const root = document.getElementById('root');
    return !document.querySelector('.fui-DialogSurface') && root?.getAttribute('aria-hidden') !== 'true';
  };
  const check = () => {
    if (released() || Date.now() - started >= MAX_WAIT_MS) fn();
    else timer = window.setTimeout(check, POLL_MS);
  };
  timer = window.setTimeout(check, POLL_MS);
  return () => window.clearTimeout(timer);
}
