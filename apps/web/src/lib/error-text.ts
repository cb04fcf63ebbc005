import { useTranslation } from 'react-i18next';

/**
 * Messages from the shared zod schemas and from the API are English sentences; the
 * `validation` namespace translates those it knows (the sentence is the key).
 */
export function useErrorText(): (
  message: string | undefined,
) => string | undefined {
  const { t } = useTranslation('validation');
  return (message) =>
    message === undefined
      ? undefined
      : t(message, {
          keySeparator: false,
          nsSeparator: false,
          defaultValue: message,
        });
}
