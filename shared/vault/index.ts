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
