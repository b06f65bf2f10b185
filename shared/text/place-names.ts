/**
 * Places that each language spells its own way: a user asks about "Cologne" and the carrier's order
 * says "Köln", the ferry to "Florence" is booked on a page that says "Firenze". One place a line, its
 * names in English and the other languages of the everyday-words table (and the place's own), split
 * by commas. Written by hand from the languages themselves: a language's names for a place, not any
 * page's. Names that are also common words ("Porto", "Rom", "Gent" as a word) are left out, as the
 * everyday-words table leaves out its false friends.
 */
import { plainWord } from './everyday-lexicon.js';

export const PLACE_NAMES = `
Cologne, Köln, Koeln, Colonia, Keulen
Munich, München, Muenchen, Múnich, Munique
Nuremberg, Nürnberg, Nuernberg, Norimberga, Nuremberga, Neurenberg
Aachen, Aix-la-Chapelle, Aquisgrán, Aquisgrana, Aken
Brunswick, Braunschweig
Hanover, Hannover, Hanovre, Hanôver
Vienna, Wien, Vienne, Viena, Wenen
Zurich, Zürich, Zuerich, Zurigo, Zúrich, Zurique
Geneva, Genève, Genf, Ginebra, Ginevra, Genebra
Florence, Firenze, Florenz, Florencia, Florença
Milan, Milano, Mailand, Milán, Milão
Venice, Venezia, Venedig, Venise, Venecia, Veneza, Venetië
Rome, Roma
Naples, Napoli, Neapel, Nápoles, Napels
Turin, Torino, Turín, Turim
Genoa, Genova, Genua, Gênes, Génova
Padua, Padova, Padoue
Sicily, Sicilia, Sizilien, Sicile, Sicília
Sardinia, Sardegna, Sardinien, Sardaigne, Cerdeña
Corsica, Corse, Korsika, Córcega, Córsega
Tuscany, Toscana, Toskana, Toscane
Lisbon, Lisboa, Lissabon, Lisbonne
Seville, Sevilla, Séville, Sevilha
Saragossa, Zaragoza
Majorca, Mallorca, Maiorca
The Hague, Den Haag, 's-Gravenhage, La Haye, La Haya, L'Aia, Haia
Antwerp, Antwerpen, Anvers, Amberes, Anversa, Antuérpia
Brussels, Bruxelles, Brüssel, Brussel, Bruselas, Bruxelas
Ghent, Gand, Gante
Bruges, Brugge, Brügge, Brujas
Leuven, Louvain, Löwen, Lovaina
Liège, Lüttich, Luik, Lieja
Strasbourg, Straßburg, Strassburg, Estrasburgo, Strasburgo
Marseille, Marseilles, Marsiglia, Marsella, Marselha
Lyon, Lyons, Lione
Dunkirk, Dunkerque, Dünkirchen, Duinkerke
Prague, Praha, Prag, Praga
Warsaw, Warszawa, Warschau, Varsovie, Varsovia, Varsavia, Varsóvia
Copenhagen, København, Kopenhagen, Copenhague, Copenaghen, Copenhaga
Gothenburg, Göteborg
Athens, Athen, Athènes, Atenas, Atene, Athína
London, Londres, Londra, Londen
Edinburgh, Édimbourg, Edimburgo
Germany, Deutschland, Allemagne, Alemania, Germania, Alemanha, Duitsland
France, Frankreich, Francia, França, Frankrijk
Spain, Spanien, Espagne, España, Spagna, Espanha, Spanje
Italy, Italien, Italie, Italia, Itália, Italië
Netherlands, Holland, Niederlande, Pays-Bas, Países Bajos, Paesi Bassi, Nederland
Switzerland, Schweiz, Suisse, Suiza, Svizzera, Suíça, Zwitserland
Austria, Österreich, Autriche, Oostenrijk
Belgium, Belgien, Belgique, Bélgica, Belgio, België
Greece, Griechenland, Grèce, Grecia, Grécia, Griekenland
`;

/** A name's word that tells it: its last ("The Hague" by "hague", "'s-Gravenhage" by "gravenhage"), plain and lower case. */
const keyOf = (name: string): string => plainWord(name.split(/[\s'’]+/).filter(Boolean).pop() ?? '').replace(/^.*-(?=\p{L}{4,}$)/u, '');

const BY_NAME = new Map<string, Set<string>>();
for (const line of PLACE_NAMES.split('\n')) {
  const names = line.split(',').map((n) => n.trim()).filter(Boolean);
  const keys = names.map(keyOf).filter((k) => k.length >= 3);
  for (const k of keys) BY_NAME.set(k, new Set([...(BY_NAME.get(k) ?? []), ...keys.filter((o) => o !== k)]));
}

/**
 * The other spellings of a place named by one word of a question ("Lisbon": lisboa, lissabon,
 * lisbonne; "Hague": haag, gravenhage, haye …), plain and lower case; empty for a word that names no
 * place of the table.
 */
export function placeSpellings(word: string): string[] {
  return [...(BY_NAME.get(plainWord(word)) ?? [])];
}
