/** Checksums and shape checks that tell a real card, IBAN or phone number from any run of digits. */

/** The Luhn (mod 10) check digit of payment card numbers. Runs of one digit (0000…, 1111…) are placeholders, not cards. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{13,19}$/.test(digits) || /^(\d)\1+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/**
 * A card number as printed (spaces or dashes allowed): passes Luhn and starts like one. Every
 * network people carry (Visa 4, Mastercard 2/5, Amex/Diners/JCB 3, Discover/UnionPay/Maestro 6)
 * starts with 2–6; one in ten of any other digit run passes Luhn by chance, among them the
 * millisecond timestamps of every log line (17…), which must not be redacted as cards.
 */
export function cardNumberValid(raw: string): boolean {
  const digits = raw.replace(/\D/g, '');
  return /^[2-6]/.test(digits) && luhnValid(digits);
}

/** ISO 13616 IBAN checksum (mod 97 of the rearranged number), spaces allowed. */
export function ibanValid(raw: string): boolean {
  const iban = raw.replace(/\s+/g, '');
  if (iban.length < 15 || iban.length > 34) return false;
  let rem = 0;
  for (const ch of iban.slice(4) + iban.slice(0, 4)) {
    const code = ch.charCodeAt(0);
    const val = code >= 65 ? String(code - 55) : ch;
    for (const d of val) rem = (rem * 10 + (d.charCodeAt(0) - 48)) % 97;
  }
  return rem === 1;
}

/** Whether a run of digits found by the phone pattern is plausibly a phone number rather than a date, time, price or id. */
export function looksLikePhone(raw: string): boolean {
  const d = raw.replace(/\D/g, '');
  if (d.length < 9 || d.length > 15) return false;
  if (/^\d{4}[-./]\d{2}[-./]\d{2}/.test(raw.trim())) return false;
  return raw.trim().startsWith('+') || /[\s.-]/.test(raw);
}
