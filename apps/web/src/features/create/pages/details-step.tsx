import { useCreateStep } from '../../../lib/create-step';
import { DetailsForm } from '../components/details-form';

export default function DetailsStep() {
  const { job } = useCreateStep();
  return <DetailsForm key={job.id} job={job} />;
}
