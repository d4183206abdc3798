/** Written by scripts/build/reading-assets.ts. */
declare module 'virtual:reading-assets' {
  /** The glosses' dictionary (compacted CC-CEDICT), content-hashed. */
  export const DICTIONARY_URL: string;
  /** Where tesseract.js's worker, cores and language data are served. */
  export const OCR_BASE: string;
}
