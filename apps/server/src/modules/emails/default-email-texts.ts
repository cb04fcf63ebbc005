import type { EmailType } from '@candor/domain';
import type { EmailLanguage } from './email-words';

type EmailText = { subject: string; body_text: string };

/**
 * The e-mails every company starts with, in each language an interview can be held in; the
 * template editor changes them per company. A company's templates are written in the language
 * of whoever first needs them (decision 160).
 */
export const DEFAULT_EMAIL_TEXTS: Record<
  EmailLanguage,
  Record<EmailType, EmailText>
> = {
  'en-gb': {
    invitation: {
      subject:
        'Your video interview for [INTERVIEW TITLE] at [ORGANISATION NAME]',
      body_text: [
        '<p>Dear [FIRST NAME],</p>',
        '<p>Thank you for your interest in the [INTERVIEW TITLE] role at [ORGANISATION NAME]. We would like to invite you to a short video interview.</p>',
        // A label before the count reads right for one question and for many, in any language.
        '<p>Number of questions: [QUESTION COUNT]<br>Time needed: about [DURATION]<br>Deadline: <strong>[DEADLINE]</strong></p>',
        '<p>You can take it at a time that suits you, on a computer or a phone with a camera and microphone.</p>',
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
    reminder: {
      subject: 'Reminder: your video interview for [INTERVIEW TITLE]',
      body_text: [
        '<p>Dear [FIRST NAME],</p>',
        '<p>This is a friendly reminder that your video interview for the [INTERVIEW TITLE] role at [ORGANISATION NAME] is still waiting for you.</p>',
        '<p>Deadline: <strong>[DEADLINE]</strong><br>Time needed: about [DURATION]</p>',
        '<p>Kind regards,<br>[ORGANISATION NAME]</p>',
      ].join(''),
    },
  },
  'fr-fr': {
    invitation: {
      subject:
        'Votre entretien vidéo pour le poste [INTERVIEW TITLE] chez [ORGANISATION NAME]',
      body_text: [
        '<p>Bonjour [FIRST NAME],</p>',
        '<p>Merci de l’intérêt que vous portez au poste [INTERVIEW TITLE] chez [ORGANISATION NAME]. Nous aimerions vous inviter à un court entretien vidéo.</p>',
        '<p>Nombre de questions : [QUESTION COUNT]<br>Durée : environ [DURATION]<br>Date limite : <strong>[DEADLINE]</strong></p>',
        '<p>Vous pouvez le passer quand cela vous convient, sur un ordinateur ou un téléphone équipé d’une caméra et d’un micro.</p>',
        '<p>Installez-vous dans un endroit calme et bien éclairé, et prenez le temps de lire chaque question avant de répondre. Bonne chance !</p>',
        '<p>Bien cordialement,<br>[ORGANISATION NAME]</p>',
      ].join(''),
    },
    completion: {
      subject:
        'Merci d’avoir terminé votre entretien pour le poste [INTERVIEW TITLE]',
      body_text: [
        '<p>Bonjour [FIRST NAME],</p>',
        '<p>Merci d’avoir terminé votre entretien vidéo pour le poste [INTERVIEW TITLE]. Vos réponses sont bien parvenues à [ORGANISATION NAME] et seront examinées prochainement.</p>',
        '<p>Une fois votre entretien examiné, vous pourrez lire votre retour ici : [FEEDBACK LINK]</p>',
        '<p>Bien cordialement,<br>[ORGANISATION NAME]</p>',
      ].join(''),
    },
    rejection: {
      subject: 'Votre candidature au poste [INTERVIEW TITLE]',
      body_text: [
        '<p>Bonjour [FIRST NAME],</p>',
        '<p>Merci d’avoir pris le temps de passer un entretien vidéo pour le poste [INTERVIEW TITLE] chez [ORGANISATION NAME].</p>',
        '<p>Nous avons examiné vos réponses avec attention et, cette fois-ci, nous ne donnerons pas suite à votre candidature. Nous vous remercions de votre intérêt et vous souhaitons pleine réussite dans vos recherches.</p>',
        '<p>Bien cordialement,<br>[ORGANISATION NAME]</p>',
      ].join(''),
    },
    reminder: {
      subject: 'Rappel : votre entretien vidéo pour le poste [INTERVIEW TITLE]',
      body_text: [
        '<p>Bonjour [FIRST NAME],</p>',
        '<p>Petit rappel : votre entretien vidéo pour le poste [INTERVIEW TITLE] chez [ORGANISATION NAME] vous attend toujours.</p>',
        '<p>Date limite : <strong>[DEADLINE]</strong><br>Durée : environ [DURATION]</p>',
        '<p>Bien cordialement,<br>[ORGANISATION NAME]</p>',
      ].join(''),
    },
  },
};
