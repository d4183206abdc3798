import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Rows for a textarea that grows with its text between `min` and `max` rows (the feedback form's
 * 3 to 6, spec §5), then scrolls. Measured from the element, so wrapped lines count too.
 */
export function useAutoRows(ref: RefObject<HTMLTextAreaElement | null>, value: string, min: number, max: number): number {
  const [rows, setRows] = useState(min);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let next = min;
    el.rows = next;
    while (next < max && el.scrollHeight > el.clientHeight) {
      next += 1;
      el.rows = next;
    }
    setRows(next);
  }, [ref, value, min, max]);
  return rows;
}
