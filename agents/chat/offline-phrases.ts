import { NO_MODEL_SENTENCE } from './offline-answer.js';

/**
 * The offline answer's own words (its headers, its lead's frame, the no-model note) in the languages
 * Engram reads screens in (its OCR languages), so that "answer in German" is honoured where it can
 * be without a model. What was seen or said (screen lines, memories, titles) is data and is shown as
 * it was recorded; the dates Engram writes are written in the language too (phraseLocale).
 */
export type PhraseLanguage = 'German' | 'French' | 'Spanish' | 'Italian' | 'Portuguese';

type Phrasebook = Record<PhraseLanguage, string>;

/** Whole lines the answer writes as they are. */
const LINES: [string, Phrasebook][] = [
  [
    NO_MODEL_SENTENCE,
    {
      German: 'Es ist kein Sprachmodell eingerichtet, daher ist diese Antwort aus den Erinnerungen gebaut, die am besten zu deiner Frage passen.',
      French: "Aucun modèle de langage n'est configuré : cette réponse est construite à partir des souvenirs qui correspondent le mieux à votre question.",
      Spanish: 'No hay ningún modelo de lenguaje configurado, así que esta respuesta se construye con los recuerdos que mejor coinciden con tu pregunta.',
      Italian: 'Nessun modello linguistico è configurato, quindi questa risposta è costruita con i ricordi più vicini alla tua domanda.',
      Portuguese: 'Nenhum modelo de linguagem está configurado, por isso esta resposta é construída com as memórias que melhor correspondem à sua pergunta.',
    },
  ],
  ['From your screen:', { German: 'Von deinem Bildschirm:', French: 'Sur votre écran :', Spanish: 'De tu pantalla:', Italian: 'Dal tuo schermo:', Portuguese: 'Do seu ecrã:' }],
  ['Related memories:', { German: 'Verwandte Erinnerungen:', French: 'Souvenirs liés :', Spanish: 'Recuerdos relacionados:', Italian: 'Ricordi correlati:', Portuguese: 'Memórias relacionadas:' }],
  ['Events:', { German: 'Ereignisse:', French: 'Événements :', Spanish: 'Eventos:', Italian: 'Eventi:', Portuguese: 'Eventos:' }],
  ['Facts:', { German: 'Fakten:', French: 'Faits :', Spanish: 'Hechos:', Italian: 'Fatti:', Portuguese: 'Factos:' }],
  ['How-tos:', { German: 'Anleitungen:', French: 'Marches à suivre :', Spanish: 'Instrucciones:', Italian: 'Istruzioni:', Portuguese: 'Instruções:' }],
  ['What was tried before:', { German: 'Was schon versucht wurde:', French: 'Ce qui a déjà été essayé :', Spanish: 'Lo que ya se probó:', Italian: 'Cosa è già stato provato:', Portuguese: 'O que já foi tentado:' }],
  ['Documents and links:', { German: 'Dokumente und Links:', French: 'Documents et liens :', Spanish: 'Documentos y enlaces:', Italian: 'Documenti e link:', Portuguese: 'Documentos e ligações:' }],
  ['Vault (values masked):', { German: 'Tresor (Werte verdeckt):', French: 'Coffre (valeurs masquées) :', Spanish: 'Bóveda (valores ocultos):', Italian: 'Cassaforte (valori nascosti):', Portuguese: 'Cofre (valores ocultos):' }],
  ['About you:', { German: 'Über dich:', French: 'À votre sujet :', Spanish: 'Sobre ti:', Italian: 'Su di te:', Portuguese: 'Sobre si:' }],
  ['In the order you saw them:', { German: 'In der Reihenfolge, in der du sie gesehen hast:', French: 'Dans l’ordre où vous les avez vus :', Spanish: 'En el orden en que los viste:', Italian: 'Nell’ordine in cui li hai visti:', Portuguese: 'Pela ordem em que os viu:' }],
  ['Shortly before and after:', { German: 'Kurz davor und danach:', French: 'Juste avant et après :', Spanish: 'Poco antes y después:', Italian: 'Poco prima e dopo:', Portuguese: 'Pouco antes e depois:' }],
  ['Closest events:', { German: 'Nächstliegende Ereignisse:', French: 'Événements les plus proches :', Spanish: 'Eventos más cercanos:', Italian: 'Eventi più vicini:', Portuguese: 'Eventos mais próximos:' }],
  [
    'A matching item in your knowledge vault is marked highly sensitive, so it is not shown here; you can reveal it locally in Engram.',
    {
      German: 'Ein passender Eintrag in deinem Tresor ist als hoch sensibel markiert und wird hier nicht gezeigt; du kannst ihn lokal in Engram aufdecken.',
      French: 'Un élément correspondant de votre coffre est marqué très sensible : il n’est pas montré ici ; vous pouvez le révéler localement dans Engram.',
      Spanish: 'Un elemento de tu bóveda que coincide está marcado como muy sensible, así que no se muestra aquí; puedes revelarlo localmente en Engram.',
      Italian: 'Un elemento corrispondente della tua cassaforte è segnato come molto sensibile, quindi non è mostrato qui; puoi rivelarlo localmente in Engram.',
      Portuguese: 'Um item correspondente do seu cofre está marcado como muito sensível, por isso não é mostrado aqui; pode revelá-lo localmente no Engram.',
    },
  ],
];

