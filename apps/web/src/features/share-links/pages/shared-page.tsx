import {
  ratingColour,
  type RatingColour,
  type SharedCandidate,
} from '@candor/domain';
import { Link2Off, Lock, MessageCircle, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Card } from '../../../components/card';
import { Logo } from '../../../components/logo';
import { Skeleton } from '../../../components/skeleton';
import { cn } from '../../../lib/cn';
import { useFormatDate } from '../../../lib/format-date';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSharedPage } from '../api/get-shared-page';
import { WrittenAnswer } from '../../../components/written-answer';
import { ConfirmAddress } from '../components/confirm-address';

type Open = Extract<SharedCandidate, { status: 'open' }>;
type Company = SharedCandidate['company'];

/**
 * The page a share link opens (decision 153): one candidate's answers and the judgements the
 * sharer included, read-only, for someone without an account.
 */
export default function SharedPage() {
  const { t } = useTranslation('share-links');
  const key = useParams().key ?? '';
  const page = useSharedPage(key);
  usePageTitle(
    page.data?.status === 'open'
      ? page.data.candidate.full_name
      : t('page.title'),
  );

  return (
    <main className="min-h-screen bg-page px-4 py-8 sm:py-12">
      {/* A link that works without signing in is nobody's search result. */}
      <meta name="robots" content="noindex, nofollow" />
      <div className="mx-auto max-w-3xl space-y-6">
        {page.isPending ? (
          <>
            <Skeleton className="h-24" />
            <Skeleton className="h-72" />
          </>
        ) : page.isError ? (
          <Card padding="lg" className="text-center">
            <Logo className="mx-auto" />
            <Link2Off className="mx-auto mt-6 size-8 text-muted" aria-hidden />
            <h1 className="mt-3 text-xl font-semibold text-ink">
              {t('page.notFound')}
            </h1>
            <p className="mt-2 text-slate-600">
              {t('page.notFoundDescription')}
            </p>
          </Card>
        ) : page.data.status === 'locked' ? (
          <>
            <CompanyHeader company={page.data.company}>
              <h1 className="text-2xl font-semibold text-ink">
                {t('locked.title')}
              </h1>
            </CompanyHeader>
            <Card padding="lg" className="space-y-4">
              <p className="flex items-start gap-2 text-base text-slate-700">
                <Lock className="mt-1 size-4 shrink-0 text-muted" aria-hidden />
                {t('locked.description', { company: page.data.company.name })}
              </p>
              <ConfirmAddress shareKey={key} />
            </Card>
          </>
        ) : (
          <Candidate page={page.data} />
        )}
      </div>
    </main>
  );
}

function CompanyHeader({
  company,
  children,
}: {
  company: Company;
  children: React.ReactNode;
}) {
  return (
    <header className="flex items-center gap-4">
      {company.logo ? (
        <img
          src={company.logo}
          alt={company.name}
          className="h-12 w-auto max-w-40 object-contain"
        />
      ) : (
        <span
          className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-lg font-bold text-white"
          aria-hidden
        >
          {company.name.slice(0, 1)}
        </span>
      )}
      <div className="min-w-0">
        <p className="text-sm text-muted">{company.name}</p>
        {children}
      </div>
    </header>
  );
}

