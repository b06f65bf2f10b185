import { describe, expect, it } from 'vitest';
import type { PassageMatch } from '../../shared/index.js';
import type { NumberedMemory } from '../../agents/chat/retrieval-types.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { recipeLead } from '../../agents/chat/recipe-lead.js';
import { recipePage } from '../../agents/chat/recipe-page.js';
import { askedValue } from '../../agents/chat/asked-value.js';
import { browsedScreen, screenPassage } from '../helpers/screen-memory.js';

// Recipe pages made up for these tests (not from any benchmark day): Spanish, German, Italian, French,
// Portuguese and English; ingredient lists as bullets, a table and a two-column layout; methods as
// numbered steps and as plain sentences; a recipe site with an advert and a comments section.
const fmt = new TimeFormatter('UTC');
const at = '2026-10-03T18:00:00.000Z';

function seen(text: string, title: string, kind: PassageMatch['kind'] = 'lines'): NumberedMemory[] {
  return browsedScreen(title, at, [screenPassage(text, title, 5, at, { kind, observationId: 'obs_1' })]);
}
function lead(q: string, s: NumberedMemory[]) {
  const f = factSentence(q, s, fmt, undefined, { screens: () => s[0]!.passages! })!;
  return { known: f.known, first: f.text.split('\n')[0]!.split(' — seen')[0]! };
}

const LENTEJAS = seen(
  ['Lentejas con chorizo', 'Raciones: 4   Tiempo total: 50 min', 'Ingredientes', '• 300 g de lentejas pardinas', '• 180 g de chorizo', '• 1 cebolla', '• 2 dientes de ajo', '• 1 cucharada de pimentón', 'Preparación', '1. Pica la cebolla y sofríela en una cazuela con aceite.', '2. Añade el chorizo en rodajas y dóralo 3 minutos.', '3. Incorpora las lentejas y el caldo y cuece a fuego lento 35 minutos.'].join('\n'),
  'Lentejas con chorizo — Cocina Fácil',
);
// A German sheet cake, its ingredients as a table (name, then amount) and its method as sentences.
const KUCHEN = seen(
  ['Apfelkuchen vom Blech', 'Portionen: 12   Vorbereitung: 20 Min.   Backzeit: 40 Min.', 'Zutaten', 'Eier        3 Stück', 'Mehl        200 g', 'Zucker        150 g', 'Äpfel        4', 'Zubereitung', 'Den Backofen auf 180 °C Umluft vorheizen.', 'Butter und Zucker schaumig rühren, dann die Eier einzeln unterrühren.', 'Mehl dazugeben und zu einem glatten Teig verrühren.', 'Im Ofen 25 Min. backen.'].join('\n'),
  'Apfelkuchen vom Blech — Backfreunde',
);
// An Italian page OCR read across its two columns: each ingredient beside a step.
const PASTA = seen(
  ['Pasta fresca all\'uovo', 'Persone: 4', 'Ingredienti', '400 g di farina 00     Disporre la farina a fontana e rompere le uova al centro.', '4 uova     Impastare per 10 minuti fino a ottenere un impasto liscio.', '1 cucchiaio di olio     Avvolgere nella pellicola e lasciare riposare 1 ora.'].join('\n'),
  'Pasta fresca all\'uovo — Cucina Italiana',
);
const GRATIN = seen(
  ['Gratin dauphinois', 'Pour 6 personnes   Préparation : 20 min   Cuisson : 1 h', 'Ingrédients', '1 kg de pommes de terre', '200 ml crème fraîche', '50 cl de lait', '2 gousses d\'ail', 'Préparation', '1. Préchauffez le four à 180 °C (th. 6).', '2. Épluchez et coupez les pommes de terre en fines rondelles.', '3. Versez le lait et la crème sur les pommes de terre et enfournez pour 55 minutes.'].join('\n'),
  'Gratin dauphinois — Marmiton',
);
// An English recipe site: header times, an advert, and readers' comments with their own figures under the method.
const BANANA = seen(
  ['Best Banana Bread', 'Prep 15 mins | Cook 1 hr 10 mins | Serves 8', 'ADVERTISEMENT', 'Ingredients', '3 ripe bananas', '250 g plain flour', '2 large eggs', '100 g melted butter', 'Method', 'Heat oven to 180C/160C fan/gas 4.', 'Mash the bananas, then stir in the melted butter.', 'Beat in the eggs one at a time.', 'Fold in the flour.', 'Bake for 55 minutes until a skewer comes out clean.', 'Comments (23)', 'Maria_K: I baked mine for 65 minutes at 170C and used 3 eggs, perfect!'].join('\n'),
  'Best Banana Bread | Sunny Kitchen',
);
const BOLO = seen(
  ['Bolo de cenoura', 'Rendimento: 10 porções', 'Ingredientes', '3 cenouras médias', '4 ovos', '2 xícaras de farinha de trigo', 'Modo de preparo', 'Bata no liquidificador as cenouras e os ovos.', 'Junte a farinha e misture bem.', 'Asse em forno preaquecido a 180 graus por 40 minutos.'].join('\n'),
  'Bolo de cenoura — Receitas da Vó',
);

