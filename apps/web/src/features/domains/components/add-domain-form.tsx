import { domainCreateSchema } from '@candor/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Input } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { useAddDomain } from '../api/add-domain';

/** Claims a domain; the list below then shows the record to add to its DNS. */
export function AddDomainForm({ shortname }: { shortname: string }) {
  const { t } = useTranslation('domains');
  const errorText = useErrorText();
  const add = useAddDomain();
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = domainCreateSchema.safeParse({ domain });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    add.mutate(
      { shortname, domain: parsed.data.domain },
      {
        onSuccess: () => setDomain(''),
        onError: (failure) =>
          setError(
            isApiError(failure)
              ? (failure.fieldMessage('domain') ?? failure.message)
              : undefined,
          ),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-start gap-3">
      <Input
        label={t('add.label')}
        hint={t('add.hint')}
        placeholder="example.com"
        value={domain}
        error={errorText(error)}
        onChange={(event) => setDomain(event.target.value)}
        className="w-full sm:w-96"
      />
      <Button type="submit" loading={add.isPending} className="sm:mt-7">
        {t('add.submit')}
      </Button>
    </form>
  );
}
