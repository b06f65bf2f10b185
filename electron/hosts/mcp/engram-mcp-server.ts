import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolContext } from './tool-context.js';
import { registerGetMemory } from './tools/get-memory.js';
import { registerMemoryStats } from './tools/memory-stats.js';
import { registerRecallExperiences } from './tools/recall-experiences.js';
import { registerRecentActivity } from './tools/recent-activity.js';
import { registerRecentExperiences } from './tools/recent-experiences.js';
import { registerRecommendAction } from './tools/recommend-action.js';
import { registerRecordExperience } from './tools/record-experience.js';
import { registerReflectExperiences } from './tools/reflect-experiences.js';
import { registerSearchMemory } from './tools/search-memory.js';
import { registerSupersedeExperience } from './tools/supersede-experience.js';

export const MCP_SERVER_NAME = 'engram';

const INSTRUCTIONS = `Engram is the user's local, encrypted memory of their own work: what they saw on screen, did and said, kept on their machine.
Use search_memory for facts, people, documents and past events; recent_activity for "what was I doing"; get_memory for one memory in full with its sources.
Before a task you may have tried before, call recommend_action or recall_experiences (outcome "failure" shows what not to repeat; reflections kept for the task come with it); afterwards record what worked with record_experience, or record_failure. recent_experiences lists the latest; supersede_experience replaces one recorded wrongly; reflect_experiences keeps what a task family taught.
Secrets from the user's knowledge vault are never returned.`;

/** The MCP server over one store: every tool of issue 8, each in its own file under tools/. */
export function createEngramMcpServer(ctx: ToolContext, version: string): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, title: 'Engram memory', version },
    {
      instructions: INSTRUCTIONS,
      capabilities: { tools: {} },
      // A malicious or confused client cannot make the server parse a huge argument tree.
      maxToolInputElements: 200,
    },
  );
  registerSearchMemory(server, ctx);
  registerRecentActivity(server, ctx);
  registerGetMemory(server, ctx);
  registerRecommendAction(server, ctx);
  registerRecallExperiences(server, ctx);
  registerRecentExperiences(server, ctx);
  registerRecordExperience(server, ctx);
  registerSupersedeExperience(server, ctx);
  registerReflectExperiences(server, ctx);
  registerMemoryStats(server, ctx);
  return server;
}
