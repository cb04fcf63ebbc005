/*
 * How a text message is encoded and cut into parts (3GPP TS 23.038 and 23.040): a text made
 * only of the GSM 7-bit alphabet goes as GSM-7, 160 characters in one part and 153 in each part
 * of a longer one (the concatenation header takes the rest); anything else goes as UCS-2, 70
 * and 67. The extension table's characters take two septets each.
 */

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '\f^{}\\[~]|€';

const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export type SmsEncoding = 'gsm7' | 'ucs2';

export const SMS_PART_SIZES = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
} as const;

/** The most parts Candor sends for one text: a longer one is cut short (see splitSms). */
export const SMS_MAX_PARTS = 6;

/** GSM-7 when every character is in the GSM alphabet, otherwise UCS-2. */
export function smsEncoding(text: string): SmsEncoding {
  for (const char of text)
    if (!basic.has(char) && !extension.has(char)) return 'ucs2';
  return 'gsm7';
}

/** The characters of a text outside the GSM alphabet, each once: what forces UCS-2. */
export function nonGsmCharacters(text: string): string[] {
  return [
    ...new Set(
      [...text].filter((char) => !basic.has(char) && !extension.has(char)),
    ),
  ];
}

/** The room one character takes: septets in GSM-7, UTF-16 code units in UCS-2. */
function sizeOf(char: string, encoding: SmsEncoding): number {
  if (encoding === 'ucs2') return char.length;
  return extension.has(char) ? 2 : 1;
}

/** The length of a text in its encoding's units (septets or UTF-16 code units). */
export function smsLength(text: string): number {
  const encoding = smsEncoding(text);
  let length = 0;
  for (const char of text) length += sizeOf(char, encoding);
  return length;
}

export type SmsParts = { encoding: SmsEncoding; parts: string[] };

/**
 * The parts a text is sent in. A character is never split across two parts: neither an
 * extension character's escape pair nor a surrogate pair (an emoji).
 */
export function splitSms(text: string): SmsParts {
  const encoding = smsEncoding(text);
  const sizes = SMS_PART_SIZES[encoding];
  if (smsLength(text) <= sizes.single) return { encoding, parts: [text] };
  const parts: string[] = [];
  let current = '';
  let used = 0;
  for (const char of text) {
    const size = sizeOf(char, encoding);
    if (used + size > sizes.part) {
      parts.push(current);
      current = '';
      used = 0;
    }
    current += char;
    used += size;
  }
  if (current) parts.push(current);
  return { encoding, parts };
}

/** What the template editor shows: characters used and parts, as the phone will count them. */
export function smsCount(text: string): {
  encoding: SmsEncoding;
  length: number;
  parts: number;
} {
  return {
    encoding: smsEncoding(text),
    length: smsLength(text),
    parts: text === '' ? 0 : splitSms(text).parts.length,
  };
}
