// The file each engine thread starts from. A worker thread does not reliably inherit the TS
// loader of its parent (tsx for the server, vite-node under vitest), so it registers tsx in its
// own thread before importing the TypeScript module that does the work.
import { register } from 'tsx/esm/api';

register();
const { default: runEngineJob } = await import('./thread.ts');

export default runEngineJob;
