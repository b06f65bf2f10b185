import { McpDisabledError, serveMcpOverStdio } from '../../mcp/index.js';
import { withEngine } from '../cli-engine.js';
import { bool } from '../args.js';
import { CliError, type Command } from '../command.js';
import { packageVersion } from '../version.js';

export const mcpCommand: Command = {
  name: 'mcp',
  summary: 'serve your memory to Claude Code, Cursor and other MCP clients (stdio)',
  help: `usage: engram mcp              serve over stdio (what MCP clients run)
       engram mcp status|enable|disable [--json]

Lets other agents search what Engram remembers and record what worked (experiences), over the
Model Context Protocol on stdin/stdout. Runs on the same encrypted data dir as the app, at the
same time. Knowledge-vault secret values never leave through it.

Tools: search_memory, recent_activity, get_memory, recommend_action, recall_experiences (read
only), record_experience, record_failure (add a memory), memory_stats.

Set-up:
  Claude Code     claude mcp add engram -- engram mcp
  Codex           ~/.codex/config.toml:  [mcp_servers.engram]  command = "engram"  args = ["mcp"]
  Cursor, Claude Desktop: {"mcpServers": {"engram": {"command": "engram", "args": ["mcp"]}}}
Add --data-dir DIR (before mcp) or set ENGRAM_DATA_DIR if your memory is not in the default place.

  status    whether other apps may use your memory through MCP
  enable    allow it (the default)
  disable   refuse: a running server answers every call with "turned off", a new one does not start`,
  options: { json: { type: 'boolean' } },
  allowPositionals: true,
  async run(args, ctx) {
    const action = args.positionals[0];
    if (args.positionals.length > 1 || (action !== undefined && !['status', 'enable', 'disable'].includes(action))) {
      throw new CliError(`mcp: unknown action "${args.positionals.join(' ')}" (status, enable or disable; none to serve)`);
    }
    if (action) {
      const { enabled } = await withEngine(ctx, { embedder: 'none' }, (engram) =>
        action === 'status' ? engram.client.call('mcp.status', {}) : engram.client.call('mcp.setEnabled', { enabled: action === 'enable' }),
      );
      if (ctx.json || bool(args, 'json')) ctx.io.stdout(JSON.stringify({ enabled }) + '\n');
      else ctx.io.stdout(`MCP server ${enabled ? 'on: MCP clients can search your memory and record experiences' : 'off: MCP clients get nothing'}\n`);
      return 0;
    }
    // A background job of the store (embedding new memories) that fails — e.g. the app held the
    // database at that moment — must not take the server down with it: log it and keep serving.
    // Its work stays pending and is retried on the next write.
    const onStray = (err: unknown) => ctx.io.stderr(`engram mcp: background task failed, serving continues: ${String((err as Error)?.message ?? err).split('\n')[0]}\n`);
    process.on('unhandledRejection', onStray);
    try {
      await serveMcpOverStdio({ store: ctx.storeSource(), dataDir: ctx.dataDir, version: packageVersion(), env: ctx.env, log: (line) => ctx.io.stderr(`${line}\n`), signal: ctx.signal });
      return 0;
    } catch (err) {
      if (err instanceof McpDisabledError) throw new CliError(`mcp: ${err.message}`, 1);
      throw err;
    } finally {
      process.off('unhandledRejection', onStray);
    }
  },
};
