// Phone numbers as the server stores them: '+' and 10 to 15 digits (SPEC §5, made Kenyan-aware).
// This is the rule of proto/src/phone.rs, which the server applies: a number cleaned here is accepted
// there unchanged. Keep the two in step (the unit tests share their cases).

/**
 * The number in international form, or null when it does not fit the rule. Digits and plus signs are
 * kept; a Kenyan local number (07…/01…, 10 digits; or 7…/1…, 9 digits) gains 254; a plus is
 * prepended; the result must be '+' and 10 to 15 digits, not starting with 0.
 * '0712 345 678' -> '+254712345678'; '254712345678' -> '+254712345678'.
 */
export function cleanPhoneNumber(raw: string): string | null {
  const kept = raw.replace(/[^\d+]/g, '');
  // A plus anywhere but the front is not a phone number.
  if (kept.lastIndexOf('+') > 0) return null;
  const hadPlus = kept.startsWith('+');
  const digits = kept.replace(/\D/g, '');

  let international = digits;
  if (!hadPlus && /^0[17]\d{8}$/.test(digits)) international = `254${digits.slice(1)}`;
  else if (!hadPlus && /^[17]\d{8}$/.test(digits)) international = `254${digits}`;

  return /^[1-9]\d{9,14}$/.test(international) ? `+${international}` : null;
}

/**
 * A stored number as a Kenyan types it on a form: '+254712345678' -> '0712 345 678'. Any other number
 * stays in its international form; both clean back to the stored one.
 */
export function localPhoneNumber(stored: string): string {
  const kenyan = /^\+254([17]\d{2})(\d{3})(\d{3})$/.exec(stored.trim());
  return kenyan ? `0${kenyan[1]} ${kenyan[2]} ${kenyan[3]}` : stored;
}
