import type { RatingDescription } from '../schemas/jobs';

/**
 * Behaviourally anchored descriptions, lowest to highest: what an answer at each band shows, so
 * every reviewer scores against the same words (issue 46). Five bands; a scale with more or
 * fewer points takes the band nearest to each point's place on it.
 */
const ANCHORS = {
  'en-gb': [
    'Does not answer the question, or gives no relevant example.',
    'A vague or general answer, with little about what they did or achieved.',
    'A relevant example with some detail of their own actions; the result is unclear.',
    'A clear, specific example: the situation, their own actions and the result.',
    'An outstanding, specific example with measurable results and what they learned from it.',
  ],
  'fr-fr': [
    'Ne répond pas à la question ou ne donne aucun exemple pertinent.',
    "Réponse vague ou générale, avec peu d'éléments sur ce que la personne a fait ou obtenu.",
    'Un exemple pertinent, avec quelques détails sur ses propres actions ; le résultat reste flou.',
    'Un exemple clair et précis : la situation, ses propres actions et le résultat.',
    "Un exemple remarquable et précis, avec des résultats mesurables et ce qu'elle en a appris.",
  ],
} as const;

export type AnchorLanguage = keyof typeof ANCHORS;

/**
 * The suggested anchors of a rating scale in the interview's language: one per point from 1 to
 * `scale` (0, where the scale starts there, means "No rating" and needs none).
 */
export function defaultRatingAnchors(options: {
  scale: number;
  language: string;
}): RatingDescription[] {
  const texts = ANCHORS[options.language === 'fr-fr' ? 'fr-fr' : 'en-gb'];
  const last = texts.length - 1;
  return Array.from({ length: options.scale }, (_, index) => {
    const level = index + 1;
    const place = options.scale > 1 ? index / (options.scale - 1) : 1;
    return { level, text: texts[Math.round(place * last)] ?? '' };
  });
}
