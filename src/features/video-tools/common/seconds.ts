/** Seconds as the panels show them: 3.4 → "0:03.400". */
export function formatTime(seconds: number): string {
  const s = Math.max(0, seconds);
  const m = Math.floor(s / 60);
  return `${m}:${(s - m * 60).toFixed(3).padStart(6, '0')}`;
}

/** A number field's text as seconds (NaN when it is not a number). */
export function parseSeconds(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text.replace(',', '.'));
}
