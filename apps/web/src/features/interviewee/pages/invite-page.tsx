import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Skeleton, SkeletonText } from '../../../components/skeleton';
import { useInvite } from '../api/resolve-invite';
import { InterviewFlow, RetrievalError } from '../components/interview-flow';
import { InterviewShell } from '../components/interview-shell';

/** /i/{shortcode} (the personal invitation link) and /sso/{shortcode}: resolve, then answer. */
export default function InvitePage() {
  const { shortcode = '' } = useParams();
  const invite = useInvite(shortcode);
  const { t } = useTranslation('interviewee');
  if (!shortcode || invite.isError) return <RetrievalError />;
  if (invite.isPending) {
    return (
      <InterviewShell company={null}>
        <div
          className="mx-auto w-full max-w-3xl space-y-4"
          aria-busy
          aria-label={t('loading')}
        >
          <Skeleton className="h-10 w-2/3" />
          <SkeletonText lines={4} />
        </div>
      </InterviewShell>
    );
  }
  return <InterviewFlow token={invite.data} />;
}
