/**
 * What makes two found values the same secret, read as the detectors read them: OCR and people
 * group and split a value with spaces ("DE89 3704 …", "sk live 51Qx…"), and a Stripe key is found
 * with or without its "sk_live_" head when OCR broke the head apart. Passwords are taken as written:
 * a space inside one is part of it. Shared by the vault and by sync's arrival masking, so the two
 * judge one secret alike.
 */
export function secretValueIdentity(kind: string, value: string): string {
  const v = value.trim();
  if (kind === 'password') return v;
  const joined = v.replace(/\s+/g, '');
  if (kind === 'iban' || kind === 'card' || kind === 'account_number') return joined.replace(/[-.]/g, '').toUpperCase();
  if (kind === 'stripe_key') return joined.replace(/^[sr]k[_-]?(?:live|test)[_-]?/i, '');
  return joined;
}
