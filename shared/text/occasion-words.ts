/**
 * What a ticket or a listing prints for an occasion that it never names: a user asks "which row are
 * we in for the play" and the theatre's e-ticket says "Hamlet", "Stalls", "Curtain 19:30"; "the gig"
 * is an order for "… — Live at Olympia" with "Doors" and "Standing". One occasion a line: the words
 * a person calls it by, a bar, then the words its tickets, venues and listings say in English and the
 * other languages we read. Written by hand from how such tickets are laid out, not from any page.
 * A word here meets the occasion only as its kin (half of a said word), so a ticket of another kind
 * with the same generic words (row, seat) is never met by them: those are not listed.
 */
import { plainWord } from './everyday-lexicon.js';

export const OCCASION_WORDS = `
play, plays, theatre, theater, musical, opera, ballet, panto, pantomime | theatre, theater, teatro, théâtre, theatro, schauspielhaus, schauspiel, staatstheater, playhouse, stalls, circle, balcony, gallery, curtain, matinee, matinée, performance, interval, stage, opera, ballet, parkett, loge, platea, palco, anfiteatro, orchestre, corbeille
concert, concerts, gig, gigs, show, shows, recital, festival | live, tour, doors, standing, arena, konzert, concierto, concerto, concert, orchestra, orchestre, orchester, philharmonic, philharmonie, filarmónica, recital, festival, headliner, setlist, stage
match, matches, game, games, fixture | kick-off, kickoff, stadium, stadion, estadio, stade, stadio, estádio, tribune, tribüne, tribuna, vs, versus, turnstile, anstoß, anstoss, fixture, league
film, films, movie, movies, cinema, screening | cinema, kino, cine, cinéma, screen, screening, showing, imax, 2d, 3d, auditorium, saal, film, movie
`;

/** Lowercased without accents, as the other word tables are compared. */
const plain = (s: string) => plainWord(s.trim());

const TABLE: ReadonlyMap<string, readonly string[]> = (() => {
  const table = new Map<string, string[]>();
  for (const line of OCCASION_WORDS.split('\n')) {
    const [names, words] = line.split('|');
    if (!names || !words) continue;
    const said = [...new Set(words.split(',').map(plain).filter(Boolean))];
    for (const name of names.split(',').map(plain).filter(Boolean)) table.set(name, [...(table.get(name) ?? []), ...said.filter((w) => w !== name)]);
  }
  return table;
})();

/** The words a ticket or listing prints for the occasion a word names ("play": stalls, curtain, teatro…); none for other words. */
export function occasionWords(word: string): readonly string[] {
  return TABLE.get(plain(word)) ?? [];
}
