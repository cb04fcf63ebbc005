/** The fields a bulk-add column can be chosen as; a column left unchosen is ignored. */
export const BULK_COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'phone',
] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];
export const REQUIRED_BULK_COLUMNS: readonly BulkColumn[] = [
  'first_name',
  'last_name',
  'email',
];

/** Limits of one parse or one bulk add (docs/decisions/033-bulk-add-limits.md). */
export const BULK_MAX_ROWS = 5000;
export const BULK_MAX_BYTES = 2 * 1024 * 1024;

/** The e-mail pattern check of bulk add and the add-one form: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value.trim());
}

export type ColumnCheck = {
  /** The Add button is enabled only when this is true. */
  ok: boolean;
  missing: BulkColumn[];
  /** Choices made for more than one column. */
  duplicates: BulkColumn[];
  /** Phone was chosen but the company has no SMS. */
  phoneNotAllowed: boolean;
};

/**
 * The column rules of bulk add (spec section 5): the choices must include first_name,
 * last_name and email; phone only when the company has sms_enabled; each choice unique.
 */
export function checkBulkColumns(
  choices: readonly (BulkColumn | null)[],
  options: { smsEnabled: boolean },
): ColumnCheck {
  const chosen = choices.filter(
    (choice): choice is BulkColumn => choice !== null,
  );
  const missing = REQUIRED_BULK_COLUMNS.filter(
    (column) => !chosen.includes(column),
  );
  const duplicates = BULK_COLUMNS.filter(
    (column) => chosen.filter((choice) => choice === column).length > 1,
  );
  const phoneNotAllowed = !options.smsEnabled && chosen.includes('phone');
  return {
    ok: missing.length === 0 && duplicates.length === 0 && !phoneNotAllowed,
    missing,
    duplicates,
    phoneNotAllowed,
  };
}

/** The columns a chooser may offer: phone only with SMS. */
export function availableBulkColumns(options: {
  smsEnabled: boolean;
}): BulkColumn[] {
  return BULK_COLUMNS.filter(
    (column) => column !== 'phone' || options.smsEnabled,
  );
}

/**
 * A first guess of each column's field from a header row ("First name", "E-mail", …), so a
 * pasted sheet with headers needs no choosing. Unknown headers stay unchosen; a field is
 * guessed once at most.
 */
export function guessBulkColumns(
  header: readonly string[],
  options: { smsEnabled: boolean },
): (BulkColumn | null)[] {
  const patterns: [BulkColumn, RegExp][] = [
    ['first_name', /^(first|given|fore)[\s_-]*name$|^first$|^prénom$|^prenom$/],
    ['last_name', /^(last|family|sur)[\s_-]*name$|^surname$|^last$|^nom$/],
    ['email', /^e[\s_-]?mail([\s_-]*address)?$|^courriel$/],
    ['phone', /^(phone|mobile|telephone|téléphone)([\s_-]*(number|no))?$/],
  ];
  const used = new Set<BulkColumn>();
  return header.map((cell) => {
    const text = cell.trim().toLowerCase();
    const match = patterns.find(
      ([column, pattern]) => !used.has(column) && pattern.test(text),
    );
    if (!match || (match[0] === 'phone' && !options.smsEnabled)) return null;
    used.add(match[0]);
    return match[0];
  });
}

/** Whether a row looks like a header row (no cell is an e-mail address and some header matches). */
export function looksLikeHeader(
  row: readonly string[],
  options: { smsEnabled: boolean },
): boolean {
  return (
    !row.some((cell) => isValidEmail(cell)) &&
    guessBulkColumns(row, options).some((choice) => choice !== null)
  );
}

export type BulkApplicantUser = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
};

/** The user fields of one parsed row under the chosen columns, trimmed. */
export function rowToUser(
  row: readonly string[],
  choices: readonly (BulkColumn | null)[],
): BulkApplicantUser {
  const user: BulkApplicantUser = {
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
  };
  choices.forEach((choice, index) => {
    if (choice) user[choice] = (row[index] ?? '').trim();
  });
  return user;
}

/** Per-field problems of one row, found before sending (the server checks the same again). */
export function checkBulkUser(
  user: BulkApplicantUser,
): Partial<Record<keyof BulkApplicantUser, string>> {
  const errors: Partial<Record<keyof BulkApplicantUser, string>> = {};
  if (!user.first_name) errors.first_name = 'First name is required';
  if (!user.last_name) errors.last_name = 'Last name is required';
  if (!user.email) errors.email = 'Email is required';
  else if (!isValidEmail(user.email))
    errors.email = 'Enter a valid email address';
  return errors;
}

/** The summary under the rows: 'Row N has an error' or 'Rows 1, 2 and 3 have errors'. */
export function rowErrorSummary(rows: readonly number[]): string {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  if (sorted.length === 0) return '';
  if (sorted.length === 1) return `Row ${sorted[0]} has an error`;
  const last = sorted[sorted.length - 1];
  return `Rows ${sorted.slice(0, -1).join(', ')} and ${last} have errors`;
}
