/**
 * Lists read by the status of their rows (row-status.ts). Screens and questions made up for this test,
 * apart from the benchmark days: a staff training record laid out by word boxes, a German pharmacy's
 * prescriptions (a dark page), a French order list read from OCR's lines alone, a course board whose
 * progress is a percent. Asked in the user's words ("let lapse", "pick up", "still waiting", "haven't
 * started"), never the screens' own; negatives: a status no row has, a row the list does not hold, a
 * list about another thing, the sibling rows of another status.
 */
import { describe, expect, it } from 'vitest';
import type { FrameWords } from '../../agents/store/index.js';
import { cell, screenOf, textOf } from '../helpers/screen-words.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { statusAsked, statusOf } from '../../agents/chat/row-status.js';

const fmt = new TimeFormatter('UTC');
const AT = '2026-11-18T19:05:00.000Z';
/** The lead's first line without where it was seen; with word boxes unless `text` gives the screen's OCR lines alone. */
const lead = (q: string, fw: FrameWords | null, title: string, text = fw ? textOf(fw) : '') => {
  const numbered = screenMemory('lines', text, title, AT, { frameId: 'frm_s', fullSnippet: true });
  const f = factSentence(q, numbered, fmt, (id) => (fw && id === 'frm_s' ? fw : null));
  return f ? { known: f.known, text: f.text.split('\n')[0]!.split(' — seen')[0]! } : { known: false, text: '' };
};
const grid = (xs: number[], y: number, rows: string[][]) => rows.flatMap((r, k) => r.flatMap((t, c) => (t ? cell(t, xs[c]!, y + k * 30) : [])));

// A staff training record in a learning portal: course, completed, valid until, status.
const training = screenOf(
  cell('My learning — Compliance', 40, 20),
  grid([40, 380, 560, 760], 70, [
    ['Course', 'Completed', 'Valid until', 'Status'],
    ['Fire safety awareness', '12 Mar 2025', '12 Mar 2026', 'Expired'],
    ['Manual handling', '03 Sep 2025', '03 Sep 2027', 'Valid'],
    ['Data protection (GDPR)', '—', '—', 'Not started'],
    ['Safeguarding adults L2', '20 Jan 2024', '20 Jan 2026', 'Overdue'],
    ['Infection control', '15 Oct 2026', '15 Oct 2027', 'Valid'],
  ]),
);
const trainingTitle = 'My learning — Staff portal';

describe('status words in the user\'s and the screen\'s languages', () => {
  it('reads a cell\'s status and a question\'s', () => {
    expect(statusOf('Abgelaufen')).toBe('expired');
    expect(statusOf('Prêt à retirer')).toBe('ready');
    expect(statusOf('Awaiting collection')).toBe('ready');
    expect(statusOf('Awaiting approval')).toBe('pending');
    expect(statusOf('No iniciado')).toBe('notStarted');
    expect(statusOf('0%')).toBeNull();
    expect(statusOf('0%', true)).toBe('notStarted');
    expect(statusOf('Fire safety awareness')).toBeNull();
    expect(statusAsked('Which certificates have I let lapse?')?.statuses).toEqual(['expired']);
    expect(statusAsked('Which modules haven\'t I even opened yet?')?.statuses).toEqual(['notStarted']);
    // A question of when asks a date, not rows.
    expect(statusAsked('When does my first aid run out?')).toBeNull();
  });
});

