import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { Tabs } from '../../../components/tabs';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';

/** /content: the company's videos (default child) and the stock videos (child). */
export default function ContentPage() {
  const { t } = useTranslation('videos');
  usePageTitle(t('content.title'));
  const location = useLocation();
  const navigate = useNavigate();
  const tab = location.pathname.startsWith(paths.stockVideos)
    ? paths.stockVideos
    : paths.content;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t('content.title')}
        description={t('content.description')}
      />
      <Tabs
        label={t('content.tabs')}
        value={tab}
        onValueChange={(value) => void navigate(value)}
        items={[
          { value: paths.content, label: t('content.yours') },
          { value: paths.stockVideos, label: t('content.stock') },
        ]}
        className="mb-6"
      />
      <Outlet />
    </div>
  );
}
