import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Input } from '../../../components/form-field';

/** The endpoint's signing secret, to copy into the receiving system's verifier. */
export function SigningSecret({ secret }: { secret: string }) {
  const { t } = useTranslation('webhooks');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Input
          label={t('secret.label')}
          readOnly
          value={secret}
          className="flex-1 [&_input]:font-mono [&_input]:text-sm"
          data-testid="webhook-secret"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? (
            <Check className="size-4" aria-hidden />
          ) : (
            <Copy className="size-4" aria-hidden />
          )}
          {copied ? t('secret.copied') : t('secret.copy')}
        </Button>
      </div>
      <p className="text-sm text-muted">{t('secret.usage')}</p>
    </div>
  );
}
