import { zodResolver } from '@hookform/resolvers/zod';
import { reviewerCreateSchema, type ReviewerCreate } from '@candor/domain';
import { UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FormError, Input } from '../../../components/form-field';
import { toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { useAddReviewer } from '../api/reviewers';

/** Adds a reviewer by name and e-mail; a new person gets an account without a password. */
export function AddReviewerForm({ job }: { job: number }) {
  const { t } = useTranslation('reviewers');
  const errorText = useErrorText();
  const add = useAddReviewer(job);
  const form = useForm<ReviewerCreate>({
    resolver: zodResolver(reviewerCreateSchema),
    defaultValues: { first_name: '', last_name: '', email: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: (reviewer) => {
        form.reset();
        toast.success(t('added', { reviewer: reviewer.user.full_name }));
      },
      onError: (error) => {
        const email = isApiError(error)
          ? error.fieldMessage('email')
          : undefined;
        if (email) form.setError('email', { message: email });
      },
    }),
  );
  const failure =
    add.error && isApiError(add.error) && !add.error.fieldMessage('email')
      ? add.error.message
      : undefined;

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <FormError>{errorText(failure)}</FormError>
      <div className="grid gap-3 sm:grid-cols-2">
        <Input
          label={t('form.firstName')}
          error={errorText(errors.first_name?.message)}
          {...form.register('first_name')}
        />
        <Input
          label={t('form.lastName')}
          error={errorText(errors.last_name?.message)}
          {...form.register('last_name')}
        />
      </div>
      <Input
        label={t('form.email')}
        type="email"
        error={errorText(errors.email?.message)}
        {...form.register('email')}
      />
      <Button type="submit" loading={add.isPending}>
        <UserPlus className="size-4" aria-hidden />
        {t('form.add')}
      </Button>
    </form>
  );
}
