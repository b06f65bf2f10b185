import { describe, expect, it } from 'vitest';
import { CaptureSettingsSchema, defaultOcrLanguages, ocrLanguagesFor } from '../../shared/settings/index.js';

describe('OCR languages (issue 31)', () => {
  it.each([
    ['de_DE.UTF-8', ['deu', 'eng']],
    ['fr-CA', ['fra', 'eng']],
    ['pt-BR', ['por', 'eng']],
    ['ja_JP', ['jpn', 'eng']],
    ['zh-CN', ['chi_sim', 'eng']],
    ['zh-Hans-SG', ['chi_sim', 'eng']],
    ['zh-TW', ['eng']],
    ['en-GB', ['eng']],
    ['C', ['eng']],
    ['', ['eng']],
    [null, ['eng']],
  ])('the default for locale %s is %j', (locale, want) => {
    expect(defaultOcrLanguages(locale)).toEqual(want);
  });

  it('chosen languages win over the locale; none chosen follows it', () => {
    expect(ocrLanguagesFor(['chi_sim', 'deu'], 'fr-FR')).toEqual(['chi_sim', 'deu']);
    expect(ocrLanguagesFor(null, 'it-IT')).toEqual(['ita', 'eng']);
  });

  it('settings take known languages only, at least one, at most four', () => {
    expect(CaptureSettingsSchema.parse({}).ocr.languages).toBeNull();
    expect(CaptureSettingsSchema.parse({ ocr: { languages: ['deu', 'eng'] } }).ocr.languages).toEqual(['deu', 'eng']);
    expect(() => CaptureSettingsSchema.parse({ ocr: { languages: ['klingon'] } })).toThrow();
    expect(() => CaptureSettingsSchema.parse({ ocr: { languages: [] } })).toThrow();
    expect(() => CaptureSettingsSchema.parse({ ocr: { languages: ['eng', 'deu', 'fra', 'spa', 'ita'] } })).toThrow();
  });
});
