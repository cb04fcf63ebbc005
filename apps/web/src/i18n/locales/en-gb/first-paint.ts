import { namespacesOf } from '../../namespaces';

// The namespaces of the pages a visitor may open first without a session — sign-in and the
// candidate's, the thank-you page's survey included — shipped with the first download; the rest is `./rest.ts` (decision 184). A
// namespace added here must leave rest.ts's list too.
export default namespacesOf(
  import.meta.glob(
    [
      './common.json',
      './auth.json',
      './interviewee.json',
      './recorder.json',
      './survey.json',
      './validation.json',
    ],
    { eager: true },
  ),
);
