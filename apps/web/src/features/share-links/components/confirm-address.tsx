import { zodResolver } from '@hookform/resolvers/zod';
import {
  resolveLocale,
  shareCodeRequestSchema,
  shareCodeVerifySchema,
} from '@candor/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { FormError, Input } from '../../../components/form-field';
import { useErrorText } from '../../../lib/error-text';
import { formErrorText, showFieldErrors } from '../../../lib/form-errors';
import {
  useRequestShareCode,
  useVerifyShareCode,
} from '../api/confirm-share-address';

const emailForm = shareCodeRequestSchema.pick({ email: true });
type EmailValues = z.infer<typeof emailForm>;
type CodeValues = z.infer<typeof shareCodeVerifySchema>;

/** A link limited to one address: the viewer proves it with a code sent there. */
export function ConfirmAddress({ shareKey }: { shareKey: string }) {
  const { t, i18n } = useTranslation('share-links');
  const errorText = useErrorText();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestShareCode();
  const verify = useVerifyShareCode();
  const emailFormState = useForm<EmailValues>({
    resolver: zodResolver(emailForm),
    defaultValues: { email: '' },
  });
  const codeForm = useForm<CodeValues>({
    resolver: zodResolver(shareCodeVerifySchema),
    defaultValues: { code: '' },
  });

  const sendCode = emailFormState.handleSubmit(({ email }) =>
    request.mutate(
      { key: shareKey, email, locale: resolveLocale(i18n.language) },
      {
        onSuccess: () => setSentTo(email),
        onError: showFieldErrors(emailFormState.setError, ['email']),
      },
    ),
  );
  const confirmCode = codeForm.handleSubmit(({ code }) =>
    verify.mutate(
      { key: shareKey, code },
      { onError: showFieldErrors(codeForm.setError, ['code']) },
    ),
  );

  if (sentTo === null)
    return (
      <form
        className="space-y-4"
        onSubmit={(event) => void sendCode(event)}
        noValidate
      >
        <FormError>
          {errorText(formErrorText(request.error, ['email']))}
        </FormError>
        <Input
          label={t('locked.email')}
          type="email"
          autoComplete="email"
          required
          error={errorText(emailFormState.formState.errors.email?.message)}
          {...emailFormState.register('email')}
        />
        <Button type="submit" loading={request.isPending}>
          {t('locked.send')}
        </Button>
      </form>
    );
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => void confirmCode(event)}
      noValidate
    >
      <p className="text-sm text-slate-700" role="status">
        {t('locked.sent', { email: sentTo })}
      </p>
      <FormError>{errorText(formErrorText(verify.error, ['code']))}</FormError>
      <Input
        label={t('locked.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        autoFocus
        error={errorText(codeForm.formState.errors.code?.message)}
        {...codeForm.register('code')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={verify.isPending}>
          {t('locked.confirm')}
        </Button>
        <Button variant="ghost" onClick={() => setSentTo(null)}>
          {t('locked.again')}
        </Button>
      </div>
    </form>
  );
}
