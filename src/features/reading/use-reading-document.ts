import type { Paragraph, ReadLang } from '@contracts/ai-read';
import { hanShare } from '@engines/reading/cjk';
import { ocrParagraphs, type ReadingParagraph } from '@engines/reading/document-paragraphs';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useCallback, useEffect, useRef, useState } from 'react';
import { analyzeForReading } from '../../lib/reading-worker';
import { openViewerPdf, readOutline, type OutlineEntry } from './pdf-viewer-lib';
import { recognisePage } from './ocr';

export type ReadingSource =
  | { kind: 'none' }
  | { kind: 'pdf'; name: string; key: string; doc: PDFDocumentProxy; outline: OutlineEntry[]; baseSize: { width: number; height: number } }
  | { kind: 'web'; url: string; key: string; title: string };

export interface OcrState {
  /** Pages still waiting for OCR (no text layer or garbage text). */
  pending: number[];
  /** The page being read, and how far. */
  running?: { page: number; progress: number };
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes.slice().buffer);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('').slice(0, 32);
}

/**
 * Guesses the document's language: Chinese when most of its first 50 paragraphs are mostly Han
 * (counted per paragraph, because a Latin letter carries far less text than a Han character).
 */
export function guessLang(paragraphs: readonly Paragraph[]): ReadLang {
  const sample = paragraphs.slice(0, 50);
  const chinese = sample.filter((p) => hanShare(p.text) > 0.3).length;
  return sample.length > 0 && chinese * 2 >= sample.length ? 'zh' : 'en';
}

/** The open document: a local PDF (pages with pdf.js, paragraphs from the layout analysis, OCR on demand) or a web page. */
export function useReadingDocument() {
  const [source, setSource] = useState<ReadingSource>({ kind: 'none' });
  const [paragraphs, setParagraphs] = useState<ReadingParagraph[]>([]);
  const [status, setStatus] = useState<'idle' | 'opening' | 'analysing' | 'ready' | 'error'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [ocr, setOcr] = useState<OcrState>({ pending: [] });
  const ocrAbort = useRef<AbortController | null>(null);
  const docRef = useRef<PDFDocumentProxy | null>(null);

  const close = useCallback(() => {
    ocrAbort.current?.abort();
    void docRef.current?.destroy();
    docRef.current = null;
  }, []);

  useEffect(() => close, [close]);

  const openPdf = useCallback(
    async (file: File) => {
      close();
      setStatus('opening');
      setError(null);
      setParagraphs([]);
      setOcr({ pending: [] });
      try {
        const bytes = new Uint8Array(await file.arrayBuffer());
        const [doc, key] = await Promise.all([openViewerPdf(bytes), sha256Hex(bytes)]);
        docRef.current = doc;
        const first = await doc.getPage(1);
        const vp = first.getViewport({ scale: 1 });
        setSource({ kind: 'pdf', name: file.name, key: `pdf:${key}`, doc, outline: await readOutline(doc).catch(() => []), baseSize: { width: vp.width, height: vp.height } });
        setStatus('analysing');
        const result = await analyzeForReading(bytes);
        if (docRef.current !== doc) return;
        if (!result.ok) {
          setError(result.reason);
          setStatus('error');
          return;
        }
        setParagraphs(result.document.paragraphs);
        setOcr({ pending: result.document.ocrPages });
        setStatus('ready');
      } catch (err) {
        const name = err instanceof Error ? err.name : '';
        setError(name === 'PasswordException' ? 'encrypted' : 'unreadable');
        setStatus('error');
      }
    },
    [close],
  );

  const openWeb = useCallback(
    (url: string, result: { title: string; paragraphs: Paragraph[] }) => {
      close();
      setSource({ kind: 'web', url, key: `url:${url}`, title: result.title });
      setParagraphs(result.paragraphs.map((p) => ({ ...p, page: 0 })));
      setOcr({ pending: [] });
      setError(null);
      setStatus('ready');
    },
    [close],
  );

  /** Reads the pending pages with OCR, one after another; their paragraphs join the document in page order. */
  const runOcr = useCallback(async () => {
    const doc = docRef.current;
    if (!doc) return;
    const controller = new AbortController();
    ocrAbort.current = controller;
    const pending = [...ocr.pending];
    try {
      for (const number of pending) {
        setOcr((s) => ({ ...s, running: { page: number, progress: 0 } }));
        const page = await doc.getPage(number);
        // About 300 dpi: tesseract reads best at that resolution.
        const viewport = page.getViewport({ scale: 300 / 72 });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        await page.render({ canvas, viewport }).promise;
        const text = await recognisePage(canvas, { signal: controller.signal, onProgress: (progress) => setOcr((s) => ({ ...s, running: { page: number, progress } })) });
        const found = ocrParagraphs(number, text);
        setParagraphs((current) => [...current, ...found].sort((a, b) => a.page - b.page));
        setOcr((s) => ({ pending: s.pending.filter((p) => p !== number) }));
      }
    } catch {
      // Cancelled (or the OCR engine failed): the remaining pages stay pending for another try.
    } finally {
      setOcr((s) => ({ pending: s.pending }));
      ocrAbort.current = null;
    }
  }, [ocr.pending]);

  const cancelOcr = useCallback(() => ocrAbort.current?.abort(), []);

  return { source, paragraphs, status, error, ocr, openPdf, openWeb, runOcr, cancelOcr };
}
