/**
 * The MuPDF WASM build fills the object at globalThis.$libmupdf_wasm_Module with its exports when
 * it loads. Providing that object before 'mupdf' is imported gives us its structured-text accessors,
 * so page text can be read with a few calls per character instead of the public walker's dozen
 * (which also creates and frees a Font object per character). This module must be imported before
 * 'mupdf'. When the accessors are missing (another MuPDF build), callers use the public walker.
 */
export interface StextAccess {
  HEAPF32: Float32Array;
  _wasm_stext_page_get_first_block(page: number): number;
  _wasm_stext_block_get_next(block: number): number;
  _wasm_stext_block_get_type(block: number): number;
  _wasm_stext_block_get_bbox(block: number): number;
  _wasm_stext_block_get_first_line(block: number): number;
  _wasm_stext_line_get_next(line: number): number;
  _wasm_stext_line_get_bbox(line: number): number;
  _wasm_stext_line_get_first_char(line: number): number;
  _wasm_stext_char_get_next(ch: number): number;
  _wasm_stext_char_get_c(ch: number): number;
  _wasm_stext_char_get_quad(ch: number): number;
}

const KEY = '$libmupdf_wasm_Module';
const g = globalThis as Record<string, unknown>;
if (!g[KEY]) g[KEY] = {};
const module = g[KEY] as Partial<StextAccess>;

const NEEDED: Array<keyof StextAccess> = [
  '_wasm_stext_page_get_first_block', '_wasm_stext_block_get_next', '_wasm_stext_block_get_type',
  '_wasm_stext_block_get_bbox', '_wasm_stext_block_get_first_line', '_wasm_stext_line_get_next',
  '_wasm_stext_line_get_bbox', '_wasm_stext_line_get_first_char', '_wasm_stext_char_get_next',
  '_wasm_stext_char_get_c', '_wasm_stext_char_get_quad',
];

/** The accessors, or null when this MuPDF build does not expose them. */
export function stextAccess(): StextAccess | null {
  if (!(module.HEAPF32 instanceof Float32Array)) return null;
  for (const k of NEEDED) if (typeof module[k] !== 'function') return null;
  return module as StextAccess;
}
