// The embedding thread. Like api/engine-threads/thread-entry.mjs it registers the TS loader
// itself: a worker thread does not reliably inherit its parent's (tsx, vite-node).
import { register } from 'tsx/esm/api';

register();
await import('./embed-thread.ts');
