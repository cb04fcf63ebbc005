import type { AdverseImpactReport, JobStats } from '@candor/domain';
import { Download, Info, Scale } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { FormError, Select } from '../../../components/form-field';
import { Skeleton } from '../../../components/skeleton';
import { cn } from '../../../lib/cn';
import {
  adverseImpactExportUrl,
  useAdverseImpact,
} from '../api/get-adverse-impact';

type Row =
  AdverseImpactReport['categories'][number]['stages'][number]['rows'][number];

/**
 * The adverse-impact report (company admins, decision 181): per category of the voluntary
 * survey, each group's share shortlisted of those who responded, its ratio to the highest
 * group's and the four-fifths flag, with groups under 5 shown only as "fewer than 5".
 */
export function AdverseImpactSection({
  shortname,
  jobs,
}: {
  shortname: string;
  jobs: readonly Pick<JobStats, 'job_id' | 'title'>[];
}) {
  const { t } = useTranslation('reports');
  const { t: tSurvey } = useTranslation('survey');
  const [job, setJob] = useState<number | undefined>();
  const report = useAdverseImpact(shortname, job);

  return (
    <Card role="region" aria-labelledby="adverse-impact-title">
      <CardHeader
        title={<span id="adverse-impact-title">{t('impact.title')}</span>}
        description={t('impact.description')}
        actions={
          <div className="flex flex-wrap items-end gap-2">
            <Select
              label={t('impact.interview')}
              hideLabel
              value={job ?? ''}
              onChange={(event) =>
                setJob(
                  event.target.value ? Number(event.target.value) : undefined,
                )
              }
              options={[
                { value: '', label: t('impact.allInterviews') },
                ...jobs.map((item) => ({
                  value: item.job_id,
                  label: item.title,
                })),
              ]}
            />
            <Button asChild variant="secondary">
              <a href={adverseImpactExportUrl(shortname, job)} download>
                <Download className="size-4" aria-hidden />
                {t('export')}
              </a>
            </Button>
          </div>
        }
      />
      {report.isError ? (
        <FormError>{report.error.message}</FormError>
      ) : !report.data ? (
        <Skeleton className="h-48" />
      ) : report.data.categories.length === 0 ? (
        <EmptyState
          icon={Scale}
          title={t('impact.empty')}
          description={
            report.data.survey_enabled
              ? t('impact.emptyOn')
              : t('impact.emptyOff')
          }
        />
      ) : (
        <div className="space-y-6" aria-busy={report.isFetching}>
          {report.data.categories.map((category) =>
            category.stages.map((stage) => (
              <section key={`${category.category}-${stage.stage}`}>
                <h3
                  id={`impact-${category.category}-${stage.stage}`}
                  className="mb-2 text-sm font-semibold text-ink"
                >
                  {t('impact.categoryStage', {
                    category: tSurvey(`categories.${category.category}`),
                  })}
                </h3>
                {/* Scrolls sideways on a phone: focusable so a keyboard can scroll it. */}
                <div
                  role="region"
                  tabIndex={0}
                  aria-labelledby={`impact-${category.category}-${stage.stage}`}
                  className="overflow-x-auto rounded-md border border-border"
                >
                  <ImpactTable
                    rows={stage.rows}
                    groupLabel={(group) =>
                      tSurvey(`groups.${category.category}.${group}`)
                    }
                  />
                </div>
              </section>
            )),
          )}
        </div>
      )}
      <div className="mt-6 flex gap-3 rounded-md bg-slate-50 p-4 text-sm text-slate-700">
        <Info className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
        <div className="space-y-2">
          <p>{t('impact.noteMeans')}</p>
          <p>{t('impact.noteDoesNotMean')}</p>
          <p>{t('impact.notePrivacy')}</p>
        </div>
      </div>
    </Card>
  );
}

function ImpactTable({
  rows,
  groupLabel,
}: {
  rows: Row[];
  groupLabel: (group: string) => string;
}) {
  const { t, i18n } = useTranslation('reports');
  const percent = new Intl.NumberFormat(i18n.language, {
    style: 'percent',
    maximumFractionDigits: 0,
  });
  const decimal = new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const none = t('none');
  const headers = [
    t('impact.group'),
    t('impact.responded'),
    t('impact.shortlisted'),
    t('impact.rate'),
    t('impact.ratio'),
    t('impact.fourFifths'),
    t('impact.fisher'),
  ];
  return (
    <table className="w-full min-w-[40rem] table-fixed text-sm">
      <thead className="bg-slate-50 text-left text-xs font-medium text-muted">
        <tr>
          {headers.map((header, index) => (
            <th
              key={header}
              scope="col"
              className={cn('px-3 py-2', index === 0 ? 'w-1/4' : 'text-right')}
            >
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {rows.map((row) => (
          <tr key={row.group} data-group={row.group}>
            <th
              scope="row"
              className="px-3 py-2 text-left font-medium text-ink"
            >
              {groupLabel(row.group)}
            </th>
            {row.masked ? (
              <td colSpan={6} className="px-3 py-2 text-muted italic">
                {t('impact.fewerThan', { count: 5 })}
              </td>
            ) : (
              <>
                <td className="px-3 py-2 text-right tabular-nums">
                  {row.total}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {row.selected}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {row.rate === null ? none : percent.format(row.rate)}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {row.impact_ratio === null
                    ? none
                    : decimal.format(row.impact_ratio)}
                </td>
                <td className="px-3 py-2 text-right">
                  {row.below_four_fifths === null ? (
                    none
                  ) : row.below_four_fifths ? (
                    <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800">
                      {t('impact.below')}
                    </span>
                  ) : (
                    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
                      {t('impact.within')}
                    </span>
                  )}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {row.fisher_p === null ? none : decimal.format(row.fisher_p)}
                </td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
