/**
 * Commands run in a terminal, read off a screen: the prompt ("dana@kestrel:~/app$", "~/app %",
 * "PS C:\repo>", "➜  app git:(main)"), the command typed after it and the lines it printed, up to the
 * next prompt. "What did I run to clear the cache" is answered by the command whose own words or
 * output say what was asked ("npm cache clean --force", "freed 2.1 GB"), not by its output or by
 * the next prompt. Screen text is data: a command is quoted, never run.
 */
import { stem, termsSaid as said, type AskedValue } from './asked-value.js';

/** One command typed at a prompt, with where it was run and what it printed. */
export interface TerminalCommand {
  command: string;
  /** The working folder the prompt shows ("~/app", "C:\repo"), when it shows one. */
  cwd: string | null;
  /** The clock time the prompt or its right side shows ("10:14"), when it shows one. */
  at: string | null;
  /** The prompt as shown ("root@web-01:/var/www#"): the machine and folder say what a command was run on. */
  prompt: string;
  output: string[];
  /** It printed an error: it did not do what it was run for. */
  failed: boolean;
}

/** "[10:14:03]" or "10:14" before a prompt, or after a command at the line's end (zsh's right prompt). */
const CLOCK = String.raw`\[?(\d{1,2}:\d{2})(?::\d{2})?\]?`;
/** A virtualenv's or conda's name before a prompt: "(venv) ". */
const ENV = String.raw`(?:\([\w.-]+\)\s+)?`;
/**
 * Prompt shapes, each with the folder it shows as group "cwd": user@host with a path, bracketed
 * ("[dana@kestrel app]$"), PowerShell and cmd, oh-my-zsh's arrow (at home it shows "~" alone), a bare path before the sign, a bare sign.
 */
const PROMPTS: RegExp[] = [
  new RegExp(String.raw`^(?:${CLOCK}\s+)?${ENV}\[?[\w.-]+@[\w.-]+(?::|\s+)?(?<cwd>[~/][^\s$#%>\]]*|[\w.-]+)?\]?\s?[$#%>❯]\s+`, 'u'),
  new RegExp(String.raw`^(?:${CLOCK}\s+)?${ENV}(?:PS\s+)?(?<cwd>[A-Z]:\\[^>]*)>\s*`, 'u'),
  new RegExp(String.raw`^(?:${CLOCK}\s+)?${ENV}(?:PS>|PS\s+>)\s*`, 'u'),
  new RegExp(String.raw`^(?:${CLOCK}\s+)?${ENV}[➜→]\s+(?<cwd>~(?=\s)|[~/]?[\w./-]+)(?:\s+git:\([^)]*\))?(?:\s+[✗✘x])?\s+`, 'u'),
  new RegExp(String.raw`^(?:${CLOCK}\s+)?${ENV}(?<cwd>[~/][^\s$#%>]*)\s+(?:on\s+\S+\s+)?[$%#❯>]\s+`, 'u'),
  new RegExp(String.raw`^(?:${CLOCK}\s+)?${ENV}[$%❯]\s+`, 'u'),
  // "#" and ">" open a heading, a comment or a quoted mail too: read as a prompt only on a screen that has others (see commandsOf).
  new RegExp(String.raw`^(?:${CLOCK}\s+)?${ENV}[#>]\s+`, 'u'),
];
const WEAK_PROMPT = PROMPTS.length - 1;

