import {
  EMAIL_TYPES,
  renderMergeTags,
  unknownMergeTags,
  type MergeValues,
} from '@candor/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_TEXTS } from './default-email-texts';

const values = (questionCount: number): MergeValues => ({
  firstName: 'Ann',
  lastName: 'Lee',
  interviewTitle: 'Barista',
  deadline: 'Friday, 4 December 2026 at 17:00 (UK time)',
  questionCount,
  duration: '5 minutes',
  organisationName: 'Acme',
  feedbackLink: 'https://example.com/feedback',
});

const invitation = (questionCount: number) =>
  renderMergeTags(
    DEFAULT_EMAIL_TEXTS['en-gb'].invitation.body_text,
    values(questionCount),
    {
      type: 'invitation',
      html: true,
    },
  );

describe('the default e-mail texts', () => {
  const everyText = (['en-gb', 'fr-fr'] as const).flatMap((language) =>
    EMAIL_TYPES.map((type) => [language, type] as const),
  );
  it.each(everyText)(
    'the %s %s e-mail uses only its own merge tags',
    (language, type) => {
      const { subject, body_text } = DEFAULT_EMAIL_TEXTS[language][type];
      expect(unknownMergeTags(subject + body_text, type)).toEqual([]);
    },
  );

  it('has each text in French with the tags of its English one', () => {
    for (const type of EMAIL_TYPES) {
      const tags = (language: 'en-gb' | 'fr-fr') => {
        const { subject, body_text } = DEFAULT_EMAIL_TEXTS[language][type];
        return [...(subject + body_text).matchAll(/\[[A-Z ]+\]/g)]
          .map(([tag]) => tag)
          .sort();
      };
      expect(tags('fr-fr')).toEqual(tags('en-gb'));
      expect(DEFAULT_EMAIL_TEXTS['fr-fr'][type].body_text).toMatch(
        /^<p>Bonjour/,
      );
    }
  });

  // Issue 30: "There are 1 questions".
  it.each([
    [1, 'Number of questions: 1<br>'],
    [3, 'Number of questions: 3<br>'],
  ])('the invitation reads right with %i question(s)', (count, expected) => {
    const body = invitation(count);
    expect(body).toContain(expected);
    expect(body).not.toMatch(/\b1 questions\b|There are 1\b/);
    expect(body).toContain('Time needed: about 5 minutes');
    expect(body).toContain(
      'Deadline: <strong>Friday, 4 December 2026 at 17:00 (UK time)</strong>',
    );
  });

  it('still renders the count in templates saved from the old text', () => {
    const old =
      '<p>There are [QUESTION COUNT] questions and the interview takes about [DURATION].</p>';
    expect(
      renderMergeTags(old, values(2), { type: 'invitation', html: true }),
    ).toBe(
      '<p>There are 2 questions and the interview takes about 5 minutes.</p>',
    );
  });
});
