import type { SettingsPatch } from '../../../../shared/api/index.js';
import { defaultOcrLanguages, MAX_OCR_LANGUAGES, OCR_LANGUAGE_NAMES, OCR_LANGUAGES, type OcrLanguage } from '../../../../shared/settings/index.js';
import { Switch } from '../../ui/switch.js';

/**
 * Which languages screen text is read in (issue 31): automatic (the system language and English)
 * or up to four chosen. Each language read costs OCR time on every frame, hence the cap.
 */
export function OcrLanguagesRow({
  languages,
  locale,
  update,
}: {
  languages: readonly OcrLanguage[] | null;
  /** The system locale as this window knows it (what automatic follows). */
  locale: string;
  update(patch: SettingsPatch): Promise<boolean>;
}) {
  const auto = languages === null;
  const shown = languages ?? defaultOcrLanguages(locale);
  const names = shown.map((l) => OCR_LANGUAGE_NAMES[l]).join(' and ');
  const toggle = (lang: OcrLanguage) => {
    const next = shown.includes(lang) ? shown.filter((l) => l !== lang) : [...shown, lang];
    if (next.length) void update({ capture: { ocr: { languages: next } } });
  };
  return (
    <div className="setting-row setting-row-wrap">
      <div className="setting-text">
        <div className="setting-title">Languages on screen</div>
        <div className="setting-desc">
          {auto ? `Automatic: ${names}, from your system language.` : `Reads ${names}.`} Each language adds reading time; up to {MAX_OCR_LANGUAGES}.
        </div>
      </div>
      <Switch
        label="Choose languages automatically"
        checked={auto}
        onChange={(v) => void update({ capture: { ocr: { languages: v ? null : [...shown] } } })}
      />
      <div className="ocr-languages" role="group" aria-label="Languages on screen">
        {OCR_LANGUAGES.map((lang) => {
          const on = shown.includes(lang);
          return (
            <label key={lang} className="ocr-language">
              <input
                type="checkbox"
                checked={on}
                disabled={auto || (on && shown.length === 1) || (!on && shown.length >= MAX_OCR_LANGUAGES)}
                onChange={() => toggle(lang)}
              />
              {OCR_LANGUAGE_NAMES[lang]}
            </label>
          );
        })}
      </div>
    </div>
  );
}
