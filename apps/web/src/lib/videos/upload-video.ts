import {
  videoSchema,
  videoSignatureSchema,
  type Video,
  type VideoSignature,
} from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { fileMd5 } from '../file-md5';
import { videoKeys } from './video-keys';

export type UploadVideo = {
  shortname: string;
  file: File | Blob;
  filename: string;
  onProgress: (percent: number) => void;
  /** The video row exists (its card can show 'Uploading'). */
  onCreated?: () => void;
};

/**
 * The library upload: create the video, get a signed direct-upload URL, send the bytes
 * straight to storage (with progress), then tell the server so it starts processing. The
 * file's MD5 is signed into the URL, so storage refuses bytes damaged on the way.
 */
export async function uploadVideo({
  shortname,
  file,
  filename,
  onProgress,
  onCreated,
}: UploadVideo): Promise<Video> {
  const base = `/api/companies/${shortname}/videos`;
  const video = await api.post(base, {
    body: { filename, description: '' },
    schema: videoSchema,
  });
  onCreated?.();
  const contentMd5 = await fileMd5(file);
  const signature = await api.post(`${base}/generate_signature`, {
    body: {
      id: video.id,
      content_type: file.type,
      size: file.size,
      content_md5: contentMd5,
    },
    schema: videoSignatureSchema,
  });
  await putWithProgress(signature, file, onProgress);
  return api.post(`${base}/${video.id}/uploaded`, { schema: videoSchema });
}

// fetch() cannot report upload progress; XMLHttpRequest can.
function putWithProgress(
  signature: VideoSignature,
  file: Blob,
  onProgress: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(signature.method, signature.url);
    for (const [name, value] of Object.entries(signature.headers))
      request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable)
        onProgress((event.loaded / event.total) * 100);
    };
    request.onload = () =>
      request.status < 300
        ? resolve()
        : reject(new Error(`Storage refused the upload (${request.status}).`));
    request.onerror = () => reject(new Error('The upload was interrupted.'));
    request.send(file);
  });
}

export function useUploadVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: UploadVideo) =>
      uploadVideo({
        ...upload,
        onCreated: () =>
          void queryClient.invalidateQueries({ queryKey: videoKeys.all }),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
