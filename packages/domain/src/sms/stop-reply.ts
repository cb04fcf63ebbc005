/** The replies that stop texts, as carriers and CTIA list them, and the French ARRÊT. */
const STOP_WORDS = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'ARRET',
]);

/**
 * Whether a reply asks for no more texts: one stop word alone, in any case, with spaces or a
 * full stop around it and with or without its accent ("Arrêt."). A sentence that merely
 * contains one ("please don't stop") is not a request.
 */
export function isStopReply(text: string): boolean {
  const word = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  return STOP_WORDS.has(word);
}
