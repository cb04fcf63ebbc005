import { attachmentSchema, type Attachment } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, readCookie } from '../../../lib/api-client';
import { jobKeys } from '../../../lib/jobs/job-queries';

/**
 * Sends one attachment as multipart (fields attachment and job). XMLHttpRequest rather than
 * fetch because only it reports upload progress.
 */
export function uploadAttachment(
  jobId: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<Attachment> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('attachment', file);
    form.append('job', String(jobId));
    const request = new XMLHttpRequest();
    request.open('POST', `/api/jobs/${jobId}/attachments`);
    request.withCredentials = true;
    const token = readCookie('csrftoken');
    if (token) request.setRequestHeader('X-CSRFToken', token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () =>
      reject(new ApiError(0, 'The server could not be reached'));
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // A proxy's HTML error page: fall back to the status text below.
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(attachmentSchema.parse(body));
        return;
      }
      const error = body as {
        message?: string;
        fields?: Record<string, string[]>;
      } | null;
      reject(
        new ApiError(
          request.status,
          error?.message ?? request.statusText,
          error?.fields ?? {},
        ),
      );
    };
    request.send(form);
  });
}

export function useDeleteAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, id }: { jobId: number; id: number }) =>
      api.delete(`/api/jobs/${jobId}/attachments/${id}`),
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({
        queryKey: jobKeys.attachments(input.jobId),
      }),
  });
}
