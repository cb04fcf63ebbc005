import type { SurveyCategory } from '@candor/domain';
import { SatisfactionForm } from './satisfaction-form';
import { SurveyForm } from './survey-form';

/**
 * The thank-you page's two optional questionnaires, in a chunk of their own: nobody needs them
 * before the last answer, so the landing page's first download leaves them out (decision 184).
 */
export default function ThankYouForms(props: {
  token: string;
  company: string;
  survey: readonly SurveyCategory[] | null;
}) {
  return (
    <>
      <SatisfactionForm token={props.token} company={props.company} />
      {props.survey && props.survey.length > 0 && (
        <SurveyForm
          token={props.token}
          company={props.company}
          categories={props.survey}
        />
      )}
    </>
  );
}
