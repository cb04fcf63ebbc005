import { useTranslation } from 'react-i18next';

/** Dates in the reader's language: '21 Nov 2026' (and the time when asked). */
export function useFormatDate() {
  const { i18n } = useTranslation();
  return (value: string, withTime = false) =>
    new Intl.DateTimeFormat(i18n.language, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
    }).format(new Date(value));
}
