import { extensionOf, type ConvertCard } from './convert-catalogue.js';

/**
 * Which engine runs a conversion is data (ARCHITECTURE.md): each engine declares the
 * (source extension, target group) pairs it supports; `pickEngine` takes the first capable one,
 * browser before server.
 */
export type EngineKind = 'browser' | 'server';

/** Pairs the in-browser worker engines handle (workers/document/ops). */
export const BROWSER_ENGINE_PAIRS: Record<string, readonly string[]> = {
  xlsx: ['json', 'markdown', 'html', 'word', 'ppt'],
  csv: ['json', 'markdown', 'html', 'word', 'ppt'],
  pdf: ['text', 'html', 'xml', 'word', 'excel', 'ppt'],
  docx: ['text'],
};

/** Pairs the server's LibreOffice engine handles (issue 4): every source group to any target. */
export const SERVER_ENGINE_TARGETS: readonly string[] = ['pdf', 'html', 'text', 'word', 'excel', 'ppt', 'json', 'markdown', 'xml'];

export function browserSupports(sourceExt: string, target: string): boolean {
  return BROWSER_ENGINE_PAIRS[sourceExt.toLowerCase()]?.includes(target) ?? false;
}

export function pickEngine(card: Pick<ConvertCard, 'target'>, fileName: string): EngineKind {
  return browserSupports(extensionOf(fileName), card.target) ? 'browser' : 'server';
}

/** Output extension for a card: its first target extension. */
export function outputExtension(card: Pick<ConvertCard, 'targetExtensions'>): string {
  return card.targetExtensions[0] ?? 'bin';
}
