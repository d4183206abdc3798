import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { searchOpenAtom } from '../atoms';

/** Ctrl+K (Cmd+K on macOS) opens the search from anywhere, even inside a text field. */
export function useSearchHotkey(): void {
  const setOpen = useSetAtom(searchOpenAtom);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [setOpen]);
}
