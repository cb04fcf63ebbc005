import { STOCK_VIDEOS_SHORTNAME } from '@candor/domain';
import { VideoLibrary } from '../components/video-library';

/** /content/stock-videos: the shared stock library (read-only). */
export default function StockVideosPage() {
  return <VideoLibrary shortname={STOCK_VIDEOS_SHORTNAME} />;
}
