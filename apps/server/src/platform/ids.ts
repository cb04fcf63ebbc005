import { randomBytes, randomInt } from 'node:crypto';

const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A short, unambiguous code for links people may type (no 0/O, 1/l/I). */
export function newShortcode(length = 10): string {
  let code = '';
  for (let index = 0; index < length; index++)
    code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** An unguessable token for links that grant access (interviewee and feedback links). */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}
