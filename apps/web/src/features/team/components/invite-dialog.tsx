import { zodResolver } from '@hookform/resolvers/zod';
import {
  MEMBER_ROLES,
  memberInviteSchema,
  type MemberInvite,
} from '@candor/domain';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FormError, Input, Select } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { showFieldErrors } from '../../../lib/form-errors';
import { useErrorText } from '../../../lib/error-text';
import { useInviteMember } from '../api/invite-member';

const FIELDS = ['first_name', 'last_name', 'email', 'role'] as const;
const EMPTY: MemberInvite = {
  first_name: '',
  last_name: '',
  email: '',
  role: 'member',
};

/** 'Invite a colleague': their name as the company knows them, their address and role. */
export function InviteDialog({
  open,
  onOpenChange,
  shortname,
  companyName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  shortname: string;
  companyName: string;
}) {
  const { t } = useTranslation('team');
  const errorText = useErrorText();
  const invite = useInviteMember();
  const form = useForm<MemberInvite>({
    resolver: zodResolver(memberInviteSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const close = (next: boolean) => {
    if (!next) {
      form.reset(EMPTY);
      invite.reset();
    }
    onOpenChange(next);
  };

  const submit = form.handleSubmit((values) =>
    invite.mutate(
      { shortname, ...values },
      {
        onSuccess: (member) => {
          toast.success(t('invite.sent', { email: member.email }));
          close(false);
        },
        onError: showFieldErrors(form.setError, FIELDS),
      },
    ),
  );

  const failure = invite.error;
  // Field errors show beside their fields; anything else above the form.
  const formError =
    failure &&
    (!isApiError(failure) ||
      !FIELDS.some((field) => failure.fieldMessage(field)))
      ? errorText(failure.message)
      : undefined;

  return (
    <Modal
      open={open}
      onOpenChange={close}
      size="sm"
      title={t('invite.title')}
      description={t('invite.description', { company: companyName })}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button
            type="submit"
            form="invite-colleague"
            loading={invite.isPending}
          >
            {!invite.isPending && <Send className="size-4" aria-hidden />}
            {t('invite.submit')}
          </Button>
        </>
      }
    >
      <form
        id="invite-colleague"
        className="space-y-4"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <FormError>{formError}</FormError>
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label={t('invite.firstName')}
            required
            autoComplete="off"
            autoFocus
            error={errorText(errors.first_name?.message)}
            {...form.register('first_name')}
          />
          <Input
            label={t('invite.lastName')}
            required
            autoComplete="off"
            error={errorText(errors.last_name?.message)}
            {...form.register('last_name')}
          />
        </div>
        <Input
          label={t('invite.email')}
          type="email"
          required
          autoComplete="off"
          error={errorText(errors.email?.message)}
          {...form.register('email')}
        />
        <Select
          label={t('invite.role')}
          hint={t('roleHint')}
          options={MEMBER_ROLES.map((role) => ({
            value: role,
            label: t(`roles.${role}`),
          }))}
          error={errorText(errors.role?.message)}
          {...form.register('role')}
        />
      </form>
    </Modal>
  );
}
