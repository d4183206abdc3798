// `npm start`: install what is missing, build the PWA when its sources changed, then migrate,
// seed and serve API + PWA on http://127.0.0.1:8080 (PORT to change).
import { ensureBuild, ensureNodeModules, ensureSandboxUser, ensureSystemPackages, must } from './lib.mjs';

const [major] = process.versions.node.split('.').map(Number);
if (major < 20) {
  console.error(`✖ Node.js 20 or newer is needed (found ${process.version}).`);
  process.exit(1);
}
ensureNodeModules();
ensureSystemPackages('serve', { required: false });
ensureSandboxUser();
ensureBuild();
must('node', ['--import', 'tsx', 'api/server.ts']);
