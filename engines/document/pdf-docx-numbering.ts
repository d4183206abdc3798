import type { ILevelsOptions, INumberingOptions } from 'docx';
import type { ListInfo } from './pdf-paragraphs';

type Format = 'bullet' | 'decimal' | 'lowerLetter' | 'upperLetter' | 'lowerRoman' | 'upperRoman';

/** How a printed marker is numbered: its format and its text around the number. */
function markerStyle(list: ListInfo): { format: Format; before: string; after: string } {
  if (!list.ordered) return { format: 'bullet', before: '', after: '' };
  const m = /^(\(?)(.+?)([.)]?)$/.exec(list.marker);
  const [before, core, after] = [m?.[1] ?? '', m?.[2] ?? '1', m?.[3] ?? '.'];
  const format: Format = /^\d+$/.test(core)
    ? 'decimal'
    : /^[ivx]+$/.test(core) && core !== 'i'
      ? 'lowerRoman'
      : /^[IVX]+$/.test(core) && core !== 'I'
        ? 'upperRoman'
        : /^[a-z]$/.test(core)
          ? 'lowerLetter'
          : 'upperLetter';
  return { format, before, after: after || (before ? '' : '.') };
}

/** The numbering definition a list item uses; lists printed the same way share one. */
export function numberingFor(list: ListInfo): string {
  const { format, before, after } = markerStyle(list);
  return format === 'bullet' ? 'pdf-bullet' : `pdf-${format}-${encodeURIComponent(before + after)}`;
}

const BULLETS = ['•', '◦', '▪'];

/**
 * Numbering definitions for every list style the document uses. Indents follow the common
 * layout (marker a quarter inch in, text half an inch in, per level), which is where most
 * PDFs from Word put them.
 */
export function numberingConfig(docx: typeof import('docx'), lists: ListInfo[]): INumberingOptions {
  const seen = new Map<string, ListInfo>();
  for (const list of lists) if (!seen.has(numberingFor(list))) seen.set(numberingFor(list), list);
  seen.set('pdf-bullet', { ordered: false, marker: '•', depth: 0 });
  const formats: Record<Format, (typeof docx.LevelFormat)[keyof typeof docx.LevelFormat]> = {
    bullet: docx.LevelFormat.BULLET,
    decimal: docx.LevelFormat.DECIMAL,
    lowerLetter: docx.LevelFormat.LOWER_LETTER,
    upperLetter: docx.LevelFormat.UPPER_LETTER,
    lowerRoman: docx.LevelFormat.LOWER_ROMAN,
    upperRoman: docx.LevelFormat.UPPER_ROMAN,
  };
  return {
    config: [...seen.entries()].map(([reference, list]) => {
      const { format, before, after } = markerStyle(list);
      const levels: ILevelsOptions[] = [0, 1, 2].map((level) => ({
        level,
        format: format === 'bullet' ? formats.bullet : level === 0 ? formats[format] : formats.decimal,
        text: format === 'bullet' ? BULLETS[level]! : `${before}%${level + 1}${after}`,
        alignment: docx.AlignmentType.LEFT,
        style: { paragraph: { indent: { left: 720 + 360 * level, hanging: 360 } } },
      }));
      return { reference, levels };
    }),
  };
}