/** The frames of sentences around what was found ($1, $2: the found text, kept as it was). */
const FRAMES: [RegExp, Phrasebook][] = [
  [
    /^Not sure it is what you asked, but the closest I found: /,
    {
      German: 'Nicht sicher, ob es das Gefragte ist, aber am nächsten kommt: ',
      French: 'Pas sûr que ce soit ce que vous demandez, mais le plus proche trouvé : ',
      Spanish: 'No estoy seguro de que sea lo que preguntas, pero lo más cercano que encontré: ',
      Italian: 'Non sono sicuro che sia ciò che chiedi, ma la cosa più vicina che ho trovato: ',
      Portuguese: 'Não tenho a certeza de que seja o que perguntou, mas o mais próximo que encontrei: ',
    },
  ],
  [
    /^I don't know: nothing you saw or told me answers "(.*)"\. The closest matches are below\.$/,
    {
      German: 'Ich weiß es nicht: Nichts, was du gesehen oder mir gesagt hast, beantwortet „$1“. Die nächsten Treffer stehen unten.',
      French: 'Je ne sais pas : rien de ce que vous avez vu ou dit ne répond à « $1 ». Les correspondances les plus proches sont ci-dessous.',
      Spanish: 'No lo sé: nada de lo que viste o me dijiste responde a «$1». Las coincidencias más cercanas están abajo.',
      Italian: 'Non lo so: niente di ciò che hai visto o mi hai detto risponde a «$1». Le corrispondenze più vicine sono qui sotto.',
      Portuguese: 'Não sei: nada do que viu ou me disse responde a «$1». As correspondências mais próximas estão abaixo.',
    },
  ],
  [
    /^I didn't find "(.*)" on your screens; the closest shows: /,
    {
      German: 'Ich habe „$1“ auf deinen Bildschirmen nicht gefunden; am nächsten kommt: ',
      French: 'Je n’ai pas trouvé « $1 » sur vos écrans ; le plus proche montre : ',
      Spanish: 'No encontré «$1» en tus pantallas; lo más cercano muestra: ',
      Italian: 'Non ho trovato «$1» nei tuoi schermi; il più vicino mostra: ',
      Portuguese: 'Não encontrei «$1» nos seus ecrãs; o mais próximo mostra: ',
    },
  ],
  [
    /^I didn't find what you asked on your screens; the closest shows: /,
    {
      German: 'Ich habe das Gefragte auf deinen Bildschirmen nicht gefunden; am nächsten kommt: ',
      French: 'Je n’ai pas trouvé ce que vous demandez sur vos écrans ; le plus proche montre : ',
      Spanish: 'No encontré lo que preguntas en tus pantallas; lo más cercano muestra: ',
      Italian: 'Non ho trovato ciò che chiedi nei tuoi schermi; il più vicino mostra: ',
      Portuguese: 'Não encontrei o que perguntou nos seus ecrãs; o mais próximo mostra: ',
    },
  ],
  [/^The first thing you had open: /, { German: 'Als Erstes hattest du offen: ', French: 'La première chose que vous aviez ouverte : ', Spanish: 'Lo primero que tenías abierto: ', Italian: 'La prima cosa che avevi aperto: ', Portuguese: 'A primeira coisa que tinha aberta: ' }],
  [/^The last thing you had open: /, { German: 'Als Letztes hattest du offen: ', French: 'La dernière chose que vous aviez ouverte : ', Spanish: 'Lo último que tenías abierto: ', Italian: "L'ultima cosa che avevi aperto: ", Portuguese: 'A última coisa que tinha aberta: ' }],
  [/^Right before (.+?) \("(.+?)"\), you had /, { German: 'Direkt vor $1 („$2“) hattest du ', French: 'Juste avant $1 (« $2 »), vous aviez ', Spanish: 'Justo antes de $1 («$2»), tenías ', Italian: 'Subito prima di $1 («$2»), avevi ', Portuguese: 'Logo antes de $1 («$2»), tinha ' }],
  [/^Right after (.+?) \("(.+?)"\), you had /, { German: 'Direkt nach $1 („$2“) hattest du ', French: 'Juste après $1 (« $2 »), vous aviez ', Spanish: 'Justo después de $1 («$2»), tenías ', Italian: 'Subito dopo $1 («$2»), avevi ', Portuguese: 'Logo depois de $1 («$2»), tinha ' }],
];

