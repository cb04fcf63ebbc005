import { splitSms } from '@candor/domain';
import smpp, { type Pdu, type Session } from 'smpp';
import type { SmppGateway } from '../../config';
import type {
  ReceiptHandler,
  ReplyHandler,
  SendOutcome,
  SmsGateway,
} from './sms-gateway';

const DATA_CODING = { gsm7: 0x00, ucs2: 0x08 } as const;
// Worth trying again later: the gateway is busy or had a passing fault.
const TRANSIENT = new Set([0x08, 0x14, 0x58]);
// 'Message ID invalid' and the like would never change; a receipt for an unknown id may be
// early (it can beat the worker's own record of the id), so it is asked again a few times.
const RECEIPT_TRIES = 5;
const RECEIPT_WAIT_MS = 400;
const ESME_RX_T_APPN = 0x64;

export type SmppGatewayOptions = {
  gateway: SmppGateway;
  onReceipt: ReceiptHandler;
  onReply: ReplyHandler;
  log: (message: string, error?: unknown) => void;
  enquireLinkMs?: number;
  responseTimeoutMs?: number;
  reconnectMaxMs?: number;
};

export type SmppClient = SmsGateway & {
  /** Resolves once bound (tests wait for it); never rejects. */
  whenBound(): Promise<void>;
  isBound(): boolean;
};

/**
 * An SMPP 3.4 transceiver: binds, keeps the link alive with enquire_link, reads delivery
 * receipts, and reconnects with back-off whenever the connection drops or the bind is refused
 * (decision 188). It never throws at its caller: a text it cannot send now comes back as a
 * retry, and a text that may have reached the gateway is never offered as one.
 */
export function createSmppGateway(options: SmppGatewayOptions): SmppClient {
  const timeoutMs = options.responseTimeoutMs ?? 15_000;
  const reconnectMaxMs = options.reconnectMaxMs ?? 30_000;
  let session: Session | null = null;
  let bound = false;
  let closed = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let waiters: (() => void)[] = [];
  const pending = new Set<(reason: string) => void>();

  const connect = () => {
    if (closed) return;
    const current = smpp.connect({
      host: options.gateway.host,
      port: options.gateway.port,
      auto_enquire_link_period: options.enquireLinkMs ?? 30_000,
    });
    session = current;
    current.on('connect', () => {
      current.bind_transceiver(
        {
          system_id: options.gateway.systemId,
          password: options.gateway.password,
        },
        (pdu) => {
          if (pdu.command_status === 0) {
            bound = true;
            failures = 0;
            for (const wake of waiters) wake();
            waiters = [];
            return;
          }
          options.log(
            `The SMS gateway refused to bind as ${options.gateway.systemId} (status 0x${pdu.command_status.toString(16)}); trying again`,
          );
          current.close();
        },
      );
    });
    current.on('error', (error: unknown) =>
      options.log('SMS gateway connection error', error),
    );
    current.on('close', () => {
      bound = false;
      if (session === current) session = null;
      for (const reject of [...pending]) reject('The connection closed');
      if (closed) return;
      failures += 1;
      const delay = Math.min(250 * 2 ** Math.min(failures, 10), reconnectMaxMs);
      reconnectTimer = setTimeout(connect, delay);
    });
    current.on('enquire_link', (pdu: Pdu) => current.send(pdu.response()));
    current.on('unbind', (pdu: Pdu) => {
      current.send(pdu.response());
      current.close();
    });
    current.on('deliver_sm', (pdu: Pdu) => {
      void answerDeliver(current, pdu);
    });
  };

  const answerDeliver = async (current: Session, pdu: Pdu) => {
    const receipt = readReceipt(pdu);
    if (!receipt) {
      await answerReply(current, pdu);
      return;
    }
    for (let attempt = 1; attempt <= RECEIPT_TRIES; attempt++) {
      try {
        if ((await options.onReceipt(receipt)) > 0) break;
      } catch (error) {
        options.log('Recording an SMS delivery receipt failed', error);
        current.send(pdu.response({ command_status: ESME_RX_T_APPN }));
        return;
      }
      if (attempt < RECEIPT_TRIES)
        await new Promise((resolve) => setTimeout(resolve, RECEIPT_WAIT_MS));
    }
    current.send(pdu.response());
  };

  // A text the interviewee sent back; anything that is neither it nor a receipt is only
  // acknowledged, as SMPP asks.
  const answerReply = async (current: Session, pdu: Pdu) => {
    const reply = readReply(pdu);
    try {
      if (reply) await options.onReply(reply);
    } catch (error) {
      options.log('Recording an SMS reply failed', error);
      current.send(pdu.response({ command_status: ESME_RX_T_APPN }));
      return;
    }
    current.send(pdu.response());
  };

  const submit = (current: Session, fields: Record<string, unknown>) =>
    new Promise<Pdu>((resolve, reject) => {
      const fail = (reason: string) => {
        clearTimeout(timer);
        pending.delete(fail);
        reject(new Error(reason));
      };
      const timer = setTimeout(
        () => fail('The gateway did not answer'),
        timeoutMs,
      );
      pending.add(fail);
      current.submit_sm(fields, (pdu) => {
        clearTimeout(timer);
        pending.delete(fail);
        resolve(pdu);
      });
    });

  connect();

  return {
    isBound: () => bound,
    whenBound() {
      return bound
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push(resolve));
    },
    async send(message): Promise<SendOutcome> {
      const { encoding, parts } = splitSms(message.body);
      const gatewayIds: string[] = [];
      const reference = message.id % 256;
      for (const [index, part] of parts.entries()) {
        const current = session;
        if (!bound || !current) {
          return index === 0
            ? {
                ok: false,
                retry: true,
                reason: 'Not connected to the SMS gateway',
              }
            : partial(gatewayIds, parts.length, 'the connection closed');
        }
        let response: Pdu;
        try {
          response = await submit(current, {
            source_addr_ton: 5,
            source_addr_npi: 0,
            source_addr: message.sender,
            dest_addr_ton: 1,
            dest_addr_npi: 1,
            destination_addr: message.to.replace(/^\+/, ''),
            registered_delivery: 1,
            data_coding: DATA_CODING[encoding],
            short_message:
              parts.length === 1
                ? part
                : {
                    udh: Buffer.from([
                      0x05,
                      0x00,
                      0x03,
                      reference,
                      parts.length,
                      index + 1,
                    ]),
                    message: part,
                  },
          });
        } catch (error) {
          // Written but unanswered: it may have gone out, so it is never sent again.
          const why = (error as Error).message;
          return index === 0
            ? {
                ok: false,
                retry: false,
                reason: `${why}; not sent again, so that it cannot arrive twice`,
              }
            : partial(gatewayIds, parts.length, why);
        }
        if (response.command_status !== 0) {
          const reason = `The gateway refused the text (status 0x${response.command_status.toString(16).padStart(4, '0')})`;
          if (index === 0)
            return {
              ok: false,
              retry: TRANSIENT.has(response.command_status),
              reason,
            };
          return partial(gatewayIds, parts.length, reason);
        }
        gatewayIds.push(String(response.message_id));
      }
      return { ok: true, gatewayIds };
    },
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      for (const wake of waiters) wake();
      const current = session;
      if (!current) return;
      await new Promise<void>((resolve) => {
        const done = setTimeout(() => {
          current.destroy();
          resolve();
        }, 1000);
        current.once('close', () => {
          clearTimeout(done);
          resolve();
        });
        if (bound) current.unbind({}, () => current.close());
        else current.close();
      });
    },
  };
}

