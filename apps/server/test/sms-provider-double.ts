import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { providerSignature } from '../src/modules/sms/http-gateway';

export type ProviderRequest = {
  path: string;
  authorization: string;
  fields: Record<string, string>;
  /** The message sid the provider answered with, once it took the message. */
  sid?: string;
};

/**
 * A local HTTP server that stands in for an SMS provider in Twilio's documented shape: it
 * checks the path, Basic auth and form fields of each message, answers with a message sid,
 * and signs status callbacks with the auth token as the provider does.
 */
export async function startProviderDouble(options: {
  account: string;
  token: string;
  /** Numbers the provider refuses, as it does an invalid 'To'. */
  refuse?: string[];
}) {
  const requests: ProviderRequest[] = [];
  let next = 1;
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => resolve(body));
    });
  const server = createServer((request, response) => {
    void read(request).then((body) => {
      const fields = Object.fromEntries(new URLSearchParams(body));
      const authorization = request.headers.authorization ?? '';
      const recorded: ProviderRequest = {
        path: request.url ?? '',
        authorization,
        fields,
      };
      requests.push(recorded);
      const expected = `Basic ${Buffer.from(`${options.account}:${options.token}`).toString('base64')}`;
      const reply = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (
        request.method !== 'POST' ||
        request.url !== `/2010-04-01/Accounts/${options.account}/Messages.json`
      )
        return reply(404, { code: 20404, message: 'Not found' });
      if (authorization !== expected)
        return reply(401, { code: 20003, message: 'Authenticate' });
      if (!fields.To || !fields.From || !fields.Body)
        return reply(400, { code: 21604, message: 'A field is missing' });
      if (options.refuse?.includes(fields.To))
        return reply(400, {
          code: 21211,
          message: `The 'To' number ${fields.To} is not a valid phone number.`,
        });
      recorded.sid = `SM${next++}`;
      return reply(201, { sid: recorded.sid, status: 'queued' });
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve()),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The status callback the provider would send for a message: its URL, form and signature. */
    callback(
      request: ProviderRequest,
      status: 'delivered' | 'undelivered',
      errorCode?: string,
    ) {
      const url = request.fields.StatusCallback ?? '';
      const fields: Record<string, string> = {
        AccountSid: options.account,
        MessageSid: request.sid ?? '',
        MessageStatus: status,
        To: request.fields.To ?? '',
        ...(errorCode ? { ErrorCode: errorCode } : {}),
      };
      return {
        url,
        body: new URLSearchParams(fields).toString(),
        signature: providerSignature(options.token, url, fields),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
