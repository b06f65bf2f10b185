import { createHash } from 'node:crypto';
import type { ExperienceOutcome } from '../../shared/index.js';
import { oneLine, truncate, type BatchAnalysis } from '../subagent-kit/index.js';

/**
 * Experiences the user reports in words: "I fixed X by Y", "to fix X I did Y; that worked",
 * "Y didn't help", "Y only partly worked", in English, Portuguese, Spanish, French and German.
 * Each becomes task → action → outcome, like an experience distilled from tool calls.
 */
export interface StatedExperience {
  task: string;
  action: string;
  outcome: ExperienceOutcome;
  /** The words that say how it went, as written (scrubbed). */
  reason: string;
  /** A fingerprint of the message, so reading the same message again is not new evidence. */
  context: string;
  sources: number[];
  at: number;
}

// Partial before failure before success: "only partly worked" and "didn't work" both contain "worked".
const PARTIAL =
  /\b(?:(?:only\s+)?(?:partly|partially|half|sort of|kind of|mostly)\s+(?:worked|works|helped|fixed it)|only partly|helped (?:a (?:bit|little)|somewhat|only a bit))\b|funcion(?:ou|ó) (?:em parte|a medias|parcialmente)|a (?:moitié|demi) (?:marché|fonctionné)|teilweise (?:funktioniert|geholfen|geklappt)/i;
