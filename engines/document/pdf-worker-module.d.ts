/** pdf.js's parser; importing it registers `globalThis.pdfjsWorker` (see pdf-load.ts). */
declare module 'pdfjs-dist/build/pdf.worker.min.mjs' {
  export const WorkerMessageHandler: unknown;
}