/** A command's first word: a program (lower case), a path to one, or a PowerShell cmdlet ("Remove-Item"). */
const PROGRAM = /^(?:sudo\s+)?(?:[a-z][\w.+-]*|\.{1,2}\/[\w./-]+|~\/[\w./-]+|\/[\w./-]+|[A-Z][a-z]+-[A-Z][A-Za-z]+)(?=\s|$)/u;
/** Words that open English prose after a quote sign or a heading's "#", not a program. */
const PROSE_WORD = /^(?:i|a|an|the|we|you|it|this|that|is|are|was|see|thanks|thank|on|in|at|to|for|and|but|so|if|ok|okay|yes|no|hi|hello|note|re|sent|from|wrote)$/i;
/** What a command prints when it did not work. */
const FAILED = /(?:\b|(?<=[a-z.]))(?:error|exception)\b|\b(?:failed|failure|fatal|not found|no such file|denied|cannot|can't|could not|couldn't|refused|exception|traceback|aborted)\b|npm ERR!|^E:\s/i;
/** An ending clock time (zsh's right prompt, a timestamped shell) after a command, set apart by a gap. */
const RIGHT_CLOCK = /\s{2,}\[?(\d{1,2}:\d{2})(?::\d{2})?\]?\s*$/;
/** Terminal words a window's title says. */
const TERMINAL_TITLE = /\b(?:terminal|bash|zsh|fish|shell|console|powershell|pwsh|cmd(?:\.exe)?|iterm2?|konsole|alacritty|kitty|wezterm|tmux|ssh)\b/i;

interface PromptRead {
  command: string;
  prompt: string;
  cwd: string | null;
  at: string | null;
  weak: boolean;
}

