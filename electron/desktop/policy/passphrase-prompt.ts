import type { PassphraseRequest } from './safe-storage-key-provider.js';

/**
 * Connects the key provider's "ask for a passphrase" to the passphrase page. The provider asks
 * (and asks again after a wrong or weak one); the page reads the current request, submits, and
 * learns from the submit's answer whether it is done or must show the next request's error.
 */
export type SubmitOutcome = { done: true } | { done: false; request: PassphraseRequest };

export class PassphrasePrompt {
  private current: PassphraseRequest | null = null;
  private pendingAnswer: ((passphrase: string | null) => void) | null = null;
  private pendingSubmit: ((outcome: SubmitOutcome) => void) | null = null;

  /** `show` opens (or focuses) the page; called on each ask. */
  constructor(private readonly show: (request: PassphraseRequest) => void) {}

  /** The AskPassphrase for SafeStorageKeyProvider. */
  readonly ask = (request: PassphraseRequest): Promise<string | null> => {
    this.current = request;
    // A submit waiting for its outcome learns that another round is needed.
    this.settleSubmit({ done: false, request });
    return new Promise((resolve) => {
      this.pendingAnswer = resolve;
      this.show(request);
    });
  };

  info(): PassphraseRequest | null {
    return this.current;
  }

  submit(passphrase: string): Promise<SubmitOutcome> {
    const answer = this.pendingAnswer;
    if (!answer) return Promise.resolve({ done: true });
    this.pendingAnswer = null;
    const outcome = new Promise<SubmitOutcome>((resolve) => {
      this.pendingSubmit = resolve;
    });
    answer(passphrase);
    return outcome;
  }

  cancel(): void {
    const answer = this.pendingAnswer;
    this.pendingAnswer = null;
    answer?.(null);
  }

  /** The provider finished (key unlocked, or gave up): the page may close. */
  finish(): void {
    this.current = null;
    this.settleSubmit({ done: true });
    this.cancel();
  }

  private settleSubmit(outcome: SubmitOutcome): void {
    const settle = this.pendingSubmit;
    this.pendingSubmit = null;
    settle?.(outcome);
  }
}
