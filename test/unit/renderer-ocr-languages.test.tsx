// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SettingsPatch } from '../../shared/api/index.js';
import type { OcrLanguage } from '../../shared/settings/index.js';
import { OcrLanguagesRow } from '../../renderer/src/screens/settings/ocr-languages-row.js';

afterEach(() => cleanup());

function row(languages: OcrLanguage[] | null, locale = 'de-DE') {
  const patches: SettingsPatch[] = [];
  render(<OcrLanguagesRow languages={languages} locale={locale} update={async (p) => (patches.push(p), true)} />);
  const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
  return { patches, box };
}

describe('Settings: OCR languages (issue 31)', () => {
  it('automatic shows the system language and English, greyed, and turning it off keeps them as the choice', async () => {
    const { patches, box } = row(null);
    expect(screen.getByText(/Automatic: German and English/)).toBeTruthy();
    expect(box('German').checked).toBe(true);
    expect(box('English').checked).toBe(true);
    expect(box('Japanese').checked).toBe(false);
    expect(box('Japanese').disabled).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('switch', { name: 'Choose languages automatically' }));
    });
    expect(patches).toEqual([{ capture: { ocr: { languages: ['deu', 'eng'] } } }]);
  });

  it('several at once: adding and removing a language, never the last one, at most four', async () => {
    const { patches, box } = row(['eng', 'chi_sim']);
    expect(screen.getByText(/Reads English and Chinese \(Simplified\)/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(box('Japanese'));
    });
    await act(async () => {
      fireEvent.click(box('English'));
    });
    expect(patches).toEqual([{ capture: { ocr: { languages: ['eng', 'chi_sim', 'jpn'] } } }, { capture: { ocr: { languages: ['chi_sim'] } } }]);
    cleanup();
    expect(row(['fra']).box('French').disabled).toBe(true);
    cleanup();
    const full = row(['eng', 'deu', 'fra', 'spa']);
    expect(full.box('Italian').disabled).toBe(true);
    expect(full.box('Spanish').disabled).toBe(false);
    await act(async () => {
      fireEvent.click(screen.getByRole('switch', { name: 'Choose languages automatically' }));
    });
    expect(full.patches).toEqual([{ capture: { ocr: { languages: null } } }]);
  });
});
