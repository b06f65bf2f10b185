import { describe, expect, it } from 'vitest';
import { NO_MODEL_SENTENCE } from '../../agents/chat/offline-answer.js';
import { offlineStyle, styleOfflineText } from '../../agents/chat/offline-style.js';

// An offline answer written for this test (its frame as the offline answer writes it, its content
// made up): the frame follows the language asked for, the content stays as recorded.
const answer = [
  'Not sure it is what you asked, but the closest I found: Locker code: 4471 — seen on "Members — Riverside RC" (Chromium), Mon 3 May 2027 10:12 [2].',
  'From your screen:',
  '- Locker code: 4471 — on "Members — Riverside RC" (Chromium), Mon 3 May 2027 10:12 [2]',
  '',
  'Related memories:',
  '',
  'Events:',
  '- 10:12 · Chromium: Browsed "Members — Riverside RC" [1]',
  '',
  NO_MODEL_SENTENCE,
].join('\n');

const HEADERS: Record<string, [string, string, string]> = {
  German: ['Von deinem Bildschirm:', 'Verwandte Erinnerungen:', ' — gesehen auf "Members'],
  French: ['Sur votre écran :', 'Souvenirs liés :', ' — vu sur "Members'],
  Spanish: ['De tu pantalla:', 'Recuerdos relacionados:', ' — visto en "Members'],
  Italian: ['Dal tuo schermo:', 'Ricordi correlati:', ' — visto su "Members'],
  Portuguese: ['Do seu ecrã:', 'Memórias relacionadas:', ' — visto em "Members'],
};

describe('the offline answer\'s own words follow a language directive', () => {
  for (const [language, [screen, related, seen]] of Object.entries(HEADERS)) {
    it(`writes its frame in ${language}, the memories as recorded`, () => {
      const style = offlineStyle([`Please always answer in ${language}.`]);
      const { text, cited } = styleOfflineText(answer, style);
      expect(text).toContain(screen);
      expect(text).toContain(related);
      expect(text).toContain(seen);
      expect(text).not.toContain('From your screen:');
      expect(text).not.toContain('Not sure it is what you asked');
      expect(text).not.toContain(NO_MODEL_SENTENCE);
      // What was seen is data: kept word for word, with its citations.
      expect(text).toContain('Locker code: 4471');
      expect(text).toContain('Browsed "Members — Riverside RC" [1]');
      expect(cited).toEqual([2, 1]);
    });
  }

  it('frames a "don\'t know" around the question as asked, and cuts to the asked length in the language', () => {
    const dont = `I don't know: nothing you saw or told me answers "Wann schließt der Club?". The closest matches are below.\nFrom your screen:\n- Open 8-22 — on "Club — Web" (Chromium), Mon 3 May 2027 10:12 [1]\n\n${NO_MODEL_SENTENCE}`;
    const { text } = styleOfflineText(dont, offlineStyle(['Answer in German.', 'Answer in one sentence.']));
    expect(text.startsWith('Ich weiß es nicht: Nichts, was du gesehen oder mir gesagt hast, beantwortet „Wann schließt der Club?“.')).toBe(true);
    expect(text).toContain('Es ist kein Sprachmodell eingerichtet');
  });

  it('writes the sentences with a window, a moment or a search in them in the language, the window\'s dates as given', () => {
    const windowed = [
      'Nothing matched (this morning: lun 3 mai 2027 06:00 to lun 3 mai 2027 12:00), so I looked at all times.',
      'I found nothing in your memories about "mot de passe wifi" around lun 3 mai 2027 10:00.',
      '',
      'At lun 3 mai 2027 10:00 you were:',
      '- 10:12 · Chromium: Browsed "Members — Riverside RC" [1]',
      '',
      'Nothing was recorded exactly at lun 3 mai 2027 09:00.',
      '',
      'What you did before lun 3 mai 2027 12:00:',
    ].join('\n');
    const { text } = styleOfflineText(windowed, offlineStyle(['Réponds en français, answer in French.']));
    expect(text.split('\n').slice(0, 9)).toEqual([
      'Rien ne correspondait (this morning : de lun 3 mai 2027 06:00 à lun 3 mai 2027 12:00), j’ai donc cherché à toutes les dates.',
      'Je n’ai rien trouvé dans vos souvenirs sur « mot de passe wifi » vers lun 3 mai 2027 10:00.',
      '',
      'Le lun 3 mai 2027 10:00, vous étiez sur :',
      '- 10:12 · Chromium: Browsed "Members — Riverside RC" [1]',
      '',
      'Rien n’a été enregistré exactement le lun 3 mai 2027 09:00.',
      '',
      'Ce que vous avez fait avant lun 3 mai 2027 12:00 :',
    ]);
    const de = styleOfflineText('I found nothing in your memories.', offlineStyle(['Answer in German.'])).text;
    expect(de.startsWith('Ich habe in deinen Erinnerungen nichts gefunden.')).toBe(true);
  });

  it('leaves an English answer as it was, and says so for a language it has no words for', () => {
    expect(styleOfflineText(answer, offlineStyle([])).text).toBe(answer);
    const other = styleOfflineText(answer, offlineStyle(['Answer in Finnish.'])).text;
    expect(other).toContain('From your screen:');
    expect(other).toContain('Without a language model Engram cannot write in Finnish');
  });
});
