/** Wildcards in what the user typed match themselves, not "anything". */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}
