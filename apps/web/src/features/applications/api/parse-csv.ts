import { csvParseReplySchema } from '@candor/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Sends an uploaded file or the pasted text to the server's parser (field csv). */
export function parseCsv(input: File | string) {
  const form = new FormData();
  form.append('csv', input);
  return api.post('/csv', { body: form, schema: csvParseReplySchema });
}

export const useParseCsv = () => useMutation({ mutationFn: parseCsv });
