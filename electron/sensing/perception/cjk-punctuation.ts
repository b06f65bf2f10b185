import type { OcrResult } from './ocr-engine.js';

/**
 * Tesseract's Chinese and Japanese models often give the ASCII form of a full-width mark that
 * follows a CJK character ('会议记录：' came back '会议记录:'), so the stored text differs from
 * what the screen showed and a search for the line as written misses it. After a Han or kana
 * character these marks are full-width in running CJK text, so they are put back. Commas and
 * brackets are left alone: Chinese and Japanese write the comma differently (，/、), and a bracket
 * pair may open after Latin text. The change is one UTF-16 unit for one, so offsets into the text
 * (redaction, word boxes) stay valid.
 */
const FULL_WIDTH: Record<string, string> = { ':': '：', ';': '；', '!': '！', '?': '？' };
const AFTER_CJK = /([\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff][ \t]*)([:;!?])/g;
const HAS_MARK_AFTER_CJK = new RegExp(AFTER_CJK.source);

/** The text with ASCII : ; ! ? that follow a CJK character made full-width. */
export function fullWidthAfterCjk(text: string): string {
  return text.replace(AFTER_CJK, (_m, before: string, mark: string) => before + FULL_WIDTH[mark]!);
}

/** The result with its page text, line texts and word texts corrected the same way. */
export function withCjkPunctuation(result: OcrResult): OcrResult {
  if (!HAS_MARK_AFTER_CJK.test(result.text)) return result;
  return {
    ...result,
    text: fullWidthAfterCjk(result.text),
    lines: result.lines.map((line) => {
      const words = line.words?.map((w, i, all) => {
        // A mark read as its own word follows the previous word's last character.
        const prev = i > 0 ? all[i - 1]!.text.slice(-1) : '';
        const fixed = fullWidthAfterCjk(prev + w.text).slice(prev.length);
        return fixed === w.text ? w : { ...w, text: fixed };
      });
      return { ...line, text: fullWidthAfterCjk(line.text), ...(words ? { words } : {}) };
    }),
  };
}
