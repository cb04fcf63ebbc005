/**
 * A typed answer kept on the device as it is typed (decision 192), so a reload or a lost
 * connection loses nothing; removed once the answer is saved.
 */
const keyOf = (token: string, questionId: number) =>
  `candor.typed-answer.${token}.${questionId}`;

export function readTypedDraft(token: string, questionId: number): string {
  try {
    return localStorage.getItem(keyOf(token, questionId)) ?? '';
  } catch {
    return '';
  }
}

export function writeTypedDraft(
  token: string,
  questionId: number,
  text: string,
): void {
  try {
    if (text === '') localStorage.removeItem(keyOf(token, questionId));
    else localStorage.setItem(keyOf(token, questionId), text);
  } catch {
    // Storage full or refused (private browsing): the answer still lives in the page.
  }
}
