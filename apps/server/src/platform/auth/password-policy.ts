import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { fieldError } from '../http/errors';

// Built on first use: the dictionaries take a moment to load and most requests need none.
let checker: ZxcvbnFactory | undefined;

/** zxcvbn's "safely unguessable" score: common, breached and keyboard-walk passwords fall below. */
const MIN_SCORE = 3;

/**
 * Refuses a new password that is common, breached or easy to guess from the person's own
 * details (their name, e-mail, company). The length rule is the shared schema's
 * (`newPasswordSchema`); this is the part too large to ship to the browser.
 */
export function assertStrongPassword(
  password: string,
  options: { field?: string; personal?: string[] } = {},
): void {
  checker ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  const personal = (options.personal ?? [])
    .flatMap((value) => value.toLowerCase().split(/[\s@.]+/))
    .filter((value) => value.length >= 3);
  if (checker.check(password, personal).score < MIN_SCORE) {
    throw fieldError(
      options.field ?? 'password',
      'This password is too common or too easy to guess. Choose a longer one, such as a few unrelated words.',
    );
  }
}
