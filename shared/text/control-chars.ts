/**
 * Text as the store keeps it: without terminal control sequences or the characters that reorder
 * how text is shown (issue 28). Screen text, imported files and chats, MCP writes and a model's
 * output are written by strangers; a terminal obeys an escape it is printed (an OSC 8 hyperlink makes
 * words a live link, OSC 52 writes the clipboard, CSI redraws what was printed above), and every
 * later reader (CLI, logs, exports, Markdown, another agent over MCP) would have to remember to strip
 * it. So it is taken out once, where text is written, and never stored.
 *
 * Kept: tab and newline (a table's columns, a document's lines), and CR before LF (a file's line
 * ends). A CR alone, which a terminal reads as "back to the start of the line, write over it",
 * becomes a newline: the words after it stay, on their own line.
 *
 * Bidi: the embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) make a viewer show
 * characters in another order than they are stored ("Trojan Source"): a file name "invoice‮fdp.exe"
 * shows as "invoiceexe.pdf", an order reads differently to the user than to the model. They are
 * taken out; text in Arabic or Hebrew still shows right to left (the Unicode bidi algorithm orders
 * it from the letters themselves), and the plain marks LRM/RLM (U+200E, U+200F), which only nudge
 * neutral characters, stay.
 */

/** Anything this function would change: the quick test that lets ordinary text through untouched. */
const ANY = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

/**
 * Whole sequences first, so their parameters (an OSC 8 link's address, an OSC 52 clipboard payload)
 * go with them: CSI (ESC [ or 0x9B), string commands up to BEL or ST (OSC, DCS, SOS, PM, APC: ESC ],
 * P, X, ^, _ or 0x90, 0x98, 0x9D–0x9F), then two-character ESC sequences.
 */
const SEQUENCE =
  /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?|(?:\x1b[\]PX^_]|[\x90\x98\x9d-\x9f])[^\x07\x1b\x9c\n]*(?:\x07|\x1b\\|\x9c)?|\x1b[ -~]?/g;

/** Single controls left: C0 but tab, newline and CR; DEL; C1; the bidi embeddings, overrides and isolates. */
const SINGLE = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

/** The text without control sequences, control characters or bidi overrides; the same string when it holds none. */
export function withoutControls(text: string): string {
  if (!ANY.test(text)) return text;
  return text.replace(SEQUENCE, '').replace(SINGLE, '').replace(/\r(?!\n)/g, '\n');
}

/** Every string inside a JSON-like value (a memory's fields), without controls; the same value when none held any. */
export function withoutControlsDeep<T>(value: T): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return withoutControls(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}
