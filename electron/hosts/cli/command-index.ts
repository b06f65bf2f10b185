import type { Command } from './command.js';

/** A command as `engram --help` lists it; its module (and its libraries) load only when it runs. */
export interface CommandEntry {
  name: string;
  summary: string;
  load(): Promise<Command>;
}

/**
 * Every `engram` command, in the order --help lists them. Loading all command modules at start-up
 * pulled in the model client, sharp, tesseract and the brain for every call (engram serve took
 * 2.5 s to answer); now each command pays only for what it uses.
 */
export const COMMAND_INDEX: readonly CommandEntry[] = [
  { name: 'add', summary: 'remember a note or a conversation', load: async () => (await import('./commands/add.js')).addCommand },
  { name: 'search', summary: 'search your memories (keywords and meaning)', load: async () => (await import('./commands/search.js')).searchCommand },
  { name: 'ask', summary: 'ask a question; the answer cites your memories', load: async () => (await import('./commands/ask.js')).askCommand },
  { name: 'reveal', summary: 'show the value of a knowledge-vault item (stays on this machine)', load: async () => (await import('./commands/reveal.js')).revealCommand },
  { name: 'chat', summary: 'talk with your memory in the terminal', load: async () => (await import('./commands/chat.js')).chatCommand },
  { name: 'restore', summary: 'bring archived memories back into search and chat', load: async () => (await import('./commands/restore.js')).restoreCommand },
  { name: 'forget', summary: 'delete memories, or everything from a time window', load: async () => (await import('./commands/forget.js')).forgetCommand },
  { name: 'entities', summary: 'who and what your memories are about: the People & projects list', load: async () => (await import('./commands/entities.js')).entitiesCommand },
  { name: 'day', summary: 'your day, readable: time per app and subject, documents, people, meetings', load: async () => (await import('./commands/day.js')).dayCommand },
  { name: 'stats', summary: 'what is stored, and how much space it takes', load: async () => (await import('./commands/stats.js')).statsCommand },
  { name: 'capture', summary: 'capture the screen: one tick (--once) or continuously (--watch)', load: async () => (await import('./commands/capture.js')).captureCommand },
  { name: 'index', summary: 'make what capture stored searchable by meaning now (the app does it in the background)', load: async () => (await import('./commands/index-vectors.js')).indexCommand },
  { name: 'recommend', summary: 'the action that worked best for a task, with a cautious confidence', load: async () => (await import('./commands/recommend.js')).recommendCommand },
  { name: 'record', summary: 'record what you tried for a task and how it went', load: async () => (await import('./commands/record.js')).recordCommand },
  { name: 'recall', summary: 'past experiences with a task like this one, and the reflections kept for it', load: async () => (await import('./commands/recall.js')).recallCommand },
  { name: 'experiences', summary: 'what worked: recorded experiences per task, with counts and confidence', load: async () => (await import('./commands/experiences.js')).experiencesCommand },
  { name: 'reflect', summary: 'keep what a kind of task taught: what worked, what failed', load: async () => (await import('./commands/reflect.js')).reflectCommand },
  { name: 'directives', summary: 'how Engram answers you: directives learned from your feedback (list, synthesize, accept, reject, delete)', load: async () => (await import('./commands/directives.js')).directivesCommand },
  { name: 'dream', summary: 'consolidate memory: merge duplicates, resolve conflicts, roll up old episodes', load: async () => (await import('./commands/dream.js')).dreamCommand },
  { name: 'serve', summary: 'open the Engram window in a browser: a local, token-protected host on 127.0.0.1', load: async () => (await import('./commands/serve.js')).serveCommand },
  { name: 'mcp', summary: 'serve your memory to Claude Code, Cursor and other MCP clients (stdio)', load: async () => (await import('./commands/mcp.js')).mcpCommand },
  { name: 'export', summary: 'export memories as JSON or Markdown (or an encrypted archive with frames)', load: async () => (await import('./commands/export.js')).exportCommand },
  { name: 'import', summary: 'import a JSON export or an encrypted archive', load: async () => (await import('./commands/import.js')).importCommand },
  { name: 'syncthing', summary: "Engram's own Syncthing for the sync folder: start, status, stop, add-device, id", load: async () => (await import('./commands/syncthing.js')).syncthingCommand },
  { name: 'sync', summary: 'one memory on every computer: sync this data folder through a folder Syncthing replicates', load: async () => (await import('./commands/sync.js')).syncCommand },
  { name: 'backup', summary: 'copy the encrypted database consistently, even while Engram runs', load: async () => (await import('./commands/backup.js')).backupCommand },
];
