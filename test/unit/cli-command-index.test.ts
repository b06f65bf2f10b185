import { describe, expect, it } from 'vitest';
import { COMMAND_INDEX } from '../../electron/hosts/cli/command-index.js';
import { COMMANDS } from '../fixtures/cli-commands.js';

describe('CLI command index', () => {
  it('lists exactly the registered commands, with the same names and summaries, and loads each', async () => {
    expect(COMMAND_INDEX.map((c) => c.name)).toEqual(COMMANDS.map((c) => c.name));
    for (const entry of COMMAND_INDEX) {
      const cmd = await entry.load();
      expect(cmd.name).toBe(entry.name);
      expect(cmd.summary).toBe(entry.summary);
      expect(cmd.help.length).toBeGreaterThan(20);
    }
  });
});
