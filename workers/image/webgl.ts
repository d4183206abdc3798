/**
 * Whether this worker has a WebGL2 that a GPU draws. A software one (SwiftShader, llvmpipe: what a
 * machine without a GPU, or headless Chromium, gets) is slower than wasm SIMD or plain CPU for
 * these models, and runs in the browser's GPU process at full CPU.
 */
export function hardwareWebgl(): boolean {
  try {
    const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
    return !/swiftshader|llvmpipe|software/i.test(renderer);
  } catch {
    return false;
  }
}
