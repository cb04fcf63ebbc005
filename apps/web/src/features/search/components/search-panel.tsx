import {
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_LENGTH,
  interviewResultPath,
  isSearchable,
  personResultPath,
  type ApplicationSearchResult,
  type Job,
} from '@candor/domain';
import { FilePlus2, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { StatusPill } from '../../../components/status-pill';
import { Tabs } from '../../../components/tabs';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/error-text';
import { useCopyJob } from '../../../lib/jobs/job-actions';
import { paths } from '../../../lib/paths';
import { useSearchInterviews } from '../api/search-interviews';
import { useSearchPeople } from '../api/search-people';
import { JOB_STATUS_TONE } from '../../../lib/jobs/job-status';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

type Tab = 'interviewees' | 'interviews';

/**
 * The search drawer (spec section 2): interviewees and interviews, searched once more than
 * two characters are typed and the typing has paused for 500 ms.
 */
export function SearchPanel({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('search');
  const [text, setText] = useState('');
  const [tab, setTab] = useState<Tab>('interviewees');
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const searchable = isSearchable(query);

  return (
    <div className="flex h-full flex-col gap-4 px-5 py-4">
      <div className="space-y-1.5">
        <label
          htmlFor="global-search"
          className="block text-sm font-medium text-slate-800"
        >
          {t('label')}
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <input
            id="global-search"
            type="search"
            autoFocus
            autoComplete="off"
            maxLength={SEARCH_MAX_LENGTH}
            value={text}
            placeholder={t('placeholder')}
            onChange={(event) => setText(event.target.value)}
            className="block h-10 w-full rounded-lg border border-slate-300 bg-surface pr-3 pl-9 text-base text-ink shadow-xs placeholder:text-slate-400 hover:border-slate-400 focus:outline-2 focus:outline-brand-600 sm:text-sm"
          />
        </div>
      </div>
      <Tabs
        label={t('tabs')}
        value={tab}
        onValueChange={(value) => setTab(value as Tab)}
        items={[
          { value: 'interviewees', label: t('interviewees') },
          { value: 'interviews', label: t('interviews') },
        ]}
      />
      <div className="min-h-0 flex-1 overflow-y-auto" aria-live="polite">
        {!searchable ? (
          <p className="py-6 text-center text-sm text-muted">{t('hint')}</p>
        ) : tab === 'interviewees' ? (
          <PeopleResults query={query} onNavigate={onNavigate} />
        ) : (
          <InterviewResults query={query} onNavigate={onNavigate} />
        )}
      </div>
    </div>
  );
}

function Searching() {
  const { t } = useTranslation('search');
  return (
    <p className="py-6 text-center text-sm text-muted">{t('searching')}</p>
  );
}

function NoResults() {
  const { t } = useTranslation('search');
  return (
    <p className="py-6 text-center text-sm text-muted">{t('noResults')}</p>
  );
}

function PeopleResults({
  query,
  onNavigate,
}: {
  query: string;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('search');
  const errorText = useErrorText();
  const people = useSearchPeople(query, true);
  if (people.isError)
    return (
      <p className="py-6 text-sm text-danger">
        {errorText(people.error.message)}
      </p>
    );
  if (!people.data || people.isFetching) return <Searching />;
  if (people.data.results.length === 0) return <NoResults />;
  return (
    <>
      <ul className="divide-y divide-border">
        {people.data.results.map((person) => (
          <li key={person.id}>
            <PersonLink person={person} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
      {people.data.more && (
        <p className="pt-3 text-xs text-muted">{t('more')}</p>
      )}
    </>
  );
}

function PersonLink({
  person,
  onNavigate,
}: {
  person: ApplicationSearchResult;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('search');
  return (
    <Link
      to={personResultPath(person)}
      onClick={onNavigate}
      className="flex items-start gap-3 rounded-md px-2 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-800"
        aria-hidden
      >
        {(person.first_name[0] ?? '') + (person.last_name[0] ?? '')}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-ink">
          {person.full_name}
        </span>
        <span className="block truncate text-xs text-muted">
          {person.email}
        </span>
        <span className="block truncate text-xs text-muted">
          {person.job.title}
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1">
        <StatusPill
          tone={person.status_tone}
          title={person.status_reason ?? undefined}
        >
          {t(`labels.${person.status_key}`, {
            defaultValue: person.status_label,
          })}
        </StatusPill>
        {person.knockout && (
          <StatusPill tone="red" title={person.knockout}>
            {t('labels.knockout')}
            <span className="sr-only">: {person.knockout}</span>
          </StatusPill>
        )}
        {person.text_undelivered && (
          <StatusPill tone="red" title={person.text_undelivered}>
            {t('labels.text_undelivered')}
            <span className="sr-only">: {person.text_undelivered}</span>
          </StatusPill>
        )}
        {person.incomplete && (
          <span className="text-xs text-warning">{t('labels.incomplete')}</span>
        )}
      </span>
    </Link>
  );
}

function InterviewResults({
  query,
  onNavigate,
}: {
  query: string;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('search');
  const jobs = useSearchInterviews(query, 'company', true);
  const templates = useSearchInterviews(query, 'templates', true);
  if (!jobs.data || !templates.data || jobs.isFetching || templates.isFetching)
    return <Searching />;
  const found = jobs.data.results.length + templates.data.results.length;
  if (found === 0) return <NoResults />;
  return (
    <div className="space-y-5">
      {jobs.data.results.length > 0 && (
        <ul className="divide-y divide-border">
          {jobs.data.results.map((job) => (
            <li key={job.id}>
              <Link
                to={interviewResultPath(job)}
                onClick={onNavigate}
                className="flex items-center justify-between gap-3 rounded-md px-2 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-ink">
                    {job.title}
                  </span>
                  <span className="block text-xs text-muted">
                    {t('interviewees_count', { count: job.applications })}
                  </span>
                </span>
                <StatusPill tone={JOB_STATUS_TONE[job.status]}>
                  {t(`jobStatus.${job.status}`)}
                </StatusPill>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {templates.data.results.length > 0 && (
        <section>
          <h3 className="mb-1 px-2 text-xs font-semibold tracking-wide text-muted uppercase">
            {t('templates')}
          </h3>
          <ul className="divide-y divide-border">
            {templates.data.results.map((template) => (
              <li key={template.id}>
                <TemplateButton template={template} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** A template result creates a new interview from the template and opens its details step. */
function TemplateButton({
  template,
  onNavigate,
}: {
  template: Job;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const copy = useCopyJob();
  return (
    <button
      type="button"
      disabled={copy.isPending}
      onClick={() =>
        copy.mutate(template.id, {
          onSuccess: (job) => {
            onNavigate();
            void navigate(paths.createStep(job.id, 'details'));
          },
          onError: (error) =>
            toast.error(t('copyFailed'), { description: error.message }),
        })
      }
      className="flex w-full items-center justify-between gap-3 rounded-md px-2 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60"
    >
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-ink">
          {template.title}
        </span>
        <span className="block text-xs text-muted">{t('useTemplate')}</span>
      </span>
      <FilePlus2 className="size-4 shrink-0 text-brand-700" aria-hidden />
    </button>
  );
}
