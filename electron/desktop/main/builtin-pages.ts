import { ipcMain, type BrowserWindow } from 'electron';
import {
  checkSenderFrame,
  parseBuiltinPageCall,
  PassphrasePrompt,
  BUILTIN_PAGE_CHANNEL,
  type ConsentChoice,
  type ConsentInfo,
  type BuiltinPageCall,
  type BuiltinPage,
  type BuiltinPageResult,
} from '../policy/index.js';

export type ConsentDecision = { accepted: true; choice: ConsentChoice } | { accepted: false };

/**
 * The consent and passphrase pages. One handler on the builtin-page channel; each call is accepted
 * only from the top frame of the page's own window and only for that page's actions.
 */
export class BuiltinPages {
  private readonly windows = new Map<BuiltinPage, BrowserWindow>();
  private consentResolve: ((d: ConsentDecision) => void) | null = null;
  private consentInfo: ConsentInfo | null = null;
  readonly passphrase: PassphrasePrompt;

  constructor(private readonly open: (page: BuiltinPage) => BrowserWindow) {
    this.passphrase = new PassphrasePrompt(() => this.show('passphrase'));
    ipcMain.handle(BUILTIN_PAGE_CHANNEL, (event, raw: unknown): Promise<BuiltinPageResult> | BuiltinPageResult => {
      const page = this.pageOf(event.senderFrame);
      if (!page) return { ok: false, error: 'This window may not call Engram.' };
      const parsed = parseBuiltinPageCall(page, raw);
      if (!parsed.ok) return { ok: false, error: parsed.error };
      return this.handle(parsed.call);
    });
  }

  /** Shows the consent page and resolves with the user's answer (closing the window = decline). */
  askConsent(info: ConsentInfo): Promise<ConsentDecision> {
    this.consentInfo = info;
    return new Promise((resolve) => {
      this.consentResolve = resolve;
      const win = this.show('consent');
      win.once('closed', () => this.settleConsent({ accepted: false }));
    });
  }

  /** Closes the passphrase page once the key is unlocked (or the provider gave up). */
  passphraseDone(): void {
    this.passphrase.finish();
    this.close('passphrase');
  }

  /** The page start-up waits on, if one is open (a second launch or the tray shows it). */
  waiting(): BuiltinPage | null {
    for (const [page, win] of this.windows) if (!win.isDestroyed()) return page;
    return null;
  }

  /** Brings an open page's window to the front; opens nothing. */
  focus(page: BuiltinPage): void {
    const win = this.windows.get(page);
    if (!win || win.isDestroyed()) return;
    win.show();
    win.focus();
  }

  dispose(): void {
    ipcMain.removeHandler(BUILTIN_PAGE_CHANNEL);
    for (const page of [...this.windows.keys()]) this.close(page);
  }

  private show(page: BuiltinPage): BrowserWindow {
    let win = this.windows.get(page);
    if (!win || win.isDestroyed()) {
      win = this.open(page);
      this.windows.set(page, win);
      const opened = win;
      win.once('closed', () => {
        if (this.windows.get(page) === opened) this.windows.delete(page);
        // Closing the passphrase window is giving up.
        if (page === 'passphrase') this.passphrase.cancel();
      });
    } else {
      win.show();
      win.focus();
    }
    return win;
  }

  private close(page: BuiltinPage): void {
    const win = this.windows.get(page);
    this.windows.delete(page);
    if (win && !win.isDestroyed()) win.destroy();
  }

  private pageOf(frame: Electron.WebFrameMain | null): BuiltinPage | null {
    for (const [page, win] of this.windows) {
      if (!win.isDestroyed() && checkSenderFrame(frame, [win.webContents.mainFrame]).ok) return page;
    }
    return null;
  }

  private settleConsent(decision: ConsentDecision): void {
    const resolve = this.consentResolve;
    this.consentResolve = null;
    resolve?.(decision);
  }

  private async handle(call: BuiltinPageCall): Promise<BuiltinPageResult> {
    switch (call.action) {
      case 'consent.info':
        return { ok: true, output: this.consentInfo };
      case 'consent.accept':
        this.settleConsent({ accepted: true, choice: call.input });
        this.close('consent');
        return { ok: true, output: null };
      case 'consent.decline':
        this.settleConsent({ accepted: false });
        this.close('consent');
        return { ok: true, output: null };
      case 'passphrase.info':
        return { ok: true, output: this.passphrase.info() };
      case 'passphrase.submit':
        return { ok: true, output: await this.passphrase.submit(call.input.passphrase) };
      case 'passphrase.cancel':
        this.passphrase.cancel();
        return { ok: true, output: null };
    }
  }
}
