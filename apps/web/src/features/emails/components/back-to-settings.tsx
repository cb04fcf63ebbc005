import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** The template editors' way back to company settings, above their title. */
export function BackToSettings() {
  const { t } = useTranslation('emails');
  return (
    <Link
      to={paths.companySettings}
      className="inline-flex items-center gap-1 hover:text-ink"
    >
      <ArrowLeft className="size-4" aria-hidden /> {t('backToSettings')}
    </Link>
  );
}
