import type { Activity } from '@candor/domain';
import type { TFunction } from 'i18next';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from './format-date';

// The server words `history` in English; the web words the sentence from the verb and the
// entry's params in the reader's language, names in bold (decision 141).
const OPEN = '\u0001';
const CLOSE = '\u0002';
const MARKED = new RegExp(`${OPEN}([a-z_]+)${CLOSE}`);

type Entry = Pick<Activity, 'verb' | 'params'>;

/** Returns a function that turns an activity entry into a sentence with its names in <strong>. */
export function useActivitySentence(): (entry: Entry) => ReactNode {
  const { t, i18n } = useTranslation('activity');
  return (entry) =>
    activitySentence(entry, t, i18n.language, (key, count) =>
      i18n.exists(key, { ns: 'activity', count }),
    );
}

function activitySentence(
  entry: Entry,
  t: TFunction<'activity'>,
  locale: string,
  exists: (key: string, count?: number) => boolean,
): ReactNode {
  const values = slotValues(entry, t, locale);
  const count = Number(entry.params.count);
  const hasCount = entry.params.count !== undefined && Number.isFinite(count);
  const key =
    entry.verb === 'application.rated' && !entry.params.scale
      ? 'sentences.application.rated_unscaled'
      : `sentences.${entry.verb}`;
  // The slots travel as markers so each value can be wrapped in <strong> afterwards.
  const marked = Object.fromEntries(
    Object.keys(values).map((slot) => [slot, `${OPEN}${slot}${CLOSE}`]),
  );
  const options = {
    ...marked,
    ...(hasCount ? { count } : {}),
    defaultValue: '',
  };
  let text = exists(key, hasCount ? count : undefined) ? t(key, options) : '';
  if (!text) {
    const subject = entry.params.applicant
      ? 'applicant'
      : entry.params.job
        ? 'job'
        : null;
    text = subject
      ? t('genericFor', {
          ...options,
          verb: humaniseVerb(entry.verb),
          subject: `${OPEN}${subject}${CLOSE}`,
        })
      : t('generic', { ...options, verb: humaniseVerb(entry.verb) });
  }
  const parts = text.split(MARKED);
  return parts.map((part, index) => {
    if (index % 2 === 1) {
      const value = values[part] ?? part;
      // A stand-in such as "un candidat" may open the sentence.
      return (
        <strong key={index}>
          {index === 1 && parts[0] === '' ? capitalise(value) : value}
        </strong>
      );
    }
    const plain = index === 0 ? capitalise(part) : part;
    return <Fragment key={index}>{plain}</Fragment>;
  });
}

/** Each slot's words: the recorded value, or a stand-in in the reader's language. */
function slotValues(
  entry: Entry,
  t: TFunction<'activity'>,
  locale: string,
): Record<string, string> {
  const params = entry.params;
  const months = params.months === undefined ? null : Number(params.months);
  return {
    ...params,
    actor: params.actor ?? t('someone'),
    applicant: params.applicant ?? t('anInterviewee'),
    job: params.job ?? t('anInterview'),
    deadline: formatDeadline(params.deadline, locale) ?? t('aNewDate'),
    period:
      months === null || !Number.isFinite(months)
        ? t('period.untilDeleted')
        : months % 12 === 0
          ? t('period.years', { count: months / 12 })
          : t('period.months', { count: months }),
    type: params.type ? t(`emailType.${params.type}`, params.type) : '',
  };
}

/** The deadline the entry recorded, as a day in UTC (the line reads the same for every viewer). */
function formatDeadline(
  iso: string | undefined,
  locale: string,
): string | null {
  if (!iso || Number.isNaN(Date.parse(iso))) return null;
  return formatDay(iso, locale, 'UTC');
}

function humaniseVerb(verb: string): string {
  return verb.replace(/[._]+/g, ' ').trim();
}

function capitalise(text: string): string {
  return text.replace(/^\p{Ll}/u, (letter) => letter.toUpperCase());
}
