/** A conversion type's key, `pdf-to-word`: source format, then target (zod-free, for pages that only read keys). */
export const CONVERT_TYPE_PATTERN = /^(word|pdf|excel|ppt)-to-([a-z]+)$/;
