import { LlmError } from '../llm/index.js';
import { oneLine as line } from '../../shared/text/index.js';

const oneLine = (s: string): string => line(s, 300);


/** Why the model failed, in words a user can act on (the provider's own message can be raw JSON). */
function modelFailureReason(err: unknown): string {
  if (!(err instanceof LlmError)) return err instanceof Error ? oneLine(err.message) : 'unknown error';
  const status = err.details.status ? `, HTTP ${err.details.status}` : '';
  if (/overloaded/i.test(err.message)) return `the model service is overloaded${status}`;
  switch (err.code) {
    case 'STREAM_INTERRUPTED':
      return 'the connection to the model broke off';
    case 'RATE_LIMITED':
      return `rate limited by the model service${status}`;
    case 'AUTH':
      return `the API key was refused${status}`;
    case 'TIMEOUT':
      return 'the model took too long to answer';
    case 'NETWORK':
      return 'the model service could not be reached';
    case 'SERVER':
      return `the model service had an error${status}`;
    case 'OFFLINE':
    case 'NO_API_KEY':
      return 'no model is configured';
    default:
      return oneLine(err.message);
  }
}

/** The turn's `error` line: what went wrong, and whether the text shown is partial. */
export function describeModelError(err: unknown, partial: boolean, aborted: boolean): string {
  if (aborted || (err instanceof LlmError && err.code === 'ABORTED')) return partial ? 'stopped before the answer was complete' : 'stopped before the model answered';
  const reason = modelFailureReason(err);
  return partial ? `the model stopped mid-answer (${reason}); the partial answer is kept` : `the model could not answer (${reason})`;
}
