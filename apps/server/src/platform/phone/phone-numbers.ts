import {
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';

/** A bulk-add row's error for a phone that is not a number: 'Row N: …' in the form. */
export const PHONE_ERROR_MESSAGE = 'Enter a phone number with its country code';

/*
 * In platform/: both the applicants' add (their phone column) and the texts read phones, and
 * neither feature may import the other (decision 188).
 */

/**
 * A phone number as stored and texted: E.164 (`+447700900123`), or null when it cannot be a
 * number. One written without its country code is read as the company's default country's.
 * "Possible" (the right length for its country), not "valid": the validity ranges lag new
 * allocations and leave out the fictional ones, and a number nobody holds comes back from the
 * gateway as undelivered (decision 188).
 */
export function toE164(raw: string, defaultCountry: string): string | null {
  const text = raw.trim();
  if (text === '') return null;
  const parsed = parsePhoneNumberFromString(
    text,
    defaultCountry.toUpperCase() as CountryCode,
  );
  return parsed?.isPossible() ? parsed.number : null;
}
