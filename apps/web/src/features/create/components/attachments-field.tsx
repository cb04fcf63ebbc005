import {
  ATTACHMENT_LIMIT_BYTES,
  ATTACHMENT_TOO_LARGE_MESSAGE,
  type AttachmentUploadStatus,
} from '@candor/domain';
import { useQueryClient } from '@tanstack/react-query';
import { FileText, Paperclip, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { StatusPill, type StatusTone } from '../../../components/status-pill';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { jobKeys, useJobAttachments } from '../../../lib/jobs/job-queries';
import { uploadAttachment, useDeleteAttachment } from '../api/attachments';

type Upload = {
  key: string;
  file: File;
  status: AttachmentUploadStatus;
  progress: number;
  error?: string;
};

let uploadCount = 0;
const uploadKey = (file: File) => `${++uploadCount}-${file.name}`;

const STATUS_TONE: Record<NonNullable<AttachmentUploadStatus>, StatusTone> = {
  uploading: 'brand',
  uploaded: 'green',
  failed: 'red',
};

/**
 * Files chosen before the interview exists wait (status null) and go up once it is saved;
 * afterwards a chosen file uploads at once with its progress.
 */
export function useAttachmentUploads() {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const queryClient = useQueryClient();
  const change = (key: string, values: Partial<Upload>) =>
    setUploads((current) =>
      current.map((upload) =>
        upload.key === key ? { ...upload, ...values } : upload,
      ),
    );

  const send = async (jobId: number, upload: Upload) => {
    change(upload.key, { status: 'uploading', progress: 0 });
    try {
      await uploadAttachment(jobId, upload.file, (progress) =>
        change(upload.key, { progress }),
      );
      change(upload.key, { status: 'uploaded', progress: 100 });
      await queryClient.invalidateQueries({
        queryKey: jobKeys.attachments(jobId),
      });
    } catch (error) {
      change(upload.key, {
        status: 'failed',
        error: isApiError(error) ? error.message : String(error),
      });
    }
  };

  return {
    uploads,
    add(files: File[], jobId: number | undefined) {
      const added = files.map((file): Upload =>
        // Too large is told at once; the server refuses it too.
        file.size > ATTACHMENT_LIMIT_BYTES
          ? {
              key: uploadKey(file),
              file,
              status: 'failed',
              progress: 0,
              error: ATTACHMENT_TOO_LARGE_MESSAGE,
            }
          : { key: uploadKey(file), file, status: null, progress: 0 },
      );
      setUploads((current) => [...current, ...added]);
      if (jobId === undefined) return;
      for (const upload of added)
        if (upload.status === null) void send(jobId, upload);
    },
    async sendWaiting(jobId: number) {
      await Promise.all(
        uploads
          .filter((upload) => upload.status === null)
          .map((upload) => send(jobId, upload)),
      );
    },
    remove(key: string) {
      setUploads((current) => current.filter((upload) => upload.key !== key));
    },
  };
}

export function AttachmentsField({
  jobId,
  uploads,
}: {
  jobId: number | undefined;
  uploads: ReturnType<typeof useAttachmentUploads>;
}) {
  const { t } = useTranslation('create');
  const errorText = useErrorText();
  const input = useRef<HTMLInputElement>(null);
  const stored = useJobAttachments(jobId);
  const remove = useDeleteAttachment();
  const inFlight = uploads.uploads.filter(
    (upload) => upload.status !== 'uploaded',
  );

  return (
    <div className="space-y-2">
      <p className="block text-sm font-medium text-slate-800">
        {t('details.attachments')}
      </p>
      <p className="text-sm text-muted">{t('details.attachmentsHint')}</p>
      <ul className="space-y-2">
        {(stored.data ?? []).map((attachment) => (
          <li
            key={attachment.id}
            className="flex items-center gap-3 rounded-lg border border-border px-3 py-2 text-sm"
          >
            <FileText className="size-4 shrink-0 text-muted" aria-hidden />
            <a
              href={attachment.url}
              className="min-w-0 flex-1 truncate text-brand-800 hover:underline"
              download={attachment.filename}
            >
              {attachment.filename}
            </a>
            <StatusPill tone="green">{t('upload.uploaded')}</StatusPill>
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('upload.remove', { name: attachment.filename })}
              onClick={() =>
                jobId !== undefined &&
                remove.mutate({ jobId, id: attachment.id })
              }
            >
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </li>
        ))}
        {inFlight.map((upload) => (
          <li
            key={upload.key}
            className="rounded-lg border border-border px-3 py-2 text-sm"
          >
            <div className="flex items-center gap-3">
              <FileText className="size-4 shrink-0 text-muted" aria-hidden />
              <span className="min-w-0 flex-1 truncate">
                {upload.file.name}
              </span>
              <StatusPill
                tone={upload.status ? STATUS_TONE[upload.status] : 'grey'}
              >
                {upload.status === 'uploading'
                  ? t('upload.uploading', { progress: upload.progress })
                  : t(`upload.${upload.status ?? 'waiting'}`)}
              </StatusPill>
              {upload.status !== 'uploading' && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('upload.remove', { name: upload.file.name })}
                  onClick={() => uploads.remove(upload.key)}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              )}
            </div>
            {upload.status === 'uploading' && (
              <div
                className="mt-2 h-1 overflow-hidden rounded-full bg-slate-100"
                role="progressbar"
                aria-valuenow={upload.progress}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <div
                  className="h-full bg-brand-600 transition-[width]"
                  style={{ width: `${upload.progress}%` }}
                />
              </div>
            )}
            {upload.error && (
              <p className="mt-1 text-sm text-danger" role="alert">
                {errorText(upload.error)}
              </p>
            )}
          </li>
        ))}
      </ul>
      <input
        ref={input}
        type="file"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        accept=".pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.rtf,.txt,.csv,.md,image/*"
        onChange={(event) => {
          uploads.add([...(event.target.files ?? [])], jobId);
          event.target.value = '';
        }}
        data-testid="attachment-input"
      />
      <Button
        variant="secondary"
        size="sm"
        onClick={() => input.current?.click()}
      >
        <Paperclip className="size-4" aria-hidden />
        {t('details.attach')}
      </Button>
    </div>
  );
}
