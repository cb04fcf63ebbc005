import type { AddressInfo, Server } from 'node:net';
import smpp, { type Pdu, type Session } from 'smpp';

/** One submit_sm as the operator decoded it. */
export type ReceivedPart = {
  messageId: string;
  to: string;
  from: string;
  dataCoding: number;
  text: string;
  /** [reference, total, sequence] of a concatenated text's part. */
  concat: [number, number, number] | null;
};

/**
 * The smpp package's server mode as the SMS operator of the tests: it checks the bind's
 * credentials, answers submit_sm with its own message ids, decodes what it got, sends delivery
 * receipts on demand, and can be stopped and started again on the same port.
 */
export async function startSmppOperator(options: {
  systemId: string;
  password: string;
}) {
  const parts: ReceivedPart[] = [];
  const sessions = new Set<Session>();
  const bindAttempts: string[] = [];
  let refuseBinds = false;
  let nextId = 1;
  let server: Server;
  let port = 0;

  const listen = async () => {
    server = smpp.createServer({}, (session) => {
      sessions.add(session);
      session.on('close', () => sessions.delete(session));
      session.on('error', () => {});
      session.on('bind_transceiver', (pdu: Pdu) => {
        bindAttempts.push(String(pdu.system_id));
        const ok =
          !refuseBinds &&
          pdu.system_id === options.systemId &&
          pdu.password === options.password;
        session.send(
          pdu.response(ok ? {} : { command_status: smpp.ESME_RBINDFAIL }),
        );
        if (!ok) session.close();
      });
      session.on('enquire_link', (pdu: Pdu) => session.send(pdu.response()));
      session.on('unbind', (pdu: Pdu) => {
        session.send(pdu.response());
        session.close();
      });
      session.on('submit_sm', (pdu: Pdu) => {
        const messageId = `op-${nextId++}`;
        const message = pdu.short_message as {
          udh?: Buffer[];
          message: string;
        };
        const udh = message.udh?.find((entry) => entry[0] === 0x00);
        parts.push({
          messageId,
          to: String(pdu.destination_addr),
          from: String(pdu.source_addr),
          dataCoding: Number(pdu.data_coding),
          text: message.message,
          concat: udh ? [udh[2] ?? 0, udh[3] ?? 0, udh[4] ?? 0] : null,
        });
        session.send(pdu.response({ message_id: messageId }));
      });
    });
    await new Promise<void>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve()),
    );
    port = (server.address() as AddressInfo).port;
  };
  await listen();

  return {
    get port() {
      return port;
    },
    url: () =>
      `smpp://${encodeURIComponent(options.systemId)}:${encodeURIComponent(options.password)}@127.0.0.1:${port}`,
    parts,
    bindAttempts,
    refuseBinds(refuse: boolean) {
      refuseBinds = refuse;
    },
    /** Whole texts by recipient, their parts joined in order. */
    texts(): { to: string; text: string; dataCoding: number; ids: string[] }[] {
      const whole = new Map<
        string,
        { to: string; dataCoding: number; pieces: ReceivedPart[] }
      >();
      for (const part of parts) {
        const key = part.concat
          ? `${part.to}:${part.concat[0]}:${part.concat[1]}`
          : part.messageId;
        const entry = whole.get(key) ?? {
          to: part.to,
          dataCoding: part.dataCoding,
          pieces: [],
        };
        entry.pieces.push(part);
        whole.set(key, entry);
      }
      return [...whole.values()].map((entry) => {
        const pieces = entry.pieces.sort(
          (a, b) => (a.concat?.[2] ?? 0) - (b.concat?.[2] ?? 0),
        );
        return {
          to: entry.to,
          dataCoding: entry.dataCoding,
          text: pieces.map((piece) => piece.text).join(''),
          ids: pieces.map((piece) => piece.messageId),
        };
      });
    },
    /** A delivery receipt for one of its message ids, over a bound session. */
    async receipt(messageId: string, stat: 'DELIVRD' | 'UNDELIV' = 'DELIVRD') {
      const session = [...sessions][0];
      if (!session) throw new Error('No session to send the receipt over');
      await new Promise<Pdu>((resolve) =>
        session.deliver_sm(
          {
            esm_class: 0x04,
            short_message: `id:${messageId} sub:001 dlvr:${stat === 'DELIVRD' ? '001' : '000'} submit date:2612071000 done date:2612071001 stat:${stat} err:${stat === 'DELIVRD' ? '000' : '001'} text:`,
            receipted_message_id: messageId,
          },
          resolve,
        ),
      );
    },
    /** A text an interviewee sends back from their phone (mobile-originated). */
    async reply(from: string, text: string) {
      const session = [...sessions][0];
      if (!session) throw new Error('No session to send the reply over');
      return new Promise<Pdu>((resolve) =>
        session.deliver_sm(
          {
            esm_class: 0x00,
            source_addr_ton: 1,
            source_addr_npi: 1,
            source_addr: from.replace(/^\+/, ''),
            destination_addr: 'Acme Jobs',
            short_message: text,
          },
          resolve,
        ),
      );
    },
    /** Stops as an operator's restart does: every session cut, the port closed. */
    async stop() {
      for (const session of sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      await listen();
    },
  };
}
