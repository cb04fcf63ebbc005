import { useTranslation } from 'react-i18next';

/** A day in the reader's language: '21 Nov 2026'. */
export function useFormatDay() {
  const { i18n } = useTranslation();
  return (value: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }).format(new Date(value));
}
