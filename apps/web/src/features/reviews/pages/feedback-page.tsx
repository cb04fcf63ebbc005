import { CheckCircle2, MessageCircle, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Card } from '../../../components/card';
import { Logo } from '../../../components/logo';
import { Skeleton } from '../../../components/skeleton';
import { brandStyle } from '../../../lib/brand-style';
import { usePageTitle } from '../../../lib/use-page-title';
import { useFeedback } from '../api/get-feedback';

/** The interviewee's public feedback page: what went well and what to work on. */
export default function FeedbackPage() {
  const { t } = useTranslation('reviews');
  const params = useParams();
  const feedback = useFeedback(Number(params.job), params.token ?? '');
  usePageTitle(t('feedbackPage.title'));

  return (
    <main
      className="min-h-screen bg-page px-4 py-8 sm:py-12"
      style={brandStyle(feedback.data?.company.brand_color)}
    >
      <div className="mx-auto max-w-3xl space-y-6">
        {feedback.isPending ? (
          <>
            <Skeleton className="h-24" />
            <Skeleton className="h-64" />
          </>
        ) : feedback.isError ? (
          <Card padding="lg" className="text-center">
            <Logo className="mx-auto" />
            <h1 className="mt-6 text-xl font-semibold text-ink">
              {t('feedbackPage.notFound')}
            </h1>
            <p className="mt-2 text-slate-600">
              {t('feedbackPage.notFoundDescription')}
            </p>
          </Card>
        ) : (
          <>
            <header className="flex items-center gap-4">
              {feedback.data.company.logo ? (
                <img
                  src={feedback.data.company.logo}
                  alt={feedback.data.company.name}
                  className="h-12 w-auto max-w-40 object-contain"
                />
              ) : (
                <span className="flex size-12 items-center justify-center rounded-lg bg-brand-700 text-lg font-bold text-white">
                  {feedback.data.company.name.slice(0, 1)}
                </span>
              )}
              <div>
                <p className="text-sm text-muted">
                  {feedback.data.company.name}
                </p>
                <h1 className="text-2xl font-semibold text-ink">
                  {t('feedbackPage.heading', {
                    name: feedback.data.first_name,
                  })}
                </h1>
                <p className="text-slate-600">{feedback.data.job.title}</p>
              </div>
            </header>
            <Card padding="lg">
              <p className="text-base text-slate-700">
                {t('feedbackPage.intro')}
              </p>
            </Card>
            {feedback.data.questions.map((question, index) => (
              <Card key={question.id} padding="lg" className="space-y-4">
                <div>
                  <p className="text-xs font-medium tracking-wide text-muted uppercase">
                    {t('answer.questionNumber', { number: index + 1 })}
                  </p>
                  <h2 className="mt-1 text-lg font-semibold text-ink">
                    {question.text}
                  </h2>
                </div>
                <FeedbackLists
                  strengths={question.strengths}
                  improvements={question.improvements}
                />
              </Card>
            ))}
            <Card padding="lg" className="space-y-4">
              <h2 className="text-lg font-semibold text-ink">
                {t('feedbackPage.communication')}
              </h2>
              <FeedbackLists
                strengths={feedback.data.communication.strengths}
                improvements={feedback.data.communication.improvements}
              />
            </Card>
            {feedback.data.comments.length > 0 && (
              <Card padding="lg" className="space-y-3">
                <h2 className="flex items-center gap-2 text-lg font-semibold text-ink">
                  <MessageCircle
                    className="size-5 text-brand-700"
                    aria-hidden
                  />
                  {t('feedbackPage.comments')}
                </h2>
                {feedback.data.comments.map((comment, index) => (
                  <p
                    key={index}
                    className="text-base whitespace-pre-line text-slate-700"
                  >
                    {comment}
                  </p>
                ))}
              </Card>
            )}
          </>
        )}
      </div>
    </main>
  );
}

function FeedbackLists({
  strengths,
  improvements,
}: {
  strengths: string[];
  improvements: string[];
}) {
  const { t } = useTranslation('reviews');
  if (strengths.length === 0 && improvements.length === 0) {
    return <p className="text-slate-600">{t('feedbackPage.nothing')}</p>;
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <section className="rounded-lg bg-emerald-50 p-4">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-emerald-800">
          <CheckCircle2 className="size-4" aria-hidden />
          {t('feedbackPage.wentWell')}
        </h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-base text-slate-800">
          {strengths.length ? (
            strengths.map((text) => <li key={text}>{text}</li>)
          ) : (
            <li className="list-none text-slate-500">–</li>
          )}
        </ul>
      </section>
      <section className="rounded-lg bg-amber-50 p-4">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-amber-800">
          <TrendingUp className="size-4" aria-hidden />
          {t('feedbackPage.toWorkOn')}
        </h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-base text-slate-800">
          {improvements.length ? (
            improvements.map((text) => <li key={text}>{text}</li>)
          ) : (
            <li className="list-none text-slate-500">–</li>
          )}
        </ul>
      </section>
    </div>
  );
}
