import type { AdverseImpactReport } from '@candor/domain';
import { csvLine } from '../../platform/http/csv';

const MASKED = 'fewer than 5';
const decimal = (value: number | null, digits: number) =>
  value === null ? '' : value.toFixed(digits);

/** The report as CSV: the same figures as the page, masked groups as "fewer than 5". */
export function* adverseImpactCsvLines(
  report: AdverseImpactReport,
): Generator<string> {
  yield csvLine([
    'interview',
    'category',
    'from_stage',
    'stage',
    'group',
    'total',
    'selected',
    'selection_rate',
    'impact_ratio',
    'below_four_fifths',
    'fisher_exact_p',
  ]);
  const interview = report.job?.title ?? 'All interviews';
  for (const category of report.categories)
    for (const stage of category.stages)
      for (const row of stage.rows)
        yield csvLine(
          row.masked
            ? [
                interview,
                category.category,
                stage.from,
                stage.stage,
                row.group,
                MASKED,
              ]
            : [
                interview,
                category.category,
                stage.from,
                stage.stage,
                row.group,
                row.total,
                row.selected,
                decimal(row.rate, 4),
                decimal(row.impact_ratio, 4),
                row.below_four_fifths === null
                  ? ''
                  : row.below_four_fifths
                    ? 'yes'
                    : 'no',
                decimal(row.fisher_p, 4),
              ],
        );
}
