/** A bench's command line (`npm run bench -- NAME --flag --opt value`): one reader for every bench. */
const argv = process.argv.slice(2);

/** Whether `--name` was given. */
export const flag = (n: string): boolean => argv.includes(`--${n}`);

/** The value after `--name`, if given. */
export const opt = (n: string): string | undefined => {
  const i = argv.indexOf(`--${n}`);
  return i >= 0 ? argv[i + 1] : undefined;
};

/** `--json`: figures on stdout as JSON, progress on stderr. */
export const JSON_OUT = flag('json');

/** A progress line: stderr when stdout carries the JSON. */
export const log = (s: string): void => {
  if (JSON_OUT) process.stderr.write(`${s}\n`);
  else console.log(s);
};
