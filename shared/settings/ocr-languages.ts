/**
 * The languages screen text is read in (issue 31): each one's traineddata ships with the app as
 * an npm package (@tesseract.js-data/<code>), never fetched at run time.
 */
export const OCR_LANGUAGES = ['eng', 'deu', 'fra', 'spa', 'ita', 'por', 'chi_sim', 'jpn'] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

/** At most this many at once: each one read costs OCR time on every frame. */
export const MAX_OCR_LANGUAGES = 4;

export const OCR_LANGUAGE_NAMES: Record<OcrLanguage, string> = {
  eng: 'English',
  deu: 'German',
  fra: 'French',
  spa: 'Spanish',
  ita: 'Italian',
  por: 'Portuguese',
  chi_sim: 'Chinese (Simplified)',
  jpn: 'Japanese',
};

/** BCP 47 language subtags to traineddata codes (Simplified Chinese only: no traditional data ships). */
const BY_LOCALE: Record<string, OcrLanguage> = { en: 'eng', de: 'deu', fr: 'fra', es: 'spa', it: 'ita', pt: 'por', ja: 'jpn' };

/** The OS locale's language when one ships, then English: what "automatic" reads. */
export function defaultOcrLanguages(locale: string | null | undefined): OcrLanguage[] {
  const tag = (locale ?? '').replace(/_/g, '-').split('.')[0]!.toLowerCase();
  const [lang, ...rest] = tag.split('-');
  let own: OcrLanguage | undefined = BY_LOCALE[lang ?? ''];
  // zh, zh-CN, zh-SG, zh-Hans: Simplified; zh-TW, zh-HK, zh-Hant: not shipped.
  if (lang === 'zh' && !rest.some((r) => r === 'tw' || r === 'hk' || r === 'mo' || r === 'hant')) own = 'chi_sim';
  return own && own !== 'eng' ? [own, 'eng'] : ['eng'];
}

/** The languages to read: the chosen ones, or the locale's default when none are chosen (null). */
export function ocrLanguagesFor(chosen: readonly OcrLanguage[] | null | undefined, locale: string | null | undefined): OcrLanguage[] {
  return chosen?.length ? [...new Set(chosen)].slice(0, MAX_OCR_LANGUAGES) : defaultOcrLanguages(locale);
}
