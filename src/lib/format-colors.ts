/** The source and target format groups of the converter (API.md card keys). */
export type FormatId = 'word' | 'pdf' | 'excel' | 'ppt' | 'html' | 'xml' | 'text' | 'json' | 'markdown';

/** The letter-icon colours of contracts/convert-catalogue.ts (copied: that module pulls in zod). */
export const FORMAT_COLORS: Record<FormatId, string> = {
  word: '#2b579a',
  pdf: '#d93025',
  excel: '#217346',
  ppt: '#c43e1c',
  html: '#e44d26',
  xml: '#f57c00',
  text: '#5f6368',
  json: '#b8860b',
  markdown: '#083fa1',
};
