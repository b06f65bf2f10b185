import { apiRequests, isRequestName, WIRE_LIMITS, type ApiResponse, type RequestName } from '../../shared/api/index.js';
import { issueLine } from '../../shared/text/index.js';
import { toApiError } from './errors.js';
import type { ApiHandlers } from './handler-types.js';

export interface DispatchOptions {
  /** Also validate what handlers return (tests turn it on: a handler that breaks the contract fails loudly). */
  checkOutputs?: boolean;
  /**
   * Told of every output outside the contract (with checkOutputs). The caller still gets an INTERNAL
   * envelope, but a test can tell "the handler broke the contract" from "the handler failed".
   */
  onContractViolation?: (violation: ContractViolation) => void;
  log?: (line: string) => void;
}

/** A handler's answer that its output schema refused. */
export interface ContractViolation {
  name: RequestName;
  message: string;
}

/** The message prefix of an answer that broke the contract: the one INTERNAL that is never a runtime failure. */
export const CONTRACT_VIOLATION = 'contract violation:';

export type Dispatch = (name: string, rawInput: unknown) => Promise<ApiResponse>;

/**
 * The one entry every transport uses: looks the name up in the contract, validates the input with
 * its zod schema, runs the handler, and always answers with an envelope, never a thrown error or
 * a stack trace. Bad input never reaches a handler, so it leaves data unchanged.
 */
export function createDispatcher(handlers: ApiHandlers, opts: DispatchOptions = {}): Dispatch {
  return async (name, rawInput) => {
    if (typeof name !== 'string' || !isRequestName(name)) {
      // The name is the caller's: quoted back on one line (no newlines or control characters).
      const shown = String(name).slice(0, 80).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
      return { ok: false, error: { code: 'UNKNOWN_REQUEST', message: `unknown request: ${shown}` } };
    }
    const def = apiRequests[name];
    const parsed = def.input.safeParse(rawInput ?? {});
    if (!parsed.success) return { ok: false, error: { code: 'INVALID_INPUT', message: issueLine(parsed.error) } };
    try {
      const handler = handlers[name] as (input: unknown) => unknown;
      const output = await handler(parsed.data);
      if (opts.checkOutputs) {
        const checked = def.output.safeParse(output);
        if (!checked.success) {
          const message = `${CONTRACT_VIOLATION} ${name} answered outside the contract: ${issueLine(checked.error)}`;
          opts.log?.(`api: ${message}`);
          opts.onContractViolation?.({ name, message });
          return { ok: false, error: { code: 'INTERNAL', message } };
        }
      }
      return { ok: true, output };
    } catch (err) {
      return { ok: false, error: toApiError(err, opts.log) };
    }
  };
}

/** Rough size of an input, to refuse oversized calls before parsing them (transports that get objects, like IPC). */
export function oversized(rawInput: unknown): boolean {
  try {
    return JSON.stringify(rawInput ?? null).length > WIRE_LIMITS.maxMessageBytes;
  } catch {
    return true;
  }
}

export type { RequestName };
