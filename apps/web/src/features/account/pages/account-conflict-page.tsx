import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';

/** Where the app lands when its constants cannot be loaded (spec section 8). */
export default function AccountConflictPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('conflict.title'));
  return (
    <Card padding="lg" className="text-center shadow-sm">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-700">
        <TriangleAlert className="size-6" aria-hidden />
      </div>
      <h1 className="mt-4 text-xl font-semibold">{t('conflict.title')}</h1>
      <p className="mt-2 text-sm text-muted">{t('conflict.body')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to={paths.interviews} reloadDocument>
            <RefreshCw className="size-4" aria-hidden />
            {t('conflict.retry')}
          </Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={paths.login}>{t('conflict.signInAgain')}</Link>
        </Button>
      </div>
    </Card>
  );
}
