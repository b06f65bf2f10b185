import { CaptionChoiceError, captionChoice, type EnvReader } from '../../engine/index.js';
import { CliError } from './command.js';

/** --captions or ENGRAM_CAPTIONS, as a CLI error when the variable says neither on nor off. */
export function captionOption(flag: boolean, env: EnvReader): boolean | null {
  try {
    return captionChoice(flag, env);
  } catch (err) {
    if (err instanceof CaptionChoiceError) throw new CliError(err.message);
    throw err;
  }
}
