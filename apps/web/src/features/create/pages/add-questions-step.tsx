import { useCreateStep } from '../../../lib/create-step';
import { useJobEditLocks } from '../api/get-job-edit-facts';
import { StepLinks } from '../components/create-frame';
import { EditLocksNotice } from '../components/edit-locks-notice';
import { QuestionsCard } from '../components/questions-card';

export default function AddQuestionsStep() {
  const { job, nextPath, previousPath } = useCreateStep();
  const { facts, locks } = useJobEditLocks(job.id);
  return (
    <>
      <EditLocksNotice facts={facts} className="mb-6" />
      <QuestionsCard job={job} locks={locks} />
      <StepLinks previousPath={previousPath} nextPath={nextPath} />
    </>
  );
}
