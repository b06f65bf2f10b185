import type { Command } from './command.js';
import { addCommand } from './commands/add.js';
import { askCommand } from './commands/ask.js';
import { chatCommand } from './commands/chat.js';
import { forgetCommand } from './commands/forget.js';
import { searchCommand } from './commands/search.js';
import { serveCommand } from './commands/serve.js';
import { statsCommand } from './commands/stats.js';

/** Every `engram` command, in the order --help lists them. */
export const COMMANDS: readonly Command[] = [addCommand, searchCommand, askCommand, chatCommand, forgetCommand, statsCommand, serveCommand];
