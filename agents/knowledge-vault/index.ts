/** agents/knowledge-vault: the knowledge-vault agent (contacts, account ids, redacted secrets), masked. */
export { KnowledgeVaultAgent, VAULT_PROMPT, sourceLabel, type RedactedSecretInput } from './vault-agent.js';
export { findContacts, normalizeContact, type FoundContact } from './contact-details.js';
export { findMarkers, hasMarker, MARKER_RE, type FoundMarker } from './redaction-markers.js';
export { findSecrets, scrubForModel, scrubSecrets, luhnValid, type FoundSecret } from '../subagent-kit/index.js';
export { keptInVault, labelOf, sensitivityOf } from './sensitivity.js';
