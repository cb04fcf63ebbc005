import { namespacesOf } from '../../namespaces';

// Every namespace first-paint.ts does not ship, fetched as one chunk before any other page
// shows (decision 184).
export default namespacesOf(
  import.meta.glob(
    [
      './*.json',
      '!./common.json',
      '!./auth.json',
      '!./interviewee.json',
      '!./recorder.json',
      '!./survey.json',
      '!./validation.json',
    ],
    { eager: true },
  ),
);
