/**
 * Text on its way to the terminal, with no control sequence but the CLI's own (issue 28). What the
 * CLI prints (memories, answers, titles) was written by strangers: an imported chat or a page may
 * hold terminal escapes, and a terminal obeys them: an OSC 8 hyperlink turns words into a live link,
 * OSC 52 writes the clipboard, others retitle the window or redraw what was printed above.
 */

/** The CLI's own line rewrite (a progress bar, a live line): the one sequence it writes itself. */
const OWN = '\r\x1b[2K';

// Whole escape sequences (CSI, OSC up to BEL or ST, two-character ones), then any other C0 control
// but tab, newline and carriage return, DEL, and C1 controls.
const CONTROL = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u0080-\u009f]/g;

export function terminalSafe(text: string): string {
  if (!/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u0080-\u009f]/.test(text)) return text;
  return text
    .split(OWN)
    .map((part) => part.replace(CONTROL, ''))
    .join(OWN);
}
