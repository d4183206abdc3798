// `npm run dev`: the API on :8787 (restarts on change) and Vite with hot reload on :5173,
// which proxies /api to it.
import { spawn } from 'node:child_process';
import { ensureNodeModules, root } from './lib.mjs';

ensureNodeModules();
const env = { ...process.env, PORT: process.env.API_PORT ?? '8787', NODE_ENV: 'development' };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'api/server.ts'], { stdio: 'inherit', cwd: root, env }),
  spawn('npx', ['vite'], { stdio: 'inherit', cwd: root }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
