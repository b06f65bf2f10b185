import type { Command } from './command.js';
import { addCommand } from './commands/add.js';
import { askCommand } from './commands/ask.js';
import { backupCommand } from './commands/backup.js';
import { captureCommand } from './commands/capture.js';
import { chatCommand } from './commands/chat.js';
import { dreamCommand } from './commands/dream.js';
import { exportCommand } from './commands/export.js';
import { forgetCommand } from './commands/forget.js';
import { importCommand } from './commands/import.js';
import { mcpCommand } from './commands/mcp.js';
import { recommendCommand } from './commands/recommend.js';
import { recordCommand } from './commands/record.js';
import { revealCommand } from './commands/reveal.js';
import { searchCommand } from './commands/search.js';
import { serveCommand } from './commands/serve.js';
import { statsCommand } from './commands/stats.js';

/** Every `engram` command, loaded (tests and tools that need them all; the CLI itself uses command-index.ts). */
export const COMMANDS: readonly Command[] = [
  addCommand,
  searchCommand,
  askCommand,
  revealCommand,
  chatCommand,
  forgetCommand,
  statsCommand,
  captureCommand,
  recommendCommand,
  recordCommand,
  dreamCommand,
  serveCommand,
  mcpCommand,
  exportCommand,
  importCommand,
  backupCommand,
];
