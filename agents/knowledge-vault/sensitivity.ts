import type { Sensitivity } from '../../shared/index.js';

/** Kinds of secret the capture redactor marks (`[redacted:KIND]`) or the chat scanner finds. */
const HIGH = new Set([
  'card',
  'password',
  'private_key',
  'aws_key',
  'aws_secret',
  'github_token',
  'slack_token',
  'stripe_key',
  'openai_key',
  'anthropic_key',
  'google_api_key',
  'jwt',
  'bearer_token',
  'api_key',
  // A sign-in code is short-lived but opens an account while it lives; a recovery phrase is a wallet.
  'one_time_code',
  'card_code',
  'recovery_phrase',
  'totp_seed',
  'ssn',
  'secret',
  'token',
]);
const MEDIUM = new Set(['iban', 'account_number', 'address', 'date_of_birth', 'passport', 'licence_key']);

/**
 * Kinds masked wherever they appear but never kept as vault entries: a sign-in code expires within
 * minutes, so an entry would only keep one more secret to guard (and a vault value that quotes
 * itself in later screens) for nothing the user could use again.
 */
const MASK_ONLY = new Set(['one_time_code']);

/** Whether a secret of this kind, taken out of text, is kept in the vault (masked) or only masked. */
export function keptInVault(entryType: string): boolean {
  return !MASK_ONLY.has(entryType);
}

export function sensitivityOf(entryType: string): Sensitivity {
  if (HIGH.has(entryType)) return 'high';
  if (MEDIUM.has(entryType)) return 'medium';
  return 'low';
}

const LABELS: Record<string, string> = {
  card: 'Card number',
  password: 'Password',
  private_key: 'Private key',
  aws_key: 'AWS access key',
  aws_secret: 'AWS secret key',
  github_token: 'GitHub token',
  slack_token: 'Slack token',
  stripe_key: 'Stripe key',
  openai_key: 'OpenAI API key',
  anthropic_key: 'Anthropic API key',
  google_api_key: 'Google API key',
  jwt: 'Access token (JWT)',
  bearer_token: 'Bearer token',
  api_key: 'API key',
  one_time_code: 'One-time code',
  card_code: 'Card security code',
  recovery_phrase: 'Recovery phrase',
  totp_seed: 'Authenticator setup key',
  licence_key: 'Licence key',
  iban: 'Bank account (IBAN)',
  account_number: 'Bank account number',
  ssn: 'Social security number',
  email: 'Email address',
  phone: 'Phone number',
  address: 'Postal address',
};

export function labelOf(entryType: string): string {
  return LABELS[entryType] ?? entryType.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}
