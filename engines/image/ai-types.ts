import type { Box } from './crop-box.js';

/**
 * The AI image tools' settings and the data their workers exchange with the page. Plain data,
 * so it crosses postMessage and type-checks under both the DOM and the WebWorker libs.
 */
export const AI_IMAGE_OPS = ['none', 'clarity', 'portrait'] as const;
export type AiImageOp = (typeof AI_IMAGE_OPS)[number];

/** Super-resolution by 2 or 4 with the ESRGAN model, or a quick unsharp mask without one. */
export const CLARITY_MODES = ['x2', 'x4', 'sharpen'] as const;
export type ClarityMode = (typeof CLARITY_MODES)[number];

/** Portrait crop presets: three print ratios and the 35 x 45 mm passport photo. */
export const PORTRAIT_PRESETS = ['1:1', '3:4', '2:3', 'passport'] as const;
export type PortraitPreset = (typeof PORTRAIT_PRESETS)[number];

export interface AiImageSettings {
  op: AiImageOp;
  clarity: ClarityMode;
  preset: PortraitPreset;
}

export const DEFAULT_AI_IMAGE_SETTINGS: AiImageSettings = { op: 'none', clarity: 'x2', preset: '3:4' };

/** A detected face in source pixels, with the detector's confidence (0..1). */
export interface FaceBox extends Box {
  score: number;
}

/** Which tfjs backend ran: WebGL when the device has a real GPU, else wasm (SIMD where supported). */
export type AiBackend = 'webgl' | 'wasm' | 'cpu';