function Candidate({ page }: { page: Open }) {
  const { t } = useTranslation('share-links');
  const format = useFormatDate();
  return (
    <>
      <CompanyHeader company={page.company}>
        <h1 className="text-2xl font-semibold break-words text-ink">
          {page.candidate.full_name}
        </h1>
        <p className="text-slate-600">{page.job.title}</p>
      </CompanyHeader>
      <p className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900">
        {t('page.intro', {
          company: page.company.name,
          date: format.day(page.expires_at),
        })}
      </p>
      {page.ratings && (
        <Card padding="lg" className="space-y-3">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-ink">
            <Star className="size-5 text-brand-700" aria-hidden />
            {t('page.ratings')}
          </h2>
          {page.ratings.overall.length === 0 &&
          page.ratings.average === null ? (
            <p className="text-slate-600">{t('page.noRatings')}</p>
          ) : (
            <dl className="grid gap-2 sm:grid-cols-2">
              {page.ratings.average !== null && (
                <RatingRow
                  label={t('page.average')}
                  rating={page.ratings.average}
                  scale={page.ratings.scale}
                />
              )}
              {page.ratings.overall.map((rating) => (
                <RatingRow
                  key={rating.reviewer}
                  label={t('page.reviewer', { number: rating.reviewer })}
                  rating={rating.rating}
                  scale={page.ratings?.scale ?? 5}
                />
              ))}
            </dl>
          )}
        </Card>
      )}
      {page.answers.length === 0 && (
        <Card padding="lg">
          <p className="text-slate-600">{t('page.noAnswers')}</p>
        </Card>
      )}
      {page.answers.map((answer, index) => (
        <Card key={answer.id} padding="lg" className="space-y-4">
          <div>
            <p className="text-xs font-medium tracking-wide text-muted uppercase">
              {t('page.question', { number: index + 1 })}
            </p>
            <h2 className="mt-1 text-lg font-semibold text-ink">
              {answer.question_text}
            </h2>
          </div>
          {answer.answer_type !== 'video' ? (
            <WrittenAnswer answer={answer} />
          ) : (
            <div className="aspect-[4/3] w-full overflow-hidden rounded-lg bg-slate-900">
              {answer.video ? (
                <video
                  className="size-full bg-black object-contain"
                  src={answer.video.url}
                  poster={answer.video.thumbnail ?? undefined}
                  controls
                  preload="metadata"
                  aria-label={t('page.videoLabel', { number: index + 1 })}
                />
              ) : (
                <p className="flex size-full items-center justify-center p-4 text-center text-sm text-slate-300">
                  {t('page.noVideo')}
                </p>
              )}
            </div>
          )}
          {answer.ratings && answer.ratings.length > 0 && page.ratings && (
            <dl className="grid gap-2 sm:grid-cols-2">
              {answer.ratings.map((rating) => (
                <RatingRow
                  key={rating.reviewer}
                  label={t('page.reviewer', { number: rating.reviewer })}
                  rating={rating.rating}
                  scale={page.ratings?.scale ?? 5}
                />
              ))}
            </dl>
          )}
        </Card>
      ))}
      {page.comments && (
        <Card padding="lg" className="space-y-3">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-ink">
            <MessageCircle className="size-5 text-brand-700" aria-hidden />
            {t('page.comments')}
          </h2>
          {page.comments.length === 0 ? (
            <p className="text-slate-600">{t('page.noComments')}</p>
          ) : (
            <ul className="space-y-3">
              {page.comments.map((comment, index) => (
                <li key={index} className="rounded-lg bg-slate-50 p-3">
                  <p className="text-xs font-medium text-muted">
                    {comment.reviewer === null
                      ? t('page.someone')
                      : t('page.reviewer', { number: comment.reviewer })}
                    {' · '}
                    {format.day(comment.created_at)}
                  </p>
                  <p className="mt-1 text-base whitespace-pre-line text-slate-800">
                    {comment.comment}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}
      <p className="text-center text-sm text-muted">{t('page.confidential')}</p>
    </>
  );
}

const SOFT: Record<RatingColour, string> = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  amber: 'bg-amber-50 text-amber-800 ring-amber-200',
  red: 'bg-red-50 text-red-800 ring-red-200',
};

function RatingRow({
  label,
  rating,
  scale,
}: {
  label: string;
  rating: number;
  scale: number;
}) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg border border-border px-3 py-2">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd
        className={cn(
          'rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1',
          SOFT[ratingColour(rating, scale)],
        )}
      >
        {Number.isInteger(rating) ? rating : rating.toFixed(2)}
        <span className="font-normal"> / {scale}</span>
      </dd>
    </div>
  );
}
