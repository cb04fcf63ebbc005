import { useCreateStep } from '../../../lib/create-step';
import { useJobEditLocks } from '../api/get-job-edit-facts';
import { DetailsForm } from '../components/details-form';
import { EditLocksNotice } from '../components/edit-locks-notice';

export default function DetailsStep() {
  const { job } = useCreateStep();
  const { facts, locks } = useJobEditLocks(job.id);
  return (
    <>
      <EditLocksNotice facts={facts} className="mb-6" />
      <DetailsForm key={job.id} job={job} locks={locks} />
    </>
  );
}
