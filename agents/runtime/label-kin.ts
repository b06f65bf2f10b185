/**
 * The words a form, a payslip or a settings page labels a thing by when a person asks for it in their
 * own words, where WordNet has no link between the two: "my manager" is the profile's "Reports to",
 * "the wifi password" the router's "Network key", "spinning" the gym's "Indoor cycling", "the deposit"
 * a tenancy's "Security bond", "bin day" the council's "Collection day". WordNet knows "tip" is a
 * gratuity and "vet" a veterinarian; these it does not (its "bond" is a chemical's or a debt's, its
 * "spinning" is yarn's).
 *
 * Each entry is a paraphrase any user makes, never one page's wording. An ask is met when every one of
 * its words is in the question, anywhere ("the password for the wireless" asks the wifi password): a
 * word alone that is also everyday for something else ("charge", "extra", "head") only counts with its
 * partner, so a garage's charge never reaches a phone's "Charging" and extra time is no overtime
 * unless hours are asked. Only one way: the label's words are kin of the question's, not the reverse
 * ("Reports to" on a screen does not make every report a manager).
 */
interface LabelKinEntry {
  /** What a person says, each a phrase whose words must all be in the question. */
  asks: readonly string[];
  /**
   * What a screen labels it by: a single word that names only this ("Gratuity", "Lessor"), or a
   * phrase when its words alone name other things too ("Network key", not an API's key; "Security
   * bond", not a film's Bond; "Collection day", not a museum's collection): met only whole.
   */
  labels: readonly string[];
}

const ENTRIES: readonly LabelKinEntry[] = [
  // People by their role to the user.
  { asks: ['manager', 'boss', 'supervisor'], labels: ['reports to', 'line manager', 'supervisor', 'manager', 'team lead', 'team leader'] },
  { asks: ['head of', 'in charge'], labels: ['lead', 'leader', 'chief', 'director', 'manager', 'administrator', 'coordinator', 'officer', 'owner'] },
  { asks: ['quality'], labels: ['qa'] },
  { asks: ['landlord', 'landlady'], labels: ['lessor', 'landlord', 'landlady', 'letting agent', 'property manager', 'managing agent'] },
  { asks: ['tenant'], labels: ['lessee', 'occupier', 'tenant'] },
  { asks: ['vet'], labels: ['veterinary', 'veterinarian', 'vets'] },
  { asks: ['gp', 'family doctor'], labels: ['doctor', 'physician', 'practice', 'surgery', 'medical'] },
  { asks: ['gp surgery', 'doctor surgery', 'doctors surgery'], labels: ['practice', 'medical', 'clinic'] },
  // Money by its everyday name.
  { asks: ['tip'], labels: ['gratuity', 'gratuities'] },
  { asks: ['deposit'], labels: ['security bond', 'rental bond', 'tenancy bond', 'damage bond', 'bond amount', 'bond paid'] },
  { asks: ['extra hours', 'additional hours', 'hours over', 'overtime'], labels: ['overtime'] },
  { asks: ['payday'], labels: ['pay date', 'payment date'] },
  // Things by their everyday name.
  { asks: ['spinning', 'spin class'], labels: ['indoor cycling', 'indoor cycle', 'studio cycling', 'group cycling', 'cycle class', 'cycling class'] },
  { asks: ['bin', 'bins', 'rubbish', 'trash', 'garbage'], labels: ['collection day', 'next collection', 'bin collection', 'waste collection', 'refuse collection', 'collection date'] },
  { asks: ['wifi password', 'wireless password', 'wifi key', 'wifi code', 'network password', 'internet password'], labels: ['network key', 'security key', 'wireless key', 'wpa key', 'wifi key', 'pre-shared key', 'passphrase', 'psk'] },
  { asks: ['wifi'], labels: ['wireless', 'wlan', 'ssid'] },
];

/** A word as the entries write it: lower case, without hyphens or an apostrophe's "s" ("Wi-Fi" is wifi, "boss's" boss). */
const plain = (w: string) => w.toLowerCase().replace(/['’]s$/, '').replace(/['’-]/g, '');

/**
 * For a question's words (in order, as written), the labels a screen may say for each, by the
 * word's position: only positions that have some. A label of several words is given as written
 * ("security bond"): a caller meets it whole (labelPhrasesIn) or searches its words. Empty when
 * nothing of the table is asked.
 */
export function labelKin(words: readonly string[]): Map<number, string[]> {
  const said = words.map(plain);
  const out = new Map<number, string[]>();
  for (const e of ENTRIES) {
    for (const ask of e.asks) {
      const parts = ask.split(' ');
      const at = parts.map((p) => said.indexOf(p));
      if (at.some((i) => i < 0)) continue;
      for (const i of at) out.set(i, [...new Set([...(out.get(i) ?? []), ...e.labels.filter((l) => l !== said[i])])]);
    }
  }
  return out;
}

const PHRASES = [...new Set(ENTRIES.flatMap((e) => e.labels).filter((l) => l.includes(' ')))];
const PHRASE = new RegExp(`(?<![\\p{L}])(?:${PHRASES.map((p) => p.split(/[\s-]+/).join('[\\s-]*')).join('|')})(?![\\p{L}])`, 'giu');

/** A phrase label as one token ("security bond" → "securitybond"): how a text that says it whole and the kin that asks for it meet. */
export const phraseToken = (phrase: string) => phrase.toLowerCase().replace(/[^a-z]/g, '');

/** The phrase labels a text says whole, as tokens ("Security bond: £1,450" → securitybond; "No Time to Die (Bond 25)" → none). */
export function labelPhrasesIn(text: string): string[] {
  return [...text.matchAll(PHRASE)].map((m) => phraseToken(m[0]));
}
