import { useAtom, useStore } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { createZipBuilder, imagePoolSize, processImage, ZIP_PART_BYTES } from '../../../lib/image-workers';
import { readStorage } from '../../../lib/storage';
import { planOutput } from '@engines/image/output-format';
import type { ProcessResult } from '@engines/image/types';
import { ApiError } from '../../../lib/api-client';
import { aiNoticeAtom, aiProgressAtom, aiSettingsAtom, faceOverridesAtom } from '../ai-atoms';
import { aiItemConfig, aiPlannedNames } from '../ai-output';
import { batchAtom, imageConfigAtom, imageItemsAtom, type ImageItem } from '../atoms';
import { toImageSource } from '../image-source';
import { plannedNames } from '../names';
import { downloadBlob } from '../../../lib/download';
import { openFileSink, type FileSink } from '../save-files';

export type SaveMode = 'files' | 'zip';

/** Name of the zip: images-2026-05-01-1432.zip (local time, sorts by date); parts …-part2.zip. */
function zipName(part: number, parts: number, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stem = `images-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}`;
  return parts > 1 ? `${stem}-part${part}.zip` : `${stem}.zip`;
}

/**
 * Where a zip is split: 1 GB, or a size in MB stored under `imageTools.zipPartMb` (how the
 * journeys split a small batch; also a way out for a device that cannot take 1 GB files).
 */
function zipPartBytes(): number {
  const mb = Number(readStorage('imageTools.zipPartMb'));
  return Number.isFinite(mb) && mb > 0 ? Math.round(mb * 1024 * 1024) : ZIP_PART_BYTES;
}

/**
 * Runs every image through the pool and saves the results as they come: into a zip built in its
 * own worker, or as separate files. As many images are in flight as there are pool workers, so
 * memory stays bounded however large the batch; cancel stops the workers at once.
 */
export function useBatchSave() {
  const store = useStore();
  const [batch, setBatch] = useAtom(batchAtom);
  const controller = useRef<AbortController | null>(null);

  const save = useCallback(
    async (mode: SaveMode) => {
      if (controller.current) return;
      const list: ImageItem[] = store.get(imageItemsAtom);
      const config = store.get(imageConfigAtom);
      if (list.length === 0) return;
      // The folder picker needs the click's user activation: ask before anything else awaits.
      const sink: FileSink | null = mode === 'files' ? await openFileSink() : null;
      if (mode === 'files' && !sink) return;
      const ai = store.get(aiSettingsAtom);
      const faces = store.get(faceOverridesAtom);
      store.set(aiNoticeAtom, null);
      // The AI step's code (and its workers) load only when a batch uses it.
      const runAiStep = ai.op === 'none' ? null : (await import('../ai/ai-step')).runAiStep;
      const abort = new AbortController();
      controller.current = abort;
      const names = runAiStep ? aiPlannedNames(list, config) : plannedNames(list, config);
      const zip = mode === 'zip' ? createZipBuilder(zipPartBytes()) : null;
      const failed: string[] = [];
      const fits: Array<NonNullable<ProcessResult['fit']>> = [];
      let done = 0;
      let next = 0;
      setBatch({ status: 'running', done: 0, total: list.length, failed: [] });

      /** The AI step first (one credit per picture, given back if anything after it fails), then the pool. */
      const oneWithAi = async (item: ImageItem, name: string) => {
        let step;
        try {
          step = await runAiStep!(item, ai, faces[item.id] ?? null, abort.signal, (fraction) => store.set(aiProgressAtom, { name: item.name, fraction }));
        } catch (error) {
          // No credit left (or the tool is off): stop the batch and say why.
          if (error instanceof ApiError) {
            store.set(aiNoticeAtom, error.code);
            abort.abort();
          }
          throw error;
        }
        try {
          const { bytes } = await processImage(async () => step.source, item.name, aiItemConfig(config, item.mime), abort.signal);
          if (abort.signal.aborted) throw new DOMException('Aborted', 'AbortError');
          if (zip) await zip.add(name, bytes);
          else await sink!(name, bytes);
        } catch (error) {
          if (step.source.kind === 'bitmap') step.source.bitmap.close();
          await step.use.refund();
          throw error;
        }
      };
      const one = async (item: ImageItem, name: string) => {
        if (runAiStep) return oneWithAi(item, name);
        const plan = planOutput(item.name, item.mime, config);
        const result = plan.passthrough ? null : await processImage(() => toImageSource(item.file, item.mime), item.name, config, abort.signal);
        const bytes = result ? result.bytes : await item.file.arrayBuffer();
        if (abort.signal.aborted) return;
        if (result?.fit) fits.push(result.fit);
        if (zip) await zip.add(name, bytes);
        else await sink!(name, bytes);
      };
      const lane = async () => {
        while (!abort.signal.aborted && next < list.length) {
          const index = next++;
          try {
            await one(list[index]!, names[index]!);
          } catch {
            if (abort.signal.aborted) return;
            failed.push(list[index]!.name);
          }
          done += 1;
          setBatch((b) => ({ ...b, done, failed: [...failed], fits: [...fits] }));
        }
      };
      try {
        // Two lanes per worker: while one lane hands a result to the zip or disk, the other already
        // holds the freed worker. Lanes wait for a worker before reading a file, so at most one
        // image per worker is read and decoded at a time.
        await Promise.all(Array.from({ length: Math.min(imagePoolSize() * 2, list.length) }, lane));
        if (abort.signal.aborted) return;
        if (zip && failed.length < list.length) {
          // A write the disk refused (full) makes the whole archive unusable: every photo failed, nothing downloaded.
          const parts = await zip.finish().catch(() => {
            failed.splice(0, failed.length, ...list.map((item) => item.name));
            setBatch((b) => ({ ...b, failed: [...failed] }));
            return [];
          });
          const now = new Date();
          parts.forEach((part, i) => downloadBlob(part, zipName(i + 1, parts.length, now)));
        }
        setBatch((b) => ({ ...b, status: 'done' }));
      } finally {
        zip?.dispose();
        controller.current = null;
        store.set(aiProgressAtom, null);
        if (abort.signal.aborted) setBatch((b) => ({ ...b, status: 'cancelled' }));
      }
    },
    [setBatch, store],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  // Leaving the page stops the batch and frees its workers.
  useEffect(() => () => controller.current?.abort(), []);

  return { batch, save, cancel };
}
