import type { Db } from '../../db/connection';
import { OUTBOX_LEASE_SECONDS } from '../../platform/mail/outbox-poller';
import { eraseSurveyAnswers } from '../fairness/fairness.service';
import { enqueueTask } from '../../platform/tasks/tasks.repository';
import { LATE_UPLOAD_WRITES_SECONDS } from '../../platform/storage/answer-upload-store';
import { takeFiles } from './erasable-files';
import {
  DELETE_FILES_TASK,
  FORGET_EMAILS_TASK,
  KEYS_PER_TASK,
  enqueueFileDeletions,
} from './erasure-tasks';
import {
  deleteApplicantEmails,
  deleteApplicants,
  deleteApplicantEvents,
  deleteApplicantWebhooks,
  enqueueOwnFileDeletions,
  findUnfinishedTakes,
  type ErasureScope,
} from './retention.repository';

/**
 * After this no upload request of an erased take still writes, and no transcode of one still
 * runs (ffmpeg is stopped after 30 minutes).
 */
const LATE_WRITES_SECONDS = LATE_UPLOAD_WRITES_SECONDS;

/**
 * Erases applicants and everything about them: rows, e-mails and stored files. Call it inside
 * a transaction. Rows go now; the files are deleted by tasks committed in the same
 * transaction, so no row ever points at a missing file and no file is left that nothing names
 * (decision 072). The retention sweep, deleting an interviewee and deleting a job all come here.
 */
export async function eraseApplications(
  db: Db,
  scope: ErasureScope,
  options: { signingSecret: string },
): Promise<number> {
  // The survey's answers name nobody: an interview's go with it by its foreign key, one
  // interviewee's are found by their handle (decision 181).
  if ('applicationIds' in scope)
    await eraseSurveyAnswers(db, {
      secret: options.signingSecret,
      applicationIds: scope.applicationIds,
    });
  await enqueueOwnFileDeletions(db, {
    scope,
    kind: DELETE_FILES_TASK,
    keysPerTask: KEYS_PER_TASK,
  });
  // A take still uploading or transcoding may write its files after this; delete them again
  // once nothing can.
  const unfinished = await findUnfinishedTakes(db, scope);
  if (unfinished.length > 0) {
    await enqueueFileDeletions(
      db,
      unfinished.flatMap(takeFiles),
      new Date(Date.now() + LATE_WRITES_SECONDS * 1000),
    );
  }
  await deleteApplicantWebhooks(db, scope);
  await deleteApplicantEvents(db, scope);
  const sending = await deleteApplicantEmails(db, scope);
  if (sending.length > 0) {
    await enqueueTask(db, {
      kind: FORGET_EMAILS_TASK,
      payload: { ids: sending },
      runAt: new Date(Date.now() + OUTBOX_LEASE_SECONDS * 1000),
    });
  }
  return deleteApplicants(db, scope);
}
