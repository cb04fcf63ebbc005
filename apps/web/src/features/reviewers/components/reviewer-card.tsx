import {
  canOfferDecisionPermission,
  REVIEWER_APPLICANTS,
  REVIEWER_RATING,
  type ApplicationReply,
  type Reviewer,
  type ReviewerUpdate,
} from '@candor/domain';
import { Mail, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { confirm } from '../../../components/confirm-dialog';
import { Checkbox } from '../../../components/form-field';
import { StatusPill } from '../../../components/status-pill';
import { toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useConstants } from '../../../lib/session';
import {
  useDeleteReviewer,
  useInviteReviewer,
  useJobApplicants,
  useUpdateReviewer,
} from '../api/reviewers';

function Choice({
  name,
  value,
  checked,
  label,
  onChange,
  disabled,
}: {
  name: string;
  value: string;
  checked: boolean;
  label: string;
  disabled?: boolean;
  onChange: () => void;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm text-slate-800">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        className="size-4 accent-brand-700"
      />
      {label}
    </label>
  );
}

/** One reviewer with their settings; the account holder is shown but cannot be changed. */
export function ReviewerCard({
  job,
  reviewer: saved,
}: {
  job: number;
  reviewer: Reviewer;
}) {
  const { t } = useTranslation('reviewers');
  const constants = useConstants();
  const update = useUpdateReviewer(job);
  const invite = useInviteReviewer(job);
  const remove = useDeleteReviewer(job);
  // Show the change at once while it saves; the server's reply then replaces it.
  const reviewer: Reviewer = update.isPending
    ? { ...saved, ...update.variables, id: saved.id }
    : saved;
  const chosen = reviewer.applicants === REVIEWER_APPLICANTS.chosen;
  const applicants = useJobApplicants(
    job,
    chosen && !reviewer.is_account_holder,
  );
  const name = reviewer.user.full_name || reviewer.email;
  const locked = reviewer.is_account_holder;

  const change = (values: ReviewerUpdate) =>
    update.mutate(
      { id: reviewer.id, ...values },
      {
        onError: (error) =>
          toast.error(isApiError(error) ? error.message : t('saveFailed')),
      },
    );

  const sendInvite = () =>
    invite.mutate(reviewer.id, {
      onSuccess: () => toast.success(t('invite.sent', { reviewer: name })),
      onError: () => toast.error(t('invite.failed', { reviewer: name })),
    });

  const deleteReviewer = async () => {
    const ok = await confirm({
      title: t('delete.title'),
      description: t('delete.body'),
      actionLabel: t('actions.delete', { ns: 'common' }),
      tone: 'danger',
    });
    if (ok)
      remove.mutate(reviewer.id, {
        onError: (error) =>
          toast.error(isApiError(error) ? error.message : t('saveFailed')),
      });
  };

  const toggleAssigned = (application: ApplicationReply, on: boolean) => {
    const next = new Set(reviewer.assigned_applications);
    if (on) next.add(application.id);
    else next.delete(application.id);
    change({ assigned_applications: [...next] });
  };

  const status = locked
    ? { tone: 'brand' as const, label: t('status.accountHolder') }
    : reviewer.account_status === 1
      ? { tone: 'green' as const, label: t('status.active') }
      : reviewer.invited_at
        ? { tone: 'amber' as const, label: t('status.invited') }
        : { tone: 'grey' as const, label: t('status.notInvited') };

  return (
    <Card data-testid={`reviewer-${reviewer.email}`}>
      <div className="flex flex-wrap items-start gap-3">
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-800"
          aria-hidden
        >
          {(reviewer.first_name[0] ?? '') + (reviewer.last_name[0] ?? '')}
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-medium text-ink">{name}</p>
          <p className="truncate text-sm text-muted">{reviewer.email}</p>
        </div>
        <StatusPill tone={status.tone}>{status.label}</StatusPill>
        {!locked && (
          <div className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={sendInvite}
              loading={invite.isPending}
            >
              <Mail className="size-4" aria-hidden />
              {reviewer.invited_at ? t('invite.resend') : t('invite.send')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void deleteReviewer()}
              aria-label={t('delete.label', { reviewer: name })}
            >
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </div>
        )}
      </div>
      {locked ? (
        <p className="mt-3 text-sm text-muted">{t('accountHolderNote')}</p>
      ) : (
        <div className="mt-4 grid gap-5 border-t border-border pt-4 md:grid-cols-2">
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-semibold text-ink">
              {t('settings.applicants')}
            </legend>
            {constants.reviewers.applicants.map((choice) => (
              <Choice
                key={choice.id}
                name={`applicants-${reviewer.id}`}
                value={String(choice.id)}
                checked={reviewer.applicants === choice.id}
                label={t(`settings.applicantsChoice.${choice.id}`, {
                  defaultValue: choice.name,
                })}
                onChange={() => change({ applicants: choice.id })}
              />
            ))}
            {chosen && (
              <div className="mt-2 max-h-48 space-y-2 overflow-y-auto rounded-lg border border-border p-3">
                {applicants.isPending ? (
                  <p className="text-sm text-muted">
                    {t('loading', { ns: 'reviewers' })}
                  </p>
                ) : !applicants.data?.length ? (
                  <p className="text-sm text-muted">
                    {t('settings.noApplicants')}
                  </p>
                ) : (
                  applicants.data.map((application) => (
                    <Checkbox
                      key={application.id}
                      label={application.user.full_name}
                      hint={application.user.email}
                      checked={reviewer.assigned_applications.includes(
                        application.id,
                      )}
                      onChange={(event) =>
                        toggleAssigned(application, event.target.checked)
                      }
                    />
                  ))
                )}
              </div>
            )}
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-semibold text-ink">
              {t('settings.reviews')}
            </legend>
            <Choice
              name={`reviews-${reviewer.id}`}
              value="own"
              checked={!reviewer.all_reviews}
              label={t('settings.ownReviews')}
              onChange={() => change({ all_reviews: false })}
            />
            <Choice
              name={`reviews-${reviewer.id}`}
              value="all"
              checked={reviewer.all_reviews}
              label={t('settings.allReviews')}
              onChange={() => change({ all_reviews: true })}
            />
          </fieldset>
          {canOfferDecisionPermission(reviewer) && (
            <fieldset className="space-y-2">
              <legend className="mb-1 text-sm font-semibold text-ink">
                {t('settings.permissions')}
              </legend>
              <Choice
                name={`rating-${reviewer.id}`}
                value="0"
                checked={reviewer.rating === REVIEWER_RATING.rateOnly}
                label={t('settings.rateOnly')}
                onChange={() => change({ rating: REVIEWER_RATING.rateOnly })}
              />
              <Choice
                name={`rating-${reviewer.id}`}
                value="1"
                checked={reviewer.rating === REVIEWER_RATING.rateAndDecide}
                label={t('settings.rateAndDecide')}
                onChange={() =>
                  change({ rating: REVIEWER_RATING.rateAndDecide })
                }
              />
            </fieldset>
          )}
          <fieldset>
            <legend className="mb-1 text-sm font-semibold text-ink">
              {t('settings.reminders')}
            </legend>
            <Checkbox
              label={t('settings.reminderEmail')}
              hint={t('settings.reminderHint')}
              checked={reviewer.reminder_email}
              onChange={(event) =>
                change({ reminder_email: event.target.checked })
              }
            />
          </fieldset>
        </div>
      )}
    </Card>
  );
}
