import { ChevronDown, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import {
  DropdownMenu,
  DropdownMenuItem,
} from '../../../components/dropdown-menu';
import { jobEditLinks } from '../../../lib/jobs/job-edit-links';

/** The job page's way into editing the interview: details, questions, review panel, e-mails. */
export function EditInterviewMenu({ jobId }: { jobId: number }) {
  const { t } = useTranslation('applications');
  return (
    <DropdownMenu
      label={t('editInterview.menu')}
      align="start"
      trigger={
        <Button variant="secondary">
          <Pencil className="size-4" aria-hidden /> {t('editInterview.menu')}
          <ChevronDown className="size-4" aria-hidden />
        </Button>
      }
    >
      {jobEditLinks(jobId).map(({ target, to }) => (
        <DropdownMenuItem key={target} asChild>
          <Link to={to}>{t(`editInterview.${target}`)}</Link>
        </DropdownMenuItem>
      ))}
    </DropdownMenu>
  );
}
