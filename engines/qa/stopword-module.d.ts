/** `stopword` ships no types; only its word lists are used (see analyse.ts). */
declare module 'stopword' {
  export const eng: readonly string[];
  export const zho: readonly string[];
}
