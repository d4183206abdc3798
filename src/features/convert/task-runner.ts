import type { ConvertCard } from '@contracts/convert-catalogue';
import { pickEngine, type EngineKind } from '@engines/engine-table';
import { getUserInfo } from '../../lib/session';
import { appStore } from '../../lib/store';
import { tasksAtom, type ConvertTask } from './atoms';
import { runBrowserTask } from './run-browser';
import { runServerTask, watchServerTask } from './run-server';
import { forgetServerTasks, readServerTasks } from './task-storage';
import { addTasks, failTask, getTask, patchTask, removeTasks } from './task-store';

/**
 * Runs the tasks of every convert page, outside React, so work goes on while the user is
 * elsewhere. One device conversion at a time (one worker, and the memory of one big file), two
 * uploads at a time; server jobs are followed without a limit once started.
 */
const LIMITS: Record<EngineKind, number> = { browser: 1, server: 2 };
const running: Record<EngineKind, number> = { browser: 0, server: 0 };
const controllers = new Map<string, AbortController>();
let nextId = 1;

const owner = () => getUserInfo()?.userId ?? '';
const newId = () => `task-${Date.now().toString(36)}-${(nextId++).toString(36)}`;

export function enqueueFiles(card: ConvertCard, files: File[]): void {
  addTasks(
    files.map((file) => ({
      id: newId(),
      owner: owner(),
      key: card.key,
      target: card.target,
      name: file.name,
      size: file.size,
      engine: pickEngine(card, file.name),
      status: 'waiting',
      file,
    })),
  );
  pump();
}

/** Reconvert: a failed task with its file goes back to the queue. */
export function retryTask(id: string): void {
  const task = getTask(id);
  if (!task?.file || task.status !== 'failed') return;
  patchTask(id, { status: 'waiting', error: undefined, result: undefined, progress: undefined, documentId: undefined });
  pump();
}

/** Deletes tasks, stopping any work they still have (an unfinished device conversion is refunded). */
export function deleteTasks(ids: readonly string[]): void {
  const tasks = appStore.get(tasksAtom).filter((t) => ids.includes(t.id));
  for (const task of tasks) controllers.get(task.id)?.abort();
  forgetServerTasks(tasks.flatMap((t) => (t.engine === 'server' && t.documentId ? [t.documentId] : [])));
  removeTasks(ids);
}

/** Puts the server tasks remembered for this page back on its list and follows them again. */
export function resumeServerTasks(key: string): void {
  const known = new Set(appStore.get(tasksAtom).filter((t) => t.owner === owner()).flatMap((t) => (t.documentId ? [t.documentId] : [])));
  const stored = readServerTasks().filter((s) => s.key === key && !known.has(s.documentId));
  const tasks: ConvertTask[] = stored.map((s) => ({
    id: newId(),
    owner: owner(),
    key: s.key,
    target: s.target,
    name: s.name,
    size: s.size,
    engine: 'server',
    status: 'converting',
    documentId: s.documentId,
  }));
  addTasks(tasks);
  for (const task of tasks) follow(task.id, task.documentId!, controllerFor(task.id));
}

function controllerFor(id: string): AbortController {
  const controller = new AbortController();
  controllers.set(id, controller);
  return controller;
}

function follow(id: string, documentId: string, controller: AbortController): void {
  void watchServerTask(id, documentId, controller.signal).finally(() => {
    if (controllers.get(id) === controller) controllers.delete(id);
  });
}

function pump(): void {
  for (const task of appStore.get(tasksAtom)) {
    if (task.status === 'waiting' && running[task.engine] < LIMITS[task.engine]) start(task);
  }
}

function start(task: ConvertTask): void {
  const file = task.file;
  if (!file) return failTask(task.id, { reason: 'failed' });
  const controller = controllerFor(task.id);
  running[task.engine] += 1;
  patchTask(task.id, { status: task.engine === 'server' ? 'uploading' : 'converting', progress: 0 });
  const work =
    task.engine === 'browser'
      ? runBrowserTask(task, file, controller.signal).then(() => false)
      : runServerTask(task, file, controller.signal);
  void work.then((started) => {
    running[task.engine] -= 1;
    const documentId = getTask(task.id)?.documentId;
    if (started && documentId && !controller.signal.aborted) follow(task.id, documentId, controller);
    else if (controllers.get(task.id) === controller) controllers.delete(task.id);
    pump();
  });
}
