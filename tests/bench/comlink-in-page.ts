/**
 * Comlink's wire format spoken from a page's own script to a worker the bench started (the page
 * does not expose Comlink): `(CALL_WORKER)(worker)` gives `call(name, args)` → the answer.
 * A source string, for `page.evaluate` scripts built as text.
 */
export const CALL_WORKER = `(worker) => {
  let next = 0;
  return (name, args) => new Promise((resolve, reject) => {
    const id = 'bench-' + next++;
    const onMessage = ({ data }) => {
      if (data?.id !== id) return;
      worker.removeEventListener('message', onMessage);
      if (data.type === 'HANDLER') reject(new Error(JSON.stringify(data.value)));
      else resolve(data.value);
    };
    worker.addEventListener('message', onMessage);
    worker.postMessage({ id, type: 'APPLY', path: [name], argumentList: args.map((value) => ({ type: 'RAW', value })) });
  });
}`;
