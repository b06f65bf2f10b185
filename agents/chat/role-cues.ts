/**
 * How screens say who does what to a thing, in the languages Engram's users read: "Assignee",
 * "Last edited by", "Approved by", "Owner:", "Ansprechpartner", "Sachbearbeiter", "Responsable",
 * "Met vriendelijke groet" over a signature. A role is asked by the question's verb ("who wrote",
 * "who signed off", "who is my contact at") and said on a screen by its cue words.
 */

export type Role = 'assignee' | 'author' | 'approver' | 'reviewer' | 'reporter' | 'sender' | 'contact' | 'owner';

interface RoleCue {
  role: Role;
  /** The question's words that ask for it. */
  asks: RegExp;
  /** A screen's words that name the one in that role, before their name ("Approved by", "Owner:", "Bearbeiter"). */
  cues: RegExp;
}

/** Cues end where the name starts: after "by", "von", a colon or the label's own word. */
const ROLES: RoleCue[] = [
  {
    role: 'reviewer',
    asks: /\breview\w*\b/i,
    cues: /\b(?:reviewers?|reviewed by|review by|geprüft von|relu par|revisado por|revisionato da|beoordeeld door)\b/i,
  },
  {
    role: 'approver',
    asks: /\b(?:approv\w*|sign(?:ed|s)?\s+off|signed|sign(?:ed)? it|authori[sz]\w*|ok'?d|okay(?:ed)?|green-?lit|accept(?:ed)?)\b/i,
    cues: /\b(?:approved by|approver|signed off by|sign-?off|signed by|authori[sz]ed by|genehmigt von|freigegeben von|unterzeichnet von|approuvé par|validé par|signé par|aprobado por|firmado por|approvato da|firmato da|goedgekeurd door|ondertekend door|aprovado por|assinado por)\b/i,
  },
  {
    role: 'reporter',
    asks: /\b(?:report\w*|request\w*|rais(?:e|ed|es)|fil(?:e|ed)|open(?:ed)?|submit\w*|ask(?:ed)? for)\b/i,
    cues: /\b(?:reporter|reported by|requester|requested by|raised by|opened by|submitted by|filed by|gemeldet von|angefragt von|signalé par|demandé par|reportado por|solicitado por|segnalato da|richiesto da|gemeld door|aangevraagd door)\b/i,
  },
  {
    role: 'author',
    asks: /\b(?:wr[io]te|written|writ(?:e|es|ing)|author\w*|creat\w*|made|make|draft\w*|edit\w*|set up|put together|commit\w*|fix(?:ed|es)?|chang(?:ed|es)|add(?:ed|s))\b/i,
    cues: /\b(?:authors?|written by|created by|creator|made by|drafted by|(?:last\s+)?(?:edited|modified|updated|changed) by|committed by|erstellt von|verfasst von|geändert von|bearbeitet von|autor|autore|auteur|créé par|rédigé par|modifié par|creado por|escrito por|editado por|creato da|scritto da|modificato da|gemaakt door|geschreven door|bewerkt door|gewijzigd door|criado por)\b/i,
  },
  {
    role: 'sender',
    asks: /\b(?:sent|send(?:s|ing)?|mailed|e-?mailed|messaged|texted|wrote to (?:me|us)|got in touch|reached out)\b/i,
    cues: /^\s*(?:from|von|de|da|van|fra|från|absender|expéditeur|remitente|mittente|afzender)\s*:/i,
  },
  {
    role: 'owner',
    asks: /\b(?:own(?:s|ed)?|owner|belong\w*|maintain\w*)\b/i,
    cues: /\b(?:owners?|owned by|maintainers?|maintained by|eigentümer(?:in)?|besitzer(?:in)?|inhaber(?:in)?|propriétaire|propietari[oa]|proprietari[oa]|eigenaar)\b/i,
  },
  {
    role: 'contact',
    // "My contact at", "the contact for", not the thing a contact names ("the contact form", "contact details").
    asks: /\b(?:contact(?!\s+(?!(?:at|for|about|with|on|in|person|of|to|me|us|there|here)\b)[a-z]{2,})|talk to|speak (?:to|with)|call|ring|reach|ask about|ask|get in touch|liaison|point of contact|person at|someone at|deal(?:ing)? with me|(?:do|should|would|will|can|shall) (?:i|we) deal with|my (?:agent|adviser|advisor|rep|representative|case ?worker))\b/i,
    cues: /\b(?:contact(?: person)?(?!\s+(?:form|details|list|page|info|information|us|sheet|lens(?:es)?|number|cent(?:re|er))\b)|questions|enquiries|inquiries|queries|your contact|ansprechpartner(?:in)?|kontaktperson|interlocuteur|interlocutrice|votre contact|contacto|persona de contacto|referente|contactpersoon|account manager|relationship manager|personal banker|negotiator|representative|case ?worker|adviser|advisor|berater(?:in)?|conseill(?:er|ère)|asesor(?:a)?|gestor(?:a)?|consulente)\b/i,
  },
  {
    role: 'assignee',
    asks: /\b(?:doing|do(?:es)?|handl\w*|work(?:s|ing)? on|busy with|on (?:their|his|her|my|our) plate|who(?:'s|’s| has| have) got|who has|took|taken|pick(?:ed|s)? up|claimed|grabbed|assign\w*|responsible|in charge|deal(?:s|ing)? with|look(?:s|ing)? after|taking care|take care|fixing|running|lead(?:s|ing)?|on it)\b/i,
    cues: /\b(?:assignees?|assigned to|assigned|handled by|dealt with by|picked up by|taken by|claimed by|handler|responsible|in charge|case worker|case officer|case manager|caseworker|owner|gestionnaire|chargée? de (?:votre )?dossier|gestor(?:a)?|tramitad[oa] por|behandeld door|in behandeling bij|bearbeiter(?:in)?|sachbearbeiter(?:in)?|zuständig(?:e[rn]?)?|verantwortlich(?:e[rn]?)?|responsable|encargad[oa]|incaricat[oa]|referente|behandelaar|verantwoordelijke|toegewezen aan|attribué à|asignado a|assegnato a|atribuído a|lead)\b/i,
  },
];

/**
 * The role the question asks for, or null when its verb names none ("who is Ana Lima"). The one its
 * words name first, as the verb after "who" does ("who is responsible for the reconciliation report"
 * asks who does it, not who reported it); of two at one place, the first in the order above.
 */
export function askedRole(question: string): Role | null {
  let best: { role: Role; at: number } | null = null;
  for (const r of ROLES) {
    const at = question.search(r.asks);
    if (at >= 0 && (!best || at < best.at)) best = { role: r.role, at };
  }
  return best?.role ?? null;
}

/** The question's words that ask for a role ("taking care of", "put together", "signed off"): they name no part of the asked thing. */
export function roleWords(question: string): string {
  return ROLES.flatMap((r) => [...question.matchAll(new RegExp(r.asks.source, 'gi'))].map((m) => m[0])).join(' ');
}

/** Where a line names the one in `role` ("Approved by Dana Whitfield" → the index after "by"), or -1. */
export function cueEnd(line: string, role: Role): number {
  const re = ROLES.find((r) => r.role === role)!.cues;
  const m = re.exec(line);
  return m ? m.index + m[0].length : -1;
}

/** Whether a line names someone in any role: a person beside such a cue was put there for a role, maybe not the asked one. */
export function anyRoleCue(line: string): Role | null {
  return ROLES.find((r) => r.cues.test(line))?.role ?? null;
}

/**
 * A letter's closing, over the signature: "Best regards", "Kind regards", "Mit freundlichen Grüßen",
 * "Cordialement", "Met vriendelijke groet", "Un saludo", "Cordiali saluti", "Atenciosamente".
 */
export const CLOSING =
  /^\s*(?:(?:best|kind|warm|many|with)?\s*(?:regards|wishes)|all the best|sincerely|yours(?: sincerely| faithfully| truly)?|best|cheers|thanks(?: again)?|thank you|many thanks|mit freundlichen grüßen|mit freundlichen grüssen|freundliche grüße|viele grüße|beste grüße|liebe grüße|cordialement|bien cordialement|salutations|bien à vous|met vriendelijke groet(?:en)?|vriendelijke groet(?:en)?|groeten|un saludo|saludos(?: cordiales)?|atentamente|cordiali saluti|distinti saluti|saluti|atenciosamente|cumprimentos|med vänliga hälsningar|med venlig hilsen|med vennlig hilsen)\s*[,.!]?\s*$/i;

/** The user's own account on a screen ("Signed in as Jonas Weber", "Hi, Jonas"): never the answer to "who" by itself. */
export const SELF = /\b(?:signed in as|logged in as|angemeldet als|connecté en tant que|conectado como|connesso come|ingelogd als|my account|mein konto|mon compte|welcome back|willkommen zurück|bienvenue|hi|hello|hallo|hola|bonjour|ciao)\b[,:]?\s*/i;
