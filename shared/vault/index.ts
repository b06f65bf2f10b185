/**
 * shared/vault: the one policy for knowledge-vault secrets — masked for the user's window (the
 * store's reads), withheld from models (chat), withheld and cut out of every string for outside
 * agents (MCP). Pure TypeScript.
 */
export {
  MIN_CUT_SECRET,
  WITHHELD,
  cutValues,
  cutValuesDeep,
  isWithheldFromModel,
  maskSecret,
  maskedVaultFields,
  outsideVaultFields,
  valuesToCut,
} from './vault-policy.js';
// Parts of a secret (a clipped beginning, a masked middle): the model key's mask uses them too.
export { cutParts } from './partial-cut.js';