describe('a training record read by status', () => {
  it('the rows whose status means lapsed, not the valid ones', () => {
    const f = lead('Which training have I let lapse?', training, trainingTitle);
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Fire safety awareness \(Expired\), Safeguarding adults L2 \(Overdue\)/);
    expect(f.text).not.toMatch(/Manual handling|Infection control|GDPR/);
  });

  it('the course not begun', () => {
    const f = lead('Which course haven\'t I started yet?', training, trainingTitle);
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Data protection \(GDPR\) \(Not started/);
  });

  it('a row the question names is stated with its status, whatever it is', () => {
    expect(lead('Has my manual handling expired?', training, trainingTitle).text).toMatch(/^Manual handling \(Valid; .*03 Sep 2027/);
  });

  it('when a named row runs out: its expiry cell, not another row\'s', () => {
    const f = lead('When does my manual handling certificate run out?', training, trainingTitle);
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Valid until: 03 Sep 2027 \(Manual handling/);
    expect(f.text).not.toMatch(/2026/);
  });

  it('negatives: a status no row has; a row the list does not hold; a list of another thing', () => {
    const waiting = lead('What\'s still waiting for sign-off?', training, trainingTitle);
    expect(waiting.known).toBe(false);
    expect(waiting.text).toMatch(/^I don't know/);
    const aid = lead('When does my first aid certificate expire?', training, trainingTitle);
    expect(aid.known).toBe(false);
    expect(aid.text).not.toMatch(/\b(?:2026|2027)\b/);
    const meds = lead('Which of my medicines can I collect now?', training, trainingTitle);
    expect(meds.text).not.toMatch(/^(?:Fire safety|Manual handling|Data protection|Safeguarding|Infection)/);
  });
});

// A German pharmacy's prescriptions, a dark page: medicine, amount, status.
const pharmacy = screenOf(
  cell('Meine Rezepte — Apotheke am Markt', 40, 20),
  grid([40, 420, 560], 70, [
    ['Medikament', 'Menge', 'Status'],
    ['Ramipril 5 mg', '28 Stk.', 'Abholbereit'],
    ['Metformin 500 mg', '56 Stk.', 'In Bearbeitung'],
    ['Salbutamol Spray', '1 Stk.', 'Abholbereit'],
    ['Vitamin D3 1000 IE', '30 Stk.', 'Abgeholt'],
  ]),
);
const pharmacyTitle = 'Meine Rezepte — Apotheke am Markt';

describe('a German pharmacy\'s prescriptions', () => {
  it('the medicines ready to pick up, not the one still being made up nor the one collected', () => {
    const f = lead('Which of my medicines can I pick up now?', pharmacy, pharmacyTitle);
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Ramipril 5 mg \(Abholbereit\), Salbutamol Spray \(Abholbereit\)/);
    expect(f.text).not.toMatch(/Metformin|Vitamin/);
  });

  it('negative: none of them out of date, said so and no row stated', () => {
    const f = lead('Which of my prescriptions have expired?', pharmacy, pharmacyTitle);
    expect(f.known).toBe(false);
    expect(f.text).toMatch(/^I don't know/);
  });
});

// A French order list read from OCR's lines alone (no word boxes), one space between every word.
const ordersText = ['Mes commandes', 'Article Date Statut', 'Chaise pliante 12 nov. En attente', 'Lampe de bureau 10 nov. Livrée', 'Tapis en jute 09 nov. En attente', 'Étagère murale 02 nov. Annulée'].join('\n');

describe('an order list without word boxes', () => {
  it('the rows still waiting, from the status each line ends in', () => {
    const f = lead('Which of my orders are still pending?', null, 'Mes commandes — Maison Claire', ordersText);
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Chaise pliante \(En attente[^)]*\), Tapis en jute \(En attente/);
    expect(f.text).not.toMatch(/Lampe|Étagère/);
  });
});

// A course board whose progress is a percent (a Spanish header).
const board = screenOf(
  cell('Mis cursos', 40, 20),
  grid([40, 420, 600], 70, [
    ['Curso', 'Lecciones', 'Progreso'],
    ['Excel avanzado', '12', '100%'],
    ['Inglés B2', '30', '45%'],
    ['Primeros auxilios', '8', '0%'],
  ]),
);

describe('progress as a percent', () => {
  it('the course at 0% is the one not begun; the half-done one is in progress', () => {
    const f = lead('Which course haven\'t I begun?', board, 'Mis cursos — Campus');
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Primeros auxilios \(0%/);
    expect(lead('Which course am I still working through?', board, 'Mis cursos — Campus').text).toMatch(/^Inglés B2 \(45%/);
  });
});

// A parcel list in Spanish, laid out by word boxes: some on their way, one delivered, one waiting at a locker.
const parcels = screenOf(
  cell('Mis pedidos', 40, 20),
  grid([40, 400, 600], 70, [
    ['Pedido', 'Fecha', 'Estado'],
    ['Auriculares inalámbricos', '02/12', 'En camino'],
    ['Funda para portátil', '28/11', 'Entregado'],
    ['Cargador USB-C', '01/12', 'Enviado'],
    ['Botella térmica', '30/11', 'Listo para recoger'],
  ]),
);

describe('a parcel list by its statuses', () => {
  it('the orders still on their way, not the delivered one nor the one waiting to be picked up', () => {
    const f = lead('Which of my orders haven\'t arrived yet?', parcels, 'Mis pedidos — Tienda');
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Auriculares inalámbricos \(En camino\), Cargador USB-C \(Enviado\)/);
    expect(f.text).not.toMatch(/Funda|Botella/);
    expect(lead('Which orders have already been delivered?', parcels, 'Mis pedidos — Tienda').text).toMatch(/^Funda para portátil \(Entregado/);
    expect(lead('Which order can I go and pick up?', parcels, 'Mis pedidos — Tienda').text).toMatch(/^Botella térmica \(Listo para recoger/);
  });
});
