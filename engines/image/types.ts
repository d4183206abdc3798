/**
 * The image tools' contract between the page and its workers. Plain data only, so it crosses
 * `postMessage` and type-checks under both the DOM and the WebWorker libs.
 */

/** Crop ratio presets (spec §3); 'free' takes width and height as typed. */
export const CROP_RATIOS = ['1:1', '4:3', '3:4', '16:9', '9:16', 'free'] as const;
export type CropRatio = (typeof CROP_RATIOS)[number];

/**
 * Where the crop box sits in the picture, or a single watermark in the output. Crop `type` and
 * watermark `place` both pick from these nine anchors; crop type 1 is 'center' (spec §3).
 */
export const PLACES = ['leftTop', 'top', 'rightTop', 'left', 'center', 'right', 'leftBottom', 'bottom', 'rightBottom'] as const;
export type Place = (typeof PLACES)[number];

/** Crop `type` numbers (1 = centred, spec §3) in the order the position picker shows them. */
export const CROP_TYPES: Record<number, Place> = {
  1: 'center',
  2: 'leftTop',
  3: 'top',
  4: 'rightTop',
  5: 'left',
  6: 'right',
  7: 'leftBottom',
  8: 'bottom',
  9: 'rightBottom',
};

export const OUTPUT_FORMATS = ['original', 'jpeg', 'webp', 'png', 'avif', 'jxl'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Which operations run; the order they run in is fixed (crop, format, rename, watermark, border). */
export interface EnabledOps {
  crop: boolean;
  format: boolean;
  rename: boolean;
  watermark: boolean;
  border: boolean;
}

/** The persisted image configuration: spec §3's fields and defaults, plus the on/off switches. */
export interface ImageConfig {
  enabled: EnabledOps;
  /** Output format; 'original' keeps each file's own format where the browser can write it. */
  format: OutputFormat;
  /** 0..100 */
  jpegQuality: number;
  /** 0..100 */
  webpQuality: number;
  /** 0..100 (libavif's scale: 50 looks like JPEG 80 at about half the size) */
  avifQuality: number;
  /** 0..100 (libjxl's scale, close to JPEG's) */
  jxlQuality: number;
  /** Copy the source's EXIF (camera, date taken) into JPEG output; off strips it, as before. */
  keepExif: boolean;
  /** With keepExif: drop the GPS directory (the location) and keep the rest. */
  removeGps: boolean;
  /** "At most `kb` KB per image" (1 KB = 1024 bytes), searched over quality then size. */
  sizeLimit: { on: boolean; kb: number };
  border: { color: string; width: number };
  /**
   * `pattern` tokens: {name} the original name, {n} a counter from `value`, {i} an index from
   * `index`; `{n:3}` pads to three digits.
   */
  rename: { pattern: string; value: number; index: number };
  /** Output size in pixels; `type` is the crop position (see CROP_TYPES). */
  crop: { width: number; height: number; ratio: CropRatio; type: number };
  watermark: {
    /** 'text' draws `text`; 'image' draws `image` (a data URL); 'both' the image with the text beside it. */
    kind: 'text' | 'image' | 'both';
    text: string;
    image: string | null;
    /** Text size in output pixels; for an image mark, its height. */
    fontSize: number;
    /** 0..100 */
    opacity: number;
    /** Gaps between tiled marks, in output pixels. */
    horizontalSpacing: number;
    verticalSpacing: number;
    /** 1 = one mark at `place`; 2 = tiled across the picture. */
    type: number;
    place: Place;
  };
}

/** What the worker decodes: the file's bytes (transferred), or a bitmap the page rasterised (SVG). */
/**
 * One image for a worker: the file itself (a Blob is passed by reference, so the page never reads
 * or copies its bytes), or for SVG a bitmap the page rasterised.
 */
export type ImageSource = { kind: 'blob'; blob: Blob; mime: string } | { kind: 'bitmap'; bitmap: ImageBitmap; mime: string };

export interface ProbeResult {
  width: number;
  height: number;
  /** A small WebP preview for the grid. */
  thumb: ArrayBuffer;
}

/** One processed image: encoded bytes (transferred back), their type and pixel size. */
export interface ProcessResult {
  bytes: ArrayBuffer;
  mime: string;
  width: number;
  height: number;
  /** True when these bytes are the real output (a preview rendered at full size, not passthrough). */
  exact?: boolean;
  /** When `bytes` are a stand-in the page can show (a JPEG XL preview as WebP): their type. */
  displayMime?: string;
  /** The real output's size when `bytes` are a stand-in. */
  size?: number;
  /** The size limit's outcome: quality used (1..100, none for PNG), scale, and whether it fitted. */
  fit?: { quality?: number; scale: number; fits: boolean };
  /** Whether EXIF was written into the output (keepExif asked and the source had some). */
  exifKept?: boolean;
}
