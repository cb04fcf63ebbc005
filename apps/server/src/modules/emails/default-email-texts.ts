import type { EmailType } from '@candor/domain';

/** The e-mails every company starts with; the template editor changes them per company. */
export const DEFAULT_EMAIL_TEXTS: Record<
  EmailType,
  { subject: string; body_text: string }
> = {
  invitation: {
    subject:
      'Your video interview for [INTERVIEW TITLE] at [ORGANISATION NAME]',
    body_text: [
      '<p>Dear [FIRST NAME],</p>',
      '<p>Thank you for your interest in the [INTERVIEW TITLE] role at [ORGANISATION NAME]. We would like to invite you to a short video interview.</p>',
      // A label before the count reads right for one question and for many, in any language.
      '<p>Number of questions: [QUESTION COUNT]<br>Time needed: about [DURATION]<br>Deadline: <strong>[DEADLINE]</strong></p>',
      '<p>You can take it at a time that suits you before the deadline, on a computer or a phone with a camera and microphone.</p>',
      '<p>Find a quiet, well-lit place, and take a moment to read each question before you answer. Good luck!</p>',
      '<p>Kind regards,<br>[ORGANISATION NAME]</p>',
    ].join(''),
  },
  completion: {
    subject: 'Thank you for completing your interview for [INTERVIEW TITLE]',
    body_text: [
      '<p>Dear [FIRST NAME],</p>',
      '<p>Thank you for completing your video interview for the [INTERVIEW TITLE] role. Your answers have reached [ORGANISATION NAME] and will be reviewed shortly.</p>',
      '<p>Once your interview has been reviewed you can read your feedback here: [FEEDBACK LINK]</p>',
      '<p>Kind regards,<br>[ORGANISATION NAME]</p>',
    ].join(''),
  },
  rejection: {
    subject: 'Your application for [INTERVIEW TITLE]',
    body_text: [
      '<p>Dear [FIRST NAME],</p>',
      '<p>Thank you for taking the time to complete a video interview for the [INTERVIEW TITLE] role at [ORGANISATION NAME].</p>',
      '<p>We have reviewed your answers carefully and, on this occasion, we will not be taking your application further. We appreciate your interest and wish you every success in your search.</p>',
      '<p>Kind regards,<br>[ORGANISATION NAME]</p>',
    ].join(''),
  },
};
