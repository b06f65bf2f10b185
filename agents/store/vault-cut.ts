import { redactText, switchesForModel, type LaidOutSecret, type PlacedWord } from '../../shared/redaction/index.js';
import { CarriedSecrets } from './rescrub-carry.js';
import { ShortVaultValues } from './vault-short-values.js';
import type { MemoryRepo } from './memory-repo.js';

/** A value as wholeValue compares it: trimmed, white space folded, lower case. */
const fold = (v: string): string => v.trim().replace(/\s+/g, ' ').toLowerCase();

/** Vault rows read per query: the list is paged to the end, however many there are. */
const PAGE = 1000;

/**
 * The knowledge vault's values, cut out of every text a model is sent, by chat and by the brain (issue 28). The
 * detectors find a secret by its shape or its label; a password the user keeps in the vault, quoted
 * without its label (a note "joined the wifi with Harbour-Kestrel-7731", a terminal's command line,
 * the user's own question), has neither. Matched as the re-scrub carries values into text
 * (CarriedSecrets: long and varied values only, never inside a longer word), with the always-on
 * switches a prompt gets, whatever the user's. Read again only when the vault changed.
 */
export class VaultCut {
  private stamp: string | null = null;
  private carried: CarriedSecrets = new CarriedSecrets(switchesForModel(), true);
  private short: ShortVaultValues = new ShortVaultValues();
  /** Every value the vault keeps (and kept), trimmed and case-folded, for wholeValue. */
  private whole = new Set<string>();

  constructor(private readonly memories: Pick<MemoryRepo, 'stamp' | 'list' | 'get' | 'history'>) {}

  private values(): CarriedSecrets {
    const stamp = this.memories.stamp(['knowledge_vault']);
    if (stamp === this.stamp) return this.carried;
    const carried = new CarriedSecrets(switchesForModel(), true);
    const short = new ShortVaultValues();
    const whole = new Set<string>();
    for (let offset = 0; ; offset += PAGE) {
      const rows = this.memories.list({ kinds: ['knowledge_vault'], includeSuperseded: true, order: 'oldest', limit: PAGE, offset });
      for (const row of rows) {
        const m = this.memories.get(row.id, { reveal: true });
        const kind = typeof m?.fields.entry_type === 'string' ? m.fields.entry_type : null;
        if (!kind) continue;
        if (typeof m?.fields.secret === 'string') {
          carried.add(kind, m.fields.secret);
          short.add(kind, m.title, m.fields.secret);
          whole.add(fold(m.fields.secret));
        }
        // An earlier value of the entry is still the user's (a password changed last month).
        for (const h of this.memories.history(row.id, { reveal: true })) {
          if (typeof h.snapshot.fields.secret !== 'string') continue;
          carried.add(kind, h.snapshot.fields.secret);
          short.add(kind, h.snapshot.title, h.snapshot.fields.secret);
          whole.add(fold(h.snapshot.fields.secret));
        }
      }
      if (rows.length < PAGE) break;
    }
    this.carried = carried;
    this.short = short;
    this.whole = whole;
    this.stamp = stamp;
    return carried;
  }

  /**
   * Where the text quotes vault values, as the redactor takes layout's finds: for a caller that
   * masks more than the text (a screenshot's word boxes for a captioning model). A short value is
   * here where the text gives it as a value ("gym locker 4471", "Locker" over "4471"); the caller
   * masks it at every place it stands in that text, so in a screenshot every copy of a PIN it shows
   * as a PIN is filled (a few more boxes filled cost the caption little).
   */
  find = (text: string): LaidOutSecret[] => {
    const carried = this.values();
    const long = carried.size ? carried.in(text) : [];
    if (!this.short.size) return long;
    return [...long, ...this.short.given(text).map((value): LaidOutSecret => ({ kind: 'password', category: 'passwords', value, label: null }))];
  };

  /**
   * The short values a screenshot's word boxes give as values, as `find` gives them: a form in
   * columns ("Locker" over "4471", "Floor" over "3") that OCR's text reads a row at a time.
   */
  byLayout = (words: readonly PlacedWord[]): LaidOutSecret[] => {
    this.values();
    return this.short.givenByLayout(words).map((value): LaidOutSecret => ({ kind: 'password', category: 'passwords', value, label: null }));
  };

  /**
   * Whether the text as a whole is a value the vault keeps, in any case: a short or plain one too
   * ("larkspur"), which text() cuts only where the text gives it as a value. For a text that is one
   * value or nothing (a device's name, shown on every other device), where being that value is enough.
   */
  wholeValue = (text: string): boolean => {
    this.values();
    const t = fold(text);
    return t.length >= 3 && this.whole.has(t);
  };

  /**
   * The text with every vault value it quotes masked as the redactor masks that kind; unchanged
   * (the same string) when it quotes none. Short or plain values are masked only where the text
   * gives them as a value (vault-short-values.ts), at that place alone.
   */
  text = (text: string): string => {
    const carried = this.values();
    const found = carried.size ? carried.in(text) : [];
    const long = found.length ? redactText(text, switchesForModel(), found).text : text;
    return this.short.size ? this.short.cut(long) : long;
  };
}
