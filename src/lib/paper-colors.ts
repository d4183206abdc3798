/**
 * Colours that are not the theme's: what is drawn on or over a document's page, which stays
 * white in the dark theme too (a PDF page, a signature pad, a redaction box), and the defaults
 * of colours the user picks for their document. Everything else comes from theme tokens
 * (tests/unit/theme-tokens.test.ts).
 */
export const PAPER = '#ffffff';
/** The checkerboard behind a signature, so its transparent parts show. */
export const TRANSPARENCY_CHECKER = `repeating-conic-gradient(#f0f0f0 0% 25%, ${PAPER} 0% 50%)`;
/** Signature ink: a dark blue, as pens write. */
export const SIGNATURE_INK = '#14215a';
/** Text printed on the page (the signature's date, as it will print). */
export const PAGE_TEXT = '#333333';
/** A light wash of the brand blue over a page, for the area a box may be placed in. */
export const PLACEMENT_WASH = 'rgba(15, 108, 189, 0.06)';
export const PENDING_BOX_WASH = 'rgba(15, 108, 189, 0.12)';
/** A box that will be blacked out, as the redaction will look (slightly see-through, to review what it covers). */
export const REDACTION_PREVIEW = 'rgba(0, 0, 0, 0.82)';
/** Defaults of the colours the user chooses for what is printed on their pages. */
export const DEFAULT_PAGE_NUMBER_COLOR = '#000000';
export const DEFAULT_WATERMARK_COLOR = '#808080';
