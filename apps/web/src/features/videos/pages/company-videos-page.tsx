import { useCurrentUser } from '../../../lib/session';
import { VideoLibrary } from '../components/video-library';

/** The default child of /content: the current company's library. */
export default function CompanyVideosPage() {
  const user = useCurrentUser();
  const shortname = user.current_company?.shortname;
  return shortname ? <VideoLibrary shortname={shortname} /> : null;
}