describe('how much of an ingredient goes in', () => {
  it('reads the ingredient line, in the page’s language, for the English word asked', () => {
    expect(lead('How much chorizo goes in?', LENTEJAS).first).toMatch(/^180 g de chorizo/);
    expect(lead('How many eggs do I need for the apple cake?', KUCHEN).first).toMatch(/^Eier\s+3 Stück/);
    expect(lead('how many eggs for the fresh pasta', PASTA).first).toMatch(/^4 uova/);
    expect(lead('How much cream goes in the gratin?', GRATIN).first).toMatch(/^200 ml crème fraîche/);
    expect(lead('How much flour for the carrot cake?', BOLO).first).toMatch(/^2 xícaras de farinha de trigo/);
    expect(lead('how many cloves of garlic go in the lentils?', LENTEJAS).first).toMatch(/^2 dientes de ajo/);
  });

  it('takes the asked ingredient’s line, not a sibling’s, and not a reader’s comment', () => {
    const f = lead('How much flour goes in the apple cake?', KUCHEN);
    expect(f.first).toMatch(/^Mehl\s+200 g/);
    expect(f.first).not.toContain('150 g');
    expect(lead('How many eggs go in the banana bread?', BANANA).first).toMatch(/^2 large eggs/);
  });

  it('says an ingredient the recipe does not list is not there, with no other quantity', () => {
    for (const [q, s] of [['How much butter do I need for the lentils?', LENTEJAS], ['How much milk goes in the apple cake?', KUCHEN], ['How much sugar goes in the banana bread?', BANANA]] as const) {
      const f = lead(q, s);
      expect(f.known, q).toBe(false);
      expect(f.first, q).toMatch(/^I don't know/);
      expect(f.first, q).not.toMatch(/\d+\s?(?:g|ml|Stück)\b/);
    }
  });

  it('answers no other dish’s quantities: a carrot cake asked of an apple cake page', () => {
    const f = lead('How many eggs go in the carrot cake?', KUCHEN);
    expect(f.first).not.toMatch(/3 Stück/);
  });
});

describe('for how many people', () => {
  it('reads the servings label of each language', () => {
    expect(lead('How many people does the lentil recipe serve?', LENTEJAS).first).toMatch(/^Raciones: 4/);
    expect(lead('How many portions does the apple cake make?', KUCHEN).first).toMatch(/^Portionen: 12/);
    expect(lead('For how many is the fresh pasta?', PASTA).first).toMatch(/^Persone: 4/);
    expect(lead('How many servings does the gratin make?', GRATIN).first).toMatch(/^Pour 6 personnes/);
    expect(lead('How many does the banana bread serve?', BANANA).first).toMatch(/^Serves 8/);
  });
});

describe('how long a step takes', () => {
  it('the time in the method step with the asked verb, not the header’s total', () => {
    const simmer = lead('How long do the lentils simmer?', LENTEJAS);
    expect(simmer.first).toMatch(/^35 minutos — 3\. Incorpora las lentejas/);
    expect(simmer.first).not.toContain('50 min');
    expect(lead('How long does the apple cake bake?', KUCHEN).first).toMatch(/^25 Min\. — Im Ofen 25 Min\. backen/);
    expect(lead('How long does the pasta dough rest?', PASTA).first).toMatch(/^1 ora — /);
    expect(lead('How long does the gratin bake?', GRATIN).first).toMatch(/^55 minutes — 3\. /);
    expect(lead('How long does the carrot cake bake?', BOLO).first).toMatch(/^40 minutos — Asse em forno/);
  });

  it('not the comments’ time', () => {
    const f = lead('How long do I bake the banana bread?', BANANA);
    expect(f.first).toMatch(/^55 minutes — Bake for 55 minutes/);
    expect(f.first).not.toContain('65');
  });

  it('a verb the method does not say is not answered by the header’s time', () => {
    const f = lead('How long do I bake the lentils?', LENTEJAS);
    expect(f.known).toBe(false);
    expect(f.first).not.toContain('50 min');
    expect(f.first).not.toContain('35 minutos');
  });

  it('the header’s time, said as the total, when the method gives none for the verb', () => {
    const noTime = seen(['Spiced red lentil soup', 'Serves 4 · Cook 40 mins', 'Ingredients', '250 g red lentils', '1 onion', 'Method', 'Fry the onion in the oil until soft.', 'Add the lentils and stock and simmer until the lentils fall apart.'].join('\n'), 'Red lentil soup — Soup Club');
    const f = lead('How long does the lentil soup simmer?', noTime);
    expect(f.first).toMatch(/^Cook 40 mins — the recipe's total time/);
  });

  it('the whole recipe’s time when asked how long it takes', () => {
    expect(lead('How long does the lentil dish take?', LENTEJAS).first).toMatch(/^Tiempo total: 50 min/);
  });
});

describe('how hot the oven is', () => {
  it('the temperature the method sets', () => {
    expect(lead('How hot should the oven be for the apple cake?', KUCHEN).first).toMatch(/^180 °C — Den Backofen/);
    expect(lead('What temperature is the oven for the gratin?', GRATIN).first).toMatch(/^180 °C — 1\. Préchauffez le four/);
    const en = lead('What temperature do I bake the banana bread at?', BANANA);
    expect(en.first).toMatch(/^180C\/160C fan\/gas 4 — Heat oven/);
    expect(en.first).not.toContain('170C');
    expect(lead('What temperature for the carrot cake?', BOLO).first).toMatch(/^180 graus — /);
  });

  it('a recipe that sets no temperature says so', () => {
    const f = lead('How hot should the oven be for the lentils?', LENTEJAS);
    expect(f.known).toBe(false);
    expect(f.first).not.toMatch(/°|grados/);
  });
});

describe('what comes after', () => {
  it('the step after the one that names the ingredient', () => {
    expect(lead('What do I add after the onion?', LENTEJAS).first).toMatch(/^2\. Añade el chorizo/);
    expect(lead('What do I add after the eggs in the banana bread?', BANANA).first).toMatch(/^Fold in the flour/);
  });

  it('the action after it in the same sentence', () => {
    expect(lead('What goes in once the bananas are mashed?', BANANA).first).toMatch(/^stir in the melted butter/);
    expect(lead('What do I add after the butter and sugar in the apple cake?', KUCHEN).first).toMatch(/^die Eier einzeln unterrühren/);
  });

  it('nothing stated for an ingredient the method does not name', () => {
    const f = lead('What do I add after the cinnamon in the banana bread?', BANANA);
    expect(f.known).toBe(false);
  });
});

describe('a Spanish curry asked in other words', () => {
  const CURRY = seen(
    ['Pollo al curry', 'Para 4 personas · 45 minutos', 'Ingredientes', '- 600 g de muslos de pollo', '- 1 cebolla grande', '- 400 ml de leche de coco', '- 2 cucharadas de curry en polvo', 'Elaboración', 'Corta el pollo en dados y dóralo 5 minutos en una sartén grande.', 'Retira el pollo y sofríe la cebolla hasta que esté transparente.', 'Añade el curry, remueve un minuto y vierte la leche de coco.', 'Vuelve a poner el pollo y deja cocer a fuego lento 20 minutos.'].join('\n'),
    'Pollo al curry — Recetas de Marta',
  );

  it('reads paraphrases of amount, time and order', () => {
    expect(lead('How much chicken does the curry recipe call for?', CURRY).first).toMatch(/^600 g de muslos de pollo/);
    expect(lead('How much coconut milk goes in?', CURRY).first).toMatch(/^400 ml de leche de coco/);
    expect(lead('How long do I brown the chicken?', CURRY).first).toMatch(/^5 minutos — Corta el pollo/);
    expect(lead('What do I add once the onion is soft?', CURRY).first).toMatch(/^Añade el curry/);
    expect(lead('What goes in after the curry powder?', CURRY).first).toMatch(/^remueve un minuto y vierte la leche de coco/);
    expect(lead('How long does the curry take?', CURRY).first).toMatch(/^45 minutos/);
  });

  it('a step the method does not name is said not found, not another line', () => {
    const f = lead('What goes in after the cumin?', CURRY);
    expect(f.known).toBe(false);
    expect(f.first).toMatch(/^I don't know/);
  });
});

describe('what is no recipe', () => {
  it('a recipe further down the found screens says nothing of another question', () => {
    const sheet = browsedScreen('Office costs 2027 — Sheets', at, [screenPassage(['Line  Q1  Q2  Owner', 'Rent · 2,150 · 2,150 · Dana Ortiz', 'Travel · 1,200 · 1,200 · Sam Lee'].join('\n'), 'Office costs 2027 — Sheets', 9, at, { kind: 'lines', observationId: 'obs_sheet' })]);
    const cake = BOLO.map((m) => ({ ...m, n: 2, passages: m.passages!.map((p) => ({ ...p, score: 3 })) }));
    const both = [...sheet, ...cake];
    const f = factSentence('How much is budgeted for rent in the first quarter?', both, fmt, undefined, { screens: (m) => both.find((x) => x.memory === m)?.passages ?? null })!;
    expect(f.text).not.toMatch(/recipe|Bolo/);
    expect(f.text.split('\n')[0]).toContain('2,150');
  });


  it('a bill or a spec sheet with figures at its lines’ starts is no recipe', () => {
    expect(recipePage(['Order #4471', '2 Office chairs   €198.00', '1 Standing desk   €349.00', '3 Monitor arms   €87.00', 'Total €634.00'])).toBeNull();
    expect(recipePage(['Lumen X2 laptop', '16 GB RAM', '512 GB SSD', '2 USB-C ports', 'Ships in 3 days'])).toBeNull();
    const asked = askedValue('How much RAM do I need?');
    expect(recipeLead('How much RAM do I need?', asked, [{ lines: ['Lumen X2 laptop', '16 GB RAM', '512 GB SSD', '2 USB-C ports'], title: 'Lumen X2', n: 1, passage: null, rank: 1 }])).toBeNull();
  });
});
