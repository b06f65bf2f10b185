import { parseArgs } from 'node:util';
import { CliError, type OptionSpec, type ParsedArgs } from './command.js';

/** Strict parsing: an unknown flag or a missing value is a one-line error, never a guess. */
export function parseCommandArgs(argv: string[], options: OptionSpec, allowPositionals: boolean, command: string): ParsedArgs {
  try {
    const r = parseArgs({ args: argv, options, strict: true, allowPositionals });
    return { values: r.values as ParsedArgs['values'], positionals: r.positionals };
  } catch (err) {
    const msg = String((err as Error).message).split('\n')[0]!.replace(/\. To specify a positional argument.*$/, '');
    throw new CliError(`${command}: ${msg} (see engram ${command} --help)`);
  }
}

export function str(args: ParsedArgs, name: string): string | undefined {
  const v = args.values[name];
  return typeof v === 'string' ? v : undefined;
}

export function strs(args: ParsedArgs, name: string): string[] {
  const v = args.values[name];
  if (v === undefined) return [];
  const list = Array.isArray(v) ? v : [v];
  return list.flatMap((x) => String(x).split(',')).map((x) => x.trim()).filter(Boolean);
}

export function bool(args: ParsedArgs, name: string): boolean {
  return args.values[name] === true;
}

export function positiveInt(args: ParsedArgs, name: string, fallback: number, max = 10_000): number {
  const v = str(args, name);
  if (v === undefined) return fallback;
  if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > max) throw new CliError(`--${name} must be a whole number from 1 to ${max}`);
  return Number(v);
}
