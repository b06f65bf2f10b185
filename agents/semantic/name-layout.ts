import { emailPattern } from '../../shared/redaction/index.js';
import { HONORIFIC, ORG_BY_HEAD, nameSpelledBy } from '../../shared/text/index.js';
import type { BatchAnalysis } from '../subagent-kit/index.js';

/**
 * Names a screen's layout vouches for, whatever compromise's lexicon of names knows (it has no
 * "Kofi Mensah", and OCR misspells the names it has): a name whose email address beside it spells
 * it, a name after a courtesy title, a mail's sender ("From: …"), a chat message's sender (the
 * name alone on its line with the time), and an organisation named by its opening word ("Kanzlei
 * Vogel"). Such a name is worth a profile on one sighting; what was said beside it still decides
 * whether a profile is written.
 */
export interface LaidOutName {
  name: string;
  type: 'person' | 'organization';
  /** The line it was read from. */
  line: string;
  /** The source it was read from (its OCR spelling may differ: "llse" for "Ilse"). */
  source: number;
}

/**
 * OCR reads a capital I as l: a name word starting with l and a consonant ("llse", "lvan", "lngrid")
 * is no word of the languages Engram reads, but is one with an I. After a title the word is a name.
 */
const OCR_TITLED = /(?<![\p{L}\p{N}])(?:Dr|Dra|Prof|Mr|Mrs|Ms|Mx|Herr|Frau|Mme|Mlle|Sr|Sra|Srta)\.?\s+l([b-df-hj-np-tv-z][\p{Ll}'’-]+(?:\s+\p{Lu}[\p{Ll}'’-]+){1,2})/gu;

const NAME = String.raw`\p{Lu}[\p{Ll}'’-]+(?:[ \t]+(?:van|de|da|von|del|\p{Lu}[\p{Ll}'’-]+)){1,2}`;
/** Capitalised runs on a directory row or a card: the email beside them says where the name ends. */
const RUN = /(?<![\p{L}\p{N}])\p{Lu}[\p{Ll}'’-]+(?:[ \t]+\p{Lu}[\p{Ll}'’-]+){1,3}(?![\p{L}\p{N}])/gu;
const FROM = new RegExp(String.raw`^(?:From|Von|De|Da|Sender|Absender|Remetente|Remitente|Expéditeur)\s*:\s*(${NAME})(?![\p{L}\p{N}])`, 'iu');
const CHAT_SENDER = new RegExp(String.raw`^(${NAME})\s+\d{1,2}:\d{2}(?:\s?[AaPp]\.?[Mm]\.?)?$`, 'u');
/** How far from its email a name may sit: the same row, or the card's lines above. */
const CARD_LINES = 3;

export function namesByLayout(a: BatchAnalysis): LaidOutName[] {
  return a.memo('semantic.layout-names', () => {
    const out: LaidOutName[] = [];
    const seen = new Set<string>();
    let source = 0;
    const add = (name: string, type: LaidOutName['type'], line: string): void => {
      const n = name.replace(/\s+/g, ' ').trim();
      const key = `${type}|${n.toLowerCase()}`;
      if (seen.has(key)) return;
      seen.add(key);
      out.push({ name: n, type, line: line.replace(/\s+/g, ' ').trim(), source });
    };
    for (const s of a.sources) {
      if (s.role === 'assistant' || s.role === 'tool' || s.role === 'system') continue;
      source = s.index;
      // Blank lines are spacing, not distance: a card's name may sit two blank lines above its email.
      const lines = s.text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
      lines.forEach((line, i) => {
        for (const m of line.matchAll(HONORIFIC)) add(m[1]!, 'person', line);
        for (const m of line.matchAll(OCR_TITLED)) add(`I${m[1]!}`, 'person', line);
        const sender = FROM.exec(line) ?? CHAT_SENDER.exec(line);
        if (sender) add(sender[1]!, 'person', line);
        for (const m of line.matchAll(ORG_BY_HEAD)) add(m[0], 'organization', line);
        if (!line.includes('@')) return;
        for (const e of line.matchAll(emailPattern())) {
          for (let j = i; j >= 0 && j > i - CARD_LINES; j--) {
            for (const r of lines[j]!.matchAll(RUN)) {
              const name = nameSpelledBy(r[0], e[0]);
              if (name) add(name, 'person', lines[j]!);
            }
          }
        }
      });
    }
    return out;
  });
}
