import { StoreError } from '../../agents/store/index.js';

/**
 * A failure of the store (a wrong key, a database newer than this app, a full disk) as its code
 * and one line, or null: hosts tell it their own way without knowing the store's error class.
 */
export function storeFailureOf(err: unknown): { code: string; message: string } | null {
  return err instanceof StoreError ? { code: err.code, message: err.message } : null;
}
