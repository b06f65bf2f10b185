/**
 * electron/crash: the local crash journal shared by the desktop app and the long-running CLI
 * commands. Its own small room (fs + zod only) so the CLI can install it without loading the shell.
 */
export { CrashJournal, CrashReportSchema, type CrashJournalOptions, type CrashKind, type CrashReport } from './crash-journal.js';
