import createQpdf, { type QpdfInstance } from '@neslinesli93/qpdf-wasm';

/**
 * Removes a PDF's encryption on the device with qpdf itself (compiled to WebAssembly, loaded on
 * the first protected file only): pdf-lib cannot decrypt, and qpdf reads every scheme readers
 * write (RC4 40/128, AES-128, AES-256). The password lives only for this call.
 */
export interface Decrypter {
  /**
   * The decrypted PDF, or qpdf's exit status: it exits 2 for a wrong password and for a file it cannot
   * read alike, and its message goes to the console, not to us; the caller knows the file parsed
   * and is encrypted, so a refusal there means the password.
   */
  decrypt(bytes: Uint8Array, password: string): Decrypted;
}

export type Decrypted = { ok: true; bytes: Uint8Array } | { ok: false; status: number };

const IN = '/in.pdf';
const OUT = '/out.pdf';

export async function loadDecrypter(wasmUrl: string): Promise<Decrypter> {
  // The package's declaration lists the FS calls it needed; writeFile and unlink are Emscripten's own.
  const qpdf = (await createQpdf({ locateFile: () => wasmUrl })) as QpdfInstance & { FS: { writeFile(path: string, data: Uint8Array): void; unlink(path: string): void } };
  const remove = (path: string) => {
    try {
      qpdf.FS.unlink(path);
    } catch {
      // Not written: nothing to remove.
    }
  };
  return {
    decrypt(bytes, password) {
      qpdf.FS.writeFile(IN, bytes);
      try {
        const status = qpdf.callMain([`--password=${password}`, '--decrypt', IN, OUT]);
        // 3: finished with warnings (a damaged but readable file), still a usable output.
        if (status === 0 || status === 3) return { ok: true, bytes: qpdf.FS.readFile(OUT) };
        return { ok: false, status };
      } finally {
        remove(IN);
        remove(OUT);
      }
    },
  };
}
