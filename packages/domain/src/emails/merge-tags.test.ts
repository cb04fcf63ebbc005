import { describe, expect, it } from 'vitest';
import {
  formatDeadline,
  formatDuration,
  mergeTagsFor,
  previewMergeValues,
  renderMergeTags,
  unknownMergeTags,
  type MergeValues,
} from './merge-tags';

const values: MergeValues = {
  firstName: 'Ann',
  lastName: "O'Neil <b>",
  interviewTitle: 'Barista',
  deadline: 'Friday 27 November 2026 at 17:00 (UK time)',
  questionCount: 4,
  duration: '12 minutes',
  organisationName: 'Acme & Co',
  feedbackLink: 'https://feedback.example/1/tok',
};

describe('merge tags (spec 3)', () => {
  it.each([
    ['[FIRST NAME]', 'Ann'],
    ['[LAST NAME]', "O'Neil <b>"],
    ['[FULL NAME]', "Ann O'Neil <b>"],
    ['[INTERVIEW TITLE]', 'Barista'],
    ['[DEADLINE]', 'Friday 27 November 2026 at 17:00 (UK time)'],
    ['[QUESTION COUNT]', '4'],
    ['[DURATION]', '12 minutes'],
    ['[ORGANISATION NAME]', 'Acme & Co'],
  ])('%s → %s', (tag, expected) => {
    expect(
      renderMergeTags(`x ${tag} y`, values, {
        type: 'invitation',
        html: false,
      }),
    ).toBe(`x ${expected} y`);
  });

  it('[FEEDBACK LINK] only in completion e-mails', () => {
    expect(
      renderMergeTags('[FEEDBACK LINK]', values, {
        type: 'completion',
        html: false,
      }),
    ).toBe(values.feedbackLink);
    expect(
      renderMergeTags('[FEEDBACK LINK]', values, {
        type: 'invitation',
        html: false,
      }),
    ).toBe('Field error: [FEEDBACK LINK]');
    expect(
      renderMergeTags('[FEEDBACK LINK]', values, {
        type: 'rejection',
        html: false,
      }),
    ).toBe('Field error: [FEEDBACK LINK]');
    expect(mergeTagsFor('completion')).toContain('[FEEDBACK LINK]');
    expect(mergeTagsFor('custom')).not.toContain('[FEEDBACK LINK]');
  });

  it("an unknown tag renders as 'Field error: {tag}'", () => {
    expect(
      renderMergeTags('Dear [SURNAME],', values, {
        type: 'invitation',
        html: false,
      }),
    ).toBe('Dear Field error: [SURNAME],');
    expect(
      unknownMergeTags('[SURNAME] [FIRST NAME] [SURNAME]', 'invitation'),
    ).toEqual(['[SURNAME]']);
  });

  it('leaves ordinary bracketed text alone', () => {
    expect(
      renderMergeTags('[see attached] [a]', values, {
        type: 'invitation',
        html: false,
      }),
    ).toBe('[see attached] [a]');
  });

  it('leaves out the line naming the deadline when the interview has none', () => {
    const none = { ...values, deadline: '' };
    const render = (text: string, html = true) =>
      renderMergeTags(text, none, { type: 'invitation', html });
    // The default invitation's and reminder's lines (emails/default-email-texts.ts).
    expect(
      render(
        '<p>Number of questions: [QUESTION COUNT]<br>Time needed: about [DURATION]<br>Deadline: <strong>[DEADLINE]</strong></p><p>Good luck!</p>',
      ),
    ).toBe(
      '<p>Number of questions: 4<br>Time needed: about 12 minutes</p><p>Good luck!</p>',
    );
    expect(
      render(
        '<p>Deadline: <strong>[DEADLINE]</strong><br>Time needed: about [DURATION]</p>',
      ),
    ).toBe('<p>Time needed: about 12 minutes</p>');
    expect(render('<p>Hello</p><p>Please answer by [DEADLINE].</p>')).toBe(
      '<p>Hello</p>',
    );
    // A subject keeps its words; with a deadline, nothing is left out.
    expect(render('Interview (by [DEADLINE])', false)).toBe('Interview (by )');
    expect(
      renderMergeTags('<p>Deadline: [DEADLINE]</p>', values, {
        type: 'invitation',
        html: true,
      }),
    ).toBe('<p>Deadline: Friday 27 November 2026 at 17:00 (UK time)</p>');
  });

  it('escapes values in HTML', () => {
    expect(
      renderMergeTags('<p>[FULL NAME] at [ORGANISATION NAME]</p>', values, {
        type: 'invitation',
        html: true,
      }),
    ).toBe('<p>Ann O&#39;Neil &lt;b&gt; at Acme &amp; Co</p>');
  });
});

describe('formatting', () => {
  it('durations in minutes and hours', () => {
    expect(formatDuration(600)).toBe('10 minutes');
    expect(formatDuration(61)).toBe('2 minutes');
    expect(formatDuration(30)).toBe('1 minute');
    expect(formatDuration(3900)).toBe('1 hour 5 minutes');
    expect(formatDuration(3900, 'fr-fr')).toBe('1 heure 5 minutes');
    expect(formatDuration(7200, 'fr-fr')).toBe('2 heures');
    expect(formatDuration(600, 'fr-fr')).toBe('10 minutes');
  });
  it('deadlines in UK time', () => {
    expect(formatDeadline(new Date('2026-11-27T17:00:00Z'))).toBe(
      'Friday, 27 November 2026 at 17:00 (UK time)',
    );
    expect(formatDeadline(new Date('2026-07-01T16:00:00Z'))).toBe(
      'Wednesday, 1 July 2026 at 17:00 (UK time)',
    );
    expect(formatDeadline(null)).toBe('');
  });
  it('preview sample values: deadline 3 days, 5 questions, 10 minutes', () => {
    const sample = previewMergeValues({
      organisationName: 'Acme',
      now: new Date('2026-11-21T17:00:00Z'),
    });
    expect(sample).toMatchObject({
      questionCount: 5,
      duration: '10 minutes',
      organisationName: 'Acme',
    });
    expect(sample.deadline).toBe(
      'Tuesday, 24 November 2026 at 17:00 (UK time)',
    );
  });
  it("an interview's own values replace the samples in its preview", () => {
    const values = previewMergeValues({
      organisationName: 'Acme',
      now: new Date('2026-11-21T17:00:00Z'),
      interview: {
        title: 'Night porter',
        questionCount: 2,
        seconds: 150,
        deadline: new Date('2026-12-01T17:00:00Z'),
      },
    });
    expect(values).toMatchObject({
      firstName: 'Jamie',
      interviewTitle: 'Night porter',
      questionCount: 2,
      duration: '3 minutes',
      deadline: 'Tuesday, 1 December 2026 at 17:00 (UK time)',
    });
  });
});