const FAILURE =
  /\b(?:did(?:n't|n’t| not) (?:help|work|fix (?:it|anything|the problem)|change anything)|does(?:n't|n’t| not) (?:help|work)|no luck|made no difference|was no use|still (?:broken|failing|happens|the same))\b|\bno (?:funcionó|sirvió|ayudó|resolvió)|não (?:funcionou|resolveu|ajudou|deu certo)|(?:n'a|n’a) (?:pas|rien) (?:marché|fonctionné|changé|aidé|résolu)|hat nicht (?:funktioniert|geholfen|geklappt)|half nicht|brachte nichts/i;
const SUCCESS =
  /\b(?:(?:that|it|this) (?:worked|did it|did the trick|fixed it|solved it|sorted it)|worked like a charm|problem solved|did the trick|works now|now it works)\b|ça (?:a )?(?:marché|fonctionné|marche)|\bfuncion(?:ó|ou)\b|deu certo|hat (?:funktioniert|geklappt)|\bes funktioniert\b/i;

/** "I fixed X by Y" and its forms in other languages: a success with no outcome words needed. */
const FIXED_BY = [
  /\b(?:i\s+|we\s+)?(?:fixed|solved|resolved|sorted(?: out)?|got rid of|repaired)\s+(.{3,160}?)\s+by\s+(.{3,400})/i,
  /\b(?:j'ai|j’ai|on a)\s+(?:réglé|résolu|corrigé|réparé)\s+(.{3,160}?)\s+en\s+(.{3,400})/i,
  /\b(?:arreglé|solucioné|resolví|reparé)\s+(.{3,160}?)\s+(?:con|al|cambiando|reinstalando)\s+(.{3,400})/i,
  /\b(?:resolvi|consertei|corrigi|arrumei)\s+(.{3,160}?)\s+(?:com|ao|trocando|reinstalando)\s+(.{3,400})/i,
];
/**
 * "Setting TZ=UTC in the CI job fixed the flaky test", "Pinning node to 20 solved the build": what
 * was done (a gerund opens it; not "Nothing" or "Spring") is the subject and the problem the object, a success in itself.
 */
const DOING_FIXED =
  /(?:^|[.!?]\s+)((?:just\s+|finally\s+)?(?!(?:Nothing|Something|Anything|Everything|Thing|King|Spring|Morning|Evening|During|Bring|String|Ring|Sing|Wing|Ceiling)\s)\p{Lu}\p{Ll}+ing\s.{2,200}?)\s+(?:finally\s+)?(?:fixed|solved|resolved|cured|sorted(?: out)?|got rid of|stopped)\s+(.{3,160}?)(?:[.!?](?:\s|$)|$)/u;
/** "Fixed the 502s on the shop: 1. … 2. …" */
const FIXED_HEADED = /^(?:i\s+|we\s+)?(?:fixed|solved|resolved|sorted(?: out)?)\s+([^:]{3,160}):\s*(.{3,400})$/i;
/** "To fix X, I did Y" / "To fix X I did Y". */
const TO_FIX_I_DID = /^(?:in order\s+)?to\s+((?:fix|stop|solve|resolve|repair|get rid of|speed up|prevent|get)\s.{3,160}?)[,]?\s+(?:i|we)\s+(.{3,400})$/i;
/** "Y to fix X" / "Intenté Y para arreglar X" / "Y pour réparer X". */
const DID_TO_FIX = /^(.{3,200}?)\s+(?:in order to|to|para|pour|um)\s+((?:fix|stop|solve|resolve|repair|get rid of|speed up|prevent|arreglar|resolver|solucionar|reparar|consertar|corrigir|réparer|régler|résoudre|corriger)\s.{3,200})$/i;
const TRIED = /^(?:i\s+)?(?:tried|attempted|intenté|probé|tentei|experimentei|j'ai essayé de|j’ai essayé de|ich habe versucht,?)\s+/i;

const SENTENCES = /(?<=[.!?])\s+(?=\S)/;

function tidy(s: string): string {
  return truncate(
    oneLine(s)
      .replace(/^[\s,;:–—-]+|[\s,;:–—-]+$/g, '')
      .replace(/[\s,;]+(?:and|but|so|pero|mas|mais|et|e|y|aber|und)$/i, '')
      .replace(/[.!]+$/, '')
      .trim(),
    400,
  );
}

/** The numbered steps of an action written on one line, as "A; B". */
function steps(action: string): string {
  return action
    .split(/\s*(?:^|\s)\d{1,2}[.)]\s+/)
    .map(tidy)
    .filter(Boolean)
    .join('; ');
}

function parse(before: string, fallbackTask: string): { task: string; action: string } | null {
  const sentences = before.split(SENTENCES).map((s) => s.trim()).filter(Boolean);
  const last = sentences[sentences.length - 1] ?? '';
  for (const re of FIXED_BY) {
    const m = re.exec(last);
    if (m) return { task: `fix ${tidy(m[1]!)}`, action: tidy(m[2]!) };
  }
  // A numbered fix may span "sentences" ("1. raised … 2. reloaded nginx."): read the whole text.
  const headed = FIXED_HEADED.exec(oneLine(before));
  if (headed) return { task: `fix ${tidy(headed[1]!)}`, action: steps(headed[2]!) };
  const toFix = TO_FIX_I_DID.exec(last);
  if (toFix) return { task: tidy(toFix[1]!), action: tidy(toFix[2]!) };
  const didToFix = DID_TO_FIX.exec(last.replace(TRIED, ''));
  if (didToFix) return { task: tidy(didToFix[2]!), action: tidy(didToFix[1]!) };
  const action = tidy(last.replace(TRIED, ''));
  if (action.split(/\s+/).length < 2) return null;
  // The problem is usually named just before the attempt ("Spent an hour on the VPN drop-outs.").
  const task = sentences.length > 1 ? tidy(sentences[sentences.length - 2]!) : fallbackTask;
  return { task: task || action, action };
}

function fingerprint(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

/** Experiences reported by the user (typed or said) in a batch. */
export function statedExperiences(a: BatchAnalysis): StatedExperience[] {
  return a.memo('procedural.stated', () => {
    const out: StatedExperience[] = [];
    const thread = a.batch.type === 'messages' ? (a.batch.thread?.title ?? '') : '';
    for (const s of a.sources) {
      if (s.role !== 'user' && s.role !== 'audio') continue;
      const text = s.text.trim();
      if (!text || text.length > 2000) continue;
      let outcome: ExperienceOutcome | null = null;
      let at = -1;
      let words = '';
      for (const [o, re] of [
        ['partial', PARTIAL],
        ['failure', FAILURE],
        ['success', SUCCESS],
      ] as const) {
        const m = re.exec(text);
        if (m) {
          outcome = o;
          at = m.index;
          words = m[0];
          break;
        }
      }
      let found: { task: string; action: string } | null = null;
      if (outcome) {
        const before = text.slice(0, at);
        if (before.trim()) found = parse(before, thread);
        else {
          // "That worked!" after an assistant's suggestion: the suggestion is the action.
          const prev = a.sources.slice(0, s.index).reverse();
          const suggestion = prev.find((p) => p.role === 'assistant' && p.text.trim());
          const asked = suggestion ? prev.find((p) => p.role === 'user' && p.index < suggestion.index) : undefined;
          if (suggestion) found = { task: tidy(asked?.text ?? thread) || 'the task', action: tidy(suggestion.text) };
        }
      } else {
        const doing = DOING_FIXED.exec(text);
        if (doing) {
          outcome = 'success';
          words = doing[0].trim();
          found = { task: `fix ${tidy(doing[2]!)}`, action: tidy(doing[1]!) };
        }
        for (const re of found ? [] : FIXED_BY) {
          const m = re.exec(text);
          if (m) {
            outcome = 'success';
            words = m[0];
            found = { task: `fix ${tidy(m[1]!)}`, action: tidy(m[2]!) };
            break;
          }
        }
      }
      if (!outcome || !found || !found.action) continue;
      out.push({
        task: found.task,
        action: found.action,
        outcome,
        reason: tidy(text.slice(Math.max(0, at), Math.max(0, at) + Math.max(words.length, 1) + 200)) || words,
        context: `stated in ${a.isChat ? 'chat' : 'speech'} (ref ${fingerprint(text)})`,
        sources: [s.index],
        at: s.at,
      });
    }
    return out;
  });
}
