import { createHmac } from 'node:crypto';

// A purpose of its own: the handle is good for nothing but finding one person's answers.
const PURPOSE = 'equal-opportunity-survey';

/**
 * The key of an interviewee's survey answers: an HMAC of their application id under the
 * server's signing secret. The server can find (to replace or erase) the answers of a person
 * it names, but the database alone cannot tell whose a row is (decision 181).
 */
export function surveyHandle(secret: string, applicationId: number): string {
  return createHmac('sha256', secret)
    .update(`${PURPOSE}:${applicationId}`)
    .digest('base64url');
}
