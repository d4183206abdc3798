// The thread that writes a bilingual PDF or DOCX (export-in-thread.ts); registers the TS loader
// itself, as api/engine-threads/thread-entry.mjs does.
import { register } from 'tsx/esm/api';

register();
await import('./export-thread.ts');