/** The window a sentence names (" around X", " before X", " (label: X to Y)"), its dates already in the language. */
const WINDOW: Record<PhraseLanguage, { around: string; before: string; span: (label: string, from: string, to: string) => string }> = {
  German: { around: 'um', before: 'vor', span: (l, a, b) => `(${l}: ${a} bis ${b})` },
  French: { around: 'vers', before: 'avant', span: (l, a, b) => `(${l} : de ${a} à ${b})` },
  Spanish: { around: 'hacia', before: 'antes de', span: (l, a, b) => `(${l}: de ${a} a ${b})` },
  Italian: { around: 'verso', before: 'prima di', span: (l, a, b) => `(${l}: da ${a} a ${b})` },
  Portuguese: { around: 'por volta de', before: 'antes de', span: (l, a, b) => `(${l}: de ${a} a ${b})` },
};

function windowIn(w: string, language: PhraseLanguage): string {
  const words = WINDOW[language];
  const m = /^ around (.+)$/.exec(w) ?? /^ before (.+)$/.exec(w);
  if (m) return ` ${w.startsWith(' around') ? words.around : words.before} ${m[1]}`;
  const span = /^ \((.+?): (.+) to (.+)\)$/.exec(w);
  return span ? ` ${words.span(span[1]!, span[2]!, span[3]!)}` : w;
}

