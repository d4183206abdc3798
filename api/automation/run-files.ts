import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A run's screenshots on local disk: `<dataDir>/automation/<runId>/<step>.jpg` and `failure.jpg`. */
export function runFiles(dataDir: string) {
  const dirOf = (runId: string) => join(dataDir, 'automation', runId.replace(/[^a-zA-Z0-9-]/g, ''));
  return {
    async save(runId: string, name: string, bytes: Buffer): Promise<void> {
      await mkdir(dirOf(runId), { recursive: true });
      await writeFile(join(dirOf(runId), `${name}.jpg`), bytes);
    },
    async read(runId: string, name: string): Promise<Buffer | null> {
      return readFile(join(dirOf(runId), `${name.replace(/[^a-z0-9]/g, '')}.jpg`)).catch(() => null);
    },
    async remove(runId: string): Promise<void> {
      await rm(dirOf(runId), { recursive: true, force: true });
    },
  };
}
export type RunFiles = ReturnType<typeof runFiles>;
