/** Toast auto-dismiss times and other UI timings of the spec (section 9), in milliseconds. */
export const TOAST_DURATION = {
  default: 4000,
  email: 5000,
  video: 2000,
} as const;
export const SEARCH_DEBOUNCE_MS = 500;
/** Search starts with more than 2 characters. */
export const SEARCH_MIN_LENGTH = 3;
/** Longer than any name or e-mail address searched for; the drawer's box stops there. */
export const SEARCH_MAX_LENGTH = 100;
export const LOADING_BAR_MS = 5000;
export const CATEGORY_DROPDOWN_CLOSE_MS = 100;
export const PAGE_SIZES = {
  recent: 6,
  templates: 6,
  marketplace: 6,
  activity: 8,
} as const;
export const ATTACHMENT_LIMIT_BYTES = 10 * 1024 * 1024;
export const LOGO_LIMIT_BYTES = 2 * 1024 * 1024;
