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
