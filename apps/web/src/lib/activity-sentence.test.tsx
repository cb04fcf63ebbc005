import { cleanup, render } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyLocale } from '../i18n';
import { useActivitySentence } from './activity-sentence';

afterEach(cleanup);

type Entry = { verb: string; params: Record<string, string> };

function Sentence({ entry }: { entry: Entry }) {
  const sentence = useActivitySentence();
  return <p>{sentence(entry)}</p>;
}

function sentenceOf(entry: Entry) {
  const { container } = render(<Sentence entry={entry} />);
  const paragraph = container.querySelector('p');
  return {
    text: paragraph?.textContent,
    bold: [...(paragraph?.querySelectorAll('strong') ?? [])].map(
      (strong) => strong.textContent,
    ),
  };
}

describe('activity sentences in French', () => {
  beforeAll(() => applyLocale('fr-fr'));
  // The web tests share modules (vitest.config.ts): the next file expects English.
  afterAll(() => applyLocale('en-gb'));

  it.each([
    [
      {
        verb: 'application.rated',
        params: {
          actor: 'Alex Morgan',
          applicant: 'Jane Doe',
          rating: '4',
          scale: '5',
        },
      },
      'Alex Morgan a noté Jane Doe 4 sur 5',
      ['Alex Morgan', 'Jane Doe', '4', '5'],
    ],
    [
      {
        verb: 'applications.invited_all',
        params: { actor: 'Alex Morgan', job: 'Barista', count: '1' },
      },
      'Alex Morgan a invité 1 candidat à Barista',
      ['Alex Morgan', 'Barista'],
    ],
    [
      {
        verb: 'applications.invited_all',
        params: { actor: 'Alex Morgan', job: 'Barista', count: '12' },
      },
      'Alex Morgan a invité 12 candidats à Barista',
      ['Alex Morgan', 'Barista'],
    ],
    [
      {
        verb: 'application.deadline_extended',
        params: { applicant: 'Jane Doe', deadline: '2026-12-04T23:59:00.000Z' },
      },
      "Quelqu'un a prolongé la date limite de Jane Doe jusqu'au 4 déc. 2026",
      ["Quelqu'un", 'Jane Doe', '4 déc. 2026'],
    ],
    [
      { verb: 'application.applied', params: { job: 'Barista' } },
      'Un candidat a postulé à Barista',
      ['Un candidat', 'Barista'],
    ],
    [
      {
        verb: 'company.retention_changed',
        params: { actor: 'Alex Morgan', months: '24' },
      },
      'Alex Morgan a modifié la durée de conservation des données des candidats : 2 ans',
      ['Alex Morgan', '2 ans'],
    ],
    [
      {
        verb: 'reviewer.reminded',
        params: { actor: 'Alex Morgan', applicant: 'Jane Doe' },
      },
      'Alex Morgan a effectué une modification (reviewer reminded) pour Jane Doe',
      ['Alex Morgan', 'Jane Doe'],
    ],
  ])('%o', (entry, text, bold) => {
    expect(sentenceOf(entry)).toEqual({ text, bold });
  });

  it('shows a name as text, never as markup', () => {
    const entry = {
      verb: 'application.invited',
      params: { actor: '<img src=x>', applicant: 'Bob' },
    };
    expect(sentenceOf(entry).text).toBe('<img src=x> a invité Bob');
  });
});
