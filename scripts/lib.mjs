// Shared set-up steps for `npm start`, `npm test` and `npm run dev`: plain Node, no dependencies,
// so they run before `npm install` has.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (res.error) throw res.error;
  return res.status ?? 1;
}

export function must(cmd, args, opts = {}) {
  const status = run(cmd, args, opts);
  if (status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

export function has(bin) {
  return spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;
}

const succeeds = (script) => spawnSync('sh', ['-c', script], { stdio: 'ignore' }).status === 0;
const tesseractHas = (lang) => succeeds(`tesseract --list-langs 2>/dev/null | grep -qx '${lang}'`);
const pythonHas = (module) => succeeds(`/usr/bin/python3 -c 'import ${module}'`);
const fontHas = (family) => succeeds(`fc-list | grep -qi '${family}'`);

/** npm packages: installed when node_modules is missing or older than the lockfile. */
export function ensureNodeModules() {
  const marker = join(root, 'node_modules/.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('• Installing npm packages (better-sqlite3 compiles from source; about a minute)…');
  // Compile native addons against the machine's own Node headers: nothing is downloaded.
  const env = { ...process.env, npm_config_nodedir: process.env.npm_config_nodedir ?? '/usr' };
  // A first install takes the lock exactly (`npm ci`); a later one brings node_modules up to a changed lock.
  must('npm', [existsSync(join(root, 'node_modules')) ? 'install' : 'ci', '--no-audit', '--no-fund'], { env });
}

/**
 * Debian packages the product or its tests need, by the command that proves each is there.
 * Installed with apt-get when running as root; otherwise named in one message.
 */
export const SYSTEM_PACKAGES = {
  test: [
    { ok: () => has('chromium'), pkgs: ['chromium'], why: 'end-to-end tests in headless Chromium' },
    { ok: () => has('pdftotext'), pkgs: ['poppler-utils'], why: 'reading PDFs back in tests' },
    { ok: () => has('heif-enc') && has('heif-convert'), pkgs: ['libheif-examples'], why: 'making HEIC test photos and decoding them back' },
    { ok: () => has('exiftool'), pkgs: ['libimage-exiftool-perl'], why: 'writing and checking EXIF in image tests' },
    { ok: () => has('djxl'), pkgs: ['libjxl-tools'], why: 'decoding JPEG XL output in image tests' },
  ],
  serve: [
    {
      ok: () => has('soffice'),
      pkgs: ['libreoffice-writer-nogui', 'libreoffice-calc-nogui', 'libreoffice-impress-nogui'],
      why: 'server conversions (Word, Excel and PowerPoint to PDF, legacy formats)',
    },
    // The `python3` first on PATH may be another interpreter; UNO needs Debian's.
    { ok: () => succeeds('/usr/bin/python3 -c "import uno"'), pkgs: ['python3-uno'], why: 'driving warm LibreOffice instances' },
    { ok: () => fontHas('Noto Sans CJK'), pkgs: ['fonts-noto-cjk'], why: 'Chinese text in converted documents' },
    { ok: () => has('ffmpeg') && has('ffprobe'), pkgs: ['ffmpeg'], why: 'the local video helper, and making test videos' },
    { ok: () => has('qpdf') && has('gs'), pkgs: ['qpdf', 'ghostscript'], why: 'the PDF tools that run on the server (compress, protect, unlock)' },
    { ok: () => has('ocrmypdf') && tesseractHas('chi_sim') && tesseractHas('eng'), pkgs: ['ocrmypdf', 'tesseract-ocr-eng', 'tesseract-ocr-chi-sim'], why: 'searchable scans (PDF OCR)' },
    { ok: () => has('pdftoppm') && has('tesseract'), pkgs: ['poppler-utils', 'tesseract-ocr'], why: 'scanned pages in PDF to Word, Excel, PowerPoint and text on the server (OCR)' },
    { ok: () => pythonHas('fitz'), pkgs: ['python3-fitz'], why: 'PDF redaction (PyMuPDF removes what is under each box)' },
    { ok: () => fontHas('Noto Sans Arabic'), pkgs: ['fonts-noto-core'], why: 'watermarks and page numbers in Arabic and other scripts' },
  ],
};

export function ensureSystemPackages(kind, { required }) {
  const missing = SYSTEM_PACKAGES[kind].filter((p) => !p.ok());
  if (missing.length === 0) return true;
  const pkgs = missing.flatMap((p) => p.pkgs);
  const isRoot = process.getuid?.() === 0;
  if (isRoot && has('apt-get')) {
    console.log(`• Installing system packages: ${pkgs.join(' ')}`);
    if (run('apt-get', ['update', '-qq']) === 0 &&
        run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...pkgs], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }) === 0 &&
        missing.every((p) => p.ok())) {
      return true;
    }
  }
  const msg = `Missing system packages: ${pkgs.join(' ')} (${missing.map((p) => p.why).join('; ')}).\n` +
    `Install them with: sudo apt-get install -y --no-install-recommends ${pkgs.join(' ')}`;
  if (required) {
    console.error(`✖ ${msg}`);
    process.exit(1);
  }
  console.warn(`! ${msg}\n  The app still serves every conversion that runs in the browser.`);
  return false;
}

/**
 * The unprivileged user automation's Chromium runs as when the server runs as root (Chromium
 * keeps its sandbox only as a non-root user): a system user with no home and no login shell.
 * Created here, when root, if missing; api/automation/chromium-launch.ts uses it.
 */
export function ensureSandboxUser(name = 'docuflow') {
  if (process.getuid?.() !== 0 || succeeds(`id -u ${name}`)) return;
  if (run('useradd', ['--system', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', name]) !== 0) {
    console.warn(`! Could not create the user "${name}": automation's browser will run as root without its sandbox.`);
  }
}

/** Hash of everything the browser build depends on, to rebuild only when it changed. */
function buildInputsHash() {
  const h = createHash('sha256');
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const f of readdirSync(p).sort()) walk(join(p, f));
    } else if (!/\.test\.tsx?$/.test(p)) {
      // Relative names: a copy of the tree elsewhere reuses the same build.
      h.update(relative(root, p)).update(readFileSync(p));
    }
  };
  // widget/ and scripts/build/ feed the build through vite.config.ts's plugins (the QA widget, precompression).
  for (const p of ['src', 'workers', 'engines', 'contracts', 'locales', 'public', 'widget', 'scripts/build', 'index.html', 'vite.config.ts', 'package-lock.json', 'tsconfig.json']) {
    walk(join(root, p));
  }
  return h.digest('hex');
}

/** `vite build` unless dist/ was built from the same inputs. */
export function ensureBuild() {
  if (!existsSync(join(root, 'index.html'))) return;
  const stamp = join(root, 'dist/.build-hash');
  const hash = buildInputsHash();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  console.log('• Building the web app…');
  must('npx', ['vite', 'build', '--logLevel', 'warn']);
  writeFileSync(stamp, hash);
}
