import { useCallback, useRef, useState, type DragEvent } from 'react';
import { filesFromDrop } from '../collect-files';

/** Drag-and-drop of files and folders onto an element; `active` while something is dragged over it. */
export function useDropTarget(onFiles: (files: File[]) => void) {
  const [active, setActive] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them to know when the pointer leaves.
  const depth = useRef(0);
  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  const onDragEnter = useCallback((event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setActive(true);
  }, []);
  const onDragOver = useCallback((event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  }, []);
  const onDragLeave = useCallback(() => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setActive(false);
  }, []);
  const onDrop = useCallback(
    (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setActive(false);
      void filesFromDrop(event.dataTransfer).then(onFiles);
    },
    [onFiles],
  );
  return { active, handlers: { onDragEnter, onDragOver, onDragLeave, onDrop } };
}