/** The prompt a line opens with and the command after it (empty for a prompt waiting for one), or null. */
function promptOf(line: string): PromptRead | null {
  const l = line.replace(/\s+$/, '');
  for (let i = 0; i < PROMPTS.length; i++) {
    const m = PROMPTS[i]!.exec(l);
    if (!m) continue;
    let command = l.slice(m[0].length).trim();
    let at = m[1] ?? null;
    const right = RIGHT_CLOCK.exec(command);
    if (right) {
      at ??= right[1]!;
      command = command.slice(0, right.index).trim();
    }
    // "$ 25.00", "> Thanks for that": a sum or a quoted line, not a command.
    if (command && (!PROGRAM.test(command) || PROSE_WORD.test(command.split(/\s+/)[0]!))) return null;
    return { command, prompt: m[0].trim(), cwd: m.groups?.cwd ?? null, at, weak: i === WEAK_PROMPT };
  }
  // A prompt alone at the screen's bottom: "dana@kestrel ~/app $".
  return /^[\w.-]+@[\w.-]+(?::|\s+)?[~/]?[^\s$#%>]*\s?[$#%>]$/.test(l) ? { command: '', prompt: l, cwd: null, at: null, weak: false } : null;
}

/** Where a prompt of a sure shape starts inside a line: OCR and the passage splitter join a terminal's lines into one. */
const INNER_PROMPT = /\s+(?=(?:\([\w.-]+\)\s+)?(?:[\w.-]+@[\w.-]+(?::|\s+)[~/][^\s$#%>]*\s?[$#%>](?:\s|$)|\[[\w.-]+@[\w.-]+\s[^\]]*\][$#]\s|PS\s+[A-Z]:\\|[➜→]\s+(?:~|[~/]?[\w.-]+)\s))/u;
/**
 * Where what a command printed starts, when it was joined to the command: a capitalised word and a
 * lower-case one after it ("Would remove …", "Deleted images: 14"), a label of two such words
 * ("Deleted Containers:"), or an error ("…OperationalError:",
 * "npm ERR!", "fatal:"), or a status word before one (yarn's "success Cleared cache."), outside quotes.
 */
const PRINTED = /\s(?=\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?(?:\s+\p{Ll}|:\s)|(?:success|info|done|ok)\s+\p{Lu}|[\w.]*(?:Error|Exception|Warning)\b|(?:npm (?:WARN|ERR!)|fatal:|error:|warning:|Traceback)(?:\s|$))/gu;

/** A line cut at the prompts inside it, each command cut from the output joined to it. */
export function unjoined(line: string): string[] {
  const parts = line.split(INNER_PROMPT).map((p) => p.trim()).filter(Boolean);
  if (parts.length < 2) return [line];
  const out: string[] = [];
  for (const part of parts) {
    const r = promptOf(part);
    if (!r?.command) {
      out.push(part);
      continue;
    }
    const at = part.lastIndexOf(r.command);
    const cut = [...r.command.matchAll(PRINTED)].find((m) => (r.command.slice(0, m.index).match(/["']/g) ?? []).length % 2 === 0);
    if (!cut || at < 0) out.push(part);
    else out.push(part.slice(0, at + cut.index!), r.command.slice(cut.index!).trim());
  }
  return out;
}

/**
 * The commands a screen's lines show typed at a prompt, each with what it printed. A "#" or ">"
 * prompt counts only beside a surer one or on a window titled as a terminal, and a screen with only
 * one weak-looking line ("$ npm i" in a README) still counts: one command is one command.
 */
export function commandsOf(screen: readonly string[], title = ''): TerminalCommand[] {
  const lines = screen.flatMap(unjoined);
  const read = lines.map((l) => promptOf(l.trim()));
  const sure = read.some((r) => r && !r.weak) || TERMINAL_TITLE.test(title);
  const out: TerminalCommand[] = [];
  let cur: TerminalCommand | null = null;
  lines.forEach((line, i) => {
    const r = read[i];
    if (r && (!r.weak || sure)) {
      cur = r.command ? { command: r.command, cwd: r.cwd, at: r.at, prompt: r.prompt, output: [], failed: false } : null;
      if (cur) out.push(cur);
      return;
    }
    const t = line.trim();
    if (cur && t && cur.output.length < 12) {
      cur.output.push(t);
      if (FAILED.test(t)) cur.failed = true;
    }
  });
  return out;
}

/** Whether a screen's lines show a terminal: two commands at prompts, or one on a window titled as a terminal. */
export function showsTerminal(lines: readonly string[], title = ''): boolean {
  const n = commandsOf(lines, title).length;
  return n >= 2 || (n === 1 && TERMINAL_TITLE.test(title));
}

/**
 * "What did I run / type", "which command (did I use)", "what was the command that …", "how did I
 * fix / clear / free …": asks for a command that was run. (Not "what command restarts the workers",
 * which a runbook answers as well as a terminal does.)
 */
const RUN_ASKED =
  /\bwhat\s+(?:did|do)\s+(?:i|we|you)\s+(?:run|type|enter|execute|use|paste)\b|\b(?:which|what)\s+(?:command|cmdlet|script)s?\s+(?:did|have|had)\s+(?:i|we)\b|\b(?:which|what)\s+(?:command|cmdlet|script)s?\s+(?:\w+ed|ran|did|got|made|took|freed|broke)\b|\bwhat\s+(?:was|were)\s+(?:the|that)\s+(?:command|cmdlet)s?\b|\bhow\s+did\s+(?:i|we)\s+\w+/i;
/**
 * "Which command fixed the build", "how did I get rid of the … error", "how did I get the tests
 * passing": the command that made a failing one work.
 */
const FIX_ASKED = /\b(?:fix(?:ed)?|solve[ds]?|sort(?:ed)?\s+out|repair(?:ed)?|unbreak|get\s+rid|got\s+rid|get\s+past|got\s+past|resolve[ds]?)\b|\b(?:get|got|make|made)\b[^?]*\b(?:work(?:ing)?|pass(?:ing)?|green)\b|\b(?:error|exception|fail(?:ure|ing|ed)?|broken|crash(?:ed|ing)?)\b/i;
/** "Which command failed", "what did I run that broke": the failing one is asked for, not its fix. */
const FAIL_ASKED = /\b(?:which|what)\s+(?:command|cmdlet|script|step)s?\s+(?:failed|broke|errored|crashed)\b|\bthat\s+(?:failed|broke|errored|crashed)\b/i;

/** Words of a run question that say it asks for a command, not what the command did. */
const ASKING = new Set(['run', 'ran', 'type', 'enter', 'execut', 'execute', 'use', 'past', 'paste', 'terminal', 'shell', 'cmdlet', 'script', 'fix', 'fixed', 'solv', 'solve', 'sort', 'repair', 'work', 'pass', 'green', 'get', 'got', 'make', 'made', 'fail', 'fails', 'broke', 'error', 'crash'].map(stem));

/**
 * What a command is for, told by its own words or by what it printed, when the question says the
 * purpose and not the program: "to free space / clean up the disk" is what `docker system prune`,
 * `rm -rf`, `apt autoremove` or `brew cleanup` do ("Total reclaimed space: 4.2GB"); "how full is the
 * disk" what `du` and `df` show. Each purpose: the question's words (stems) that ask it, and the
 * commands and printed lines that do it.
 */
interface Purpose {
  asks: ReadonlySet<string>;
  /** Whether the words are the point of the question ("clean up"): a command that does not do it is not the answer. */
  verbs: ReadonlySet<string>;
  does: RegExp;
  printed: RegExp;
}
const FREEING = String.raw`prune|rm|rmi|rmdir|del|erase|clean|cleanup|autoclean|autoremove|purge|gc|vacuum|trim|fstrim|truncate|shred|clear|Remove-Item|Clear-[A-Z]\w+|cleanmgr`;
const PURPOSES: readonly Purpose[] = [
  {
    asks: new Set(['clean', 'cleanup', 'clear', 'free', 'tidy', 'reclaim', 'purge', 'prune', 'declutter', 'space', 'disk', 'storage', 'room', 'drive', 'junk'].map(stem)),
    verbs: new Set(['clean', 'cleanup', 'clear', 'free', 'tidy', 'reclaim', 'purge', 'prune', 'declutter'].map(stem)),
    does: new RegExp(String.raw`(?:^|[\s;&|])(?:sudo\s+)?(?:[\w.-]+\s+){0,3}-{0,2}(?:${FREEING})(?=\s|$)`, 'u'),
    printed: /\b(?:reclaimed|freed|removed|deleted|cleared|cleaned|purged|pruned|released|will be freed)\b/i,
  },
  {
    asks: new Set(['space', 'disk', 'storage', 'usage', 'full', 'drive'].map(stem)),
    verbs: new Set(),
    does: /(?:^|[\s;&|])(?:sudo\s+)?(?:du|df|ncdu|dust|duf|Get-PSDrive)(?=\s|$)/u,
    printed: /\bFilesystem\b.*\b(?:Use%|Avail|Capacity)\b/i,
  },
];

/**
 * Of a run question's words, those a command meets by what it is for (see PURPOSES), and whether the
 * question asks a purpose the command does not serve ("clean up" asked of `df -h`).
 */
function purposeMet(terms: readonly string[], c: TerminalCommand): { met: Set<string>; unmet: boolean; own: boolean } {
  const met = new Set<string>();
  let unmet = false;
  let own = false;
  const out = c.output.join('\n');
  for (const p of PURPOSES) {
    const asked = terms.filter((t) => p.asks.has(t));
    if (!asked.length) continue;
    const does = p.does.test(c.command);
    own ||= does;
    if (does || p.printed.test(out)) for (const t of asked) met.add(t);
    else if (asked.some((t) => p.verbs.has(t))) unmet = true;
  }
  // A purpose one reading serves is served, whatever another reading of the same words is.
  return { met, unmet: unmet && ![...met].some((t) => PURPOSES[0]!.verbs.has(t)), own };
}

export function asksRunCommand(question: string): boolean {
  return RUN_ASKED.test(question);
}

/** One screen found for a question, as its lines. */
export interface RunScreen<P> {
  lines: readonly string[];
  title: string;
  n: number;
  passage: P;
  rank: number;
}

export interface RunFound<P> {
  text: string;
  n: number;
  passage: P;
}

/** "`npm cache clean --force` (in ~/app at 10:14)". */
function ran(c: TerminalCommand): string {
  const where = [c.cwd ? `in ${c.cwd}` : '', c.at ? `at ${c.at}` : ''].filter(Boolean).join(' ');
  return `\`${c.command}\`${where ? ` (${where})` : ''}`;
}

/**
 * The command a run question asks for, from the terminals among the found screens: the one whose
 * words, or the lines it printed, say most of what the question is about (its own words weigh
 * double); one that failed only when a failure is asked for. For "which command fixed the build",
 * the command run between the asked one failing and it working. Null when no terminal shows a
 * command about what was asked: another command run there is not the answer.
 */
export function ranCommand<P>(question: string, asked: AskedValue, screens: readonly RunScreen<P>[]): RunFound<P> | null {
  if (!asksRunCommand(question)) return null;
  const terms = asked.terms.filter((t) => !ASKING.has(t));
  const fails = FAIL_ASKED.test(question);
  // "Which command failed": on the best terminal, the one that failed, when only one did.
  if (!terms.length) {
    if (!fails) return null;
    const sc = screens.find((x) => commandsOf(x.lines, x.title).length >= 2);
    const failed = sc ? commandsOf(sc.lines, sc.title).filter((c) => c.failed) : [];
    return sc && failed.length === 1 ? { text: `\`${failed[0]!.command}\` failed: ${failed[0]!.output.find((o) => FAILED.test(o)) ?? failed[0]!.output[0]}`, n: sc.n, passage: sc.passage } : null;
  }
  const nouns = terms.filter((t) => !asked.loose.includes(t));
  const fix = !fails && FIX_ASKED.test(question);
  let best: { found: RunFound<P>; score: number } | null = null;
  for (const sc of screens) {
    const commands = commandsOf(sc.lines, sc.title);
    if (!commands.length || (commands.length < 2 && !TERMINAL_TITLE.test(sc.title))) continue;
    commands.forEach((c, i) => {
      // What the command is for counts as said by it ("clean up the disk": `docker system prune`, "reclaimed space").
      const purpose = purposeMet(terms, c);
      if (purpose.unmet) return;
      const rest = (ts: readonly string[]) => ts.filter((t) => !purpose.met.has(t));
      const meant = (ts: readonly string[]) => ts.length - rest(ts).length;
      const own = said(rest(terms), `${c.command} ${c.prompt}`, asked.kin) + (purpose.own ? meant(terms) : 0);
      const printed = said(rest(terms), c.output.join('\n'), asked.kin) + (purpose.own ? 0 : meant(terms));
      const all = `${c.command} ${c.prompt}\n${c.output.join('\n')}`;
      const met = said(rest(terms), all, asked.kin) + meant(terms);
      const nounsMet = said(rest(nouns), all, asked.kin) + meant(nouns);
      // What the question is about is said with the command, where it ran or what it printed: all its nouns but one of two or more, and half its words.
      if (nounsMet < nouns.length - (nouns.length >= 2 ? 1 : 0) || met < Math.max(1, Math.ceil(terms.length / 2))) return;
      let pick = c;
      let text = `You ran ${ran(c)}`;
      if (fix && c.failed) {
        // The asked command failed, and a later run of it worked: what was run with it ("npm run db:reset && npm run migrate") or between them fixed it.
        const later = commands.findIndex((o, j) => j > i && !o.failed && o.command.includes(c.command));
        if (later < 0) return;
        const again = commands[later]!;
        const between = commands.slice(i + 1, later).filter((o) => !o.failed);
        if (again.command !== c.command) {
          pick = again;
          text = `You ran ${ran(again)}`;
        } else if (between.length) {
          pick = between[between.length - 1]!;
          text = `You ran ${between.map(ran).join(', then ')}; after it \`${c.command}\` worked`;
        } else return;
      } else if (c.failed !== fails) return;
      const score = 2 * own + printed + sc.rank + (pick !== c ? 1 : 0);
      if (!best || score > best.score) best = { found: { text, n: sc.n, passage: sc.passage }, score };
    });
  }
  return (best as { found: RunFound<P>; score: number } | null)?.found ?? null;
}
