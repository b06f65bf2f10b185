/** agents/resource: the resource memory agent (documents, files, links, code the user worked with). */
export { ResourceAgent, RESOURCE_PROMPT } from './resource-agent.js';
export { describeResource, findResources, normalizeUrl, type FoundResource, type ResourceType } from './resource-finder.js';