/** The answer's sentences with a variable part: a window, a moment, what was searched for ($w: the window, translated). */
const SENTENCES: [RegExp, Record<PhraseLanguage, (m: string[], w: string) => string>][] = [
  [
    /^Nothing was on screen (.+), so I read the whole day\.$/,
    {
      German: (m) => `Auf dem Bildschirm war nichts (${m[1]}), daher habe ich den ganzen Tag gelesen.`,
      French: (m) => `Rien n’était à l’écran (${m[1]}), j’ai donc lu toute la journée.`,
      Spanish: (m) => `No había nada en pantalla (${m[1]}), así que leí el día entero.`,
      Italian: (m) => `Non c’era nulla sullo schermo (${m[1]}), quindi ho letto l’intera giornata.`,
      Portuguese: (m) => `Não havia nada no ecrã (${m[1]}), por isso li o dia inteiro.`,
    },
  ],
  [
    /^Nothing matched((?: around| before| \().*), so I looked at all times\.$/,
    {
      German: (_, w) => `Nichts passte${w}, daher habe ich zu allen Zeiten gesucht.`,
      French: (_, w) => `Rien ne correspondait${w}, j’ai donc cherché à toutes les dates.`,
      Spanish: (_, w) => `Nada coincidía${w}, así que busqué en todas las fechas.`,
      Italian: (_, w) => `Niente corrispondeva${w}, quindi ho cercato in tutte le date.`,
      Portuguese: (_, w) => `Nada correspondia${w}, por isso procurei em todas as datas.`,
    },
  ],
  [
    /^I found nothing in your memories(?: about "(.*)")?((?: around| before| \().*)?\.$/,
    {
      German: (m, w) => `Ich habe in deinen Erinnerungen nichts${m[1] ? ` zu „${m[1]}“` : ''}${w} gefunden.`,
      French: (m, w) => `Je n’ai rien trouvé dans vos souvenirs${m[1] ? ` sur « ${m[1]} »` : ''}${w}.`,
      Spanish: (m, w) => `No encontré nada en tus recuerdos${m[1] ? ` sobre «${m[1]}»` : ''}${w}.`,
      Italian: (m, w) => `Non ho trovato nulla nei tuoi ricordi${m[1] ? ` su «${m[1]}»` : ''}${w}.`,
      Portuguese: (m, w) => `Não encontrei nada nas suas memórias${m[1] ? ` sobre «${m[1]}»` : ''}${w}.`,
    },
  ],
  [
    /^At (.+) you were:$/,
    {
      German: (m) => `Am ${m[1]} warst du bei:`,
      French: (m) => `Le ${m[1]}, vous étiez sur :`,
      Spanish: (m) => `El ${m[1]} estabas en:`,
      Italian: (m) => `Il ${m[1]} eri su:`,
      Portuguese: (m) => `Em ${m[1]} estava em:`,
    },
  ],
  [
    /^Nothing was recorded exactly at (.+)\.$/,
    {
      German: (m) => `Genau am ${m[1]} wurde nichts aufgezeichnet.`,
      French: (m) => `Rien n’a été enregistré exactement le ${m[1]}.`,
      Spanish: (m) => `No se registró nada exactamente el ${m[1]}.`,
      Italian: (m) => `Non è stato registrato nulla esattamente il ${m[1]}.`,
      Portuguese: (m) => `Nada foi registado exatamente em ${m[1]}.`,
    },
  ],
  [
    /^What you did((?: around| before| \().*):$/,
    {
      German: (_, w) => `Was du getan hast${w}:`,
      French: (_, w) => `Ce que vous avez fait${w} :`,
      Spanish: (_, w) => `Lo que hiciste${w}:`,
      Italian: (_, w) => `Cosa hai fatto${w}:`,
      Portuguese: (_, w) => `O que fez${w}:`,
    },
  ],
];

/** The locale days and months are written in for each phrasebook language. */
const LOCALES: Record<PhraseLanguage, string> = { German: 'de-DE', French: 'fr-FR', Spanish: 'es-ES', Italian: 'it-IT', Portuguese: 'pt-PT' };

export function phraseLocale(language: PhraseLanguage): string {
  return LOCALES[language];
}

/** Where a line says where it was seen: " — seen on "Title" …" and an evidence line's " — on "Title" …". */
const WHERE: [RegExp, Phrasebook][] = [
  [/ — seen on (?=")/g, { German: ' — gesehen auf ', French: ' — vu sur ', Spanish: ' — visto en ', Italian: ' — visto su ', Portuguese: ' — visto em ' }],
  [/ — on (?=")/g, { German: ' — auf ', French: ' — sur ', Spanish: ' — en ', Italian: ' — su ', Portuguese: ' — em ' }],
];

/** Said once under an answer whose own words were translated but whose memories were not. */
const KEPT_AS_RECORDED: Phrasebook = {
  German: '(Ohne Sprachmodell übersetzt Engram nur seine eigenen Worte: Was du gesehen und gesagt hast, steht hier so, wie es aufgezeichnet wurde.)',
  French: '(Sans modèle de langage, Engram ne traduit que ses propres mots : ce que vous avez vu et dit est montré tel qu’il a été enregistré.)',
  Spanish: '(Sin un modelo de lenguaje, Engram solo traduce sus propias palabras: lo que viste y dijiste se muestra tal como se registró.)',
  Italian: '(Senza un modello linguistico Engram traduce solo le proprie parole: ciò che hai visto e detto è mostrato così come è stato registrato.)',
  Portuguese: '(Sem um modelo de linguagem, o Engram só traduz as suas próprias palavras: o que viu e disse é mostrado tal como foi registado.)',
};

export function isPhraseLanguage(language: string | null): language is PhraseLanguage {
  return language !== null && Object.hasOwn(KEPT_AS_RECORDED, language);
}

/** The no-model note in every language it is written in (to strip it from stored turns). */
export const NO_MODEL_SENTENCES: readonly string[] = [NO_MODEL_SENTENCE, ...Object.values(LINES[0]![1])];

/** The answer's own words in `language`, line by line; what was found stays as it was recorded. */
export function localizeOfflineText(text: string, language: PhraseLanguage): string {
  return text
    .split('\n')
    .map((line) => {
      const bullet = /^\s*-\s+/.exec(line)?.[0] ?? '';
      let l = line.slice(bullet.length);
      const whole = LINES.find(([en]) => en === l.trim());
      if (whole) return bullet + whole[1][language];
      for (const [re, book] of SENTENCES) {
        const m = re.exec(l.trim());
        if (!m) continue;
        // The window is the group that opens with one of its forms; a query is the other.
        const w = m.slice(1).find((g) => g !== undefined && /^ (?:around|before|\()/.test(g)) ?? '';
        return bullet + book[language]([...m], windowIn(w, language));
      }
      for (const [re, book] of FRAMES) if (re.test(l)) l = l.replace(re, book[language]);
      for (const [re, book] of WHERE) l = l.replace(re, book[language]);
      return bullet + l;
    })
    .join('\n');
}

export function keptAsRecordedNote(language: PhraseLanguage): string {
  return KEPT_AS_RECORDED[language];
}
