import stCoreUrl from '@ffmpeg/core?url';
import stWasmUrl from '@ffmpeg/core/wasm?url';
import mtCoreUrl from '@ffmpeg/core-mt?url';
import mtWasmUrl from '@ffmpeg/core-mt/wasm?url';
// Not inlined as a data: URL (it is 2 KB): a worker from data: has an opaque origin and may not import the core.
import mtWorkerUrl from '@ffmpeg/core-mt/worker?url&no-inline';

/** The parts of the Emscripten module of `@ffmpeg/core` this worker uses. */
export interface FfmpegCore {
  exec(...args: string[]): number;
  ffprobe(...args: string[]): number;
  reset(): void;
  setLogger(logger: (entry: { type: string; message: string }) => void): void;
  FS: CoreFs;
}

export interface CoreFs {
  mkdir(path: string): void;
  rmdir(path: string): void;
  readdir(path: string): string[];
  readFile(path: string): Uint8Array;
  readFile(path: string, opts: { encoding: 'utf8' }): string;
  writeFile(path: string, data: string | Uint8Array): void;
  unlink(path: string): void;
  chdir(path: string): void;
  mount(type: unknown, opts: { files: File[] }, mountpoint: string): void;
  unmount(mountpoint: string): void;
  filesystems: { WORKERFS: unknown };
}

type CoreFactory = (opts: { mainScriptUrlOrBlob: string }) => Promise<FfmpegCore>;

export type CoreKind = 'mt' | 'st';

/**
 * Loads the core from our own origin: the multi-threaded one only when the page is
 * cross-origin isolated (SharedArrayBuffer), the single-threaded one otherwise.
 *
 * The core ignores a `locateFile` option (it installs its own), and finds the wasm and the
 * pthread worker from a base64 JSON after `#` in `mainScriptUrlOrBlob`; the pthread workers
 * also import the core from that URL. Without it the hashed asset names are not found.
 */
export async function loadCore(preferThreads: boolean): Promise<{ core: FfmpegCore; kind: CoreKind }> {
  const kind: CoreKind = preferThreads && self.crossOriginIsolated ? 'mt' : 'st';
  const coreUrl = new URL(kind === 'mt' ? mtCoreUrl : stCoreUrl, self.location.href).href;
  const wasmUrl = new URL(kind === 'mt' ? mtWasmUrl : stWasmUrl, self.location.href).href;
  const workerUrl = new URL(mtWorkerUrl, self.location.href).href;
  const module = (await import(/* @vite-ignore */ coreUrl)) as { default: CoreFactory };
  const core = await module.default({ mainScriptUrlOrBlob: `${coreUrl}#${btoa(JSON.stringify({ wasmURL: wasmUrl, workerURL: workerUrl }))}` });
  return { core, kind };
}
