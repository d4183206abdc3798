import { useAtomValue } from 'jotai';
import { useEffect, useMemo } from 'react';
import { userInfoAtom } from '../../../lib/session';
import { tasksAtom } from '../atoms';
import { resumeServerTasks } from '../task-runner';

/** The tasks of one convert page, with the server tasks remembered from an earlier visit put back. */
export function usePageTasks(key: string) {
  const all = useAtomValue(tasksAtom);
  const userId = useAtomValue(userInfoAtom)?.userId ?? '';
  useEffect(() => resumeServerTasks(key), [key, userId]);
  return useMemo(() => all.filter((t) => t.key === key && t.owner === userId), [all, key, userId]);
}