function partial(
  gatewayIds: string[],
  total: number,
  why: string,
): SendOutcome {
  return {
    ok: false,
    retry: false,
    reason: `Only ${gatewayIds.length} of ${total} parts were accepted (${why})`,
    gatewayIds,
  };
}

function textOf(pdu: Pdu): string {
  const message = pdu.short_message as
    string | { message?: unknown } | undefined;
  return String(
    typeof message === 'object' && message !== null
      ? (message.message ?? '')
      : (message ?? ''),
  );
}

/**
 * A mobile-originated text (esm_class message type 0, not a receipt): its sender in E.164
 * and its words, or null for anything else.
 */
export function readReply(pdu: Pdu): { from: string; text: string } | null {
  if ((Number(pdu.esm_class) & 0x3c) !== 0) return null;
  const digits = String(pdu.source_addr ?? '').replace(/^\+/, '');
  if (!/^[1-9][0-9]{6,14}$/.test(digits)) return null;
  return { from: `+${digits}`, text: textOf(pdu) };
}

const FAILED_STATES = new Set(['UNDELIV', 'REJECTD', 'EXPIRED', 'DELETED']);

/** A delivery receipt's id and state (SMPP 3.4 appendix B), or null for another deliver_sm. */
export function readReceipt(
  pdu: Pdu,
): { gatewayId: string; delivered: boolean; reason: string } | null {
  if ((Number(pdu.esm_class) & 0x3c) !== 0x04) return null;
  const text = textOf(pdu);
  const id =
    typeof pdu.receipted_message_id === 'string' && pdu.receipted_message_id
      ? pdu.receipted_message_id
      : /\bid:(\S+)/i.exec(text)?.[1];
  const state = /\bstat:(\w+)/i.exec(text)?.[1]?.toUpperCase();
  if (!id || !state) return null;
  if (state === 'DELIVRD')
    return { gatewayId: id, delivered: true, reason: '' };
  if (!FAILED_STATES.has(state)) return null;
  const error = /\berr:(\w+)/i.exec(text)?.[1];
  return {
    gatewayId: id,
    delivered: false,
    reason: `Not delivered: ${state}${error ? ` (error ${error})` : ''}`,
  };
}
