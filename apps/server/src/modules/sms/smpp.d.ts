// The smpp package (0.5.1) ships no types: what Candor uses of it, as its README documents.
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer } from 'node:net';

  type Pdu = {
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    response(options?: Record<string, unknown>): Pdu;
  };

  type Session = EventEmitter & {
    send(pdu: Pdu, responseCallback?: (pdu: Pdu) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    bind_transceiver(
      options: Record<string, unknown>,
      callback: (pdu: Pdu) => void,
    ): void;
    submit_sm(
      options: Record<string, unknown>,
      callback: (pdu: Pdu) => void,
    ): void;
    deliver_sm(
      options: Record<string, unknown>,
      callback?: (pdu: Pdu) => void,
    ): void;
    unbind(
      options?: Record<string, unknown>,
      callback?: (pdu: Pdu) => void,
    ): void;
  };

  const smpp: {
    connect(options: {
      host: string;
      port: number;
      auto_enquire_link_period?: number;
    }): Session;
    createServer(
      options: Record<string, unknown>,
      listener?: (session: Session) => void,
    ): NetServer;
    ESME_ROK: number;
    ESME_RBINDFAIL: number;
    ESME_RSYSERR: number;
    ESME_RTHROTTLED: number;
    ESME_RMSGQFUL: number;
  };
  export type { Pdu, Session };
  export default smpp;
}
