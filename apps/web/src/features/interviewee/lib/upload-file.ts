/** A failed upload; `retryable` when the connection dropped or the server had a hiccup. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/**
 * PUTs a recording straight to storage through its signed URL. XMLHttpRequest, unlike fetch,
 * reports upload progress.
 */
export function uploadFile(options: {
  url: string;
  headers: Record<string, string>;
  body: Blob;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', options.url);
    for (const [name, value] of Object.entries(options.headers))
      request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable)
        options.onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        options.onProgress(1);
        resolve();
      } else {
        reject(
          new UploadError(
            `Upload failed (${request.status})`,
            request.status >= 500 || request.status === 0,
          ),
        );
      }
    };
    request.onerror = () =>
      reject(
        new UploadError('The connection dropped during the upload.', true),
      );
    request.ontimeout = request.onerror;
    options.signal?.addEventListener('abort', () => request.abort());
    request.onabort = () =>
      reject(new UploadError('The upload was stopped.', false));
    request.send(options.body);
  });
}
