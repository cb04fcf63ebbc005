import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { VideoLibrary } from '../components/video-library';

/** /library: the company's video library on its own. */
export default function LibraryPage() {
  const { t } = useTranslation('videos');
  usePageTitle(t('library.title'));
  const shortname = useCurrentUser().current_company?.shortname;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={t('library.title')} />
      {shortname && <VideoLibrary shortname={shortname} />}
    </div>
  );
}
